import type { Revision } from '../../api/schemas.js'
import { AFTER_DEPLOYED } from '../../operations/checks/index.js'
import type { Check, CheckResult } from '../../operations/checks/types.js'
import type { CommandDeps } from '../types.js'
import { warnIfCommitMoved } from './commit-check.js'
import type { DeployInputs } from './inputs.js'
import type { SourceDecision } from './source.js'

/**
 * The commit the revision was built from: checked against `expected-commit` by the source module
 * whose revisions report it (`github`, whichever inputs made it; its failure, `commit-mismatch`, is
 * returned), else warned about when the ref moved on.
 */
export function checkCommit(
  inputs: DeployInputs,
  source: Pick<SourceDecision, 'module'>,
  deps: CommandDeps,
  revision: Revision
): CheckResult {
  const afterBuild = source.module.proof.afterBuild
  if (inputs.expectedCommit && afterBuild) {
    const failure = afterBuild(inputs.expectedCommit, revision)
    return failure ? { failure } : {}
  }
  warnIfCommitMoved(revision, deps.workflow, deps.log, deps.recorder)
  return {}
}

/** Deploy's checks after DEPLOYED: the commit built first, then those every command runs. */
export function deployChecks(inputs: DeployInputs, source: Pick<SourceDecision, 'module'>, deps: CommandDeps): Check[] {
  const builtCommit: Check = {
    id: 'built-commit',
    appliesTo: () => true,
    run: ({ revision }) => Promise.resolve(checkCommit(inputs, source, deps, revision))
  }
  return [builtCommit, ...AFTER_DEPLOYED]
}
