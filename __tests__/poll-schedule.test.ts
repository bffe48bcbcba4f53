import { describe, expect, it } from '@jest/globals'
import { ADAPTIVE, adaptiveSchedule, fixedSchedule } from '../src/operations/control-plane/poll-schedule.js'

describe('adaptiveSchedule', () => {
  it('checks quickly after a change, doubling up to the cap while a phase lasts', () => {
    const schedule = adaptiveSchedule()
    const waits = [schedule.next('BUILDING', true), ...Array.from({ length: 6 }, () => schedule.next('BUILDING', false))]
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 16000, 16000])
  })

  it('keeps checks frequent in the phase that ends in DEPLOYED', () => {
    const schedule = adaptiveSchedule()
    const waits = [schedule.next('DEPLOYING', true), ...Array.from({ length: 5 }, () => schedule.next('DEPLOYING', false))]
    expect(waits).toEqual([1000, 2000, 4000, ADAPTIVE.finalPhaseCapMs, ADAPTIVE.finalPhaseCapMs, ADAPTIVE.finalPhaseCapMs])
  })

  it('starts over on every change', () => {
    const schedule = adaptiveSchedule()
    schedule.next('QUEUED', true)
    schedule.next('QUEUED', false)
    schedule.next('QUEUED', false)
    expect(schedule.next('AWAITING_BUILD', true)).toBe(1000)
  })
})

describe('fixedSchedule', () => {
  it('always waits the given interval', () => {
    const schedule = fixedSchedule(5000)
    expect([schedule.next('QUEUED', true), schedule.next('DEPLOYING', false)]).toEqual([5000, 5000])
  })
})
