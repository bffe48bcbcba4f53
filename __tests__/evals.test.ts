import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Simulator } from '../sim/index.js'
import { startFakeGitHub } from '../sim/github.js'
import { GIT_ENV } from './helpers/git-repo.js'
import { renderComment } from '../src/github/pr-comment.js'
import { deployInputs, INTEGRATION_ID, SECRET_VALUES, visibleText } from './helpers/action.js'
import { clock, runInProcess, startSimulatorOnClock } from './helpers/in-process.js'
import { BASE_INPUTS, inputsFrom } from './helpers/inputs.js'
import { readActionInputs } from '../src/commands/registry.js'

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
    // `pass-rate: 0%` passes whatever the agent answers: noted.
    expect(run.warnings).toContain(
      '`evals`: `pass-rate: 0%` passes any result: the suite is only reported, not a gate on the answers (raise `pass-rate` to gate).'
    )
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

  it("a `compare-with` of 40,000 characters that names no deployment keeps the PR comment under GitHub's limit", async () => {
    seeded('ev-long-name')
    const other = 'p'.repeat(40_000)
    const run = await deploy('ev-long-name', suite([['a', 'question', '{contains: pong}']], `compare-with: ${other}\n`), {
      'pr-comment': 'false'
    })
    const comment = renderComment(run.view, 'https://github.com/octo-org/support-agent/actions/runs/4242')
    expect(comment.length).toBeLessThan(65_536)
    expect(comment).not.toContain('p'.repeat(200))
    expect(comment).toContain('Updated by [this workflow run]')
  })

  it('the suite from a file in the workspace; a dry run checks it and says how many runs it would send, sending none', async () => {
    mkdirSync(join(workspace, 'evals'), { recursive: true })
    writeFileSync(
      join(workspace, 'evals', 'suite.yml'),
      THREE.replace('assistant: agent\n', 'assistant: agent\nrepeat: 2\ncompare-with: ev-prod\n')
    )
    seeded('ev-dry')
    seeded('ev-prod')
    const run = await deploy('ev-dry', 'evals/suite.yml', { 'dry-run': 'true' })
    expect(run.outcome.kind).toBe('planned')
    expect(row(run.summary, 'Evals')).toContain(
      'not run (dry run): the suite (<code>evals/suite.yml</code>) is valid: 3 cases; it would send 6 runs (x2, <code>repeat</code>), and as many to <code>ev-prod</code>'
    )
    expect(runsAsked()).toHaveLength(0)
  })
})

describe('v1.5: a report a reviewer can trust, at the edges', () => {
  const human = (content: string) => ({ type: 'human', content, id: 'in-1' })
  it('a silent agent fails: a run that added nothing fails `not-contains`, `value`, `max-duration` and a case with no `expect`', async () => {
    seeded('ev-silent')
    sim.setAgent({ runs: { kind: 'says', body: { messages: [human('hi')], intent: 'greet' } } }, 'ev-silent')
    const run = await deploy(
      'ev-silent',
      suite([
        ['injection', 'hi', '{not-contains: "system prompt"}'],
        ['value', 'hi', '{value: {path: intent, equals: greet}}'],
        ['fast', 'hi', '{max-duration: 20s}'],
        ['bare', 'hi', '{}']
      ]).replace('input: {messages: [{role: user, content: "hi"}]}', 'input: {messages: [{role: user, content: "hi"}], intent: greet}')
    )
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('The evals failed: 4 of 4 cases failed')
    expect(tableRow(run.summary, 'injection')).toContain('<code>not-contains</code>: the run added no output')
    expect(tableRow(run.summary, 'fast')).toContain('<code>max-duration</code>: the run added no output')
    expect(tableRow(run.summary, 'bare')).toContain('the run added no output')
  })

  it('a graph whose state replaces `messages` (only the reply comes back) is judged on that reply', async () => {
    seeded('ev-replace')
    sim.setAgent({ runs: { kind: 'says', body: { messages: [{ type: 'ai', content: 'pong', id: 'run-1' }] } } }, 'ev-replace')
    const run = await deploy('ev-replace', suite([['pong', 'Say pong.', '{contains: pong, matches: /^PONG$/i}']]))
    expect(run.exitCode).toBe(0)
    expect(tableRow(run.summary, 'pong')).toContain('✅ passed')
  })

  it('`compare-with` naming no deployment fails the gate when the suite sets `max-regressions`; a dry run looks the name up', async () => {
    seeded('ev-typo')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ev-typo')
    const gated = THREE.replace('assistant: agent\n', 'assistant: agent\ncompare-with: ev-prdo\nmax-regressions: 0\n')
    const run = await deploy('ev-typo', gated)
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain(
      'The evals failed: Not compared with `ev-prdo` (no deployment has that name), and the suite sets `max-regressions`, a gate on the comparison, and the comparison it asks for cannot be made.'
    )
    expect(runsAsked()).toHaveLength(3)
    const dry = await deploy('ev-typo', gated, { 'dry-run': 'true' })
    expect(dry.outcome.kind).toBe('planned')
    expect(
      dry.warnings.some((w) => w.includes("`compare-with` `ev-prdo`: no deployment has that name; the real run's gate would fail"))
    ).toBe(true)
    expect(runsAsked()).toHaveLength(3)
  })

  it('when the smoke test fails, the suite\'s row says "not run" and `eval-results` says so; no run is sent', async () => {
    seeded('ev-after-smoke')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ev-after-smoke')
    const run = await deploy('ev-after-smoke', THREE, {
      'smoke-test': '{assistant: agent, input: {messages: [{role: user, content: Say pong.}]}, expect: nothing-like-this}'
    })
    expect(run.exitCode).toBe(1)
    expect(row(run.summary, 'Evals')).toContain('not run: the smoke test failed first')
    expect(run.outputs['eval-pass-rate']).toBeUndefined()
    const results = JSON.parse(readFileSync(run.outputs['eval-results'], 'utf8'))
    expect(results).toMatchObject({ verdict: 'not-run', why: 'the smoke test failed first' })
    expect(results.cases.map((c: { verdict: string }) => c.verdict)).toEqual(['not-run', 'not-run', 'not-run'])
    expect(runsAsked()).toHaveLength(1)
  })

  it("HTTP 429 is sent again after its `Retry-After`, within the run's `timeout` (on the virtual clock)", async () => {
    seeded('ev-429')
    sim.setAgent({ runs: { kind: 'unready', status: 429, times: 2, retryAfter: '7' } }, 'ev-429')
    const slept = clock.sleeps.length
    const run = await deploy('ev-429', suite([['one', 'hi', '{contains: "echo: hi"}']]))
    expect(run.exitCode).toBe(0)
    expect(sim.agentRuns.map((r) => r.taken)).toEqual([false, false, true])
    expect(clock.sleeps.slice(slept).filter((ms) => ms === 7_000)).toHaveLength(2)
    expect(run.lines.some((l) => l.includes('attempt 1: HTTP 429 (the server did not take the run); sent again after 7s.'))).toBe(true)
    // A wait past the run's `timeout` is not waited: the run fails on its 429.
    sim.reset()
    seeded('ev-429-long')
    sim.setAgent({ runs: { kind: 'unready', status: 429, times: 5, retryAfter: '600' } }, 'ev-429-long')
    const late = await deploy('ev-429-long', suite([['one', 'hi', '{}']], 'timeout: 1m\n'))
    expect(late.exitCode).toBe(1)
    expect(sim.agentRuns).toHaveLength(1)
    expect(tableRow(late.summary, 'one')).toContain('HTTP 429')
  })

  it('`eval-results` goes under RUNNER_TEMP on a runner, whose inputs come with no environment of their own', async () => {
    // index.ts runs with the process's environment; v1.4 read RUNNER_TEMP only from a context's, so the file went to the system's temp folder.
    const before = process.env.RUNNER_TEMP
    process.env.RUNNER_TEMP = runnerTemp
    try {
      const inputs = await readActionInputs(inputsFrom({ ...BASE_INPUTS, evals: THREE }), {})
      expect(inputs.command === 'deploy' && inputs.verification.resultsDir).toBe(runnerTemp)
    } finally {
      if (before === undefined) delete process.env.RUNNER_TEMP
      else process.env.RUNNER_TEMP = before
    }
  })

  it("`eval-results` holds each case's input and `expect`, the revision id and the times", async () => {
    seeded('ev-fields')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ev-fields')
    const run = await deploy('ev-fields', THREE)
    const results = JSON.parse(readFileSync(run.outputs['eval-results'], 'utf8'))
    expect(results.revisionId).toBe(run.outputs['revision-id'])
    expect(results.startedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(results.finishedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(results.cases[0]).toMatchObject({
      input: { messages: [{ role: 'user', content: 'Say pong.' }] },
      expect: { contains: 'pong', 'not-contains': 'sorry' }
    })
  })
})

describe('`evals-from: base`: the suite a pull request cannot loosen', () => {
  /** A pull_request event whose base commit is `baseSha`. */
  const pullRequest = (dir: string, baseSha: string) => {
    const path = join(dir, 'event.json')
    writeFileSync(
      path,
      JSON.stringify({
        number: 7,
        pull_request: {
          number: 7,
          head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/agent' } },
          base: { sha: baseSha, repo: { full_name: 'octo/agent' } }
        }
      })
    )
    return { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'octo/agent' }
  }
  const STRICT = THREE
  const LOOSE = THREE.replace('assistant: agent\n', 'assistant: agent\npass-rate: 0%\n')
  const WRONG = { ...RIGHT, 'Add 2 and 2.': { says: 'five' } }

  it("reads the suite from the base commit in the checkout's git objects: a pull request that set `pass-rate: 0%` still fails", async () => {
    const repo = mkdtempSync(join(tmpdir(), 'evals-base-'))
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, env: GIT_ENV }).toString().trim()
    git('init', '-q')
    mkdirSync(join(repo, 'evals'))
    writeFileSync(join(repo, 'evals', 'suite.yml'), STRICT)
    git('add', '.')
    git('commit', '-qm', 'base')
    const base = git('rev-parse', 'HEAD')
    // The pull request's change, in the checkout.
    writeFileSync(join(repo, 'evals', 'suite.yml'), LOOSE)
    seeded('ev-base')
    sim.setAgent({ runs: { kind: 'suite', answers: WRONG } }, 'ev-base')
    const inputs = deployInputs(sim, 'ev-base', { 'repo-ref': 'release', evals: 'evals/suite.yml', 'evals-from': 'base' })
    const run = await runInProcess({ inputs, env: { ...env(), GITHUB_WORKSPACE: repo, ...pullRequest(repo, base) } })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('under `pass-rate` 100%')
    expect(run.lines).toContain(
      `Evals: the suite \`evals/suite.yml\` as the pull request's base commit (${base.slice(0, 7)}) has it, read from the checkout's git objects.`
    )
    // The checkout's own suite, as before: the pull request's `pass-rate: 0%` passes it.
    const loose = await runInProcess({
      inputs: { ...inputs, 'evals-from': 'checkout' },
      env: { ...env(), GITHUB_WORKSPACE: repo, ...pullRequest(repo, base) }
    })
    expect(loose.exitCode).toBe(0)
  })

  it('reads it from the GitHub API when the checkout lacks the base commit (a shallow checkout); a file not there is bad input', async () => {
    const github = await startFakeGitHub({ now: clock.now })
    try {
      const base = 'c'.repeat(40)
      github.setFiles(base, { 'evals/suite.yml': STRICT })
      mkdirSync(join(workspace, 'evals'), { recursive: true })
      writeFileSync(join(workspace, 'evals', 'suite.yml'), LOOSE)
      seeded('ev-base-api')
      sim.setAgent({ runs: { kind: 'suite', answers: WRONG } }, 'ev-base-api')
      const inputs = deployInputs(sim, 'ev-base-api', { 'repo-ref': 'release', evals: 'evals/suite.yml', 'evals-from': 'base' })
      const githubEnv = { GITHUB_API_URL: github.url, GITHUB_TOKEN: github.token }
      const run = await runInProcess({ inputs, env: { ...env(), ...githubEnv, ...pullRequest(workspace, base) } })
      expect(run.exitCode).toBe(1)
      expect(run.lines.some((l) => l.endsWith('has it, read from the GitHub API.'))).toBe(true)
      expect(github.requests.filter((r) => r.path.includes('/contents/evals/suite.yml'))).toHaveLength(1)
      const before = sim.requests.length
      const missing = await runInProcess({
        inputs: { ...inputs, evals: 'evals/other.yml' },
        env: { ...env(), ...githubEnv, ...pullRequest(workspace, base) }
      })
      expect(missing.outcome.kind).toBe('refused')
      expect(missing.failures[0]).toContain("the file `evals/other.yml` could not be read from the pull request's base commit (ccccccc)")
      expect(sim.requests.length).toBe(before)
    } finally {
      await github.stop()
    }
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
    [
      'a key written twice (YAML would drop the first `cases` list)',
      'assistant: agent\ncases:\n  - {name: a, input: {}}\ncases:\n  - {name: b, input: {}}\n',
      '`cases` is written 2 times (lines 2, 4): YAML would keep the last and drop the others; keep one'
    ],
    ['a key written twice inside a case', oneCase('', '{contains: x, contains: y}'), '`cases[0].expect.contains` is written 2 times'],
    ["`expect: pong`, the smoke test's way", oneCase('', 'pong'), "for text in the agent's output, write `expect: {contains: pong}`"],
    [
      "a run's timeout past the step's",
      oneCase('timeout: 99999999999d\n'),
      "one run's limit, must be shorter than the step's `timeout` (30m)"
    ],
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

  it("problems in a suite file name the file and the key, and the advice names the file, never the step's `with:` block", async () => {
    writeFileSync(join(workspace, 'typo.yml'), 'assistant: agent\ncases:\n  - {name: a, input: {}, expect: {contain: x}}\n')
    const run = await deploy('ev-bad', 'typo.yml')
    expect(run.outcome.kind).toBe('refused')
    expect(run.failures[0]).toContain('`typo.yml`: `cases[0].expect.contain` is not a known key: did you mean `contains`?')
    expect(run.failures[0]).toContain('Fix `typo.yml`; no change was sent to the control plane.')
    expect(run.failures[0]).not.toContain('with:')
  })

  it('`wait: false` is refused', async () => {
    const run = await deploy('ev-bad', oneCase(''), { wait: 'false' })
    expect(run.outcome.kind).toBe('refused')
    expect(run.failures[0]).toContain('`evals` needs `wait: true`')
  })
})
