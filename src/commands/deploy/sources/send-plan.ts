import type { Deployment } from '../../../api/schemas.js'
import type { Log } from '../../../core/log.js'
import { createOnce, patchOnce, refuseTwins, sendRecorded, type ApplyContext } from '../../../operations/control-plane/apply.js'
import type { CommandDeps } from '../../types.js'
import { describePlan, plannedRequests } from '../describe.js'
import type { DeployInputs } from '../inputs.js'
import { mergedAgainNow } from '../merge-again.js'
import type { Plan } from '../plan.js'
import type { Sent, ShipContext, Shipment } from './types.js'

/**
 * The send of a source that ships nothing of its own: the plan as it is (create, patch, or
 * nothing), which a dry run shows as its requests. `github`, an archive the user uploaded, an
 * image and a source with no module of its own send this way.
 */
export function sendAsPlanned({ plan, inputs, deps }: ShipContext): Shipment {
  warnArchiveInputsIgnored(inputs, deps.log)
  return {
    planned: () => Promise.resolve(plannedRequests(plan)),
    send: (apply) => sendPlan(plan, inputs, deps, apply)
  }
}

/** The archive's inputs mean nothing to a deploy that archives nothing: said, not silently dropped. */
function warnArchiveInputsIgnored(inputs: DeployInputs, log: Pick<Log, 'warn'>): void {
  for (const [name, set] of [
    ['archive-exclude', inputs.archiveExclude],
    ['archive-include', inputs.archiveInclude]
  ] as const) {
    if (set)
      log.warn(
        `\`${name}\` is set, but this deploy is not a remote build (\`internal_source\` without \`source-tarball-path\`): it is ignored.`
      )
  }
}

/** Sends what the plan says (create, patch, or nothing) and records it. */
async function sendPlan(plan: Plan, inputs: DeployInputs, deps: CommandDeps, apply: ApplyContext): Promise<Sent> {
  const { client, log, recorder } = deps
  log.info(describePlan(plan))
  // No change is started once the workflow is cancelled.
  deps.run.throwIfCancelled()
  let deployment: Deployment
  let revisionId: string | null
  if (plan.action === 'create') {
    deployment = await sendRecorded(recorder, 'create', () => createOnce(plan.body, apply))
    recorder.changed('created', deployment)
    await refuseTwins(client, deployment, { ...deps.run.stop(), timeoutMs: inputs.timeoutMs })
    revisionId = deployment.latest_revision_id
  } else if (plan.action === 'patch') {
    const again = await mergedAgainNow(plan, plan.body, inputs, deps)
    const applied = await sendRecorded(recorder, 'update', () => patchOnce(again.deployment, again.body, apply))
    deployment = applied.deployment
    revisionId = applied.revisionId
    recorder.changed('updated', deployment)
  } else {
    deployment = plan.deployment
    revisionId = deployment.latest_revision_id
    recorder.changed('unchanged', deployment)
  }
  return { deployment, revisionId }
}
