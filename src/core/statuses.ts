/**
 * The one table of revision statuses (docs/control-plane.md, Revisions): what each means for a run waiting
 * on its revision, which log it writes to, which logs are over once it is seen, how
 * fast to poll in it, and what to tell the user when it is final and not a success.
 * Every module that asks "what does this status mean" reads it here.
 */
export type LogType = 'build' | 'deploy'

export type Verdict = 'deployed' | 'failed' | 'in-progress' | 'unrecognised'

export interface FinalFailure {
  /** Completes "Revision R of deployment `x` ...". */
  what: string
  todo: string
  /** The log that tells why it failed. */
  log?: LogType
}

interface StatusFacts {
  verdict: Exclude<Verdict, 'unrecognised'>
  /** The log this status writes to while it lasts. */
  log?: LogType
  /** The logs whose phase is over once the revision has this status: their last lines are due. */
  over?: readonly LogType[]
  /** The next step is DEPLOYED: lateness in noticing it is what the user feels, so polls are capped low. */
  finalPhase?: boolean
  failure?: FinalFailure
  /** Said once when the wait sees this status: why it goes on waiting. */
  note?: string
}

export const SUCCESS = 'DEPLOYED'

const STATUSES: Record<string, StatusFacts> = {
  CREATING: { verdict: 'in-progress' },
  QUEUED: { verdict: 'in-progress' },
  AWAITING_BUILD: { verdict: 'in-progress', log: 'build' },
  BUILDING: { verdict: 'in-progress', log: 'build' },
  AWAITING_DEPLOY: { verdict: 'in-progress', log: 'deploy', over: ['build'] },
  DEPLOYING: { verdict: 'in-progress', log: 'deploy', over: ['build'], finalPhase: true },
  // Transient by definition: keep waiting until the time limit.
  UNKNOWN: { verdict: 'in-progress' },
  // Not final for any of the control plane's own clients (both CLIs and the Terraform provider
  // keep waiting through it): an interrupted revision may be taken up again and reach DEPLOYED.
  // The wait goes on within `timeout`, and the timeline shows the interruption.
  INTERRUPTED: {
    verdict: 'in-progress',
    note: "interrupted on the control plane, which may take it up again: not final, so the wait goes on within the step's `timeout`"
  },
  DEPLOYED: { verdict: 'deployed', over: ['build', 'deploy'] },
  CREATE_FAILED: {
    verdict: 'failed',
    failure: {
      what: 'could not be created',
      todo: 'Check the source settings (`repo-url`, `integration-id`, `graph-config-path`, `image-uri`) and that the control plane can read the source, then re-run.',
      log: 'build'
    }
  },
  BUILD_FAILED: {
    verdict: 'failed',
    over: ['build'],
    failure: {
      what: 'failed to build',
      todo: 'Read the build log of this revision on the control plane, fix the build, and run again.',
      log: 'build'
    }
  },
  DEPLOY_FAILED: {
    verdict: 'failed',
    over: ['build', 'deploy'],
    failure: {
      what: 'was built but failed to deploy',
      todo: 'Read the deploy log of this revision: a server that does not start often lacks a secret (`secrets`) or memory (`resource-spec`).',
      log: 'deploy'
    }
  },
  SKIPPED: {
    verdict: 'failed',
    failure: {
      what: 'was skipped, typically because a newer revision superseded it',
      // Not looked at: whether the newer revision deployed is for the control plane to say.
      todo: 'See on the control plane which revision serves the deployment now; re-run this job if this commit must be the one deployed.'
    }
  }
}

/** A newer revision replaced this one: the outcome is "superseded", not a failed build. */
export const SUPERSEDED = 'SKIPPED'

function factsOf(status: string): StatusFacts | undefined {
  return Object.hasOwn(STATUSES, status) ? STATUSES[status] : undefined
}

export function classify(status: string): Verdict {
  return factsOf(status)?.verdict ?? 'unrecognised'
}

/** What to say about a final status that is not a success; undefined for any other. */
export function failureOf(status: string): FinalFailure | undefined {
  return factsOf(status)?.failure
}

/** The log a status writes to, if any. */
export function phaseOf(status: string): LogType | undefined {
  return factsOf(status)?.log
}

/** The log that tells why a failed revision failed. */
export function failedPhaseOf(status: string): LogType | undefined {
  return factsOf(status)?.failure?.log
}

/** The logs whose phase is over once a revision has this status. */
export function phasesOverAt(status: string): readonly LogType[] {
  return factsOf(status)?.over ?? []
}

/** Why the wait goes on through this status, for the log; undefined when that needs no word. */
export function waitNoteOf(status: string): string | undefined {
  return factsOf(status)?.note
}

export function isFinalPhase(status: string): boolean {
  return factsOf(status)?.finalPhase === true
}

/**
 * The deployment's own statuses, as the control plane's owners list them (docs/control-plane.md,
 * Deployments). The action decides nothing on them but "being deleted"; the others are shown as given.
 */
export const DEPLOYMENT_STATUSES = ['AWAITING_DATABASE', 'READY', 'UNUSED', 'AWAITING_DELETE', 'AWAITING_FINAL_DELETE', 'UNKNOWN'] as const

/** A deployment in either delete status takes no change and will stop being listed. */
export function isBeingDeleted(status: string | undefined): boolean {
  return status === 'AWAITING_DELETE' || status === 'AWAITING_FINAL_DELETE'
}
