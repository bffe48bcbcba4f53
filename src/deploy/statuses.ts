/**
 * What each revision status means for a run waiting on its revision (api-facts.md),
 * with what to tell the user when it is final and not a success.
 */
export const IN_PROGRESS = new Set([
  'CREATING',
  'QUEUED',
  'AWAITING_BUILD',
  'BUILDING',
  'AWAITING_DEPLOY',
  'DEPLOYING',
  // Transient by definition: keep waiting until the time limit.
  'UNKNOWN'
])

export const SUCCESS = 'DEPLOYED'

export interface FinalFailure {
  /** Completes "Revision R of deployment `x` ...". */
  what: string
  todo: string
}

export const FAILURES: Record<string, FinalFailure> = {
  CREATE_FAILED: {
    what: 'could not be created',
    todo: 'Check the source settings (`repo-url`, `integration-id`, `graph-config-path`, `image-uri`) and that the control plane can read the source, then re-run.'
  },
  BUILD_FAILED: {
    what: 'failed to build',
    todo: 'Read the build log of this revision on the control plane, fix the build, and push again.'
  },
  DEPLOY_FAILED: {
    what: 'was built but failed to deploy',
    todo: 'Read the deploy log of this revision: a server that does not start often lacks a secret (`secrets`) or memory (`resource-spec`).'
  },
  SKIPPED: {
    what: 'was skipped, typically because a newer revision superseded it',
    todo: 'The newer revision is deployed instead. Re-run this job if this commit must be the one deployed.'
  },
  INTERRUPTED: {
    what: 'was interrupted (cancelled) on the control plane and will not be deployed',
    todo: 'Re-run the job to deploy again.'
  }
}

export type Verdict = 'deployed' | 'failed' | 'in-progress' | 'unrecognised'

export function classify(status: string): Verdict {
  if (status === SUCCESS) return 'deployed'
  if (Object.hasOwn(FAILURES, status)) return 'failed'
  return IN_PROGRESS.has(status) ? 'in-progress' : 'unrecognised'
}
