import { formatDuration } from '../../core/clock.js'
import type { Connection } from '../../core/connection.js'
import { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import type { DeploymentSeen } from '../../core/outcome.js'
import type { Recorder } from '../../core/recorder.js'
import type { HealthCheckInputs } from '../../inputs/health.js'
import { checkHealth } from './health-check.js'
import { serverEndpoint } from './agent-server.js'
import type { Stop } from '../../core/stop.js'
import { RunContext } from '../../core/run-context.js'

/** Its deadline is the step's; the check ends by the sooner of it and its own time limit. */
export interface VerifyHealthOptions extends Stop {
  health: HealthCheckInputs
  /** As the control plane reported it once the revision was DEPLOYED. */
  deployment: DeploymentSeen
  connection: Connection
  log: Log
  recorder: Recorder
  /** A deploy without `on-failure: rollback`: its advice may point to it. */
  suggestRollback?: boolean
}

/**
 * The health check of a DEPLOYED revision: the deployment's reported URL plus the path,
 * until it answers 2xx. Each attempt goes to the log, the verdict to the recorder (so
 * the summary shows it). Returns the failure, not thrown: `health-check-failed` when the check
 * fails, `health-check-not-made` when the URL is not one the credential may go to (then no
 * request is made, and nothing is known about the revision's health); undefined when healthy.
 */
export async function verifyHealth(options: VerifyHealthOptions): Promise<ActionError | undefined> {
  const { health, deployment, clock, log, recorder } = options
  const target = serverEndpoint(deployment, health.path, options.connection)
  if ('refused' in target) {
    recorder.health({ healthy: false, attempts: 0, elapsedMs: 0, last: `not made: ${target.refused}` })
    // Not a failed check: the revision may be healthy, so this must not trigger a rollback.
    return new ActionError(
      'health-check-not-made',
      `The health check of deployment \`${deployment.name}\` could not be made: ${target.refused}.`,
      'The credential goes only to the https:// URL that the control plane reports for the deployment; without one, remove `health-check-path`.'
    )
  }
  const start = clock.now()
  const ownLimit = start + health.timeoutMs
  // The check's phase: `health-check-timeout` from now, or the step's deadline if that is sooner.
  const phase = RunContext.of(options).until(ownLimit)
  const { deadline } = phase
  log.info(`Checking health: GET ${target.url} until it answers 2xx, for up to ${formatDuration(deadline - start)}…`)
  const verdict = await checkHealth({
    url: target.url,
    headers: target.headers,
    ...phase.stop(),
    log: log.info
  })
  recorder.health(verdict)
  if (verdict.healthy) return undefined
  const limit = options.deadline < ownLimit ? "the step's `timeout`" : '`health-check-timeout`'
  return new ActionError(
    'health-check-failed',
    `The health check failed: GET ${target.url} did not answer 2xx in ${verdict.attempts} attempt${verdict.attempts === 1 ? '' : 's'} ` +
      `over ${formatDuration(verdict.elapsedMs)} (last: ${verdict.last}), and ${limit} allowed no more.`,
    'Each attempt is in the log. A server that starts slowly needs a longer `health-check-timeout`; one that keeps failing needs a fix' +
      (options.suggestRollback ? ' (or `on-failure: rollback`, to serve the previous revision again automatically).' : '.')
  )
}
