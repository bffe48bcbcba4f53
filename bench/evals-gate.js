// The evals gate against chance (issue 36): an agent compared with itself and a preview that broke
// 4 of 20 cases, through the real adaptive plan and verdicts (bench/evals-gate-sim.ts), seeded.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { ROOT } from '../scripts/run-action.js'

/** @typedef {{ blocked: number, runsPerCaseSide: number, undecided: number, caughtCases: number }} Figures */

export function evalsGateBench() {
  const out = join(ROOT, '.bench', 'evals-gate-sim')
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'ncc'), ['build', 'bench/evals-gate-sim.ts', '-o', out, '-q'], {
    cwd: ROOT,
    stdio: 'inherit'
  })
  if (build.status !== 0) throw new Error('could not build the evals gate benchmark')
  const run = spawnSync(process.execPath, [join(out, 'index.js')], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(run.stderr)
  /** @type {Record<'hundred' | 'many', { suites: number, self: Figures, broken: Figures, v14self: Figures, v14broken: Figures }>} */
  const figures = JSON.parse(run.stdout)
  console.log(
    '\nEvals gate: 20 cases passing with probability 1, 0.9, 0.8, 0.6 (five each), `compare-with`, 95% confidence, `max-repeat` 8'
  )
  console.log('  compared with itself, and as a preview whose 4 cases of 0.9 broke to 0.1; seeded; `max-regressions: 0`')
  console.log(
    '  target: itself blocked in at most 5 of 100 suites; the broken preview in at least 90 of 100; at most 4 runs a case a side\n'
  )
  const pct = (/** @type {number} */ x) => `${(x * 100).toFixed(1)}%`
  for (const tag of /** @type {const} */ (['hundred', 'many'])) {
    const f = figures[tag]
    const mark = (/** @type {boolean} */ ok) => (ok ? 'ok' : 'OVER THE BOUND')
    console.log(`  ${f.suites} suites each:`)
    console.log(
      `    v1.5  itself blocked ${pct(f.self.blocked)} (${mark(f.self.blocked <= 0.05)}), runs a case a side ` +
        `${f.self.runsPerCaseSide.toFixed(2)} (${mark(f.self.runsPerCaseSide <= 4)}), undecided cases a suite ${f.self.undecided.toFixed(2)}`
    )
    console.log(
      `    v1.5  broken preview blocked ${pct(f.broken.blocked)} (${mark(f.broken.blocked >= 0.9)}), broken cases found ` +
        `${f.broken.caughtCases.toFixed(2)} of 4, runs a case a side ${f.broken.runsPerCaseSide.toFixed(2)} (${mark(f.broken.runsPerCaseSide <= 4)})`
    )
    console.log(
      `    v1.4  itself blocked ${pct(f.v14self.blocked)}; broken preview blocked ${pct(f.v14broken.blocked)} ` +
        `(broken cases found ${f.v14broken.caughtCases.toFixed(2)} of 4); 1 run a case a side`
    )
  }
}
