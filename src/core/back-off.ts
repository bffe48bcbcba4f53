import { sleepUnlessCancelled } from './cancel.js'
import type { Stop } from './stop.js'

/** A hard stop besides the deadline, so that no clock mistake can make a loop endless. */
export const MAX_ASKS = 200

/** The wait before ask number `asked + 1`: 1 s, 2 s, 4 s, ... up to 10 s (a new revision often starts cold). */
export function waitAfter(asked: number): number {
  return Math.min(10_000, 1_000 * 2 ** (asked - 1))
}

/** Waits before asking again, if that leaves time before the stop's deadline; false when it does not (then nothing is waited). */
export async function waitToAskAgain(stop: Stop, asked: number, ms = waitAfter(asked)): Promise<boolean> {
  if (stop.clock.now() + ms >= stop.deadline) return false
  await sleepUnlessCancelled(stop.clock, ms, stop.signal)
  return true
}
