import type { ControlPlaneClient } from '../../api/client.js'
import type { Deployment } from '../../api/schemas.js'
import { CancelledError } from '../../core/cancel.js'
import { describeError } from '../../core/errors.js'
import { findDeploymentByName } from '../control-plane/find.js'
import type { Stop } from '../../core/stop.js'

/**
 * The deployment `compare-with` names, by exact name; or why there is none to compare with. The
 * run and the dry run both ask, so a dry run finds a misspelt name before a real run's gate does.
 */
export async function lookUpCompared(
  client: Pick<ControlPlaneClient, 'listDeployments'>,
  name: string,
  limits: Pick<Stop, 'clock' | 'deadline'>
): Promise<{ found: Deployment } | { why: string }> {
  let found
  try {
    found = await findDeploymentByName(client, name, limits)
  } catch (error) {
    if (error instanceof CancelledError) throw error
    return { why: `it could not be looked up (${describeError(error)})` }
  }
  return found ? { found } : { why: 'no deployment has that name' }
}

/** The note a suite with `pass-rate: 0%` gets: such a gate passes whatever the agent answers. */
export function passRateNote(passRate: number): string | undefined {
  return passRate === 0
    ? '`evals`: `pass-rate: 0%` passes any result: the suite is only reported, not a gate on the answers (raise `pass-rate` to gate)'
    : undefined
}

/** Why a suite that compares cannot be gated without the comparison: it set `max-regressions`. */
export const GATE_NEEDS_COMPARISON =
  'the suite sets `max-regressions`, a gate on the comparison, and the comparison it asks for cannot be made'
