import type { Deployment, Revision } from '../../../api/schemas.js'
import type { Outcome } from '../../../core/outcome.js'
import type { CommandDeps } from '../../types.js'
import type { DeployInputs } from '../inputs.js'
import { decidePaths } from '../paths-gate.js'
import type { Gate } from './types.js'

/** `paths`: a deploy with no change under them ends here, sending nothing. */
export const pathsGate: Gate = {
  id: 'paths',
  appliesTo: ({ inputs }) => inputs.paths !== undefined,
  async run({ inputs, deps, existing, source }) {
    const verdict = await decidePaths(inputs.paths!, source, inputs, existing, deps)
    if (verdict.skip && existing) return { go: false, outcome: nothingUnderPaths(verdict.serving, existing, inputs, deps) }
    return { go: true }
  }
}

/** `paths` found nothing to deploy: nothing is sent, and the outputs describe the revision that keeps serving. */
function nothingUnderPaths(serving: Revision, existing: Deployment, inputs: DeployInputs, { recorder }: CommandDeps): Outcome {
  if (inputs.dryRun) {
    recorder.changed('planned')
    return recorder.finish({ kind: 'planned', requests: [] })
  }
  recorder.changed('unchanged', existing)
  recorder.revisionStarted(serving.id)
  recorder.revisionSeen(serving)
  return recorder.finish({ kind: 'nothing-to-do', reason: 'no-change-under-paths' })
}
