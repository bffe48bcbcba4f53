import { CancelledError, throwIfCancelled } from './cancel.js'
import { formatDuration, type Clock } from './clock.js'

/** Work given up on because its time limit passed. */
export class TimeLimitReached extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${formatDuration(ms)}`)
    this.name = 'TimeLimitReached'
  }
}

export interface TimeLimitOptions {
  limitMs: number
  /** The run's cancellation. */
  signal?: AbortSignal
  /**
   * Whose time the limit is measured in. Real time (`AbortSignal.timeout`) unless the clock
   * measures limits itself (`Clock.timeLimit`, which test clocks give so that a limit passes
   * in virtual time); the real clock does not, so on a runner a request is given up on in
   * real time whatever the server does, and the process ends with the step's `timeout`.
   */
  clock?: Clock
}

const MAX_TIMER_MS = 2 ** 31 - 1

/** A time limit running: its signal, why it aborted, and `end()` once the work it limits is over. */
export interface RunningLimit {
  /** Aborts when the limit passes or the run is cancelled. */
  signal: AbortSignal
  /** What ended it: the run's cancellation, or the limit (only meaningful once `signal` aborted). */
  reason(): CancelledError | TimeLimitReached
  /** Releases the limit (a test clock stops counting it as a request in flight). */
  end(): void
}

/**
 * The one time limit: a signal that aborts when `limitMs` passes (in the clock's time, see
 * TimeLimitOptions) or the run is cancelled. For work that must see its end through itself, a
 * process that has to be killed and its exit awaited; work that can simply be abandoned uses
 * withinTimeLimit.
 */
export function startTimeLimit(options: TimeLimitOptions): RunningLimit {
  // A timer of more than 2^31-1 ms (about 24.8 days) would fire at once: a longer limit waits
  // that long. AbortSignal.timeout takes whole milliseconds only (it throws on a fraction or NaN).
  const realMs = Number.isNaN(options.limitMs) ? 0 : Math.min(MAX_TIMER_MS, Math.max(0, Math.ceil(options.limitMs)))
  const limit = options.clock?.timeLimit?.(options.limitMs) ?? { signal: AbortSignal.timeout(realMs), end: () => undefined }
  return {
    signal: options.signal ? AbortSignal.any([limit.signal, options.signal]) : limit.signal,
    reason: () => (options.signal?.aborted ? new CancelledError() : new TimeLimitReached(options.limitMs)),
    end: () => limit.end()
  }
}

/**
 * The one way to give up on a request (or any work that takes a signal): `work` gets a signal
 * that aborts when `limitMs` passes or the run is cancelled, and the promise settles at that
 * moment with TimeLimitReached or CancelledError, whether or not `work` has noticed. Aborting
 * is what ends the request: it destroys its socket and any answer still arriving, so nothing
 * given up on keeps the process alive. Work that fails otherwise (a body over the cap, a
 * reset) has its signal aborted too, to close what is left of it.
 */
export async function withinTimeLimit<T>(work: (signal: AbortSignal) => Promise<T>, options: TimeLimitOptions): Promise<T> {
  throwIfCancelled(options.signal)
  const limit = startTimeLimit(options)
  const failed = new AbortController()
  const signal = AbortSignal.any([limit.signal, failed.signal])
  let onAbort: (() => void) | undefined
  try {
    return await new Promise<T>((resolve, reject) => {
      // Only the cancel and the limit can abort before the work settles (`failed` aborts after it failed).
      onAbort = () => reject(limit.reason())
      signal.addEventListener('abort', onAbort, { once: true })
      work(signal).then(resolve, reject)
    })
  } catch (error) {
    if (!signal.aborted) failed.abort(error)
    throw error
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort)
    limit.end()
  }
}
