import type { Revision } from '../../api/schemas.js'
import { AFTER_DEPLOYED } from '../../operations/checks/index.js'
import type { Check } from '../../operations/checks/types.js'
import type { CommandDeps } from '../types.js'
import { warnIfCommitMoved } from './commit-check.js'
import { checkBuiltCommit } from './expected-commit.js'
import type { DeployInputs } from './inputs.js'
import type { SourceDecision } from './source.js'

/**
 * The commit the revision was built from: checked against `expected-commit` for every `github`
 * revision, whichever inputs made it (a failure throws `commit-mismatch`), else warned about when the ref moved on.
 */
export function checkCommit(inputs: DeployInputs, source: Pick<SourceDecision, 'fromGitHub'>, deps: CommandDeps, revision: Revision): void {
  if (inputs.expectedCommit && source.fromGitHub) checkBuiltCommit(inputs.expectedCommit, revision)
  else warnIfCommitMoved(revision, deps.workflow, deps.log, deps.recorder)
}

/** Deploy's checks after DEPLOYED: the commit built first, then those every command runs. */
export function deployChecks(inputs: DeployInputs, source: Pick<SourceDecision, 'fromGitHub'>, deps: CommandDeps): Check[] {
  const builtCommit: Check = {
    id: 'built-commit',
    appliesTo: () => true,
    // A failure throws (`commit-mismatch`), as it did before the checks were a list.
    run: ({ revision }) => {
      checkCommit(inputs, source, deps, revision)
      return Promise.resolve({})
    }
  }
  return [builtCommit, ...AFTER_DEPLOYED]
}
