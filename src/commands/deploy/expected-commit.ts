import { FULL_SHA } from '../../core/sha.js'
import { ApiError } from '../../api/errors.js'
import type { Deployment, Revision } from '../../api/schemas.js'
import { ActionError, firstLine } from '../../core/errors.js'
import { checkoutReads } from './checkout-reads.js'
import { commitOfRef } from '../../operations/github-commits.js'
import type { CommandDeps } from '../types.js'
import { openCommitReads } from './github-reads.js'
import type { DeployInputs } from './inputs.js'

const TESTED_FIRST = 'Deploy a tag or the commit itself (`repo-ref` set to it), or test the new commit first and promote that one.'

/** A full commit SHA: as `repo-ref`, it names that commit for good, and no branch can move under it. */

/**
 * `expected-commit`, before any change, for a `github` deployment: the ref the control plane will
 * build must point at the expected commit now. Refused when it does not, and when GitHub cannot
 * say (missing information never ships untested code); each refusal says what still serves.
 * A `repo-ref` that is a full commit SHA (a promotion that pins the commit) is compared as it is:
 * the control plane builds that very commit, so GitHub has nothing to add.
 */
export async function checkRefBeforeChange(
  expected: string,
  ref: string | undefined,
  repoUrl: string | undefined,
  inputs: DeployInputs,
  deps: CommandDeps,
  existing?: Deployment
): Promise<void> {
  if (!ref) {
    throw new ActionError(
      'bad-input',
      `\`expected-commit\` is ${expected}, but which ref the control plane builds is not known: \`repo-ref\` is not set and the workflow's ref is not known.`,
      'Set `repo-ref` to the branch or tag that holds the commit.'
    )
  }
  if (FULL_SHA.test(ref)) {
    if (ref.toLowerCase() === expected) {
      deps.log.info(`\`repo-ref\` is commit ${expected} itself, the expected one: the control plane builds exactly that commit.`)
      return
    }
    throw new ActionError(
      'bad-input',
      `\`repo-ref\` is commit ${ref.toLowerCase()}, not \`expected-commit\` ${expected}: the control plane would build a commit that was not tested. Nothing was sent.${await servingNow(existing, deps)}`,
      'Set `repo-ref` and `expected-commit` to the same commit: the one that was tested.'
    )
  }
  const reads = await openCommitReads(inputs.githubToken, repoUrl, deps)
  const read = reads.ok ? await commitOfRef(reads.github, reads.repository, ref) : reads
  if (!read.ok) {
    throw new ActionError(
      'api-refused',
      `Could not read which commit \`${ref}\` points to (${read.reason}), so this deploy could not be shown to ship \`expected-commit\` ${expected}. Nothing was sent.${await servingNow(existing, deps)}`,
      'unknownRef' in read && read.unknownRef
        ? `Set \`repo-ref\` to the branch or tag that holds the tested commit (or to \`${expected}\` itself).`
        : 'Re-run the job once GitHub can be read; the token needs `contents: read`.'
    )
  }
  if (read.sha !== expected) {
    throw new ActionError(
      'bad-input',
      `\`${ref}\` points to commit ${read.sha} now, not to \`expected-commit\` ${expected}: the control plane would build a commit that was not tested. Nothing was sent.${await servingNow(existing, deps)}`,
      TESTED_FIRST
    )
  }
  deps.log.info(`\`${ref}\` points to commit ${expected}, the expected one.`)
}

/**
 * What a refusal leaves serving, as a sentence to append: the revision and the commit it was built
 * from, read now (one request, made only for a refusal). Nothing it cannot read is guessed.
 */
async function servingNow(existing: Deployment | undefined, deps: Pick<CommandDeps, 'client'>): Promise<string> {
  if (!existing) return ''
  const revisionId = existing.active_revision_id
  if (!revisionId) return ` Deployment \`${existing.name}\` serves no revision yet.`
  let commit: string | undefined
  try {
    const revision = await deps.client.getRevision(existing.id, revisionId)
    const sha = revision.source_revision_config?.repo_commit_sha
    commit = typeof sha === 'string' && FULL_SHA.test(sha) ? sha.toLowerCase() : undefined
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return ` Deployment \`${existing.name}\` still serves revision ${revisionId} (its commit could not be read: ${firstLine(error)}).`
  }
  return ` Deployment \`${existing.name}\` still serves revision ${revisionId}${commit ? `, built from commit ${commit}` : ', which reports no commit'}.`
}

/**
 * `expected-commit`, after DEPLOYED, for a `github` deployment: the ref may have moved between
 * the check before the change and the build, and then the revision serves another commit.
 * Fails the step naming both (`on-failure: rollback` then serves the previous revision again).
 */
export function checkBuiltCommit(expected: string, revision: Pick<Revision, 'id' | 'source_revision_config'>): void {
  const built = revision.source_revision_config?.repo_commit_sha?.toLowerCase()
  if (built === expected) return
  throw new ActionError(
    'commit-mismatch',
    built
      ? `Revision ${revision.id} is DEPLOYED, built from commit ${built}, not \`expected-commit\` ${expected}: its ref moved during the build, and the deployment now serves a commit that was not tested.`
      : `Revision ${revision.id} is DEPLOYED but reports no commit, so it cannot be shown to be \`expected-commit\` ${expected}.`,
    `${TESTED_FIRST} With \`on-failure: rollback\`, the revision that served before is put back.`
  )
}

/**
 * `expected-commit` for a remote build: what is archived is the commit checked out where the
 * config is (its files from git's objects, so a file a step changed ships as committed), so that
 * commit must be the expected one. Called before anything is archived; returns that commit.
 */
export async function checkCheckout(expected: string, configDir: string, deps: Pick<CommandDeps, 'workflow' | 'log' | 'recorder' | 'signal' | 'clock' | 'deadline'>): Promise<string> {
  const checkedOut = await checkoutReads(deps, configDir).commit()
  if (!checkedOut) {
    throw new ActionError(
      'bad-input',
      `\`expected-commit\` is ${expected}, but the config's folder (${configDir}) is not in a git checkout whose commit can be read, so what would be archived cannot be shown to be that commit. Nothing was sent.`,
      'Check out the repository (actions/checkout) before this step, at the expected commit (its `ref` input).'
    )
  }
  if (checkedOut !== expected) {
    throw new ActionError(
      'bad-input',
      `The checkout has commit ${checkedOut} checked out, not \`expected-commit\` ${expected}: the archive would ship code that was not tested. Nothing was sent.`,
      'Check out the expected commit (actions/checkout with `ref: <the commit>`), or test this one first.'
    )
  }
  deps.log.info(`The checkout has commit ${expected} checked out, the expected one; its files ship from git's objects.`)
  return checkedOut
}

/** The checkout moved between the check and the listing of its files (another step runs beside this one): nothing is sent. */
export function refuseMovedCheckout(expected: string, listed: string | undefined): never {
  throw new ActionError(
    'bad-input',
    `The checkout was at \`expected-commit\` ${expected}, but its files were listed from ${listed ? `commit ${listed}` : 'no commit'}: it changed meanwhile. Nothing was sent.`,
    'Make sure no other step changes the checkout while this one runs, then re-run.'
  )
}
