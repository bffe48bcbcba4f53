// `evals`: 200 runs of a 100 ms agent at `concurrency: 8`, sent by the bundled action to the
// simulator's agent server after a deploy: the suite's wall time against the ideal (200 / 8 x
// 0.1 s = 2.5 s), the most runs in flight as the server counted them, and the action's peak
// memory (each answer 100 KB) against the same deploy without `evals`.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lifecycles, startSimulator } from '../sim/index.js'
import { ROOT, runAction } from '../scripts/run-action.js'

const CASES = 200
const CONCURRENCY = 8
const AGENT_MS = 100
const ANSWER_BYTES = 100_000
const IDEAL_MS = (CASES / CONCURRENCY) * AGENT_MS

const suite = [
  'assistant: agent',
  `concurrency: ${CONCURRENCY}`,
  'cases:',
  ...Array.from(
    { length: CASES },
    (_, i) => `  - {name: case-${i}, input: {messages: [{role: user, content: question ${i}}]}, expect: {contains: ok}}`
  )
].join('\n')

/** @param {boolean} withEvals */
async function deployOnce(withEvals, semiSpace = 0) {
  const sim = await startSimulator({ scenario: lifecycles.deployed(50), loopbackUrls: true })
  // Kept past the run, to read `eval-results` (the action writes it under RUNNER_TEMP).
  const runnerTemp = mkdtempSync(join(tmpdir(), 'bench-evals-'))
  try {
    sim.seedDeployment({ name: 'bench-agent', source_config: { integration_id: '5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d' } })
    sim.setAgent({ runs: { kind: 'suite', answers: {}, otherwise: { says: `ok ${'x'.repeat(ANSWER_BYTES)}`, delayMs: AGENT_MS } } })
    const run = await runAction({
      inputs: {
        'control-plane-url': sim.url,
        'api-key': sim.apiKey,
        name: 'bench-agent',
        'repo-ref': 'main',
        'poll-interval': '50ms',
        'verify-revision': 'off',
        ...(withEvals ? { evals: suite } : {})
      },
      wrapper: ['/usr/bin/time', '-f', 'maxrss-kb=%M'],
      env: { RUNNER_TEMP: runnerTemp, ...(semiSpace ? { NODE_OPTIONS: `--max-semi-space-size=${semiSpace}` } : {}) }
    })
    if (run.exitCode !== 0) throw new Error(`the deploy failed:\n${run.stdout}\n${run.stderr}`)
    const rssKb = Number(/maxrss-kb=(\d+)/.exec(run.stderr)?.[1])
    const results = withEvals ? JSON.parse(readFileSync(run.outputs['eval-results'], 'utf8')) : undefined
    return { rssKb, suiteMs: results?.elapsedMs, maxInFlight: Math.max(0, ...sim.agentRunsInFlight.values()), runs: sim.agentRuns.length }
  } finally {
    await sim.stop()
    rmSync(runnerTemp, { recursive: true, force: true })
  }
}

export async function evalsBench() {
  console.log(
    `\nEvals: ${CASES} runs of a ${AGENT_MS} ms agent (answers of ${ANSWER_BYTES / 1000} KB) at concurrency ${CONCURRENCY}, run by the bundled action`
  )
  console.log(
    `  target: within 1.3x of the ideal ${(IDEAL_MS / 1000).toFixed(1)} s, never more than ${CONCURRENCY} in flight, under 50 MB of memory over a deploy without evals\n`
  )
  const without = await deployOnce(false)
  const suiteRuns = []
  for (let i = 0; i < 3; i++) suiteRuns.push(await deployOnce(true))
  // V8 grows its young generation (up to 3 x 16 MB) while a suite allocates fast: that is garbage
  // not yet collected, not answers held. With it held at 1 MB, the peak is what the action keeps.
  const [withoutSmall, withSmall] = [await deployOnce(false, 1), await deployOnce(true, 1)]
  const median = [...suiteRuns].sort((a, b) => a.suiteMs - b.suiteMs)[1]
  const extraMb = (Math.max(...suiteRuns.map((r) => r.rssKb)) - without.rssKb) / 1024
  console.log(
    `  suite wall time (median of 3): ${(median.suiteMs / 1000).toFixed(2)} s = ${(median.suiteMs / IDEAL_MS).toFixed(2)}x the ideal`
  )
  console.log(`  runs sent: ${median.runs}; most in flight (counted by the server): ${Math.max(...suiteRuns.map((r) => r.maxInFlight))}`)
  console.log(
    `  peak memory: ${(without.rssKb / 1024).toFixed(0)} MB without evals, ${(Math.max(...suiteRuns.map((r) => r.rssKb)) / 1024).toFixed(0)} MB with (+${extraMb.toFixed(1)} MB)`
  )
  console.log(
    `  with --max-semi-space-size=1: ${(withoutSmall.rssKb / 1024).toFixed(0)} MB without ` +
      `evals, ${(withSmall.rssKb / 1024).toFixed(0)} MB with (+${((withSmall.rssKb - withoutSmall.rssKb) / 1024).toFixed(1)} MB)`
  )
  // What the engine holds once the suite is over (bench/evals-memory.ts): the peak above is mostly garbage V8 has not collected yet.
  const out = join(ROOT, '.bench', 'evals-memory')
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'ncc'), ['build', 'bench/evals-memory.ts', '-o', out, '-q'], {
    cwd: ROOT,
    stdio: 'inherit'
  })
  if (build.status !== 0) throw new Error('could not build the evals memory benchmark')
  const held = spawnSync(process.execPath, ['--expose-gc', join(out, 'index.js')], { encoding: 'utf8' })
  if (held.status !== 0) throw new Error(held.stderr)
  /** @type {{runs: number, heapBefore: number, heapAfter: number, externalBefore: number, externalAfter: number}} */
  const figure = JSON.parse(held.stdout)
  const heldMb = (figure.heapAfter - figure.heapBefore + figure.externalAfter - figure.externalBefore) / 1024 / 1024
  console.log(
    `  held by the engine after ${figure.runs} runs of 100 KB answers (heap + external, after a full GC): ${heldMb.toFixed(1)} MB`
  )
}
