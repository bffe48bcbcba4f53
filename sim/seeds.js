// What the simulator (and the fake GitHub beside it) holds before the first request, as command-line
// options: both `node sim/cli.js` and `npm start` take them, so that rollback (a revision history),
// prune (previews and their pull requests), delete and delete-listener have something to act on.

import { PIPELINE } from './lifecycle.js'
import { FINAL_STATUSES } from './store.js'

/** Revision statuses a seeded revision may have; an in-progress one stays so forever. */
const STATUSES = [...FINAL_STATUSES, ...PIPELINE, 'INTERRUPTED', 'UNKNOWN']
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

/**
 * @typedef {{ name: string, statuses: string[], revisionConfig?: Record<string, string> }} SeededDeployment revisions
 *   oldest first; `revisionConfig`, their `source_revision_config` where it differs from the simulator's default
 *   (a demo's `graph_config_path`, so that the demo's deploy changes no more than its story says)
 * @typedef {{ number: number, state: 'open' | 'closed' }} SeededPull
 * @typedef {object} SeedPlan
 * @property {SeededDeployment[]} deployments
 * @property {SeededPull[]} pulls
 * @property {string[]} listeners
 */

/** The options, for node:util parseArgs. */
export const SEED_OPTIONS = /** @type {const} */ ({
  deployment: { type: 'string', multiple: true },
  previews: { type: 'string', multiple: true },
  pull: { type: 'string', multiple: true },
  listener: { type: 'string', multiple: true }
})

export const SEED_USAGE = `  --deployment NAME[=STATUS,...]  a deployment with revisions of these statuses, oldest first, a day
                        apart (default: one DEPLOYED); the newest DEPLOYED one serves. Repeatable.
                        e.g. --deployment support-agent=DEPLOYED,BUILD_FAILED,DEPLOYED
  --previews PATTERN=N,...  one deployment per number, named by PATTERN with {pr} replaced,
                        e.g. --previews 'support-agent-pr-{pr}=3,7,12'
  --pull N=open|closed  a pull request in the fake GitHub (started beside the simulator). Repeatable.
  --listener ID         a listener with this id (a UUID). Repeatable.`

/** @returns {SeedPlan} */
export function emptyPlan() {
  return { deployments: [], pulls: [], listeners: [] }
}

/**
 * @param {{ deployment?: string[], previews?: string[], pull?: string[], listener?: string[] }} values
 * @returns {{ plan: SeedPlan, problems: string[] }}
 */
export function parseSeeds(values) {
  const plan = emptyPlan()
  /** @type {string[]} */
  const problems = []
  for (const raw of values.deployment ?? []) {
    const [name, list] = splitOnce(raw)
    if (!name) {
      problems.push(`--deployment takes NAME[=STATUS,...], got \`${raw}\``)
      continue
    }
    const statuses = list === undefined ? ['DEPLOYED'] : list.split(',').map((s) => s.trim().toUpperCase())
    const unknown = statuses.filter((s) => !STATUSES.includes(s))
    if (unknown.length > 0)
      problems.push(`--deployment ${name}: unknown status ${unknown.map((s) => `\`${s}\``).join(', ')}; one of ${STATUSES.join(', ')}`)
    else plan.deployments.push({ name, statuses })
  }
  for (const raw of values.previews ?? []) {
    const [pattern, list] = splitOnce(raw)
    const numbers = (list ?? '').split(',').map((n) => n.trim())
    if (!pattern?.includes('{pr}') || numbers.some((n) => !/^[1-9]\d*$/.test(n))) {
      problems.push(`--previews takes PATTERN=N,... with {pr} in PATTERN, e.g. 'support-agent-pr-{pr}=3,7', got \`${raw}\``)
      continue
    }
    for (const n of numbers) plan.deployments.push({ name: pattern.replaceAll('{pr}', n), statuses: ['DEPLOYED'] })
  }
  for (const raw of values.pull ?? []) {
    const [number, state] = splitOnce(raw)
    if (!/^[1-9]\d*$/.test(number ?? '') || (state !== 'open' && state !== 'closed')) {
      problems.push(`--pull takes N=open or N=closed, got \`${raw}\``)
      continue
    }
    plan.pulls.push({ number: Number(number), state })
  }
  for (const id of values.listener ?? []) {
    if (UUID.test(id)) plan.listeners.push(id)
    else problems.push(`--listener takes a UUID, got \`${id}\``)
  }
  return { plan, problems }
}

/**
 * @param {SeedPlan} plan
 * @param {import('./index.js').Simulator} simulator
 * @param {import('./github.js').FakeGitHub} [github] required when the plan has pull requests
 * @param {Record<string, string | undefined>} [sourceConfig] each deployment's fields fixed at creation
 *   (`integration_id`, `repo_url`, ...) where set, over the simulator's own
 */
export function applySeeds(plan, simulator, github, sourceConfig = {}) {
  for (const { name, statuses, revisionConfig } of plan.deployments) {
    const last = statuses.length - 1
    simulator.seedDeployment({
      name,
      source_config: sourceConfig,
      ...(revisionConfig ? { source_revision_config: revisionConfig } : {}),
      revisions: statuses.map((status, i) => ({ status, ageMs: (last - i) * DAY_MS + HOUR_MS }))
    })
  }
  for (const id of plan.listeners) simulator.seedListener(id)
  if (plan.pulls.length > 0 && !github) throw new Error('applySeeds: pull requests need the fake GitHub')
  for (const pull of plan.pulls) github?.pulls.push({ ...pull, title: `Demo pull request ${pull.number}` })
}

/**
 * @param {SeedPlan} plan
 * @returns {string[]} one line per seeded thing, to print
 */
export function describeSeeds(plan) {
  return [
    ...plan.deployments.map(({ name, statuses }) => `deployment ${name}, revisions (oldest first): ${statuses.join(', ')}`),
    ...plan.pulls.map(({ number, state }) => `pull request #${number}, ${state}, in the fake GitHub`),
    ...plan.listeners.map((id) => `listener ${id}`)
  ]
}

/**
 * @param {SeedPlan} plan
 * @returns {boolean}
 */
export function isEmptyPlan(plan) {
  return plan.deployments.length + plan.pulls.length + plan.listeners.length === 0
}

/**
 * @param {string} text
 * @returns {[string, string | undefined]}
 */
function splitOnce(text) {
  const eq = text.indexOf('=')
  return eq < 0 ? [text, undefined] : [text.slice(0, eq), text.slice(eq + 1)]
}
