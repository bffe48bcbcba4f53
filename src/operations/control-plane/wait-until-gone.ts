import type { ControlPlaneClient } from '../../api/client.js'
import { ApiError, isNotFound } from '../../api/errors.js'
import type { Deployment } from '../../api/schemas.js'
import { formatDuration } from '../../core/clock.js'
import { ActionError, firstLine } from '../../core/errors.js'
import { POLL_ERROR_BUDGET, pollUntil } from './poll.js'
import type { Stop } from '../../core/stop.js'

export interface WaitUntilGoneOptions extends Stop {
  client: Pick<ControlPlaneClient, 'getDeployment'>
  deployment: Pick<Deployment, 'id' | 'name'>
  /** The step's `timeout`, for messages. */
  timeoutMs: number
  pollIntervalMs?: number
  log: (line: string) => void
  warn: (line: string) => void
  /** Called with every read of the deployment while it is still there. */
  onSeen?: (deployment: Deployment) => void
}

/**
 * Polls the deployment by id until the control plane answers 404: a deleted deployment
 * may stay listed for a while (AWAITING_DELETE), and a workflow that re-creates it by the
 * same name must not race that. Bounded by the step's deadline; polls as the revision
 * wait does, with the same error budget.
 */
export async function waitUntilGone(options: WaitUntilGoneOptions): Promise<void> {
  const { clock, deployment } = options
  let lastStatus: string | undefined
  const startedAt = clock.now()
  return pollUntil<void>({
    deadline: options.deadline,
    pollIntervalMs: options.pollIntervalMs,
    clock,
    signal: options.signal,
    check: async () => {
      let current: Deployment
      try {
        current = await options.client.getDeployment(deployment.id)
      } catch (error) {
        if (isNotFound(error)) return { done: undefined }
        throw error
      }
      options.onSeen?.(current)
      const status = current.status ?? 'unknown'
      if (status !== lastStatus) {
        options.log(`Deployment \`${deployment.name}\` is still listed: ${status} (after ${formatDuration(clock.now() - startedAt)})`)
      }
      lastStatus = status
      return { status }
    },
    onFailure: (error, failures) =>
      options.warn(
        `Check for deployment \`${deployment.name}\` failed (${firstLine(error)}); checking again (${failures} of ${POLL_ERROR_BUDGET} failures allowed in a row).`
      ),
    lostContact: (error, failures) => lostContact(options, error, failures),
    timedOut: () => timedOut(options, lastStatus)
  })
}

function lostContact(options: WaitUntilGoneOptions, error: ApiError, failures: number): ActionError {
  return new ActionError(
    'api-refused',
    `Lost contact with the control plane while waiting for deployment \`${options.deployment.name}\` to be deleted: ` +
      `${failures} checks in a row failed, the last with: ${error.message}`,
    'The delete was accepted and goes on on the control plane; re-run the job once the control plane answers again.'
  )
}

function timedOut(options: WaitUntilGoneOptions, status: string | undefined): ActionError {
  return new ActionError(
    'timed-out',
    `Timed out after ${formatDuration(options.timeoutMs)} waiting for deployment \`${options.deployment.name}\` (${options.deployment.id}) to be deleted: ` +
      `the control plane still lists it${status ? ` (status ${status})` : ''}.`,
    'The delete was accepted and goes on on the control plane; raise `timeout`, or set `wait: false` to not wait for it.'
  )
}
