import { describe, expect, it } from '@jest/globals'
import { CancelledError } from '../src/core/cancel.js'
import { DEFAULT_REQUEST_LIMIT_MS, requestLimitFor, RunContext } from '../src/core/run-context.js'
import { stopLimit, stopReason, throwIfStopped } from '../src/core/stop.js'
import { FakeClock } from './helpers/clock.js'

describe('the run context', () => {
  it('makes the step deadline from its start and `timeout`', () => {
    const clock = new FakeClock(10_000)
    const run = RunContext.forStep({ clock, startedAt: 9_000, timeoutMs: 60_000 })
    expect(run.deadline).toBe(69_000)
  })

  it('gives one request a sixth of `timeout`, between 1 s and 30 s, and 30 s when no timeout is known', () => {
    expect(requestLimitFor(60_000)).toBe(10_000)
    expect(requestLimitFor(3_000)).toBe(1_000)
    expect(requestLimitFor(30 * 60_000)).toBe(30_000)
    expect(RunContext.forStep({ clock: new FakeClock(), startedAt: 0, timeoutMs: 12_000 }).requestLimit()).toBe(2_000)
    expect(new RunContext({ clock: new FakeClock(), deadline: 5 }).requestLimit()).toBe(DEFAULT_REQUEST_LIMIT_MS)
  })

  it('limits one piece of work to the request limit and the time left, at least 1 ms', () => {
    const clock = new FakeClock(0)
    const run = new RunContext({ clock, deadline: 25_000, requestLimitMs: 10_000 })
    expect(stopLimit(run, run.requestLimit()).limitMs).toBe(10_000)
    expect(stopLimit(run, 40_000).limitMs).toBe(25_000)
    clock.time = 20_000
    expect(stopLimit(run, run.requestLimit()).limitMs).toBe(5_000)
    clock.time = 30_000
    expect(stopLimit(run, run.requestLimit()).limitMs).toBe(1)
  })

  it('gives a phase a child that ends earlier, never after its parent', () => {
    const clock = new FakeClock(0)
    const run = new RunContext({ clock, deadline: 60_000, requestLimitMs: 10_000 })
    expect(run.within(5_000).deadline).toBe(5_000)
    expect(run.within(90_000).deadline).toBe(60_000)
    expect(run.until(120_000).deadline).toBe(60_000)
    expect(run.within(5_000).within(10_000).deadline).toBe(5_000)
    expect(run.within(5_000).requestLimit()).toBe(10_000)
    expect(run.within(5_000).clock).toBe(clock)
  })

  it('a cancel of the run reaches every child, made before or after it', () => {
    const controller = new AbortController()
    const run = new RunContext({ clock: new FakeClock(0), deadline: 60_000, signal: controller.signal })
    const child = run.within(10_000)
    const grandchild = child.until(5_000)
    expect(stopReason(grandchild)).toBeUndefined()
    controller.abort()
    for (const context of [run, child, grandchild, run.within(1_000)]) {
      expect(stopReason(context)).toBeInstanceOf(CancelledError)
      expect(() => context.throwIfCancelled()).toThrow(CancelledError)
      expect(stopLimit(context, context.requestLimit()).signal?.aborted).toBe(true)
    }
  })

  it('stops at its own deadline with the one "timed out" wording, a child at its earlier one', () => {
    const clock = new FakeClock(0)
    const run = new RunContext({ clock, deadline: 60_000 })
    const phase = run.within(10_000)
    clock.time = 10_000
    expect(stopReason(run)).toBeUndefined()
    expect(() => throwIfStopped(phase)).toThrow(expect.objectContaining({ kind: 'timed-out' }))
    clock.time = 60_000
    expect(stopReason(run)).toMatchObject({ kind: 'timed-out' })
  })

  it('is itself the Stop the layers take, and its stop() holds only the clock, deadline and cancel', () => {
    const clock = new FakeClock(0)
    const signal = new AbortController().signal
    const run = new RunContext({ clock, deadline: 1_000, signal, requestLimitMs: 2_000 })
    expect(run.stop()).toEqual({ clock, deadline: 1_000, signal })
    expect({ ...run }).toEqual({ clock, deadline: 1_000, signal })
    expect(new RunContext({ clock, deadline: 1_000 }).stop()).toEqual({ clock, deadline: 1_000 })
    expect(RunContext.of(run)).toBe(run)
    expect(RunContext.of({ clock, deadline: 7 }).deadline).toBe(7)
  })
})
