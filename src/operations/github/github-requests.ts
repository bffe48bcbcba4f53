import { BodyTooLarge } from '../../api/body.js'
import { parseRetryAfter } from '../../api/retry.js'
import { sleepUnlessCancelled } from '../../core/cancel.js'
import { formatDuration } from '../../core/clock.js'
import { quotable } from '../../core/quoted.js'
import type { RunContext } from '../../core/run-context.js'
import type { Stop } from '../../core/stop.js'
import { withinTimeLimit } from '../../core/time-limit.js'

/**
 * GitHub GET requests that keep to GitHub's rate limits and the step's deadline, behind
 * a plain GET function (github/api.ts gives one over Octokit; main.ts hands it down), so
 * that this layer needs no Octokit and tests can script GitHub's answers.
 */

/** One GitHub answer, whatever its status. */
export interface GitHubResponse {
  status: number
  /** Lower-case names. */
  headers: Record<string, string | undefined>
  data: unknown
}

/**
 * GET one GitHub URL: a path below the API's base URL (`/repos/o/r/pulls?state=open`) or
 * an absolute URL that GitHub gave (a `Link` header's next page). Resolves with any HTTP
 * status; rejects only when there was no answer (network failure, time limit, abort) or one
 * too large to read (BodyTooLarge).
 */
export type GitHubGet = (url: string, signal: AbortSignal) => Promise<GitHubResponse>

/** The run's clock, cancel and the deadline (the step's, or a phase's) by which the reads must be done. */
export interface RateLimitedOptions extends Stop {
  /** Time to keep free before the deadline for what comes after (deleting, reporting). */
  reserveMs: number
  /** Each request's own time limit (real time). */
  requestTimeoutMs: number
  warn: (line: string) => void
}

/**
 * A reader bounded by the run context `run` (its deadline, its cancel), each request limited to
 * one request's limit, and keeping one request's time free before the deadline unless told otherwise.
 */
export function gitHubReader(
  get: GitHubGet,
  run: RunContext,
  options: { warn: (line: string) => void; reserveMs?: number; requestLimitMs?: number }
): RateLimitedGitHub {
  return new RateLimitedGitHub(get, {
    ...run.stop(),
    reserveMs: options.reserveMs ?? run.requestLimit(),
    requestTimeoutMs: options.requestLimitMs ?? run.requestLimit(),
    warn: options.warn
  })
}

/** Attempts per request, the first included: 5xx and network failures are usually brief. */
const MAX_ATTEMPTS = 3
const BACKOFF_MS = [1_000, 3_000]

/**
 * `limited`: GitHub refused for its rate limit (or would have, had the request been sent), not
 * for the token's permissions; `status` is then absent, so a 403 always means a real refusal.
 */
export type ReadOutcome = { ok: true; response: GitHubResponse } | { ok: false; status?: number; limited?: true; reason: string }

/**
 * GitHub requests that honour its rate limits: a `retry-after` is waited out, and so is
 * an exhausted `x-ratelimit-remaining` until `x-ratelimit-reset`, but only when that
 * still leaves `reserveMs` before the deadline; otherwise the request is given up with
 * a reason, never sent into a certain refusal. 5xx and network failures are retried
 * briefly. Every request is aborted at its time limit. Counts what it sends.
 */
export class RateLimitedGitHub {
  requests = 0
  /** Set from the last answer: GitHub will refuse until then. */
  private exhaustedUntil?: number
  /** The same moment as wall-clock epoch milliseconds (GitHub's `x-ratelimit-reset`), to tell the user when. */
  private resetsAt?: number

  constructor(
    private readonly get: GitHubGet,
    private readonly options: RateLimitedOptions
  ) {}

  async fetch(url: string, what: string): Promise<ReadOutcome> {
    let last: ReadOutcome = { ok: false, reason: 'not sent' }
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (this.exhaustedUntil !== undefined) {
        const refused = await this.waitUntil(
          this.exhaustedUntil,
          `${what}: GitHub's rate limit for this token is used up${resetsWhen(this.resetsAt)}`
        )
        if (refused) return { ok: false, limited: true, reason: refused }
        this.exhaustedUntil = undefined
        this.resetsAt = undefined
      }
      if (this.options.clock.now() >= this.options.deadline - this.options.reserveMs) {
        return { ok: false, reason: `${what}: not sent, the step's \`timeout\` is too near` }
      }
      let response: GitHubResponse
      try {
        response = await this.send(url)
      } catch (error) {
        if (this.options.signal?.aborted) throw error
        // The same answer would be as large again: not retried.
        if (error instanceof BodyTooLarge) return { ok: false, reason: `${what}: GitHub's answer was too large to read (${error.message})` }
        last = { ok: false, reason: `${what}: no answer from GitHub (${(error as Error).message})` }
        const retried = await this.backoff(attempt, last)
        if (!retried) return last
        continue
      }
      this.noteRateLimit(response)
      if (response.status >= 200 && response.status < 300) return { ok: true, response }
      const retryAfterMs = parseRetryAfter(response.headers['retry-after'], Date.now())
      const limited =
        response.status === 429 ||
        (response.status === 403 &&
          (retryAfterMs !== undefined || this.exhaustedUntil !== undefined || response.headers['x-ratelimit-remaining'] === '0'))
      const reason = `${what}: GitHub answered HTTP ${response.status}${messageOf(response)}`
      last = limited ? { ok: false, limited: true, reason } : { ok: false, status: response.status, reason }
      if (limited) {
        if (retryAfterMs !== undefined) {
          const refused = await this.waitUntil(
            this.options.clock.now() + retryAfterMs,
            `${what}: GitHub asked to retry after ${formatDuration(retryAfterMs)}`
          )
          if (refused) return { ok: false, limited: true, reason: refused }
        }
        // Without retry-after, the loop waits for x-ratelimit-reset (noted above) before the next try,
        // or, knowing neither, backs off as for a 5xx.
        else if (this.exhaustedUntil === undefined && !(await this.backoff(attempt, last))) return last
        continue
      }
      if (response.status >= 500) {
        if (!(await this.backoff(attempt, last))) return last
        continue
      }
      return last
    }
    return last
  }

  private send(url: string): Promise<GitHubResponse> {
    this.requests++
    // Real time (no clock): GitHub is not on the step's clock, and a hung request must end on a runner.
    return withinTimeLimit((signal) => this.get(url, signal), { limitMs: this.options.requestTimeoutMs, signal: this.options.signal })
  }

  /** `x-ratelimit-remaining: 0` means the next request would be refused until `x-ratelimit-reset` (epoch seconds). */
  private noteRateLimit(response: GitHubResponse): void {
    const remaining = response.headers['x-ratelimit-remaining']
    const reset = Number(response.headers['x-ratelimit-reset'])
    if (remaining === '0' && Number.isFinite(reset)) {
      // The reset is wall-clock time; the wait is measured on the step's clock.
      this.exhaustedUntil = this.options.clock.now() + Math.max(0, reset * 1000 - Date.now()) + 1_000
      this.resetsAt = reset * 1000
    }
  }

  /** Waits, or says why not: the wait would not leave time before the deadline. */
  private async waitUntil(until: number, why: string): Promise<string | undefined> {
    const { clock, deadline, reserveMs } = this.options
    const waitMs = until - clock.now()
    if (waitMs <= 0) return undefined
    if (until > deadline - reserveMs) {
      return `${why}, and waiting ${formatDuration(waitMs)} would not leave time before the step's \`timeout\``
    }
    this.options.warn(`${why}: waiting ${formatDuration(waitMs)}.`)
    await sleepUnlessCancelled(clock, waitMs, this.options.signal)
    return undefined
  }

  private async backoff(attempt: number, last: ReadOutcome & { ok: false }): Promise<boolean> {
    if (attempt >= MAX_ATTEMPTS) return false
    const waitMs = BACKOFF_MS[attempt - 1] ?? BACKOFF_MS[BACKOFF_MS.length - 1]
    return (await this.waitUntil(this.options.clock.now() + waitMs, `${last.reason}; trying again`)) === undefined
  }
}

/** When GitHub's rate limit resets, as the user can act on it: the UTC time (it is wall-clock time, not the step's). */
function resetsWhen(resetsAt: number | undefined): string {
  if (resetsAt === undefined) return ''
  const inMs = Math.max(0, resetsAt - Date.now())
  return ` until ${new Date(resetsAt).toISOString().replace(/\.\d{3}Z$/, 'Z')} (in ${formatDuration(inMs)})`
}

/**
 * GitHub's `message`, on one line and short (it is shown in a warning), quoted as code: a reason
 * is our sentence with its backticked names as code (core/quoted.ts), and GitHub's text is not ours.
 */
function messageOf(response: GitHubResponse): string {
  const message = (response.data as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && message.trim() !== '' ? ` (\`${quotable(message.trim(), 200)}\`)` : ''
}
