import type { ControlPlaneClient } from '../../api/client.js'
import { isNotFound } from '../../api/errors.js'
import { CancelledError } from '../../core/cancel.js'
import { formatDuration } from '../../core/clock.js'
import { ActionError, firstLine } from '../../core/errors.js'
import { POLL_ERROR_BUDGET, pollUntil } from '../../operations/control-plane/poll.js'
import type { Candidate } from './classify.js'
import type { Stop } from '../../core/stop.js'

/** Its deadline is the clock time when waiting must end. */
export interface WaitAllOptions extends Stop {
  client: Pick<ControlPlaneClient, 'getDeployment'>
  pollIntervalMs?: number
  log: (line: string) => void
  warn: (line: string) => void
}

/** Why the wait ended with some still listed: the deadline, or the control plane stopped answering. */
export interface StillListed {
  deployments: Candidate[]
  why: string
}

/**
 * Waits for every deleted preview to stop being listed (AWAITING_DELETE can last
 * minutes), all together: one poll round reads each one still listed, then one sleep.
 * Waiting for each before deleting the next would add those minutes up, and a step
 * with a few previews would run out of time after the first. Bounded by `deadline`;
 * what is still listed then is returned, not thrown: its delete was accepted, so it
 * is pruned, only not gone yet. A cancel is thrown.
 */
export async function waitUntilAllGone(deleted: readonly Candidate[], options: WaitAllOptions): Promise<StillListed | undefined> {
  const { clock } = options
  const pending = new Map(deleted.map((candidate) => [candidate.id, candidate]))
  const lastStatus = new Map<string, string>()
  const startedAt = clock.now()
  try {
    await pollUntil<void>({
      deadline: options.deadline,
      pollIntervalMs: options.pollIntervalMs,
      clock,
      signal: options.signal,
      check: async () => {
        for (const candidate of [...pending.values()]) {
          // Before each read, not only between rounds: with many previews and a slow control plane,
          // one round could otherwise run on into the reserve kept for reporting. The rest stay listed.
          if (clock.now() >= options.deadline) break
          let status: string
          try {
            status = (await options.client.getDeployment(candidate.id)).status ?? 'unknown'
          } catch (error) {
            if (!isNotFound(error)) throw error
            pending.delete(candidate.id)
            options.log(`Deployment \`${candidate.name}\` is gone.`)
            continue
          }
          if (status !== lastStatus.get(candidate.id)) {
            options.log(`Deployment \`${candidate.name}\` is still listed: ${status} (after ${formatDuration(clock.now() - startedAt)})`)
          }
          lastStatus.set(candidate.id, status)
        }
        if (pending.size === 0) return { done: undefined }
        // What the adaptive schedule compares between rounds: any preview's status changing.
        return { status: [...pending.keys()].map((id) => `${id}=${lastStatus.get(id)}`).join(',') }
      },
      onFailure: (error, failures) =>
        options.warn(
          `Checking the deleted previews failed (${firstLine(error)}); checking again (${failures} of ${POLL_ERROR_BUDGET} failures allowed in a row).`
        ),
      lostContact: (error, failures) =>
        new ActionError(
          'api-refused',
          `lost contact with the control plane: ${failures} checks in a row failed, the last with: ${firstLine(error)}`
        ),
      timedOut: () =>
        new ActionError('timed-out', `the step's \`timeout\` came after ${formatDuration(clock.now() - startedAt)} of waiting`)
    })
    return undefined
  } catch (error) {
    if (error instanceof CancelledError || !(error instanceof ActionError)) throw error
    return { deployments: [...pending.values()], why: error.message }
  }
}
