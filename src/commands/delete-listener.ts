import { ApiError } from '../api/errors.js'
import { throwIfCancelled } from '../cancel.js'
import type { DeleteListenerInputs } from '../inputs/read.js'
import type { DeployState } from '../report/state.js'
import type { CommandDeps } from './deps.js'

/**
 * `command: delete-listener`: `DELETE /v2/listeners/{listener_id}` (interface document
 * 4.3). 204 is done; 403 (not a self-hosted enterprise plan) and 422 fail with the
 * control plane's text; 404 is a success with a notice under `ignore-missing`.
 */
export async function deleteListener(inputs: DeleteListenerInputs, deps: CommandDeps, state: DeployState): Promise<void> {
  const { listenerId } = inputs
  state.listenerId = listenerId
  if (inputs.dryRun) {
    // There is no way to read a listener, so the plan cannot say whether it exists.
    deps.log.info(`The control plane has no request that reads a listener, so the dry run cannot check that listener ${listenerId} exists.`)
    state.operation = 'planned'
    state.plannedRequests = [{ method: 'DELETE', path: `/v2/listeners/${listenerId}` }]
    return
  }
  throwIfCancelled(deps.signal)
  deps.log.info(`Deleting listener ${listenerId}…`)
  try {
    await deps.client.deleteListener(listenerId)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404 || !inputs.ignoreMissing) throw error
    deps.log.notice(`Listener ${listenerId} does not exist: nothing to delete.`)
    state.operation = 'unchanged'
    return
  }
  state.operation = 'deleted'
  deps.log.info(`Deleted listener ${listenerId}.`)
}
