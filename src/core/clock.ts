/** Time and sleep, injected so the wait loop is tested without real waiting. */
export interface Clock {
  now(): number
  /** Resolves after `ms`, or early when `signal` aborts (callers then see the cancellation). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /**
   * A signal that aborts once `ms` have passed on this clock, and `end` to call when the work
   * it limits is over. Only clocks whose time is not real have one (tests, where a request's
   * limit passes in virtual time); without it a time limit is real time (core/time-limit.ts).
   */
  timeLimit?(ms: number): { signal: AbortSignal; end(): void }
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve()
      // Cleared on abort: a pending timer would keep a cancelled run alive for its length.
      const onAbort = () => {
        clearTimeout(timer)
        resolve()
      }
      // And the listener removed when the timer fires: the run-wide signal sees every
      // sleep of the run, and listeners left behind pile up (MaxListenersExceededWarning).
      // A timer of more than 2^31-1 ms would fire at once: a longer sleep wakes after about 24.8
      // days, and the caller's loop, which checks the deadline, sleeps again.
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
        Math.min(ms, 2 ** 31 - 1)
      )
      signal?.addEventListener('abort', onAbort, { once: true })
    })
}

/** `850ms`, `12s`, `4m 05s`, `30m` (not `30m 00s`: a `timeout: 30m` reads back as given), `1h 02m`, `2h`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`
  const totalSeconds = Math.round(ms / 1000)
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  if (hours > 0) return minutes > 0 ? `${hours}h ${pad(minutes)}m` : `${hours}h`
  if (minutes > 0) return seconds > 0 ? `${minutes}m ${pad(seconds)}s` : `${minutes}m`
  return `${seconds}s`
}
