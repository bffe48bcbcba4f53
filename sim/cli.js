#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { startFakeGitHub } from './github.js'
import { startSimulator } from './index.js'
import { DEFAULT_PHASE_MS, scenarioNamed, scenarioUsage, unknownScenario } from './scenarios.js'
import { applySeeds, describeSeeds, parseSeeds, SEED_OPTIONS, SEED_USAGE } from './seeds.js'

const USAGE = `Usage: node sim/cli.js [options]

Runs the control-plane simulator on loopback until Ctrl+C, and prints its URL and API key.

  --port N              port on 127.0.0.1 (default 0: a free one)
  --scenario NAME       how each new revision goes (default: deployed):
${scenarioUsage()}
  --phase-ms MS         how long each in-progress status lasts; building and deploying twice as
                        long (default: ${DEFAULT_PHASE_MS})
  --commit SHA          the commit new github revisions report (default: $GITHUB_SHA, else a
                        made-up one per revision); give the workflow's commit, so that the action
                        does not warn that the branch moved on
  --page-offset next|echo   lists return the next page's offset, or the one asked for
  --delete-delay-ms MS  how long a deleted deployment stays listed as AWAITING_DELETE (default 0)
  --loopback-urls       a deployment's url is its loopback health URL, not an https custom URL
  --health healthy|failing|cold:N|slow:MS   how GET <deployment url>/ok answers
  --agent-server-url NAME=URL   the deployment NAME reports URL as its url: an agent server
                        outside the simulator, e.g. the official one that
                        \`node scripts/real-agent-server.js\` starts on loopback (repeatable)

Seeding (what exists before the first request):
${SEED_USAGE}
  --github              start the fake GitHub API beside it even without --pull

Example, for command: prune with name-pattern support-agent-pr-{pr}:
  node sim/cli.js --previews 'support-agent-pr-{pr}=3,7,12' --pull 7=open --pull 12=closed
`

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`${message}\nRun \`node sim/cli.js --help\` for the options.`)
  process.exit(2)
}

function parseCli() {
  try {
    return parseArgs({
      strict: true,
      options: {
        port: { type: 'string' },
        'page-offset': { type: 'string' },
        scenario: { type: 'string' },
        'phase-ms': { type: 'string' },
        commit: { type: 'string' },
        'delete-delay-ms': { type: 'string' },
        'loopback-urls': { type: 'boolean' },
        health: { type: 'string' },
        'agent-server-url': { type: 'string', multiple: true },
        github: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        ...SEED_OPTIONS
      }
    }).values
  } catch (error) {
    return fail(/** @type {Error} */ (error).message)
  }
}

const values = parseCli()
if (values.help) {
  process.stdout.write(USAGE)
  process.exit(0)
}

/**
 * @param {string | undefined} raw
 * @param {string} name
 * @param {number} fallback
 */
function wholeNumber(raw, name, fallback) {
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) fail(`--${name} must be a whole number, got ${raw}`)
  return value
}

const port = wholeNumber(values.port, 'port', 0)
if (port > 65535) fail(`--port must be an integer from 0 to 65535, got ${values.port}`)
const pageOffset = values['page-offset'] ?? 'next'
if (pageOffset !== 'next' && pageOffset !== 'echo') fail(`--page-offset must be next or echo, got ${pageOffset}`)
const scenarioName = values.scenario ?? 'deployed'
const scenario = scenarioNamed(scenarioName) ?? fail(unknownScenario(scenarioName))
const phaseMs = wholeNumber(values['phase-ms'], 'phase-ms', DEFAULT_PHASE_MS)
const commit = values.commit ?? (process.env.GITHUB_SHA || undefined)
if (commit !== undefined && !/^[0-9a-f]{7,64}$/i.test(commit)) fail(`--commit takes a commit sha (hex digits), got ${commit}`)
const { plan, problems } = parseSeeds(values)
if (problems.length > 0) fail(problems.join('\n'))

/** @returns {import('./health.js').HealthBehaviour | undefined} */
function health() {
  const raw = values.health
  if (raw === undefined || raw === 'healthy') return raw && { kind: 'healthy' }
  if (raw === 'failing') return { kind: 'failing' }
  const [kind, amount] = raw.split(':')
  if (kind === 'cold') return { kind: 'coldStart', failures: wholeNumber(amount, 'health cold:N', 0) }
  if (kind === 'slow') return { kind: 'slow', delayMs: wholeNumber(amount, 'health slow:MS', 0) }
  return fail(`--health: unknown behaviour ${raw}`)
}

/** @returns {Record<string, string>} */
function agentServerUrls() {
  /** @type {Record<string, string>} */
  const urls = {}
  for (const pair of values['agent-server-url'] ?? []) {
    const at = pair.indexOf('=')
    const name = pair.slice(0, at)
    const url = pair.slice(at + 1)
    if (at <= 0 || !/^https?:\/\/\S+$/.test(url)) fail(`--agent-server-url takes NAME=URL (an http:// or https:// URL), got ${pair}`)
    urls[name] = url.replace(/\/+$/, '')
  }
  return urls
}

const outsideServers = agentServerUrls()
const sim = await startSimulator({
  port,
  pageOffset: /** @type {'next' | 'echo'} */ (pageOffset),
  scenario: scenario.lifecycle(phaseMs),
  deleteDelayMs: wholeNumber(values['delete-delay-ms'], 'delete-delay-ms', 0),
  loopbackUrls: values['loopback-urls'] ?? false,
  health: health(),
  agentServerUrls: outsideServers,
  ...(scenario.agent ? { agent: scenario.agent } : {}),
  commit
})
const github = values.github || plan.pulls.length > 0 ? await startFakeGitHub() : undefined
applySeeds(plan, sim, github)

console.log(`Control-plane simulator listening on ${sim.url}`)
console.log(`API key:   ${sim.apiKey}`)
console.log(`Tenant ID: ${sim.tenantId}`)
console.log(`Scenario:  ${scenarioName}, ${phaseMs} ms a phase${commit ? `; new github revisions report commit ${commit}` : ''}`)
if (scenario.inputs) {
  console.log(
    `           give the action ${Object.entries(scenario.inputs)
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ')} to see it`
  )
}
for (const line of describeSeeds(plan)) console.log(`Seeded:    ${line}`)
for (const [name, url] of Object.entries(outsideServers)) console.log(`Deployment ${name} reports the agent server at ${url} as its url`)
if (github) {
  console.log(`Fake GitHub API on ${github.url}; point the action at it with`)
  console.log(`  GITHUB_API_URL=${github.url}`)
  console.log(`  GITHUB_TOKEN=${github.token}`)
}
console.log('Press Ctrl+C to stop.')

process.once('SIGINT', () => {
  Promise.all([sim.stop(), github?.stop()]).then(
    () => console.log('Simulator stopped.'),
    (error) => {
      console.error(error)
      process.exitCode = 1
    }
  )
})
