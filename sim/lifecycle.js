/**
 * @typedef {{ status: string, ms: number }} Phase
 * @typedef {{ phases: Phase[], outcome: string, statusMessage?: string }} Lifecycle
 * @typedef {Lifecycle | ((revision: { deploymentName: string, revisionIndex: number }) => Lifecycle)} Scenario
 *
 * @typedef {object} TimedRevision
 * @property {number} createdAt
 * @property {Lifecycle} lifecycle
 * @property {number} [supersededAt]
 * @property {string} [supersededBy]
 *
 * @typedef {object} RevisionState
 * @property {string} status
 * @property {number} since when the current status began
 * @property {string} [statusMessage]
 * @property {number} phaseIndex index into lifecycle.phases; phases.length once the revision has ended
 * @property {boolean} final
 */

export const PIPELINE = ['CREATING', 'QUEUED', 'AWAITING_BUILD', 'BUILDING', 'AWAITING_DEPLOY', 'DEPLOYING']
// Building and deploying are the slow steps on a real control plane; keeping them longer makes
// clients that poll see them more often than the bookkeeping states.
const SLOW = new Set(['BUILDING', 'DEPLOYING'])

/**
 * @param {number} phaseMs
 * @param {string[]} statuses
 * @returns {Phase[]}
 */
function timed(phaseMs, statuses) {
  return statuses.map((status) => ({ status, ms: SLOW.has(status) ? 2 * phaseMs : phaseMs }))
}

/**
 * @param {string} last the last in-progress status shown before the outcome
 * @returns {string[]}
 */
function pipelineThrough(last) {
  return PIPELINE.slice(0, PIPELINE.indexOf(last) + 1)
}

export const lifecycles = {
  /** @returns {Lifecycle} */
  deployed: (phaseMs = 150) => ({ phases: timed(phaseMs, PIPELINE), outcome: 'DEPLOYED' }),
  /** @returns {Lifecycle} */
  buildFailed: (phaseMs = 150) => ({
    phases: timed(phaseMs, pipelineThrough('BUILDING')),
    outcome: 'BUILD_FAILED',
    statusMessage: 'ERROR: failed to solve: process "/bin/sh -c pip install -e ." did not complete successfully: exit code: 1'
  }),
  /** @returns {Lifecycle} */
  deployFailed: (phaseMs = 150) => ({
    phases: timed(phaseMs, PIPELINE),
    outcome: 'DEPLOY_FAILED',
    statusMessage: "Container exited with code 1 before passing health checks: ModuleNotFoundError: No module named 'agent'"
  }),
  /** @returns {Lifecycle} */
  createFailed: (phaseMs = 150) => ({
    phases: timed(phaseMs, pipelineThrough('CREATING')),
    outcome: 'CREATE_FAILED',
    statusMessage: 'Failed to create revision: the repository could not be accessed with the configured integration.'
  }),
  /** @returns {Lifecycle} */
  skipped: (phaseMs = 150) => ({
    phases: timed(phaseMs, pipelineThrough('QUEUED')),
    outcome: 'SKIPPED',
    statusMessage: 'Superseded by a newer revision.'
  }),
  /**
   * Interrupted mid-build and never taken up again: it stays INTERRUPTED, which is not final, so a
   * client waits for it until its time limit.
   * @returns {Lifecycle}
   */
  interrupted: (phaseMs = 150) => ({
    phases: [...timed(phaseMs, pipelineThrough('BUILDING')), { status: 'INTERRUPTED', ms: Infinity }],
    outcome: 'INTERRUPTED',
    statusMessage: 'Revision was interrupted before it finished.'
  }),
  /**
   * Interrupted mid-build, then taken up again and deployed: INTERRUPTED is not final for the
   * control plane's own clients (they keep waiting through it), and a revision can go on from it.
   * @returns {Lifecycle}
   */
  interruptedThenDeployed: (phaseMs = 150) => ({
    phases: timed(phaseMs, [
      ...pipelineThrough('BUILDING'),
      'INTERRUPTED',
      'QUEUED',
      'AWAITING_BUILD',
      'BUILDING',
      'AWAITING_DEPLOY',
      'DEPLOYING'
    ]),
    outcome: 'DEPLOYED'
  }),
  /** @returns {Lifecycle} */
  stuck: (status = 'BUILDING') => ({ phases: [{ status, ms: Infinity }], outcome: status }),
  /** @returns {Lifecycle} */
  unknownThenDeployed: (phaseMs = 150) => ({
    // AWAITING_CAPACITY is listed by no document: clients must treat it as still in progress.
    phases: timed(phaseMs, [
      'CREATING',
      'QUEUED',
      'UNKNOWN',
      'AWAITING_BUILD',
      'BUILDING',
      'AWAITING_CAPACITY',
      'AWAITING_DEPLOY',
      'DEPLOYING'
    ]),
    outcome: 'DEPLOYED'
  })
}

/**
 * Status is derived from elapsed time on every read rather than advanced by timers, so a test
 * can drive it with a fake clock and nothing keeps the process alive.
 * @param {TimedRevision} revision
 * @param {number} now
 * @returns {RevisionState}
 */
export function revisionState(revision, now) {
  const { phases, outcome, statusMessage } = revision.lifecycle
  if (revision.supersededAt !== undefined && now >= revision.supersededAt) {
    return {
      status: 'SKIPPED',
      since: revision.supersededAt,
      statusMessage: `Superseded by revision ${revision.supersededBy}.`,
      phaseIndex: phases.length,
      final: true
    }
  }
  let start = revision.createdAt
  for (const [phaseIndex, phase] of phases.entries()) {
    if (now < start + phase.ms) return { status: phase.status, since: start, phaseIndex, final: false }
    start += phase.ms
  }
  return { status: outcome, since: start, statusMessage, phaseIndex: phases.length, final: true }
}

/**
 * @param {Scenario} scenario
 * @param {string} deploymentName
 * @param {number} revisionIndex
 * @returns {Lifecycle}
 */
export function lifecycleFor(scenario, deploymentName, revisionIndex) {
  return typeof scenario === 'function' ? scenario({ deploymentName, revisionIndex }) : scenario
}
