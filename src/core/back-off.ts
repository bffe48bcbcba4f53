import { sleepUnlessCancelled } from './cancel.js'
import type { Clock } from './clock.js'

/** A hard stop besides the deadline, so that no clock mistake can make a loop endless. */
export const MAX_ASKS = 200

/** The wait before ask number `asked + 1`: 1 s, 2 s, 4 s, ... up to 10 s (a new revision often starts cold). */
export function waitAfter(asked: number): number {
  return Math.min(10_000, 1_000 * 2 ** (asked - 1))
}

/** Waits before asking again, if that leaves time before `deadline`; false when it does not (then nothing is waited). */
export async function waitToAskAgain(
  clock: Clock,
  asked: number,
  deadline: number,
  signal: AbortSignal | undefined,
  ms = waitAfter(asked)
): Promise<boolean> {
  if (clock.now() + ms >= deadline) return false
  await sleepUnlessCancelled(clock, ms, signal)
  return true
}
