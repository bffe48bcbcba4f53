import type { Revision } from '../../../api/schemas.js'
import { ActionError } from '../../../core/errors.js'

/** What to do when the commit built is not the one tested: said by the gate before the change and by the check after the build. */
export const TESTED_FIRST = 'Deploy a tag or the commit itself (`repo-ref` set to it), or test the new commit first and promote that one.'

/**
 * `expected-commit`, after DEPLOYED, for a `github` deployment: the ref may have moved between
 * the check before the change and the build, and then the revision serves another commit.
 * Returns the failure naming both, which fails the step (`on-failure: rollback` then serves the
 * previous revision again); undefined when the revision was built from the expected commit.
 */
export function builtCommitFailure(expected: string, revision: Pick<Revision, 'id' | 'source_revision_config'>): ActionError | undefined {
  const built = revision.source_revision_config?.repo_commit_sha?.toLowerCase()
  if (built === expected) return undefined
  return new ActionError(
    'commit-mismatch',
    built
      ? `Revision ${revision.id} is DEPLOYED, built from commit ${built}, not \`expected-commit\` ${expected}: its ref moved ` +
          `during the build, and the deployment now serves a commit that was not tested.`
      : `Revision ${revision.id} is DEPLOYED but reports no commit, so it cannot be shown to be \`expected-commit\` ${expected}.`,
    `${TESTED_FIRST} With \`on-failure: rollback\`, the revision that served before is put back.`
  )
}
