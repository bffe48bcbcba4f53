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
  const limit = options.clock?.timeLimit?.(options.limitMs) ?? { signal: AbortSignal.timeout(options.limitMs), end: () => undefined }
  const failed = new AbortController()
  const signal = AbortSignal.any([limit.signal, failed.signal, ...(options.signal ? [options.signal] : [])])
  // Only the cancel and the limit can abort before the work settles (`failed` aborts after it failed).
  const reason = (): Error => (options.signal?.aborted ? new CancelledError() : new TimeLimitReached(options.limitMs))
  let onAbort: (() => void) | undefined
  try {
    return await new Promise<T>((resolve, reject) => {
      onAbort = () => reject(reason())
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
