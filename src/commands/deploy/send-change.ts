import type { Outcome } from '../../core/outcome.js'
import { applyContextOf } from '../../operations/control-plane/apply.js'
import { planEvals } from '../../operations/checks/evals.js'
import type { CommandDeps } from '../types.js'
import { reportEnvironment } from './environment-report.js'
import type { DeployInputs } from './inputs.js'
import type { Plan } from './plan.js'
import type { SourceDecision } from './source.js'
import type { Prepared, Sent } from './sources/types.js'

/** What sending the change ended in: a dry run's plan, or the change sent and the revision it made (if any). */
export type SentChange = { planned: Outcome } | Sent

/**
 * Sends the change as the source module says (sources/): a `github` patch or create, a remote
 * build (archive, upload, patch), an image. A dry run readies and checks what it would ship and
 * sends nothing.
 */
export async function sendChange(
  plan: Plan,
  inputs: DeployInputs,
  source: Pick<SourceDecision, 'module'>,
  deps: CommandDeps,
  prepared: Prepared | undefined
): Promise<SentChange> {
  const { client, log, recorder } = deps
  const shipment = await source.module.ship({ plan, inputs, deps, prepared })
  reportEnvironment(plan, deps)
  if (inputs.dryRun) {
    const requests = await shipment.planned()
    await planEvals(inputs.verification.evals, { log, recorder, client, ...deps.run.stop() })
    recorder.changed('planned')
    return { planned: recorder.finish({ kind: 'planned', requests }) }
  }
  return shipment.send(applyContextOf(deps))
}
