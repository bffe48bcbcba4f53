import type { ControlPlaneClient } from '../api/client.js'
import type { Revision } from '../api/schemas.js'
import { formatDuration, type Clock } from '../clock.js'
import { ActionError } from '../errors.js'
import { classify, FAILURES } from './statuses.js'
import type { Timeline } from './timeline.js'

export interface WaitOptions {
  client: Pick<ControlPlaneClient, 'getRevision'>
  deploymentId: string
  deploymentName: string
  revisionId: string
  timeoutMs: number
  /** A fixed interval; adaptive polling when undefined. */
  pollIntervalMs?: number
  clock: Clock
  timeline: Timeline
  log: (line: string) => void
  warn: (line: string) => void
  /** Called with every revision read, so the caller knows the last state if waiting fails. */
  onRevision?: (revision: Revision) => void
}

/**
 * Adaptive polling: quick checks right after a status change, when the next change
 * is most likely to be short (CREATING, QUEUED), then slower while a phase lasts.
 */
export const ADAPTIVE = { firstMs: 1_000, factor: 1.5, maxMs: 10_000 }

/**
 * Polls the revision until it is DEPLOYED. A failed, skipped or interrupted revision
 * and the time limit are errors that say where it stood; unknown statuses keep waiting.
 */
export async function waitForRevision(options: WaitOptions): Promise<Revision> {
  const { client, clock, timeline, revisionId } = options
  const deadline = timeline.startedAt + options.timeoutMs
  const warned = new Set<string>()
  let intervalMs = options.pollIntervalMs ?? ADAPTIVE.firstMs
  for (;;) {
    const revision = await client.getRevision(options.deploymentId, revisionId)
    const now = clock.now()
    options.onRevision?.(revision)
    const changed = timeline.observe(revision.status, now)
    if (changed) options.log(`Revision ${revisionId}: ${revision.status} (after ${formatDuration(now - timeline.startedAt)})`)

    const verdict = classify(revision.status)
    if (verdict === 'deployed') return revision
    if (verdict === 'failed') throw revisionFailed(options, revision)
    if (verdict === 'unrecognised' && !warned.has(revision.status)) {
      warned.add(revision.status)
      options.warn(`Revision ${revisionId} has status \`${revision.status}\`, which this action does not know; waiting for it to change.`)
    }
    if (now >= deadline) throw timedOut(options, revision)

    if (options.pollIntervalMs === undefined) {
      intervalMs = changed ? ADAPTIVE.firstMs : Math.min(intervalMs * ADAPTIVE.factor, ADAPTIVE.maxMs)
    }
    await clock.sleep(Math.min(intervalMs, deadline - now))
  }
}

function revisionFailed(options: WaitOptions, revision: Revision): ActionError {
  const failure = FAILURES[revision.status]
  const message = revision.status_message ? `: ${revision.status_message}` : ''
  return new ActionError(
    'revision-failed',
    `Revision ${revision.id} of deployment \`${options.deploymentName}\` ${failure.what} (status ${revision.status})${message}`,
    failure.todo
  )
}

function timedOut(options: WaitOptions, revision: Revision): ActionError {
  const { timeline } = options
  return new ActionError(
    'timed-out',
    `Timed out after ${formatDuration(options.timeoutMs)} waiting for revision ${revision.id} of deployment \`${options.deploymentName}\`: ` +
      `it has been ${revision.status} for ${formatDuration(timeline.currentDuration())}.`,
    'The deploy goes on on the control plane; follow it there, or raise `timeout` if deploys usually take this long.'
  )
}
