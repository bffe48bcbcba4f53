import { unlessNotFound } from '../../api/errors.js'
import { requests } from '../../api/requests.js'
import { ActionError } from '../../core/errors.js'
import type { Outcome } from '../../core/outcome.js'
import { lookUpTarget, targetLabel } from '../../operations/control-plane/resolve.js'
import { waitUntilGone } from '../../operations/control-plane/wait-until-gone.js'
import { defineCommand, type CommandDeps } from '../types.js'
import type { DeleteInputs, DeleteSpecific } from './inputs.js'

/**
 * `command: delete`: find the deployment (by `deployment-id` or exact name), delete it,
 * and wait until the control plane no longer lists it. A deployment that is already
 * gone is a success with a notice under `ignore-missing`.
 */
export const deleteCommand = defineCommand<DeleteSpecific>({
  github: (inputs) => inputs.github,
  run: deleteDeployment
})

type Inputs = DeleteInputs

export async function deleteDeployment(inputs: Inputs, deps: CommandDeps): Promise<Outcome> {
  const { client, log, recorder } = deps
  const deployment = await unlessNotFound(lookUpTarget(inputs, deps))
  if (!deployment) return nothingToDelete(inputs, deps, `No deployment ${targetLabel(inputs)} exists`)
  log.info(`Found deployment \`${deployment.name}\` (${deployment.id}), status ${deployment.status ?? 'unknown'}.`)

  if (inputs.dryRun) {
    recorder.changed('planned')
    return recorder.finish({ kind: 'planned', requests: [requests.deleteDeployment(deployment.id, inputs.deleteTracingProject)] })
  }
  deps.run.throwIfCancelled()
  log.info(`Deleting deployment \`${deployment.name}\` (${deployment.id})${inputs.deleteTracingProject ? ' and its tracing project' : ''}…`)
  const deleted = await unlessNotFound(client.deleteDeployment(deployment.id, inputs.deleteTracingProject).then(() => true))
  if (!deleted) {
    // Its status and URL from the lookup are no longer true: keep only who it was.
    recorder.seen({ id: deployment.id, name: deployment.name, latest_revision_id: null })
    return nothingToDelete(
      inputs,
      deps,
      `Deployment \`${deployment.name}\` (${deployment.id}) was deleted by someone else since the lookup`
    )
  }
  recorder.deleted()
  recorder.tracingProject(inputs.deleteTracingProject ? 'deleted' : 'kept')
  log.info(`The control plane accepted the delete of deployment \`${deployment.name}\`.`)
  if (!inputs.deleteTracingProject) {
    log.info(
      `Its tracing project \`${deployment.name}\` is kept, so creating a deployment named \`${deployment.name}\` again fails (HTTP 409) ` +
        'until that project is deleted; set `delete-tracing-project: true` for deployments that come and go, such as one per pull request.'
    )
  }
  if (!inputs.wait) {
    log.info('Not waiting (`wait: false`) for the control plane to stop listing it.')
    return recorder.finish({ kind: 'deleted' })
  }
  await waitUntilGone({
    client,
    deployment,
    timeoutMs: inputs.timeoutMs,
    ...deps.run.stop(),
    pollIntervalMs: inputs.pollIntervalMs,
    log: log.info,
    warn: log.warn
  })
  log.info(`Deployment \`${deployment.name}\` is gone.`)
  return recorder.finish({ kind: 'deleted' })
}

function nothingToDelete(inputs: Inputs, deps: CommandDeps, what: string): Outcome {
  if (!inputs.ignoreMissing) {
    throw new ActionError(
      'not-found',
      `${what}, so there is nothing to delete, and \`ignore-missing\` is false.`,
      'Fix `name` or `deployment-id`, or set `ignore-missing: true` if a deployment that is already gone is fine.'
    )
  }
  deps.log.notice(`${what}: nothing to delete.`)
  if (inputs.dryRun) {
    // A dry run reports a plan, here an empty one, whatever it found.
    deps.recorder.changed('planned')
    return deps.recorder.finish({ kind: 'planned', requests: [] })
  }
  deps.recorder.changed('unchanged')
  return deps.recorder.finish({ kind: 'nothing-to-do', reason: 'already-gone' })
}
