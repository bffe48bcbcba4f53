import type { InputName } from './names.js'
import type { InputReader } from './spec.js'

/**
 * The health check that `deploy` and `rollback` make once their revision is DEPLOYED.
 * Its path is checked, before any request, by health-path.ts.
 */
export interface HealthCheckInputs {
  path: string
  timeoutMs: number
}

export const HEALTH_INPUTS: InputName[] = ['health-check-path', 'health-check-timeout']

/** `health-check-path` (unset: no check) and its time limit; checking needs the wait. */
export function readHealthCheck(reader: InputReader): HealthCheckInputs | undefined {
  const path = reader.value('health-check-path')
  if (path === undefined) return undefined
  if (reader.value('wait') === false) {
    reader.problem(
      '`health-check-path` needs `wait: true`: the health check runs once the revision is DEPLOYED, which only a run that waits sees'
    )
  }
  return { path, timeoutMs: reader.value('health-check-timeout') as number }
}
