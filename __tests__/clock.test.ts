import { describe, expect, it } from '@jest/globals'
import { getEventListeners } from 'node:events'
import { realClock } from '../src/core/clock.js'

describe('realClock.sleep', () => {
  it('leaves no abort listener behind on the run-wide signal, and no MaxListenersExceededWarning', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      const signal = new AbortController().signal
      for (let i = 0; i < 50; i++) await realClock.sleep(1, signal)
      expect(getEventListeners(signal, 'abort')).toHaveLength(0)
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('does not wake at once from a sleep longer than a timer can hold (weeks)', async () => {
    const controller = new AbortController()
    let woke = false
    const sleeping = realClock.sleep(30 * 24 * 60 * 60 * 1000, controller.signal).then(() => (woke = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(woke).toBe(false)
    controller.abort()
    await sleeping
  })

  it('still ends early when the signal aborts', async () => {
    const controller = new AbortController()
    const started = Date.now()
    const sleeping = realClock.sleep(60_000, controller.signal)
    controller.abort()
    await sleeping
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })
})
