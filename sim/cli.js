#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { lifecycles, startSimulator } from './index.js'

const USAGE = `Usage: node sim/cli.js [--port N] [--page-offset next|echo] [--scenario NAME] [--phase-ms MS]
       [--delete-delay-ms MS] [--loopback-urls] [--health healthy|failing|cold:N|slow:MS]
Scenarios: ${Object.keys(lifecycles).join(', ')}`

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'page-offset': { type: 'string' },
    scenario: { type: 'string' },
    'phase-ms': { type: 'string' },
    'delete-delay-ms': { type: 'string' },
    'loopback-urls': { type: 'boolean' },
    health: { type: 'string' },
    help: { type: 'boolean' }
  }
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`${message}\n${USAGE}`)
  process.exit(2)
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
if (!Object.hasOwn(lifecycles, scenarioName) || scenarioName === 'stuck') fail(`--scenario: unknown scenario ${scenarioName}`)
const phaseMs = wholeNumber(values['phase-ms'], 'phase-ms', 150)
const scenario = /** @type {(ms: number) => import('./lifecycle.js').Lifecycle} */ (
  /** @type {Record<string, unknown>} */ (lifecycles)[scenarioName]
)(phaseMs)

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

const sim = await startSimulator({
  port,
  pageOffset: /** @type {'next' | 'echo'} */ (pageOffset),
  scenario,
  deleteDelayMs: wholeNumber(values['delete-delay-ms'], 'delete-delay-ms', 0),
  loopbackUrls: values['loopback-urls'] ?? false,
  health: health()
})
console.log(`Control-plane simulator listening on ${sim.url}`)
console.log(`API key:   ${sim.apiKey}`)
console.log(`Tenant ID: ${sim.tenantId}`)
console.log('Press Ctrl+C to stop.')

process.once('SIGINT', () => {
  sim.stop().then(
    () => console.log('Simulator stopped.'),
    (error) => {
      console.error(error)
      process.exitCode = 1
    }
  )
})
