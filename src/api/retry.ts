import { sleepUnlessCancelled, throwIfCancelled } from '../core/cancel.js'
import type { ApiError } from './errors.js'
import type { Stop } from '../core/stop.js'

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

/** One try's result: a value, or an error after which trying again is safe. */
export type Attempt<T> = { done: T } | { retry: ApiError }

/** The run's clock and cancel (a Stop's); the deadline is optional here. */
export interface RetryContext extends Pick<Stop, 'clock' | 'signal'> {
  policy: RetryPolicy
  /** Clock time by which all waiting must be over: never sleeps past it. */
  deadline?: number
  random?: () => number
  /** Told before each wait: the error, the wait, and the number of the attempt to come. */
  announce: (error: ApiError, waitMs: number, nextAttempt: number) => void
}

/**
 * The one retry loop, for reads (the client) and for changes (operations/control-plane/apply.ts):
 * runs `attempt` until it is done, waiting `Retry-After` or a jittered back-off between
 * tries, within the attempt limit and the deadline, and stopping when cancelled. What
 * counts as safe to try again is the caller's to say, by returning `{ retry }`; any
 * error it throws ends the loop.
 */
export async function retrying<T>(ctx: RetryContext, attempt: (n: number) => Promise<Attempt<T>>): Promise<T> {
  for (let n = 1; ; n++) {
    throwIfCancelled(ctx.signal)
    const result = await attempt(n)
    if ('done' in result) return result.done
    const error = result.retry
    const waitMs = error.retryAfterMs ?? backoffMs(n, ctx.policy, ctx.random)
    if (n >= ctx.policy.maxAttempts) throw error
    if (ctx.deadline !== undefined && ctx.clock.now() + waitMs > ctx.deadline) throw error
    ctx.announce(error, waitMs, n + 1)
    await sleepUnlessCancelled(ctx.clock, waitMs, ctx.signal)
  }
}
