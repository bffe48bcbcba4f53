import type { Deployment, Revision } from '../../api/schemas.js'
import { throwIfCancelled } from '../../core/cancel.js'
import { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import type { Recorder } from '../../core/recorder.js'
import { redeployOnce, sendRecorded, type RedeployContext } from './apply.js'

export interface RedeployOptions {
  apply: RedeployContext
  log: Log
  recorder: Recorder
}

/**
 * Makes `deployment` serve `target` again: the redeploy, sent once in effect, and the
 * new revision it made (the answer's `latest_revision_id`, or after a doubtful answer
 * the new revision that carries the target's settings), recorded as started. Shared by
 * `command: rollback` and a deploy's `on-failure: rollback`.
 */
export async function redeploy(
  deployment: Deployment,
  target: Revision,
  options: RedeployOptions
): Promise<{ deployment: Deployment; revisionId: string }> {
  const { recorder } = options
  // No change is started once the workflow is cancelled.
  throwIfCancelled(options.apply.signal)
  const applied = await sendRecorded(recorder, 'redeploy', () => redeployOnce(deployment, target, options.apply))
  recorder.changed('rolled-back', applied.deployment)
  const newRevisionId = applied.revisionId
  if (!newRevisionId || newRevisionId === deployment.latest_revision_id) {
    throw new ActionError(
      'bad-response',
      `The control plane accepted the redeploy of revision ${target.id} but reported no new revision for deployment \`${deployment.name}\`.`,
      'Check the deployment on the control plane; re-run the job once it shows the new revision.'
    )
  }
  recorder.revisionStarted(newRevisionId)
  options.log.info(`Redeployed revision ${target.id} of deployment \`${deployment.name}\` as new revision ${newRevisionId}.`)
  return { deployment: applied.deployment, revisionId: newRevisionId }
}
