import { CancelledError } from '../../core/cancel.js'
import type { Clock } from '../../core/clock.js'
import { ActionError } from '../../core/errors.js'
import { startTimeLimit } from '../../core/time-limit.js'

/** What ends archiving early: the workflow's cancel, and the step's deadline. */
export interface ArchiveStop {
  signal?: AbortSignal
  clock: Clock
  deadline: number
}

/** The error that ends archiving, or undefined while it may go on. */
export function stopReason(stop: ArchiveStop | undefined): Error | undefined {
  if (!stop) return undefined
  if (stop.signal?.aborted) return new CancelledError()
  if (stop.clock.now() >= stop.deadline) return archiveTimedOut()
  return undefined
}

export function throwIfStopped(stop: ArchiveStop | undefined): void {
  const reason = stopReason(stop)
  if (reason) throw reason
}

function archiveTimedOut(): ActionError {
  return new ActionError(
    'timed-out',
    "Gave up archiving the checkout: the step's `timeout` ran out; nothing was sent to the control plane.",
    'Leave out what the build does not need with `archive-exclude`, or raise `timeout`.'
  )
}

/**
 * Calls `onStop` once the signal aborts or the time left before the deadline has passed,
 * so that a read or write that blocks is ended too; returns the function that stops
 * watching. The time is real (a limit of what is left, no clock given): archiving does not
 * move the run's clock, which, virtual in tests, would otherwise jump to the deadline at once.
 */
export function whenStopped(stop: ArchiveStop | undefined, onStop: (reason: Error) => void): () => void {
  if (!stop) return () => undefined
  // No clock given: the limit is real time.
  const limit = startTimeLimit({ limitMs: stop.deadline - stop.clock.now(), signal: stop.signal })
  const onAbort = () => onStop(limit.reason() instanceof CancelledError ? new CancelledError() : archiveTimedOut())
  limit.signal.addEventListener('abort', onAbort, { once: true })
  // A signal already aborted fires no event: every caller checks the stop itself (throwIfStopped)
  // before each read or write, so a stop before the watch began ends the work there.
  return () => limit.signal.removeEventListener('abort', onAbort)
}
