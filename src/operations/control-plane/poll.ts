import { ApiError } from '../../api/errors.js'
import { sleepUnlessCancelled } from '../../core/cancel.js'
import type { Stop } from '../../core/stop.js'
import { adaptiveSchedule, fixedSchedule } from './poll-schedule.js'

/**
 * Status checks that may fail in a row (each already retried by the client) before
 * the action gives up: a control plane that blips during a 15-minute build should
 * not fail the deploy, one that is gone should not keep the job for its whole timeout.
 */
export const POLL_ERROR_BUDGET = 3

/** One check's outcome: the wait is over with a result, or it goes on in this status. */
export type CheckOutcome<R> = { done: R } | { status: string }

/** The run's clock and cancel, and the deadline (clock time) when waiting must end. */
export interface PollOptions<R> extends Stop {
  /**
   * One status check. A retryable ApiError counts against the error budget; any
   * other error ends the wait with it.
   */
  check: () => Promise<CheckOutcome<R>>
  /** A fixed interval; adaptive polling when undefined. */
  pollIntervalMs?: number
  /** A check failed, and the budget allows another. */
  onFailure: (error: ApiError, failures: number) => void
  /** The error when the budget is spent. */
  lostContact: (error: ApiError, failures: number) => Error
  /** The error at the deadline, with the last check's error if it failed. */
  timedOut: (lastError: ApiError | undefined) => Error
}

/**
 * Checks until `check` says done: on the poll schedule, within the deadline (the
 * last check falls on it), through up to POLL_ERROR_BUDGET failed checks in a row,
 * and stopping as soon as the run is cancelled. Shared by the wait for a revision
 * and the wait for a deleted deployment to go.
 */
export async function pollUntil<R>(options: PollOptions<R>): Promise<R> {
  const { clock, deadline } = options
  const schedule = options.pollIntervalMs === undefined ? adaptiveSchedule() : fixedSchedule(options.pollIntervalMs)
  let failures = 0
  let lastError: ApiError | undefined
  let lastStatus = ''
  for (;;) {
    let changed = false
    try {
      const outcome = await options.check()
      if ('done' in outcome) return outcome.done
      failures = 0
      lastError = undefined
      changed = outcome.status !== lastStatus
      lastStatus = outcome.status
    } catch (error) {
      if (!(error instanceof ApiError) || !error.retryable) throw error
      failures++
      lastError = error
      if (failures > POLL_ERROR_BUDGET) throw options.lostContact(error, failures)
      options.onFailure(error, failures)
    }
    const now = clock.now()
    if (now >= deadline) throw options.timedOut(lastError)
    // After a failed check, ask again as if nothing changed: the interval keeps growing.
    await sleepUnlessCancelled(clock, Math.min(schedule.next(lastStatus, changed), deadline - now), options.signal)
  }
}
