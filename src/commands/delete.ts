import { ApiError } from '../api/errors.js'
import type { Deployment } from '../api/schemas.js'
import { throwIfCancelled } from '../cancel.js'
import { resolveDeployment } from '../deploy/resolve.js'
import { ActionError } from '../errors.js'
import type { DeleteInputs } from '../inputs/read.js'
import type { DeployState } from '../report/state.js'
import type { CommandDeps } from './deps.js'
import { waitUntilGone } from './wait-until-gone.js'

/**
 * `command: delete`: find the deployment (by `deployment-id` or exact name), delete it,
 * and wait until the control plane no longer lists it. A deployment that is already
 * gone is a success with a notice under `ignore-missing`.
 */
export async function deleteDeployment(inputs: DeleteInputs, deps: CommandDeps, state: DeployState): Promise<void> {
  const { client, log } = deps
  const label = inputs.name !== undefined ? `\`${inputs.name}\`` : inputs.deploymentId
  state.name = inputs.name
  log.info(inputs.deploymentId ? `Reading deployment ${inputs.deploymentId}…` : `Looking up deployment ${label}…`)
  const deployment = await findOrUndefined(() => resolveDeployment(client, inputs))
  if (!deployment) return nothingToDelete(inputs, deps, state, `No deployment ${label} exists`)
  state.name = deployment.name
  state.deployment = deployment
  log.info(`Found deployment \`${deployment.name}\` (${deployment.id}), status ${deployment.status ?? 'unknown'}.`)

  if (inputs.dryRun) {
    state.operation = 'planned'
    state.plannedRequests = [
      { method: 'DELETE', path: `/v2/deployments/${deployment.id}?delete_tracing_project=${inputs.deleteTracingProject}` }
    ]
    return
  }
  throwIfCancelled(deps.signal)
  log.info(`Deleting deployment \`${deployment.name}\` (${deployment.id})${inputs.deleteTracingProject ? ' and its tracing project' : ''}…`)
  const deleted = await findOrUndefined(() => client.deleteDeployment(deployment.id, inputs.deleteTracingProject).then(() => true))
  if (!deleted) {
    // Its status and URL from the lookup are no longer true: keep only who it was.
    state.deployment = { id: deployment.id, name: deployment.name, latest_revision_id: null }
    return nothingToDelete(inputs, deps, state, `Deployment \`${deployment.name}\` (${deployment.id}) was deleted by someone else since the lookup`)
  }
  state.operation = 'deleted'
  log.info(`The control plane accepted the delete of deployment \`${deployment.name}\`.`)
  if (!inputs.deleteTracingProject) {
    log.info(
      `Its tracing project \`${deployment.name}\` is kept, so creating a deployment named \`${deployment.name}\` again fails (HTTP 409) ` +
        'until that project is deleted; set `delete-tracing-project: true` for deployments that come and go, such as one per pull request.'
    )
  }
  if (!inputs.wait) {
    log.info('Not waiting (`wait: false`) for the control plane to stop listing it.')
    return
  }
  await waitUntilGone({
    client,
    deployment,
    timeoutMs: inputs.timeoutMs,
    deadline: deps.deadline,
    pollIntervalMs: inputs.pollIntervalMs,
    clock: deps.clock,
    signal: deps.signal,
    log: log.info,
    warn: log.warn,
    onSeen: (current: Deployment) => (state.deployment = current)
  })
  log.info(`Deployment \`${deployment.name}\` is gone.`)
}

/** The value, or undefined when the control plane answered 404. */
async function findOrUndefined<T>(read: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined
    throw error
  }
}

function nothingToDelete(inputs: DeleteInputs, deps: CommandDeps, state: DeployState, what: string): void {
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
    state.operation = 'planned'
    state.plannedRequests = []
    return
  }
  state.operation = 'unchanged'
}
