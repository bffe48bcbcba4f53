import { isFinalPhase } from '../../core/statuses.js'

/**
 * When to check the revision's status next.
 *
 * Two things cost: requests (each one a call on a shared control plane) and the
 * delay between DEPLOYED happening and the action noticing it (the job's minutes,
 * and a person waiting). A phase's end can only be seen by a check after it, and a
 * check lands on average half an interval late. So:
 * - right after a status change, check quickly (1 s, 2 s, 4 s, ...): many phases
 *   (CREATING, QUEUED, AWAITING_*) last seconds;
 * - in a phase that has lasted, back off to a cap: long checks cost little while
 *   nothing the user waits for can happen;
 * - the cap is low only in the phase that ends in DEPLOYED, where lateness is
 *   what the user feels; a build's end noticed 8 s late delays nothing, since the
 *   deploy phase runs on the server meanwhile.
 */
export interface PollSchedule {
  /** The wait before the next check, given the status just seen and whether it is new. */
  next(status: string, changed: boolean): number
}

export const ADAPTIVE = {
  firstMs: 1_000,
  factor: 2,
  /** In the phase that ends in DEPLOYED. */
  finalPhaseCapMs: 6_000,
  /** Everywhere else, including statuses this action does not know. */
  capMs: 16_000
}

export function adaptiveSchedule(): PollSchedule {
  let intervalMs = ADAPTIVE.firstMs
  return {
    next(status, changed) {
      intervalMs = changed ? ADAPTIVE.firstMs : intervalMs * ADAPTIVE.factor
      const cap = isFinalPhase(status) ? ADAPTIVE.finalPhaseCapMs : ADAPTIVE.capMs
      return Math.min(intervalMs, cap)
    }
  }
}

/** `poll-interval`: the user's fixed interval, whatever the status. */
export function fixedSchedule(intervalMs: number): PollSchedule {
  return { next: () => intervalMs }
}
