import type { ControlPlaneClient } from '../../api/client.js'
import { ApiError, isNotFound } from '../../api/errors.js'
import { throwIfCancelled } from '../../core/cancel.js'
import type { Candidate } from './classify.js'
import { nearDeadline, type TimeBudget } from './candidates.js'
import { waitUntilAllGone } from './wait-all-gone.js'
import { firstLine } from '../../core/errors.js'

export interface DeletionOptions extends TimeBudget {
  client: Pick<ControlPlaneClient, 'deleteDeployment' | 'getDeployment'>
  deleteTracingProject: boolean
  /** Once every delete is sent, wait until the control plane stops listing them, as `command: delete` does. */
  wait: boolean
  pollIntervalMs?: number
  log: (line: string) => void
  warn: (line: string) => void
  /**
   * Told each result as soon as it is known (a delete accepted: before any wait), so a
   * run stopped later (a cancel, an error) still reports, and retires on GitHub, every
   * preview deleted before the stop.
   */
  onResult?: (result: DeletionResult) => void
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
 * bulk delete has no such flag), each retried safely by the client as `command: delete`
 * does; then, with `wait`, waits for all of them together (wait-all-gone.ts), so the
 * minutes a deployment may stay listed after its delete are spent once, not once per
 * preview. One that fails does not stop the others; the caller fails the step listing
 * every result.
 */
export async function deleteEach(stale: readonly Candidate[], options: DeletionOptions): Promise<DeletionResult[]> {
  const results: DeletionResult[] = []
  const told = (result: DeletionResult) => {
    results.push(result)
    options.onResult?.(result)
  }
  for (const candidate of stale) {
    throwIfCancelled(options.signal)
    told(nearDeadline(options) ? { candidate, outcome: 'not-attempted' } : await deleteOne(candidate, options))
  }
  const accepted = results.filter((r) => r.outcome === 'deleted').map((r) => r.candidate)
  if (options.wait && accepted.length > 0) {
    const still = await waitUntilAllGone(accepted, {
      client: options.client,
      // The wait leaves the reserve free, as every other step of the prune does.
      deadline: options.deadline - options.reserveMs,
      pollIntervalMs: options.pollIntervalMs,
      clock: options.clock,
      signal: options.signal,
      log: options.log,
      warn: options.warn
    })
    // The control plane accepted these deletes: they are pruned, only not gone yet.
    for (const candidate of still?.deployments ?? []) {
      options.warn(
        `The delete of \`${candidate.name}\` was accepted, but the control plane still lists it (${still!.why}); it goes on there.`
      )
    }
  }
  return results
}

async function deleteOne(candidate: Candidate, options: DeletionOptions): Promise<DeletionResult> {
  options.log(`Deleting \`${candidate.name}\` (${candidate.id})${options.deleteTracingProject ? ' and its tracing project' : ''}…`)
  try {
    await options.client.deleteDeployment(candidate.id, options.deleteTracingProject)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (isNotFound(error)) {
      options.log(`\`${candidate.name}\` was already gone.`)
      return { candidate, outcome: 'gone' }
    }
    options.warn(`Could not delete \`${candidate.name}\`: ${firstLine(error)}`)
    return { candidate, outcome: 'failed', reason: firstLine(error) }
  }
  return { candidate, outcome: 'deleted' }
}
