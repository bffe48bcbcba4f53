import type { ControlPlaneClient } from '../../api/client.js'
import type { ApiError } from '../../api/errors.js'
import type { Revision } from '../../api/schemas.js'
import { formatDuration } from '../../core/clock.js'
import { ActionError, firstLine } from '../../core/errors.js'
import { classify, failureOf } from '../../core/statuses.js'
import type { Timeline } from '../../core/timeline.js'
import { POLL_ERROR_BUDGET, pollUntil } from './poll.js'
import type { Stop } from '../../core/stop.js'

/** The wait for one revision; its deadline (the run's Stop) is when waiting must end: the start of the step plus `timeout`. */
export interface WaitOptions extends Stop {
  client: Pick<ControlPlaneClient, 'getRevision'>
  deploymentId: string
  deploymentName: string
  revisionId: string
  /** The step's `timeout`, for messages. */
  timeoutMs: number
  /** A fixed interval; adaptive polling when undefined. */
  pollIntervalMs?: number
  timeline: Timeline
  progress: WaitProgress
  warn: (line: string) => void
}

/** What the caller shows while the action waits. */
export interface WaitProgress {
  /** A status seen for the first time, `elapsedMs` into the wait. */
  changed(revision: Revision, elapsedMs: number): void | Promise<void>
  /** Every successful status check, after `changed`. */
  checked(revision: Revision): void | Promise<void>
}

/** The log line for a status change. */
export function statusLine(revisionId: string, status: string, elapsedMs: number): string {
  return `Revision ${revisionId}: ${status} (after ${formatDuration(elapsedMs)})`
}

/**
 * Polls the revision until it is DEPLOYED. A failed or skipped revision and the time limit
 * are errors that say where it stood; INTERRUPTED, UNKNOWN and unlisted statuses keep waiting.
 */
export async function waitForRevision(options: WaitOptions): Promise<Revision> {
  const { clock, timeline, revisionId } = options
  const warned = new Set<string>()
  let last: Revision | undefined
  return pollUntil<Revision>({
    deadline: options.deadline,
    pollIntervalMs: options.pollIntervalMs,
    clock,
    signal: options.signal,
    check: async () => {
      const revision = await options.client.getRevision(options.deploymentId, revisionId)
      const now = clock.now()
      last = revision
      if (timeline.observe(revision.status, now)) await options.progress.changed(revision, now - timeline.startedAt)
      await options.progress.checked(revision)

      const verdict = classify(revision.status)
      if (verdict === 'deployed') return { done: revision }
      if (verdict === 'failed') throw revisionFailed(options, revision)
      if (verdict === 'unrecognised' && !warned.has(revision.status)) {
        warned.add(revision.status)
        options.warn(`Revision ${revisionId} has status \`${revision.status}\`, which this action does not know; waiting for it to change.`)
      }
      return { status: revision.status }
    },
    onFailure: (error, failures) =>
      options.warn(
        `Status check failed (${firstLine(error)}); checking again (${failures} of ${POLL_ERROR_BUDGET} failures allowed in a row).`
      ),
    lostContact: (error, failures) => lostContact(options, error, failures, last),
    timedOut: (lastError) => timedOut(options, last, lastError)
  })
}

function lostContact(options: WaitOptions, error: ApiError, failures: number, last: Revision | undefined): ActionError {
  const where = last ? ` It was last seen ${last.status}.` : ''
  return new ActionError(
    'api-refused',
    `Lost contact with the control plane while waiting for revision ${options.revisionId} of deployment \`${options.deploymentName}\`: ` +
      `${failures} status checks in a row failed, the last with: ${error.message}${where}`,
    'The revision goes on on the control plane; follow it there, and re-run the job once the control plane answers again.'
  )
}

function revisionFailed(options: WaitOptions, revision: Revision): ActionError {
  const failure = failureOf(revision.status)!
  const message = revision.status_message ? `: ${revision.status_message}` : ''
  return new ActionError(
    'revision-failed',
    `Revision ${revision.id} of deployment \`${options.deploymentName}\` ${failure.what} (status ${revision.status})${message}`,
    failure.todo
  )
}

function timedOut(options: WaitOptions, revision: Revision | undefined, lastError: ApiError | undefined): ActionError {
  const { timeline } = options
  const where = revision
    ? `it has been ${revision.status} for ${formatDuration(timeline.currentDuration())}.`
    : 'its status could not be read.'
  const failed = lastError ? ` The last status check failed: ${lastError.message}` : ''
  return new ActionError(
    'timed-out',
    `Timed out after ${formatDuration(options.timeoutMs)} waiting for revision ${options.revisionId} of deployment \`${options.deploymentName}\`: ${where}${failed}`,
    'The revision goes on on the control plane; follow it there, or raise `timeout` if it usually takes this long.'
  )
}
