// The config check: a remote build of a broken config (a graph file that is not there) in a
// project with 100 MB of other files, run as the runner runs the bundle against the simulator:
// the time from start to the refusal, beside the time the simulator's build takes to fail the
// same config when the check is off (`config-check: off`: archive, upload, build phases, BUILD_FAILED).
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lifecycles, startSimulator } from '../sim/index.js'
import { DEFAULT_PHASE_MS } from '../sim/scenarios.js'
import { runAction } from '../scripts/run-action.js'

const OTHER_BYTES = 100 * 1000 * 1000
const CONFIG = 'apps/agent/langgraph.json'
const RUNS = 3

/** @param {string} root */
function makeProject(root) {
  mkdirSync(join(root, 'apps/agent/data'), { recursive: true })
  writeFileSync(
    join(root, CONFIG),
    JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph', researcher: './researcher.py:graph' } })
  )
  writeFileSync(join(root, 'apps/agent/agent.py'), 'graph = None\n')
  // Data the agent ships beside its code (random: the archive cannot shrink it).
  for (let written = 0, i = 0; written < OTHER_BYTES; i++, written += 1_000_000)
    writeFileSync(join(root, `apps/agent/data/part${i}.bin`), randomBytes(1_000_000))
}

/** @param {string} workspace @param {Record<string, string>} extra */
async function deployOnce(workspace, extra) {
  const sim = await startSimulator({ scenario: lifecycles.deployed(DEFAULT_PHASE_MS) })
  try {
    const started = performance.now()
    const run = await runAction({
      inputs: {
        'control-plane-url': sim.url,
        'api-key': sim.apiKey,
        name: 'broken-agent',
        source: 'internal_source',
        'graph-config-path': CONFIG,
        'poll-interval': '200ms',
        ...extra
      },
      env: { GITHUB_WORKSPACE: workspace }
    })
    return {
      ms: performance.now() - started,
      requests: sim.requests.length,
      status: run.outputs['revision-status'] ?? '',
      exitCode: run.exitCode,
      stdout: run.stdout
    }
  } finally {
    await sim.stop()
  }
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export async function configCheckBench() {
  const work = mkdtempSync(join(tmpdir(), 'bench-config-'))
  try {
    makeProject(work)
    console.log(
      `\nConfig check: a remote build whose config names a graph file that is not there, in a project with ${OTHER_BYTES / 1e6} MB of other files (bundle against the simulator)`
    )
    console.log('  target: refused in under 2 s, before any request\n')
    const refusals = []
    for (let i = 0; i < RUNS; i++) {
      const run = await deployOnce(work, {})
      if (run.exitCode !== 1 || run.requests !== 0) throw new Error(`the broken config was not refused before any request:\n${run.stdout}`)
      refusals.push(run.ms)
    }
    const off = await deployOnce(work, { 'config-check': 'off' })
    if (off.status !== 'BUILD_FAILED') throw new Error(`with config-check: off the build did not fail:\n${off.stdout}`)
    console.log(`  config-check: error (default)   refused after ${(median(refusals) / 1000).toFixed(2)} s (median of ${RUNS}), 0 requests`)
    console.log(
      `  config-check: off               BUILD_FAILED after ${(off.ms / 1000).toFixed(2)} s (archive, upload, the simulator's build at ${DEFAULT_PHASE_MS} ms a phase), ${off.requests} requests`
    )
    console.log('  (a hosted build reports the same failure after about 15 minutes)')
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
