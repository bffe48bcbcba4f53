import type { OutgoingHttpHeaders } from 'node:http'
import { sleepUnlessCancelled, throwIfCancelled } from '../../core/cancel.js'
import { formatDuration } from '../../core/clock.js'
import { askServer } from './agent-server.js'
import type { Stop } from '../../core/stop.js'

/** Its deadline is when the check is over: the sooner of its start plus `health-check-timeout` and the step's deadline. */
export interface HealthCheckOptions extends Stop {
  /** From serverEndpoint (agent-server.ts): a URL the credential may go to. */
  url: string
  /** The credential header(s) the control plane takes. */
  headers: OutgoingHttpHeaders
  /** Each attempt, as the log shows it. */
  log: (line: string) => void
  /** The longest one attempt may take. */
  attemptLimitMs?: number
  /** First wait between attempts, doubled each time up to `capMs`. */
  baseMs?: number
  capMs?: number
}

/** What the summary says: the verdict only; the attempts are in the log. */
export interface HealthVerdict {
  healthy: boolean
  url: string
  attempts: number
  elapsedMs: number
  /** The last attempt's result, e.g. `HTTP 503` or `no answer within 10s`. */
  last: string
}

const ATTEMPT_LIMIT_MS = 10_000
const BASE_MS = 1_000
const CAP_MS = 10_000
/** A hard stop besides the deadline, so no clock mistake can make the loop endless. */
const MAX_ATTEMPTS = 500

/**
 * Requests `url` until it answers 2xx or the deadline comes. A new revision often
 * starts cold, so early failures are expected: each attempt is logged and the next
 * waits longer (1 s, 2 s, 4 s, ... up to 10 s). Every attempt has a time limit
 * (never past the deadline), and one given up on is aborted, its socket closed.
 */
export async function checkHealth(options: HealthCheckOptions): Promise<HealthVerdict> {
  const { clock, deadline, signal, log, url } = options
  const start = clock.now()
  let last = 'not checked: no time was left before the deadline'
  let attempts = 0
  while (attempts < MAX_ATTEMPTS) {
    throwIfCancelled(signal)
    const remaining = deadline - clock.now()
    if (remaining <= 0) break
    attempts++
    const result = await attempt(url, options.headers, Math.min(options.attemptLimitMs ?? ATTEMPT_LIMIT_MS, remaining), signal)
    last = result.what
    const elapsed = formatDuration(clock.now() - start)
    if (result.healthy) {
      log(`Health check attempt ${attempts}: GET ${url} answered ${result.what} after ${elapsed}: healthy.`)
      return { healthy: true, url, attempts, elapsedMs: clock.now() - start, last }
    }
    const waitMs = Math.min(options.capMs ?? CAP_MS, (options.baseMs ?? BASE_MS) * 2 ** (attempts - 1))
    if (clock.now() + waitMs >= deadline) {
      log(`Health check attempt ${attempts}: GET ${url}: ${result.what} (${elapsed} since the first); no time left for another.`)
      break
    }
    log(`Health check attempt ${attempts}: GET ${url}: ${result.what}; trying again in ${formatDuration(waitMs)}.`)
    await sleepUnlessCancelled(clock, waitMs, signal)
  }
  return { healthy: false, url, attempts, elapsedMs: clock.now() - start, last }
}

/** One GET whose status is the answer (the body means nothing here, and a hostile one could be endless). */
async function attempt(
  url: string,
  headers: OutgoingHttpHeaders,
  limitMs: number,
  signal: AbortSignal | undefined
): Promise<{ healthy: boolean; what: string }> {
  const answer = await askServer({ url, headers }, { method: 'GET', limitMs, signal, maxBytes: 0 })
  if (!answer.answered) return { healthy: false, what: answer.what }
  const { status } = answer
  if (status >= 200 && status < 300) return { healthy: true, what: `HTTP ${status}` }
  if (status >= 300 && status < 400)
    return { healthy: false, what: `HTTP ${status} (a redirect, not followed: the credential stays with the reported URL)` }
  return { healthy: false, what: `HTTP ${status}` }
}
