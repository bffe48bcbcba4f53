import type { ControlPlaneClient } from '../../api/client.js'
import { ApiError } from '../../api/errors.js'
import { CancelledError, throwIfCancelled } from '../../core/cancel.js'
import { ActionError } from '../../core/errors.js'
import { waitUntilGone } from '../../operations/wait-until-gone.js'
import type { Candidate } from './classify.js'
import { nearDeadline, type TimeBudget } from './candidates.js'

export interface DeletionOptions extends TimeBudget {
  client: Pick<ControlPlaneClient, 'deleteDeployment' | 'getDeployment'>
  deleteTracingProject: boolean
  /** Wait until the control plane stops listing each one before the next, as `command: delete` does. */
  wait: boolean
  pollIntervalMs?: number
  /** The step's `timeout`, for messages. */
  timeoutMs: number
  log: (line: string) => void
  warn: (line: string) => void
  /** Told as soon as the control plane accepts a delete, before the wait: a run that fails later still reports it. */
  onDeleted?: (candidate: Candidate) => void
}

export type DeletionResult =
  | { candidate: Candidate; outcome: 'deleted' }
  /** Someone else deleted it first (404): not ours to report as pruned, and not a failure. */
  | { candidate: Candidate; outcome: 'gone' }
  | { candidate: Candidate; outcome: 'failed'; reason: string }
  /** The deadline came first. */
  | { candidate: Candidate; outcome: 'not-attempted' }

/**
 * Deletes the stale previews one at a time, so each keeps `delete-tracing-project` (the
 * bulk delete has no such flag). Each delete is retried safely by the client as
 * `command: delete` does, and then waited for with the same wait-until-gone. One that
 * fails does not stop the others; the caller fails the step listing every result.
 */
export async function deleteEach(stale: readonly Candidate[], options: DeletionOptions): Promise<DeletionResult[]> {
  const results: DeletionResult[] = []
  for (const candidate of stale) {
    throwIfCancelled(options.signal)
    if (nearDeadline(options)) {
      results.push({ candidate, outcome: 'not-attempted' })
      continue
    }
    results.push(await deleteOne(candidate, options))
  }
  return results
}

async function deleteOne(candidate: Candidate, options: DeletionOptions): Promise<DeletionResult> {
  const { client } = options
  options.log(`Deleting \`${candidate.name}\` (${candidate.id})${options.deleteTracingProject ? ' and its tracing project' : ''}…`)
  try {
    await client.deleteDeployment(candidate.id, options.deleteTracingProject)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 404) {
      options.log(`\`${candidate.name}\` was already gone.`)
      return { candidate, outcome: 'gone' }
    }
    options.warn(`Could not delete \`${candidate.name}\`: ${error.message.split('\n')[0]}`)
    return { candidate, outcome: 'failed', reason: error.message.split('\n')[0] }
  }
  options.onDeleted?.(candidate)
  if (options.wait) {
    try {
      await waitUntilGone({
        client,
        deployment: candidate,
        timeoutMs: options.timeoutMs,
        // The wait leaves the reserve free, as every other step of the prune does.
        deadline: options.deadline - options.reserveMs,
        pollIntervalMs: options.pollIntervalMs,
        clock: options.clock,
        signal: options.signal,
        log: options.log,
        warn: options.warn
      })
    } catch (error) {
      if (error instanceof CancelledError || !(error instanceof ActionError)) throw error
      // The control plane accepted the delete: it is pruned, only not yet gone.
      options.warn(`The delete of \`${candidate.name}\` was accepted, but the control plane still lists it: ${(error as Error).message.split('\n')[0]}`)
    }
  }
  return { candidate, outcome: 'deleted' }
}
