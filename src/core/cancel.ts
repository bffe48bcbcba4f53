import type { Clock } from './clock.js'
import { ActionError } from './errors.js'

/** Thrown wherever the run notices that the workflow was cancelled. */
export class CancelledError extends ActionError {
  constructor() {
    super('cancelled', 'The workflow was cancelled.')
    this.name = 'CancelledError'
  }
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError()
}

/** Resolves with `work`, or rejects with CancelledError as soon as `signal` aborts. */
export function unlessCancelled<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work
  throwIfCancelled(signal)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CancelledError())
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

export function sleepUnlessCancelled(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return unlessCancelled(clock.sleep(ms, signal), signal)
}
