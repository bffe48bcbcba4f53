/**
 * When and how long to wait before trying a request again. Back-off is capped,
 * exponential and fully jittered, so that many runners hitting one control plane
 * after an outage spread out rather than retry in step.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number
  baseMs: number
  capMs: number
}

export const READ_RETRY: RetryPolicy = { maxAttempts: 5, baseMs: 500, capMs: 15_000 }
export const WRITE_RETRY: RetryPolicy = { maxAttempts: 4, baseMs: 1_000, capMs: 15_000 }

/** Statuses that say "not now" rather than "no": rate limits and server or gateway failures. */
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504])

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status)
}

/** Delay before attempt `attempt + 1` (attempt counts from 1). */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** (attempt - 1))
  // Never zero: a retry at once after a 503 rarely finds the server recovered.
  return Math.max(policy.baseMs / 4, Math.round(random() * ceiling))
}

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Network errors that mean the request never reached the server, so resending cannot duplicate it. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])

export function neverSent(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code
  return code !== undefined && NOT_SENT_CODES.has(code)
}
