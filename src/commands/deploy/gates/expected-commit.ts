import { FULL_SHA } from '../../../core/sha.js'
import { ApiError } from '../../../api/errors.js'
import type { Deployment } from '../../../api/schemas.js'
import { ActionError, firstLine } from '../../../core/errors.js'
import { commitOfRef } from '../../../operations/github/github-commits.js'
import type { CommandDeps } from '../../types.js'
import { TESTED_FIRST } from '../sources/built-commit.js'
import { openCommitReads } from '../github-reads.js'
import type { DeployInputs } from '../inputs.js'
import type { ChangeGate } from './types.js'

/** `expected-commit` for a `github` revision (the only source with this gate): the ref the control plane will build points at it now. */
export const expectedCommitGate: ChangeGate = {
  id: 'expected-commit',
  stage: 'change',
  appliesTo: ({ inputs }) => inputs.expectedCommit !== undefined,
  async run({ inputs, deps, existing, plan }) {
    const repoUrl = existing?.source_config?.repo_url ?? (plan.action === 'create' ? plan.body.source_config.repo_url : undefined)
    await checkRefBeforeChange(
      inputs.expectedCommit!,
      inputs.sourceRevisionConfig.repo_ref ?? deps.workflow.repoRef,
      repoUrl ?? undefined,
      inputs,
      deps,
      existing
    )
    return { go: true }
  }
}

/**
 * `expected-commit`, before any change, for a `github` deployment: the ref the control plane will
 * build must point at the expected commit now. Refused when it does not, and when GitHub cannot
 * say (missing information never ships untested code); each refusal says what still serves.
 * A `repo-ref` that is a full commit SHA (a promotion that pins the commit) is compared as it is:
 * the control plane builds that very commit, so GitHub has nothing to add.
 */
async function checkRefBeforeChange(
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
      `\`repo-ref\` is commit ${ref.toLowerCase()}, not \`expected-commit\` ${expected}: the control plane would build a ` +
        `commit that was not tested. Nothing was sent.${await servingNow(existing, deps)}`,
      'Set `repo-ref` and `expected-commit` to the same commit: the one that was tested.'
    )
  }
  const reads = await openCommitReads(inputs.githubToken, repoUrl, deps)
  const read = reads.ok ? await commitOfRef(reads.github, reads.repository, ref) : reads
  if (!read.ok) {
    throw new ActionError(
      'api-refused',
      `Could not read which commit \`${ref}\` points to (${read.reason}), so this deploy could not be shown to ship ` +
        `\`expected-commit\` ${expected}. Nothing was sent.${await servingNow(existing, deps)}`,
      'unknownRef' in read && read.unknownRef
        ? `Set \`repo-ref\` to the branch or tag that holds the tested commit (or to \`${expected}\` itself).`
        : 'Re-run the job once GitHub can be read; the token needs `contents: read`.'
    )
  }
  if (read.sha !== expected) {
    throw new ActionError(
      'bad-input',
      `\`${ref}\` points to commit ${read.sha} now, not to \`expected-commit\` ${expected}: the control plane would build a ` +
        `commit that was not tested. Nothing was sent.${await servingNow(existing, deps)}`,
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
