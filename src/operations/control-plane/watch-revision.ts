import type { ControlPlaneClient } from '../../api/client.js'
import { ApiError } from '../../api/errors.js'
import type { Deployment, Revision } from '../../api/schemas.js'
import { formatDuration } from '../../core/clock.js'
import { ActionError, firstLine } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import type { Recorder } from '../../core/recorder.js'
import { failedPhaseOf, waitNoteOf } from '../../core/statuses.js'
import { Timeline } from '../../core/timeline.js'
import { LogFollower, printVerbatim } from './logs.js'
import { statusLine, waitForRevision } from './revision-wait.js'
import type { Stop } from '../../core/stop.js'

export interface WatchOptions extends Stop {
  client: Pick<ControlPlaneClient, 'getRevision' | 'getRevisionLogs' | 'getDeployment'>
  deployment: Pick<Deployment, 'id' | 'name'>
  revisionId: string
  /** The step's `timeout`, for messages. */
  timeoutMs: number
  pollIntervalMs?: number
  showLogs: boolean
  log: Log
  recorder: Recorder
}

/** How a command's inputs say to watch: `timeout`, `poll-interval`, `show-logs`. */
export function watchSettings(inputs: {
  timeoutMs: number
  pollIntervalMs?: number
  showLogs: boolean
}): Pick<WatchOptions, 'timeoutMs' | 'pollIntervalMs' | 'showLogs'> {
  return { timeoutMs: inputs.timeoutMs, pollIntervalMs: inputs.pollIntervalMs, showLogs: inputs.showLogs }
}

/**
 * Watches a revision until it is DEPLOYED: polls it, follows its build and deploy
 * logs, keeps its timeline, and on failure shows (and records) the end of the failing
 * phase's log before rethrowing. Then re-reads the deployment for its status and URL
 * and warns if another revision now serves. Deploy and rollback call it.
 * Returns the revision as last read, DEPLOYED, and the deployment as re-read then (absent
 * when that read failed): the caller passes them on rather than reading them back from the recorder.
 */
export async function watchUntilDeployed(options: WatchOptions): Promise<{ revision: Revision; deployment?: Deployment }> {
  const { client, clock, log, recorder, deployment, revisionId } = options
  const timeline = new Timeline(clock.now())
  recorder.watch(timeline)
  log.info(
    // The step's `timeout` as given: the time left (29m 59s after the lookup) reads like a different setting.
    `Waiting for revision ${revisionId} to be DEPLOYED, within the step's \`timeout\` of ${formatDuration(options.timeoutMs)}` +
      (options.pollIntervalMs ? ` (checking every ${formatDuration(options.pollIntervalMs)})…` : '…')
  )
  const logs = options.showLogs
    ? new LogFollower(client, { deploymentId: deployment.id, revisionId }, log, { clock, deadline: options.deadline })
    : undefined
  let last: Revision | undefined
  let revision: Revision
  try {
    revision = await waitForRevision({
      client,
      deploymentId: deployment.id,
      deploymentName: deployment.name,
      revisionId,
      timeoutMs: options.timeoutMs,
      deadline: options.deadline,
      pollIntervalMs: options.pollIntervalMs,
      clock,
      signal: options.signal,
      timeline,
      warn: log.warn,
      progress: {
        changed: async (r, elapsedMs) => {
          await logs?.leaving(r.status)
          log.info(statusLine(revisionId, r.status, elapsedMs))
          const note = waitNoteOf(r.status)
          if (note) log.info(`Revision ${revisionId} was ${note}.`)
        },
        checked: async (r) => {
          last = r
          recorder.revisionSeen(r)
          await logs?.follow(r.status)
        }
      }
    })
  } catch (error) {
    logs?.close()
    if (logs && error instanceof ActionError && error.kind === 'revision-failed' && last) {
      await showFailureLog(logs, last, recorder, log)
    }
    throw error
  }
  logs?.close()
  log.info(`Revision ${revisionId} is DEPLOYED after ${formatDuration(clock.now() - timeline.startedAt)}.`)

  // Re-read for the deployment's status and URL, and to check that this revision is
  // the one serving: a newer deploy may have overtaken it while it finished. The
  // revision is deployed either way, so a failed re-read costs a warning, not the step.
  const current = await client.getDeployment(deployment.id).catch((error: unknown) => {
    if (!(error instanceof ApiError) || !error.retryable) throw error
    log.warn(
      `Could not re-read deployment \`${deployment.name}\` after the deploy (${firstLine(error)}); its status and URL below may be out of date.`
    )
    return undefined
  })
  if (!current) return { revision }
  recorder.seen(current)
  if (current.active_revision_id && current.active_revision_id !== revision.id) {
    log.warn(
      `Revision ${revision.id} reached DEPLOYED, but the deployment now serves revision ${current.active_revision_id} (a newer deploy?).`
    )
  }
  return { revision, deployment: current }
}

/** The end of the failing phase's log, right above the error, and for the summary. */
async function showFailureLog(logs: LogFollower, revision: Revision, recorder: Recorder, log: Log): Promise<void> {
  const type = failedPhaseOf(revision.status)
  if (!type) return
  const lines = await logs.tail(type)
  if (lines.length === 0) return
  recorder.failureLog(type, lines)
  log.info(`Last ${lines.length} lines of the ${type} log of revision ${revision.id}:`)
  printVerbatim(log, lines)
}
