import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Simulator } from '../sim/index.js'
import { renderComment } from '../src/github/pr-comment.js'
import { deployInputs, INTEGRATION_ID, SECRET_VALUES, visibleText } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

/**
 * `evals`: a suite of runs sent to the deployed revision after DEPLOYED, against the simulator's
 * agent server, whose `suite` behaviour chooses each run's answer by its input (sim/agent-server.js).
 * Slow answers wait on the test's virtual clock: no real time passes.
 */
let sim: Simulator
let workspace: string
let runnerTemp: string
beforeAll(async () => {
  sim = await startSimulatorOnClock({ loopbackUrls: true })
  workspace = mkdtempSync(join(tmpdir(), 'evals-ws-'))
  runnerTemp = mkdtempSync(join(tmpdir(), 'evals-temp-'))
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

const seeded = (name: string) => sim.seedDeployment({ name, source_config: { integration_id: INTEGRATION_ID } })
const env = () => ({ GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp })
const deploy = (name: string, evals: string, extra: Record<string, string> = {}) =>
  runInProcess({ inputs: deployInputs(sim, name, { 'repo-ref': 'release', evals, ...extra }), env: env() })
const runsAsked = () => sim.healthRequests.filter((r) => r.path === '/runs/wait')
const row = (text: string, label: string) => text.split('\n').find((line) => line.includes(`<th align="left">${label}</th>`))
const tableRow = (text: string, name: string) => text.split('\n').find((line) => line.startsWith(`| <code>${name}</code> |`))

const ask = (content: string) => `{messages: [{role: user, content: ${JSON.stringify(content)}}]}`
/** A suite of cases `[name, the user's words, expect (YAML flow mapping)]`. */
const suite = (cases: Array<[string, string, string]>, head = '') =>
  `assistant: agent\n${head}cases:\n${cases.map(([name, content, expect]) => `  - name: ${name}\n    input: ${ask(content)}\n    expect: ${expect}\n`).join('')}`

const RIGHT = {
  'Say pong.': { says: 'pong' },
  'Capital of France?': { says: 'Paris is the capital of France.' },
  'Add 2 and 2.': { says: '4' }
}
const THREE = suite([
  ['pong', 'Say pong.', '{contains: pong, not-contains: sorry}'],
  ['capital', 'Capital of France?', "{matches: '\\bParis\\b'}"],
  ['sum', 'Add 2 and 2.', '{contains: "4", max-duration: 20s}']
])

describe('evals', () => {
  it('passes: one row per case, the pass rate and run times, the outputs, and a log line per run as it finishes', async () => {
    seeded('ev-pass')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ev-pass')
    const run = await deploy('ev-pass', THREE)
    expect(run.exitCode).toBe(0)
    expect(row(run.summary, 'Evals')).toContain('✅ 3 of 3 cases passed (100%)')
    expect(run.summary).toContain('### Evals: ✅ 3 of 3 passed')
    expect(tableRow(run.summary, 'pong')).toMatch(/^\| <code>pong<\/code> \| ✅ passed \| \d+ms \|$/)
    expect(run.summary).toMatch(
      /\*\*Pass rate:\*\* 100% \(3 of 3; 95% interval 43\.9%–100%; needs 100%\) · \*\*Run time p50 \/ p95:\*\* this revision \d+ms \/ \d+ms/
    )
    expect(run.outputs['eval-pass-rate']).toBe('1')
    expect(run.outputs['eval-regressions']).toBeUndefined()
    const results = JSON.parse(readFileSync(run.outputs['eval-results'], 'utf8'))
    expect(run.outputs['eval-results'].startsWith(runnerTemp)).toBe(true)
    expect(results.cases.map((c: { name: string }) => c.name)).toEqual(['pong', 'capital', 'sum'])
    expect(results.cases[1].runs[0]).toMatchObject({
      verdict: 'passed',
      status: 200,
      output: 'Paris is the capital of France.',
      failedChecks: []
    })
    expect(run.lines.filter((l) => /^Eval `\w+`: passed in \d+ms, HTTP 200\.$/.test(l))).toHaveLength(3)
    expect(runsAsked()).toHaveLength(3)
    // Every run with the credential the control plane takes; the log never shows it.
    expect(runsAsked().every((r) => r.headers['x-api-key'] === sim.apiKey)).toBe(true)
    expect(visibleText(run)).not.toContain(sim.apiKey)
  })

  it('judges the agent\'s output, never the input: an apology to "Say pong." fails `contains: pong`, and the row says what failed', async () => {
    seeded('ev-sorry')
    sim.setAgent({ runs: { kind: 'suite', answers: { ...RIGHT, 'Say pong.': { says: 'Sorry, I cannot help with that.' } } } }, 'ev-sorry')
    const run = await deploy('ev-sorry', THREE)
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('The evals failed: 1 of 3 cases failed: `pong` (pass rate 66.7%, under `pass-rate` 100%).')
    expect(tableRow(run.summary, 'pong')).toContain('❌ failed | <code>contains</code>: <code>pong</code> is not in the agent&#39;s output')
    // Failed first.
    const rows = run.summary.split('\n').filter((l) => l.startsWith('| <code>'))
    expect(rows[0]).toContain('<code>pong</code>')
    expect(run.outputs['eval-pass-rate']).toBe('0.6667')
    const results = JSON.parse(readFileSync(run.outputs['eval-results'], 'utf8'))
    expect(results.cases[0].runs[0]).toMatchObject({ verdict: 'failed', output: 'Sorry, I cannot help with that.' })
  })

  it('the gate: `pass-rate: 60%` lets one failure of three through', async () => {
    seeded('ev-rate')
    sim.setAgent({ runs: { kind: 'suite', answers: { ...RIGHT, 'Add 2 and 2.': { says: 'five' } } } }, 'ev-rate')
    const run = await deploy('ev-rate', THREE.replace('assistant: agent\n', 'assistant: agent\npass-rate: 60%\n'))
    expect(run.exitCode).toBe(0)
    expect(row(run.summary, 'Evals')).toContain('2 of 3 cases passed (66.7%, needs 60%)')
  })

  it('a failed gate with `on-failure: rollback` puts back the revision that served before', async () => {
    const before = seeded('ev-rollback')
    sim.setAgent(
      { runs: { kind: 'suite', answers: { ...RIGHT, 'Capital of France?': { error: 'KeyError: OPENAI_API_KEY' } } } },
      'ev-rollback'
    )
    const run = await deploy('ev-rollback', THREE, { 'on-failure': 'rollback' })
    expect(run.exitCode).toBe(1)
    expect(run.outcome.kind).toBe('rolled-back')
    expect(run.failures[0]).toContain(`a redeploy of revision ${before.active_revision_id}`)
    expect(tableRow(run.summary, 'capital')).toContain(
      'the run failed \\(<code>\\_\\_error\\_\\_</code>\\): <code>ValueError: KeyError: OPENAI\\_API\\_KEY</code>'
    )
  })

  it("compare-with: runs interleaved with the other deployment's; a case worse with evidence is run again until certain, named with its counts, the preview rolled back", async () => {
    const before = seeded('ev-preview')
    const prod = seeded('ev-prod')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ev-prod')
    sim.setAgent({ runs: { kind: 'suite', answers: { ...RIGHT, 'Capital of France?': { says: 'Lyon.' } } } }, 'ev-preview')
    const run = await deploy(
      'ev-preview',
      THREE.replace('assistant: agent\n', 'assistant: agent\nconcurrency: 1\ncompare-with: ev-prod\n'),
      { 'on-failure': 'rollback' }
    )
    expect(run.exitCode).toBe(1)
    expect(run.outcome.kind).toBe('rolled-back')
    // 0 of 7 here, 7 of 7 there: certain at 95% whatever an 8th round showed, so no 8th is sent.
    expect(run.failures[0]).toContain(
      'The evals failed: 1 of 3 cases failed: `capital` (pass rate 66.7%, under `pass-rate` 100%); ' +
        '`capital` is worse than `ev-prod` with evidence (passes here vs there: 0/7 vs 7/7), more than `max-regressions` 0.'
    )
    expect(run.failures[0]).toContain(`a redeploy of revision ${before.active_revision_id}`)
    expect(run.summary).toContain('### Evals: ❌ **worse than <code>ev-prod</code> on 1 case**: <code>capital</code> 0/7 vs 7/7')
    expect(tableRow(run.summary, 'capital')).toMatch(
      /^\| <code>capital<\/code> \| ❌\u00a0\*\*0\/7\*\* \| ✅\u00a07\/7 \| 🔻\u00a0\*\*worse\*\* \|/
    )
    expect(tableRow(run.summary, 'pong')).toMatch(/^\| <code>pong<\/code> \| ✅\u00a01\/1 \| ✅\u00a01\/1 \| not\u00a0worse \|/)
    expect(run.summary).toMatch(
      /\*\*Regressions:\*\* 1 \(at most 0\) · \*\*Run time p50 \/ p95:\*\* this revision \d+ms \/ \d+ms; <code>ev-prod<\/code> \d+ms/
    )
    expect(run.summary).toContain('**Runs:** 9 here, 9 there')
    expect(run.outputs['eval-regressions']).toBe('1')
    // One at a time, each case to both sides before the next case; only `capital` again.
    const sides = sim.agentRuns.map((r) => (r.deploymentId === prod.id ? 'prod' : 'preview'))
    expect(sides.slice(0, 6)).toEqual(['preview', 'prod', 'preview', 'prod', 'preview', 'prod'])
    expect(sim.agentRuns).toHaveLength(18)
    expect(run.lines.some((l) => l.startsWith('Eval `capital` (run 7, ev-prod): passed'))).toBe(true)
    const results = JSON.parse(readFileSync(run.outputs['eval-results'], 'utf8'))
    expect(results.verdict).toBe('worse')
    expect(results.cases.map((c: { verdict: string }) => c.verdict)).toEqual(['not worse', 'worse', 'not worse'])
    expect(results.cases[1].runs).toHaveLength(14)
  })

  it('compare-with, an agent as flaky as the one it is compared with: run again while it disagrees, never called worse, flaky marked, the gate passes', async () => {
    seeded('ev-flaky')
    seeded('ev-flaky-prod')
    // The same coin on both sides, out of step: v1.4 called the first round (fail here, pass there) a regression.
    sim.setAgent(
      { runs: { kind: 'suite', answers: { ...RIGHT, 'Add 2 and 2.': { turns: [{ says: 'five' }, { says: '4' }] } } } },
      'ev-flaky'
    )
    sim.setAgent(
      { runs: { kind: 'suite', answers: { ...RIGHT, 'Add 2 and 2.': { turns: [{ says: '4' }, { says: 'five' }] } } } },
      'ev-flaky-prod'
    )
    const run = await deploy(
      'ev-flaky',
      THREE.replace('assistant: agent\n', 'assistant: agent\npass-rate: 60%\ncompare-with: ev-flaky-prod\n')
    )
    expect(run.exitCode).toBe(0)
    expect(run.summary).toContain('### Evals: ✅ **not worse than <code>ev-flaky-prod</code>**: 3 of 3 passed')
    expect(run.view.title.map((p) => (typeof p === 'string' ? p : p.code)).join('')).not.toContain('failed')
    const sum = tableRow(run.summary, 'sum')
    expect(sum).toMatch(/\| ✅\u00a0(\d)\/(\d) · flaky \| ✅\u00a0\d\/\d · flaky \| not\u00a0worse \|/)
    const runsHere = Number(/\| ✅\u00a0\d\/(\d) · flaky/.exec(sum!)![1])
    expect(runsHere).toBeGreaterThan(1)
    expect(runsHere).toBeLessThanOrEqual(8)
    expect(run.outputs['eval-regressions']).toBe('0')
    // The comment's first lines: the verdict, both pass rates and the delta, the link to the whole results.
    const first = renderComment(run.view, undefined).split('\n').slice(0, 8).join('\n')
    expect(first).toContain('#### Evals: ✅ **not worse than <code>ev-flaky-prod</code>**')
    expect(first).toContain('100% on <code>ev-flaky-prod</code> (3 of 3) · **Δ ±0**')
    expect(first).toContain('[every run (<code>eval-results</code>, the workflow run)](https://github.com/')
  })

  it('worse within `max-regressions`: the gate passes, and the headline still says worse, on which case, with its counts', async () => {
    seeded('ev-budget')
    seeded('ev-budget-prod')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ev-budget-prod')
    sim.setAgent({ runs: { kind: 'suite', answers: { ...RIGHT, 'Capital of France?': { says: 'Lyon.' } } } }, 'ev-budget')
    const run = await deploy(
      'ev-budget',
      THREE.replace('assistant: agent\n', 'assistant: agent\npass-rate: 60%\ncompare-with: ev-budget-prod\nmax-regressions: 1\n')
    )
    expect(run.exitCode).toBe(0)
    expect(run.summary).toContain(
      '### Evals: ✅ the gate passes, but the preview is **worse than <code>ev-budget-prod</code> on 1 case**: <code>capital</code> 0/7 vs 7/7 (within `max-regressions` 1)'
    )
    expect(run.view.title.map((p) => (typeof p === 'string' ? p : p.code)).join('')).toBe(
      '✅ Deployed ev-budget · evals: worse than ev-budget-prod on 1 case'
    )
    expect(run.outputs['eval-regressions']).toBe('1')
  })

  it('an explicit `repeat` keeps fixed runs and `min-passes`, judged by the same test: 1 of 2 against 2 of 2 is not a regression', async () => {
    seeded('ev-fixed')
    seeded('ev-fixed-prod')
    sim.setAgent(
      { runs: { kind: 'suite', answers: { ...RIGHT, 'Add 2 and 2.': { turns: [{ says: 'five' }, { says: '4' }] } } } },
      'ev-fixed'
    )
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ev-fixed-prod')
    const run = await deploy(
      'ev-fixed',
      THREE.replace('assistant: agent\n', 'assistant: agent\nrepeat: 2\npass-rate: 60%\ncompare-with: ev-fixed-prod\n')
    )
    // v1.4 called `sum` a regression (it fails `min-passes` here and passes there) and failed the step.
    expect(run.exitCode).toBe(0)
    expect(runsAsked()).toHaveLength(12)
    expect(tableRow(run.summary, 'sum')).toMatch(/\| ❌\u00a01\/2 · flaky \| ✅\u00a02\/2 \| ❔ undecided/)
    expect(run.outputs['eval-regressions']).toBe('0')
  })

  it('undecided: too few runs to tell (`max-repeat: 2`) never fail the gate by themselves; `on-undecided: fail` makes them', async () => {
    seeded('ev-und')
    seeded('ev-und-prod')
    sim.setAgent({ runs: { kind: 'suite', answers: { ...RIGHT, 'Add 2 and 2.': { says: 'five' } } } }, 'ev-und')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ev-und-prod')
    // A second round could not decide it either way (0 of 2 vs 2 of 2 is not evidence at 95%): it is not sent.
    const head = 'assistant: agent\npass-rate: 60%\ncompare-with: ev-und-prod\nmax-repeat: 2\n'
    const passes = await deploy('ev-und', THREE.replace('assistant: agent\n', head))
    expect(passes.exitCode).toBe(0)
    expect(sim.agentRuns).toHaveLength(6)
    expect(passes.summary).toContain(
      '### Evals: ⚠️ **undecided against <code>ev-und-prod</code> on 1 case**: <code>sum</code> 0/1 vs 1/1 (undecided never fails the gate by itself)'
    )
    expect(tableRow(passes.summary, 'sum')).toContain('❔ undecided (3 more runs a side could decide)')
    expect(passes.summary).toContain('1 undecided (3 more runs a side, failing here and passing there, would show it worse)')
    const fails = await deploy('ev-und', THREE.replace('assistant: agent\n', `${head}on-undecided: fail\n`))
    expect(fails.exitCode).toBe(1)
    expect(fails.failures[0]).toContain('`sum` is undecided against `ev-und-prod` (`on-undecided: fail`)')
    expect(row(fails.summary, 'Evals')).toContain('undecided against <code>ev-und-prod</code> on 1 case (<code>on-undecided: fail</code>)')
    // Live, and gated: the title does not say the deploy failed.
    expect(fails.view.title.map((p) => (typeof p === 'string' ? p : p.code)).join('')).toBe(
      '🟡 ev-und is live; its evals gate failed: undecided against ev-und-prod on 1 case'
    )
  })

  it('compare-with a deployment that does not exist: the suite still runs, with a warning and "not compared"', async () => {
    seeded('ev-alone')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ev-alone')
    const run = await deploy('ev-alone', THREE.replace('assistant: agent\n', 'assistant: agent\ncompare-with: ev-nowhere\n'))
    expect(run.exitCode).toBe(0)
    expect(run.warnings.some((w) => w.includes('not compared with `ev-nowhere`: no deployment has that name'))).toBe(true)
    expect(run.summary).toContain('**Not compared** with <code>ev-nowhere</code>: no deployment has that name')
    expect(run.outputs['eval-regressions']).toBeUndefined()
    expect(runsAsked()).toHaveLength(3)
  })

  it('at most `concurrency` runs in flight, counted by the server', async () => {
    seeded('ev-conc')
    sim.setAgent({ runs: { kind: 'suite', answers: {}, otherwise: { says: 'ok', delayMs: 1_000 } } }, 'ev-conc')
    const cases = Array.from({ length: 10 }, (_, i) => [`c${i}`, `question ${i}`, '{contains: ok}'] as [string, string, string])
    const run = await deploy('ev-conc', suite(cases, 'concurrency: 3\n'))
    expect(run.exitCode).toBe(0)
    expect([...sim.agentRunsInFlight.values()]).toEqual([3])
  })

  it('repeat and min-passes: a case passes when enough of its runs pass; the table shows passes of runs', async () => {
    seeded('ev-repeat')
    sim.setAgent({ runs: { kind: 'suite', answers: { ...RIGHT, 'Add 2 and 2.': { says: 'four' } } } }, 'ev-repeat')
    const run = await deploy('ev-repeat', THREE.replace('assistant: agent\n', 'assistant: agent\nrepeat: 2\n'))
    expect(run.exitCode).toBe(1)
    expect(tableRow(run.summary, 'pong')).toContain('✅ passed 2/2')
    expect(tableRow(run.summary, 'sum')).toContain('❌ failed 0/2')
    expect(runsAsked()).toHaveLength(6)
    expect(run.lines.some((l) => l.startsWith('Eval `sum` (run 2/2): failed (`contains`: `4`'))).toBe(true)
  })

  it('a run past its `timeout` fails alone; past `time-limit` the rest are "not run: the suite\'s time limit"', async () => {
    seeded('ev-slow')
    sim.setAgent(
      { runs: { kind: 'suite', answers: { slow: { says: 'late', delayMs: 60_000 }, quick: { says: 'ok', delayMs: 2_000 } } } },
      'ev-slow'
    )
    const cases: Array<[string, string, string]> = [
      ['slow', 'slow', '{}'],
      ['q1', 'quick', '{}'],
      ['q2', 'quick', '{}'],
      ['q3', 'quick', '{}'],
      ['q4', 'quick', '{}']
    ]
    const run = await deploy('ev-slow', suite(cases, 'concurrency: 1\ntimeout: 5s\ntime-limit: 10s\npass-rate: 0%\n'))
    expect(run.exitCode).toBe(0)
    expect(tableRow(run.summary, 'slow')).toContain('no answer within 5s')
    expect(tableRow(run.summary, 'q1')).toContain('✅ passed')
    expect(tableRow(run.summary, 'q3')).toContain('stopped at the suite&#39;s time limit, after 1s')
    expect(tableRow(run.summary, 'q4')).toContain('⏭️ not run | not run: the suite&#39;s time limit')
    expect(runsAsked().length).toBeLessThan(5)
  })

  it('is sent again only while the server does not take the run (503), never after a 500', async () => {
    seeded('ev-retry')
    sim.setAgent({ runs: { kind: 'unready', times: 2 } }, 'ev-retry')
    const run = await deploy('ev-retry', suite([['one', 'hi', '{contains: "echo: hi"}']]))
    expect(run.exitCode).toBe(0)
    expect(sim.agentRuns.map((r) => r.taken)).toEqual([false, false, true])
    sim.reset()
    seeded('ev-500')
    sim.setAgent({ runs: { kind: 'suite', answers: { hi: { status: 500 } } } }, 'ev-500')
    const failed = await deploy('ev-500', suite([['one', 'hi', '{}']]))
    expect(failed.exitCode).toBe(1)
    expect(runsAsked()).toHaveLength(1)
    expect(tableRow(failed.summary, 'one')).toContain('HTTP 500')
  })

  it('a hostile or huge answer is neutralised or not read past 1 MiB; secrets are redacted from the table and the results file', async () => {
    seeded('ev-hostile')
    sim.setAgent(
      {
        runs: { kind: 'suite', answers: { evil: { hostile: true }, big: { huge: true }, leak: { says: `the key is ${SECRET_VALUES[0]}` } } }
      },
      'ev-hostile'
    )
    const cases: Array<[string, string, string]> = [
      ['evil', 'evil', '{contains: nothing-like-this}'],
      ['big', 'big', '{}'],
      ['leak', 'leak', '{contains: nothing}']
    ]
    const run = await deploy('ev-hostile', suite(cases), { 'pr-comment': 'false' })
    expect(run.exitCode).toBe(1)
    expect(tableRow(run.summary, 'big')).toContain('larger than 1 MiB')
    for (const text of [run.summary, renderComment(run.view, undefined)]) {
      expect(text).not.toContain('<script>')
      expect(text).not.toContain('<img')
      expect(text).not.toMatch(/@octocat/)
      expect(text).not.toContain(SECRET_VALUES[0])
    }
    expect(run.stdout).not.toMatch(/^::error::owned/m)
    const results = readFileSync(run.outputs['eval-results'], 'utf8')
    expect(results).not.toContain(SECRET_VALUES[0])
    expect(results).toContain('the key is ***')
  })

  it('the PR comment shows failed cases first, at most 50 rows, and counts the rest', async () => {
    seeded('ev-many')
    sim.setAgent({ runs: { kind: 'suite', answers: { bad: { says: 'no' } }, otherwise: { says: 'yes' } } }, 'ev-many')
    const cases = Array.from(
      { length: 60 },
      (_, i) => [`c${i}`, i % 20 === 7 ? `bad ${i}` : `good ${i}`, '{contains: "yes"}'] as [string, string, string]
    )
    const run = await deploy('ev-many', suite(cases, 'concurrency: 16\npass-rate: 90%\n'))
    expect(run.exitCode).toBe(0)
    const comment = renderComment(run.view, undefined)
    const rows = comment.split('\n').filter((l) => l.startsWith('| <code>'))
    expect(rows).toHaveLength(50)
    expect(rows.slice(0, 3).map((r) => r.split(' | ')[0])).toEqual(['| <code>c7</code>', '| <code>c27</code>', '| <code>c47</code>'])
    expect(comment).toContain('… and 10 more cases (0 failed, 10 passed): the job summary lists every one.')
    expect(run.summary.split('\n').filter((l) => l.startsWith('| <code>'))).toHaveLength(60)
  })

  it('200 cases with long names and long answers, compared: the PR comment stays under 65,536 characters, rows counted, no unbroken excerpt', async () => {
    seeded('ev-wide')
    seeded('ev-wide-prod')
    const unbroken = `https://example.com/${'a'.repeat(3_000)}`
    sim.setAgent(
      {
        runs: {
          kind: 'suite',
          answers: { bad: { says: `${unbroken} ${'b'.repeat(3_000)}` } },
          otherwise: { says: `fine ${'c'.repeat(1_000)}` }
        }
      },
      'ev-wide'
    )
    sim.setAgent({ runs: { kind: 'suite', answers: {}, otherwise: { says: `fine ${'c'.repeat(1_000)}` } } }, 'ev-wide-prod')
    // Names of 2,000 characters and a 1,000-character `contains`: v1.4 put them whole in 50 rows (over 65,536).
    const name = (i: number) => `case-${i}-${'a-name-with-no-spaces-at-all-'.repeat(70)}`
    const expected = `{contains: "fine ${'c'.repeat(1_000)}"}`
    const cases = Array.from(
      { length: 200 },
      (_, i) =>
        [name(i), `${i % 4 === 0 ? 'bad' : 'good'} question ${i} ${'and a long question '.repeat(20)}`, expected] as [
          string,
          string,
          string
        ]
    )
    const run = await deploy(
      'ev-wide',
      suite(cases, 'concurrency: 16\npass-rate: 50%\ncompare-with: ev-wide-prod\nmax-regressions: 200\n'),
      { 'pr-comment': 'false' }
    )
    expect(run.exitCode).toBe(0)
    // The run cap holds: 1,000 runs at most, over both sides.
    expect(runsAsked().length).toBeLessThanOrEqual(1000)
    const comment = renderComment(run.view, 'https://github.com/octo-org/support-agent/actions/runs/4242')
    expect(comment.length).toBeLessThan(65_536)
    const rows = comment.split('\n').filter((l) => l.startsWith('| <code>'))
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThanOrEqual(50)
    expect(comment).toContain(`… and ${200 - rows.length} more cases (`)
    // Worse first, and a wrapped cell: no run of more than 80 characters without a place to break.
    expect(rows[0]).toContain('🔻\u00a0**worse**')
    for (const line of rows) expect(line).not.toMatch(/[^\s\u200b]{81,}/)
    expect(run.summary.split('\n').filter((l) => l.startsWith('| <code>'))).toHaveLength(200)
  })

  it('the suite from a file in the workspace; a dry run checks it and says how many runs it would send, sending none', async () => {
    mkdirSync(join(workspace, 'evals'), { recursive: true })
    writeFileSync(
      join(workspace, 'evals', 'suite.yml'),
      THREE.replace('assistant: agent\n', 'assistant: agent\nrepeat: 2\ncompare-with: ev-prod\n')
    )
    seeded('ev-dry')
    const run = await deploy('ev-dry', 'evals/suite.yml', { 'dry-run': 'true' })
    expect(run.outcome.kind).toBe('planned')
    expect(row(run.summary, 'Evals')).toContain(
      'not run (dry run): the suite (<code>evals/suite.yml</code>) is valid: 3 cases; it would send 6 runs (x2, <code>repeat</code>), and as many to <code>ev-prod</code>'
    )
    expect(runsAsked()).toHaveLength(0)
  })
})

describe('evals without a URL to send to, and on rollback', () => {
  it('a deployment without a URL: the step fails, and nothing is rolled back', async () => {
    // A simulator that reports the deployments' own URLs: an image deployment has none.
    const plain = await startSimulatorOnClock()
    try {
      plain.seedDeployment({ name: 'ev-nourl', source: 'internal_docker', revisions: [{ status: 'DEPLOYED' }] })
      const image = `registry.example/agent@sha256:${'a'.repeat(64)}`
      const inputs = {
        'control-plane-url': plain.url,
        'api-key': plain.apiKey,
        name: 'ev-nourl',
        'image-uri': image,
        'poll-interval': '150ms',
        evals: THREE,
        'on-failure': 'rollback'
      }
      const run = await runInProcess({ inputs, env: env() })
      expect(run.exitCode).toBe(1)
      expect(run.outcome.kind).toBe('failed')
      expect(run.failures[0]).toContain('The evals could not run')
      expect(run.failures[0]).toContain('Nothing was rolled back')
      expect(plain.agentRuns).toHaveLength(0)
    } finally {
      await plain.stop()
    }
  })

  it('rollback runs the suite on the revision it redeployed', async () => {
    sim.seedDeployment({
      name: 'ev-rb',
      revisions: [
        { status: 'DEPLOYED', ageMs: 7_200_000 },
        { status: 'DEPLOYED', ageMs: 3_600_000 }
      ]
    })
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ev-rb')
    const run = await runInProcess({
      inputs: {
        'control-plane-url': sim.url,
        'api-key': sim.apiKey,
        command: 'rollback',
        name: 'ev-rb',
        'poll-interval': '50ms',
        evals: THREE
      },
      env: env()
    })
    expect(run.exitCode).toBe(0)
    expect(run.outcome.kind).toBe('rolled-back')
    expect(row(run.summary, 'Evals')).toContain('3 of 3 cases passed')
    expect(runsAsked()).toHaveLength(3)
  })
})

describe('bad suites make no request', () => {
  const files: Record<string, string> = {
    'not-yaml.yml': 'cases: [unclosed',
    'no-cases.yml': 'assistant: agent\n'
  }
  beforeAll(() => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(workspace, name), text)
  })

  const oneCase = (more: string, expect = '{contains: x}') =>
    `assistant: agent\n${more}cases:\n  - name: a\n    input: {messages: []}\n    expect: ${expect}\n`
  it.each([
    ['a missing file', 'evals/nothing.yml', 'the file `evals/nothing.yml` could not be read (ENOENT)'],
    ['a file outside the workspace', '../../etc/passwd', 'is outside the workspace'],
    ['not YAML', 'not-yaml.yml', '`not-yaml.yml`: not valid YAML or JSON'],
    ['no cases', 'no-cases.yml', '`cases` is required'],
    [
      'an unknown key, with the nearest known one',
      oneCase('concurency: 2\n'),
      '`concurency` is not a known key: did you mean `concurrency`?'
    ],
    ['an unknown check', oneCase('', '{contain: x}'), '`cases[0].expect.contain` is not a known key: did you mean `contains`?'],
    ['an empty list', 'assistant: agent\ncases: []\n', '`cases` is empty'],
    ['more than 200 cases', `assistant: agent\ncases:\n${'  - input: {}\n'.repeat(201)}`, 'more than 200'],
    ['duplicate names', 'assistant: agent\ncases:\n  - {name: a, input: {}}\n  - {name: a, input: {}}\n', 'names must be unique'],
    ['a case without input', 'assistant: agent\ncases:\n  - name: a\n', '`cases[0].input` is required'],
    ['an input that is not a mapping', 'assistant: agent\ncases:\n  - {name: a, input: [1]}\n', '`cases[0].input` must be a mapping'],
    ['a bad regular expression', oneCase('', "{matches: '(unclosed'}"), '`cases[0].expect.matches` is not a valid regular expression'],
    [
      'a value path the judge could not read',
      oneCase('', "{value: {path: 'a[0]b', equals: 1}}"),
      '`cases[0].expect.value.path` must be a dotted path'
    ],
    ['a bad duration', oneCase('timeout: soon\n'), '`timeout` must be a duration'],
    ['a number out of range', oneCase('concurrency: 17\n'), '`concurrency` must be a whole number from 1 to 16'],
    ['min-passes over repeat', oneCase('repeat: 2\nmin-passes: 3\n'), '`min-passes` (3) is more than `repeat` (2)'],
    ['no assistant', 'cases:\n  - {name: a, input: {}}\n', '`cases[0]` has no `assistant`'],
    ['compare-with this deployment', oneCase('compare-with: ev-bad\n'), '`compare-with` names this deployment (`ev-bad`)'],
    [
      'more than 1,000 runs',
      `assistant: agent\nrepeat: 10\ncompare-with: other\ncases:\n${Array.from({ length: 60 }, (_, i) => `  - {name: c${i}, input: {}}\n`).join('')}`,
      'the suite would send 1200 runs'
    ],
    ["a time-limit past the step's timeout", oneCase('time-limit: 45m\n'), "`time-limit` (45m) must be shorter than the step's `timeout`"],
    ['a confidence out of range', oneCase('compare-with: other\nconfidence: 40%\n'), '`confidence` must be a share from 50% to 99.9%'],
    ['max-repeat over 20', oneCase('compare-with: other\nmax-repeat: 21\n'), '`max-repeat` must be a whole number from 1 to 20'],
    ['max-repeat with repeat', oneCase('compare-with: other\nrepeat: 3\nmax-repeat: 4\n'), '`max-repeat` is for adaptive runs'],
    ['an unknown on-undecided', oneCase('compare-with: other\non-undecided: warn\n'), '`on-undecided` must be `pass`'],
    ['confidence without compare-with', oneCase('confidence: 99%\n'), '`confidence` needs `compare-with`']
  ])('%s is refused before any request, naming the key and the fix', async (_, value, problem) => {
    const before = sim.requests.length
    const run = await deploy('ev-bad', value)
    expect(run.outcome.kind).toBe('refused')
    expect(run.failures[0]).toContain('`evals`')
    expect(run.failures[0]).toContain(problem)
    expect(sim.requests.length).toBe(before)
    expect(runsAsked()).toHaveLength(0)
  })

  it('`wait: false` is refused', async () => {
    const run = await deploy('ev-bad', oneCase(''), { wait: 'false' })
    expect(run.outcome.kind).toBe('refused')
    expect(run.failures[0]).toContain('`evals` needs `wait: true`')
  })
})
