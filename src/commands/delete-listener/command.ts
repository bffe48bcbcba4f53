import { isNotFound } from '../../api/errors.js'
import { requests } from '../../api/requests.js'
import type { Outcome } from '../../core/outcome.js'
import { defineCommand, type CommandDeps } from '../types.js'
import type { DeleteListenerInputs, DeleteListenerSpecific } from './inputs.js'

/**
 * `command: delete-listener`: `DELETE /v2/listeners/{listener_id}` (docs/control-plane.md,
 * Listeners). 204 is done; 403 (not a self-hosted enterprise plan) and 422 fail with the
 * control plane's text; 404 is a success with a notice under `ignore-missing`. A dry run
 * reads the listener (`GET /v2/listeners/{listener_id}`) so that its plan says whether
 * there is anything to delete.
 */
export const deleteListenerCommand = defineCommand<DeleteListenerSpecific>({
  run: deleteListener
})

type Inputs = DeleteListenerInputs

export async function deleteListener(inputs: Inputs, deps: CommandDeps): Promise<Outcome> {
  const { listenerId } = inputs
  const { recorder } = deps
  recorder.target({ kind: 'listener', name: listenerId, id: listenerId })
  if (inputs.dryRun) return planDelete(inputs, deps)
  deps.run.throwIfCancelled()
  deps.log.info(`Deleting listener ${listenerId}…`)
  try {
    await deps.client.deleteListener(listenerId)
  } catch (error) {
    if (!isNotFound(error) || !inputs.ignoreMissing) throw error
    deps.log.notice(`Listener ${listenerId} does not exist: nothing to delete.`)
    recorder.changed('unchanged')
    return recorder.finish({ kind: 'nothing-to-do', reason: 'already-gone' })
  }
  recorder.changed('deleted')
  deps.log.info(`Deleted listener ${listenerId}.`)
  return recorder.finish({ kind: 'deleted' })
}

/**
 * The dry run: reads the listener, and fails or notices on a 404 as the real run's DELETE
 * would, so a plan that passes is one whose run would find the listener.
 */
async function planDelete(inputs: Inputs, deps: CommandDeps): Promise<Outcome> {
  const { listenerId } = inputs
  const { recorder } = deps
  deps.log.info(`Reading listener ${listenerId}…`)
  try {
    await deps.client.getListener(listenerId)
  } catch (error) {
    if (!isNotFound(error) || !inputs.ignoreMissing) throw error
    deps.log.notice(`Listener ${listenerId} does not exist: nothing to delete.`)
    // A dry run reports a plan, here an empty one, as `command: delete`'s does.
    recorder.changed('planned')
    return recorder.finish({ kind: 'planned', requests: [] })
  }
  deps.log.info(`Found listener ${listenerId}.`)
  recorder.changed('planned')
  return recorder.finish({ kind: 'planned', requests: [requests.deleteListener(listenerId)] })
}
