import type { Deployment, Revision } from '../api/schemas.js'
import { Timeline } from '../deploy/timeline.js'
import type { Command } from '../inputs/read.js'
import type { PlannedRequest } from './plan.js'

export type Operation = 'created' | 'updated' | 'deleted' | 'unchanged' | 'planned'

/**
 * What the run has learned so far. Each step fills in its part; the report reads
 * it at the end, also after a failure, so outputs known by then are still set.
 */
export interface DeployState {
  readonly startedAt: number
  /** Known once the inputs are read. */
  command?: Command
  name?: string
  /** `delete-listener`: the listener acted on. */
  listenerId?: string
  /** A dry run: what the command would have sent. */
  plannedRequests?: PlannedRequest[]
  operation?: Operation
  /** A change sent and not yet answered: if the run ends now, it may or may not have taken effect. */
  pending?: 'create' | 'update'
  deployment?: Deployment
  revisionId?: string
  revision?: Revision
  timeline?: Timeline
  /** A patch that made no new revision: nothing to wait for. */
  noNewRevision?: boolean
  /** The end of the failing phase's log, when a revision failed and logs are shown. */
  failureLog?: { type: 'build' | 'deploy'; lines: string[] }
  /** The workflow's commit, shown when the revision reports none. */
  workflowSha?: string
  /** The final error text, already redacted. */
  error?: string
  finishedAt?: number
}

export function newState(startedAt: number): DeployState {
  return { startedAt }
}
