// `npm start`: the whole deploy, end to end, in under a minute. Starts the control-plane
// simulator (unless CONTROL_PLANE_URL is set), builds dist/ if the sources are newer, runs
// dist/index.js exactly as the runner would, then prints the log, outputs and summary.
//
//   npm start
//   npm start -- --input name=my-agent --input wait=false
//   CONTROL_PLANE_URL=https://... CONTROL_PLANE_API_KEY=... npm start -- --input name=...
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ROOT, runAction } from './run-action.js'

const { values } = parseArgs({ options: { input: { type: 'string', multiple: true, short: 'i' } } })
/** @type {Record<string, string>} */
const overrides = {}
for (const pair of values.input ?? []) {
  const eq = pair.indexOf('=')
  if (eq < 1) throw new Error(`--input takes name=value, got ${pair}`)
  overrides[pair.slice(0, eq)] = pair.slice(eq + 1)
}

buildIfStale()

const realUrl = process.env.CONTROL_PLANE_URL
/** @type {{ stop(): Promise<void> } | undefined} */
let simulator
/** @type {Record<string, string>} */
let inputs
if (realUrl) {
  inputs = { 'control-plane-url': realUrl, 'api-key': process.env.CONTROL_PLANE_API_KEY ?? '', ...overrides }
  console.log(`Deploying to ${realUrl}\n`)
} else {
  const { startSimulator, lifecycles } = await import('../sim/index.js')
  // Phases long enough that the default polling sees each one, short enough for a demo.
  const sim = await startSimulator({ scenario: lifecycles.deployed(1200) })
  simulator = sim
  inputs = {
    'control-plane-url': sim.url,
    'api-key': sim.apiKey,
    name: 'support-agent',
    'graph-config-path': 'graph.json',
    'integration-id': '5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    secrets: 'OPENAI_API_KEY=sk-demo-not-a-real-key\nGREETING=hello, world',
    ...overrides
  }
  console.log(`Control-plane simulator listening on ${sim.url}\n`)
}

try {
  const started = Date.now()
  console.log('──── action log ────')
  const result = await runAction({ inputs, onStdout: (chunk) => process.stdout.write(chunk) })
  if (result.stderr) process.stderr.write(result.stderr)
  console.log(`\n──── exit code ${result.exitCode} after ${((Date.now() - started) / 1000).toFixed(1)} s ────`)
  console.log('\n──── outputs ────')
  for (const [name, value] of Object.entries(result.outputs)) console.log(`${name}=${value}`)
  console.log('\n──── job summary ────')
  console.log(result.summary)
  process.exitCode = result.exitCode ?? 1
} finally {
  await simulator?.stop()
}

function buildIfStale() {
  const bundle = join(ROOT, 'dist', 'index.js')
  const bundleTime = safeMtime(bundle)
  const newest = Math.max(...files(join(ROOT, 'src')).map(safeMtime))
  if (bundleTime >= newest) return
  console.log('Sources are newer than dist/index.js: building…')
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/** @param {string} dir @returns {string[]} */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]
  )
}

/** @param {string} path */
function safeMtime(path) {
  try {
    return statSync(path).mtimeMs
  } catch {
    return 0
  }
}
