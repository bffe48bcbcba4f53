import type { ControlPlaneClient } from '../api/client.js'
import { ApiError } from '../api/errors.js'
import type { Deployment } from '../api/schemas.js'
import { sleepUnlessCancelled } from '../cancel.js'
import { formatDuration, type Clock } from '../clock.js'
import { ActionError } from '../errors.js'
import { adaptiveSchedule, fixedSchedule } from '../deploy/poll-schedule.js'
import { POLL_ERROR_BUDGET } from '../deploy/wait.js'

export interface WaitUntilGoneOptions {
  client: Pick<ControlPlaneClient, 'getDeployment'>
  deployment: Pick<Deployment, 'id' | 'name'>
  /** The step's `timeout`, for messages. */
  timeoutMs: number
  deadline: number
  pollIntervalMs?: number
  clock: Clock
  signal?: AbortSignal
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
  const { clock, deadline, deployment } = options
  const schedule = options.pollIntervalMs === undefined ? adaptiveSchedule() : fixedSchedule(options.pollIntervalMs)
  let failures = 0
  let lastStatus: string | undefined
  const startedAt = clock.now()
  for (;;) {
    let changed = false
    try {
      const current = await options.client.getDeployment(deployment.id)
      failures = 0
      options.onSeen?.(current)
      const status = current.status ?? 'unknown'
      changed = status !== lastStatus
      if (changed) options.log(`Deployment \`${deployment.name}\` is still listed: ${status} (after ${formatDuration(clock.now() - startedAt)})`)
      lastStatus = status
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return
      if (!(error instanceof ApiError) || !error.retryable) throw error
      failures++
      if (failures > POLL_ERROR_BUDGET) throw lostContact(options, error, failures)
      options.warn(`Check for deployment \`${deployment.name}\` failed (${error.message.split('\n')[0]}); checking again (${failures} of ${POLL_ERROR_BUDGET} failures allowed in a row).`)
    }
    const now = clock.now()
    if (now >= deadline) throw timedOut(options, lastStatus)
    await sleepUnlessCancelled(clock, Math.min(schedule.next(lastStatus ?? '', changed), deadline - now), options.signal)
  }
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
