import { throwIfCancelled } from './cancel.js'
import { realClock, type Clock } from './clock.js'
import type { Stop } from './stop.js'

/**
 * One request's time limit when the step's `timeout` is not known (a client or a reader made
 * without a run, as tests make them): the most a request is ever given. The one fallback.
 */
export const DEFAULT_REQUEST_LIMIT_MS = 30_000

/** One request may use a sixth of the step's time, between 1 s and 30 s. */
export function requestLimitFor(timeoutMs: number): number {
  return Math.min(DEFAULT_REQUEST_LIMIT_MS, Math.max(1_000, Math.round(timeoutMs / 6)))
}

export interface RunContextOptions {
  /** Whose time: the real clock on a runner, the virtual one in tests. */
  clock?: Clock
  /** Clock time by which the work must be done. */
  deadline: number
  /** The run's cancellation. */
  signal?: AbortSignal
  /** One request's time limit; DEFAULT_REQUEST_LIMIT_MS when not given. */
  requestLimitMs?: number
}

/**
 * The run's time and cancellation, on one object made once per run (main.ts) and passed to
 * commands as `CommandDeps.run`: the clock, the step's deadline, the cancel, and one request's
 * limit. Each layer takes what it needs from it: the `Stop` (clock, deadline, signal) that the
 * waits, the retries and the checkout's readers take, the time left, the limit for one request,
 * or a child for a phase that must end earlier. A child never outlives its parent (its deadline
 * is at most the parent's) and shares its cancel, so a cancel reaches every phase at once.
 *
 * It is itself a `Stop` (its own fields are `clock`, `deadline` and `signal`), so it can be
 * passed, or spread, wherever one is taken.
 */
export class RunContext implements Stop {
  readonly clock: Clock
  readonly deadline: number
  readonly signal?: AbortSignal
  readonly #requestLimitMs: number

  constructor(options: RunContextOptions) {
    this.clock = options.clock ?? realClock
    this.deadline = options.deadline
    if (options.signal) this.signal = options.signal
    this.#requestLimitMs = options.requestLimitMs ?? DEFAULT_REQUEST_LIMIT_MS
  }

  /** The step's context: its deadline `timeoutMs` after it began, a request's limit a sixth of that. */
  static forStep(options: { clock?: Clock; startedAt: number; timeoutMs: number; signal?: AbortSignal }): RunContext {
    return new RunContext({
      clock: options.clock,
      deadline: options.startedAt + options.timeoutMs,
      signal: options.signal,
      requestLimitMs: requestLimitFor(options.timeoutMs)
    })
  }

  /** A context from the loose limits a caller holds (a `Stop`), with the request limit when it knows one. */
  static of(stop: Stop & { requestLimitMs?: number }): RunContext {
    return stop instanceof RunContext ? stop : new RunContext(stop)
  }

  now(): number {
    return this.clock.now()
  }

  /** One request's time limit, whatever the time left. */
  requestLimit(): number {
    return this.#requestLimitMs
  }

  /** A child for a phase that may take at most `ms` from now (and never past this deadline). */
  within(ms: number): RunContext {
    return this.until(this.clock.now() + ms)
  }

  /** A child whose deadline is `deadline`, or this one's when that is earlier; same clock, cancel and request limit. */
  until(deadline: number): RunContext {
    return new RunContext({
      clock: this.clock,
      deadline: Math.min(this.deadline, deadline),
      signal: this.signal,
      requestLimitMs: this.#requestLimitMs
    })
  }

  /** The clock, deadline and cancel alone, as a plain object (the readers of the checkout take it). */
  stop(): Stop {
    return this.signal
      ? { clock: this.clock, deadline: this.deadline, signal: this.signal }
      : { clock: this.clock, deadline: this.deadline }
  }

  throwIfCancelled(): void {
    throwIfCancelled(this.signal)
  }
}
