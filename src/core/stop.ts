import { CancelledError } from './cancel.js'
import type { Clock } from './clock.js'
import { ActionError } from './errors.js'
import { startTimeLimit } from './time-limit.js'

/**
 * The run's limits as every layer takes them: its clock, its deadline (the step's, or a phase's)
 * and its cancel. Declared here once: an operation that needs them extends this type (or picks
 * from it) rather than naming the three again, and the run context (core/run-context.ts) is one,
 * so a command passes its run. It is also what ends reading the checkout early, for every git
 * process and every archive stream alike: one type and one "timed out" wording, whichever part
 * (a git command, the secret scan, the pack) noticed first.
 */
export interface Stop {
  signal?: AbortSignal
  clock: Clock
  deadline: number
}

/** The one wording of "the step's time ran out while the checkout was read". */
export function checkoutTimedOut(): ActionError {
  return new ActionError(
    'timed-out',
    "Gave up reading the checkout: the step's `timeout` ran out; nothing was sent to the control plane.",
    'Raise `timeout`, or, for a remote build, leave out what the build does not need with `archive-exclude`.'
  )
}

/** Why the work must stop now (cancelled, or out of the step's time), or undefined while it may go on. */
export function stopReason(stop: Stop | undefined): Error | undefined {
  if (!stop) return undefined
  if (stop.signal?.aborted) return new CancelledError()
  if (stop.clock.now() >= stop.deadline) return checkoutTimedOut()
  return undefined
}

export function throwIfStopped(stop: Stop | undefined): void {
  const reason = stopReason(stop)
  if (reason) throw reason
}

/** Whether an error is the run's own end (a cancel, the step's time), which no caller may take for "could not read". */
export function isStop(error: unknown): boolean {
  return error instanceof ActionError && (error.kind === 'cancelled' || error.kind === 'timed-out')
}

/** The limit one piece of work gets: the time left before the deadline, at most `capMs`. */
export function stopLimit(stop: Stop | undefined, capMs: number): { limitMs: number; signal?: AbortSignal } {
  return { limitMs: Math.max(1, Math.min(capMs, stop ? stop.deadline - stop.clock.now() : capMs)), signal: stop?.signal }
}

/**
 * Calls `onStop` once the signal aborts or the time left before the deadline has passed, so that
 * a read or write that blocks is ended too; returns the function that stops watching. The time
 * is real (a limit of what is left, no clock given): reading the checkout does not move the
 * run's clock, which, virtual in tests, would otherwise jump to the deadline at once.
 */
export function whenStopped(stop: Stop | undefined, onStop: (reason: Error) => void): () => void {
  if (!stop) return () => undefined
  const limit = startTimeLimit({ limitMs: stop.deadline - stop.clock.now(), signal: stop.signal })
  const onAbort = () => onStop(limit.reason() instanceof CancelledError ? new CancelledError() : checkoutTimedOut())
  limit.signal.addEventListener('abort', onAbort, { once: true })
  // A signal already aborted fires no event: every caller checks the stop itself (throwIfStopped)
  // before each read or write, so a stop before the watch began ends the work there.
  return () => limit.signal.removeEventListener('abort', onAbort)
}
