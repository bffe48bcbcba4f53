import { describe, expect, it } from '@jest/globals'
import { ControlPlaneClient, type Requester } from '../src/api/client.js'
import { ApiError } from '../src/api/errors.js'
import { CancelledError } from '../src/core/cancel.js'
import type { Clock } from '../src/core/clock.js'
import { startTimeLimit, TimeLimitReached, withinTimeLimit } from '../src/core/time-limit.js'

/** Work that never ends by itself, and reports the signal it was given. */
function forever(seen: AbortSignal[]) {
  return (signal: AbortSignal) => {
    seen.push(signal)
    return new Promise<never>(() => undefined)
  }
}

/** A clock whose time limits pass only when the test says so. */
class HandClock implements Clock {
  readonly limits: Array<{ ms: number; controller: AbortController; ended: boolean }> = []
  now = () => 0
  sleep = async () => undefined
  timeLimit(ms: number) {
    const entry = { ms, controller: new AbortController(), ended: false }
    this.limits.push(entry)
    return { signal: entry.controller.signal, end: () => void (entry.ended = true) }
  }
}

describe('startTimeLimit: the limit withinTimeLimit and the killed processes share', () => {
  it('waits out a limit longer than a timer can hold (weeks), instead of ending at once', async () => {
    const limit = startTimeLimit({ limitMs: 30 * 24 * 60 * 60 * 1000 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(limit.signal.aborted).toBe(false)
    limit.end()
  })

  it('says whether the run was cancelled or the limit passed', async () => {
    const cancel = new AbortController()
    const cancelled = startTimeLimit({ limitMs: 60_000, signal: cancel.signal })
    cancel.abort()
    expect(cancelled.signal.aborted).toBe(true)
    expect(cancelled.reason()).toBeInstanceOf(CancelledError)
    const passed = startTimeLimit({ limitMs: 10 })
    await new Promise((resolve) => passed.signal.addEventListener('abort', resolve, { once: true }))
    expect(passed.reason()).toBeInstanceOf(TimeLimitReached)
  })
})

describe('withinTimeLimit: the one way to give up on a request', () => {
  it('settles with TimeLimitReached at the limit, in real time by default, whether or not the work notices, and aborts its signal', async () => {
    const seen: AbortSignal[] = []
    const started = Date.now()
    const error = await withinTimeLimit(forever(seen), { limitMs: 50 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeLimitReached)
    expect((error as Error).message).toBe('no answer within 50ms')
    expect(Date.now() - started).toBeGreaterThanOrEqual(40)
    expect(seen[0]?.aborted).toBe(true)
  })

  it('settles with CancelledError as soon as the run is cancelled', async () => {
    const seen: AbortSignal[] = []
    const cancel = new AbortController()
    const pending = withinTimeLimit(forever(seen), { limitMs: 60_000, signal: cancel.signal })
    cancel.abort()
    await expect(pending).rejects.toBeInstanceOf(CancelledError)
    expect(seen[0]?.aborted).toBe(true)
    // Already cancelled: the work is not started.
    await expect(withinTimeLimit(forever(seen), { limitMs: 60_000, signal: cancel.signal })).rejects.toBeInstanceOf(CancelledError)
    expect(seen).toHaveLength(1)
  })

  it('lets a clock that measures limits decide: the limit passes when that clock says, not in real time', async () => {
    const clock = new HandClock()
    const seen: AbortSignal[] = []
    const pending = withinTimeLimit(forever(seen), { limitMs: 5, clock })
    const outcome = pending.then(
      () => 'settled',
      (e: unknown) => e
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    // 50 ms of real time is ten times the limit: on this clock it has not passed.
    expect(seen[0]?.aborted).toBe(false)
    expect(clock.limits.map((l) => l.ms)).toEqual([5])
    clock.limits[0]?.controller.abort()
    expect(await outcome).toBeInstanceOf(TimeLimitReached)
    expect(clock.limits[0]?.ended).toBe(true)
  })

  it('passes the answer through and ends the limit; work that fails otherwise has its signal aborted, to close what is left', async () => {
    const clock = new HandClock()
    await expect(withinTimeLimit(async () => 'answer', { limitMs: 1_000, clock })).resolves.toBe('answer')
    expect(clock.limits[0]?.ended).toBe(true)
    let given: AbortSignal | undefined
    const failure = new Error('the response exceeded 32 MiB')
    const failing = withinTimeLimit(
      async (signal) => {
        given = signal
        throw failure
      },
      { limitMs: 1_000, clock }
    )
    await expect(failing).rejects.toBe(failure)
    expect(given?.aborted).toBe(true)
  })
})

describe("the control-plane client's request limit", () => {
  it('is measured on the clock the client is given, so a test clock decides when a hung request is given up on', async () => {
    const clock = new HandClock()
    const hung: Requester = { request: () => new Promise(() => undefined) }
    const client = new ControlPlaneClient(
      { baseUrl: 'https://api.example.com', credential: { kind: 'api-key', value: 'k' } },
      { http: hung, clock, requestTimeoutMs: 30_000, retry: { maxAttempts: 1, baseMs: 1, capMs: 1 } }
    )
    const outcome = client.listDeployments({ limit: 100, offset: 0 }).then(
      () => 'answered',
      (e: unknown) => e
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(clock.limits.map((l) => l.ms)).toEqual([30_000])
    clock.limits[0]?.controller.abort()
    const error = await outcome
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('List deployments failed: no answer within 30s.')
  })
})
