import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Simulator } from '../sim/index.js'
import { langsmithSchema, startLangSmith, type LangSmithStandIn } from '../sim/langsmith.js'
import { renderComment } from '../src/github/pr-comment.js'
import { deployInputs, INTEGRATION_ID, visibleText } from './helpers/action.js'
import { clock, runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

/**
 * `evals` with `langsmith-api-key`: each side's runs recorded as a LangSmith experiment, against
 * the LangSmith stand-in (sim/langsmith.js, strict on the published schemas kept in
 * __tests__/fixtures/langsmith/), on its own loopback port and the test's virtual clock.
 */
let sim: Simulator
let langsmith: LangSmithStandIn
let workspace: string
beforeAll(async () => {
  sim = await startSimulatorOnClock({ loopbackUrls: true })
  langsmith = await startLangSmith({ apiKey: KEY, now: clock.now, holdOn: clock.holdOn })
  workspace = mkdtempSync(join(tmpdir(), 'langsmith-ws-'))
})
afterAll(async () => {
  await sim.stop()
  await langsmith.stop()
})
beforeEach(() => {
  sim.reset()
  langsmith.reset()
})

const KEY = 'lsv2_pt_0123456789abcdef0123456789abcdef_0123456789'
const RIGHT = {
  'Say pong.': { says: 'pong' },
  'Capital of France?': { says: 'Paris is the capital of France.' },
  'Add 2 and 2.': { says: '4' }
}
const ask = (content: string) => `{messages: [{role: user, content: ${JSON.stringify(content)}}]}`
const SUITE = (head = '') =>
  `assistant: agent\nconcurrency: 1\n${head}cases:\n` +
  `  - name: pong\n    input: ${ask('Say pong.')}\n    expect: {contains: pong, not-contains: sorry}\n` +
  `  - name: capital\n    input: ${ask('Capital of France?')}\n    expect: {matches: '\\bParis\\b'}\n` +
  `  - name: sum\n    input: ${ask('Add 2 and 2.')}\n    expect: {contains: "4", max-duration: 20s}\n`

const seeded = (name: string) => sim.seedDeployment({ name, source_config: { integration_id: INTEGRATION_ID } })
const deploy = (name: string, evals: string, extra: Record<string, string> = {}, attempt = '2') =>
  runInProcess({
    inputs: deployInputs(sim, name, {
      'repo-ref': 'release',
      evals,
      'langsmith-api-key': KEY,
      'langsmith-endpoint': langsmith.url,
      ...extra
    }),
    env: { GITHUB_WORKSPACE: workspace, GITHUB_RUN_ATTEMPT: attempt }
  })
/** Every header of every request the control plane's simulator and its agent servers saw. */
const headersElsewhere = () => [...sim.requests.map((r) => r.headers), ...sim.healthRequests.map((r) => r.headers)]
/** A preview worse than production on `capital`, both compared: the gate fails. */
const previewAndProd = (preview: string, prod: string) => {
  seeded(preview)
  seeded(prod)
  sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, prod)
  sim.setAgent({ runs: { kind: 'suite', answers: { ...RIGHT, 'Capital of France?': { says: 'Lyon.' } } } }, preview)
}

interface Row {
  row_id: string
  run_name: string
  evaluation_scores: Array<{ key: string; score: number; comment?: string }>
  actual_outputs?: { output: string }
  expected_outputs?: Record<string, unknown>
  error?: string
  inputs: Record<string, unknown>
}
const bodies = () => langsmith.requests.map((r) => r.body as { results: Row[]; [key: string]: unknown })

describe('LangSmith experiments', () => {
  it('compare-with and a key: two experiments in one dataset, paired row by row, valid against the published schema; the link in the summary and the PR comment', async () => {
    previewAndProd('ls-preview', 'ls-prod')
    const run = await deploy('ls-preview', SUITE('compare-with: ls-prod\n'))
    // The gate's verdict, whatever LangSmith says: capital is a regression.
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('The evals failed: 1 of 3 cases failed: `capital`')

    expect(langsmith.requests).toHaveLength(2)
    const validate = await langsmithSchema('ExperimentResultsUpload')
    for (const body of bodies()) expect(validate(body) ? [] : validate.errors).toEqual([])
    const [ours, theirs] = bodies()
    // The first names the dataset (made on first use), the second goes into the dataset the first answer named.
    expect(ours.dataset_name).toBe('ls-preview CI')
    expect(theirs.dataset_id).toBe(langsmith.experiments[0].datasetId)
    expect(theirs.dataset_name).toBeUndefined()
    expect(new Set(langsmith.experiments.map((e) => e.datasetId)).size).toBe(1)
    expect(langsmith.datasets.size).toBe(1)

    // One row per run, a case's rows carrying the same row_id on both sides.
    const ids = (body: { results: Row[] }) => Object.fromEntries(body.results.map((row) => [row.run_name, row.row_id]))
    expect(Object.keys(ids(ours))).toEqual(['pong', 'capital', 'sum'])
    expect(ids(theirs)).toEqual(ids(ours))
    expect(new Set(Object.values(ids(ours))).size).toBe(3)
    expect([...langsmith.datasets.values()][0].examples.size).toBe(3)

    // Names that tell the side, the deployment, the commit and the run.
    expect(ours.experiment_name).toBe('ls-preview (this revision) @ 0123456 · run 4242#2')
    expect(theirs.experiment_name).toBe('ls-prod (compared) @ 0123456 · run 4242#2')
    expect(ours.experiment_metadata).toMatchObject({
      side: 'this revision',
      deployment: 'ls-preview',
      revision: run.outputs['revision-id'],
      commit: '0123456789abcdef0123456789abcdef01234567',
      workflow_run: 'https://github.com/octo-org/support-agent/actions/runs/4242/attempts/2',
      compared_with: 'ls-prod'
    })
    expect(theirs.experiment_metadata).toMatchObject({ side: 'compared', deployment: 'ls-prod' })
    expect(ours.summary_experiment_scores).toEqual([{ key: 'pass-rate', score: 2 / 3 }])
    expect(theirs.summary_experiment_scores).toEqual([{ key: 'pass-rate', score: 1 }])

    // The row: the input, what `expect` said, what the agent added, a pass score and one per check.
    const capital = (body: { results: Row[] }) => body.results.find((row) => row.run_name === 'capital') as Row
    expect(capital(ours)).toMatchObject({
      inputs: { messages: [{ role: 'user', content: 'Capital of France?' }] },
      expected_outputs: { matches: '\\bParis\\b' },
      actual_outputs: { output: 'Lyon.' }
    })
    expect(capital(ours).evaluation_scores).toEqual([
      { key: 'pass', score: 0, comment: expect.stringContaining('`matches`') },
      { key: 'matches', score: 0, comment: expect.stringContaining('does not match') }
    ])
    expect(capital(theirs).evaluation_scores).toEqual([
      { key: 'pass', score: 1 },
      { key: 'matches', score: 1 }
    ])
    const sum = ours.results.find((row) => row.run_name === 'sum') as Row
    expect(sum.evaluation_scores.map((s) => s.key)).toEqual(['pass', 'contains', 'max-duration'])
    // `expect` as the suite wrote it.
    expect(sum.expected_outputs).toEqual({ contains: '4', 'max-duration': '20s' })

    // The link: the app's comparison of both experiments, in the summary and the PR comment, near the top of the block.
    const [first, second] = langsmith.experiments
    const link = `${langsmith.url}/o/${langsmith.tenantId}/datasets/${first.datasetId}/compare?selectedSessions=${first.id},${second.id}`
    expect(run.outcome.evals?.langsmith).toEqual({ compareUrl: link })
    for (const text of [run.summary, renderComment(run.view, undefined)]) {
      const lines = text.split('\n')
      const heading = lines.findIndex((line) => /^#+ Evals: /.test(line))
      expect(lines[heading + 2]).toMatch(
        new RegExp(`^📎 Whole results: \\[both sides in LangSmith\\]\\(${link.replace(/[.?*+^$()[\]\\/]/g, '\\$&')}\\)`)
      )
    }
    expect(run.lines).toContain(`LangSmith: the comparison: ${link}`)
  })

  it('the key is masked, goes to LangSmith only (as X-Api-Key), and no other credential goes there', async () => {
    previewAndProd('ls-mask', 'ls-mask-prod')
    const run = await deploy('ls-mask', SUITE('compare-with: ls-mask-prod\n'), { 'langsmith-workspace-id': langsmith.tenantId })
    expect(langsmith.experiments).toHaveLength(2)
    // Registered for masking before anything else was printed.
    const lines = run.stdout.split('\n')
    expect(
      lines.slice(
        0,
        lines.findIndex((line) => !line.startsWith('::add-mask::'))
      )
    ).toContain(`::add-mask::${KEY}`)
    expect(visibleText(run)).not.toContain(KEY)
    expect(JSON.stringify(run.outcome)).not.toContain(KEY)
    // LangSmith saw it, in X-Api-Key, with the workspace; the control plane and the agent servers never did.
    expect(langsmith.requests.every((r) => r.headers['x-api-key'] === KEY && r.headers['x-tenant-id'] === langsmith.tenantId)).toBe(true)
    expect(headersElsewhere().length).toBeGreaterThan(5)
    for (const headers of headersElsewhere()) expect(JSON.stringify(headers)).not.toContain(KEY)
    // And the control plane's key never reached LangSmith, in a header or a body.
    expect(JSON.stringify(langsmith.requests)).not.toContain(sim.apiKey)
  })

  it.each([
    ['down (500 on every try)', () => langsmith.addFault({ respond: { status: 500 }, times: 10 }), 3, 'HTTP 500'],
    ['hanging', () => langsmith.addFault({ hang: true }), 1, 'no answer within 30s'],
    [
      'refusing the experiment (422)',
      () => langsmith.addFault({ respond: { status: 422, body: { detail: [{ loc: ['body', 'results'], msg: 'bad' }] } } }),
      1,
      'HTTP 422'
    ],
    [
      'refusing the key (401)',
      () => langsmith.addFault({ respond: { status: 401, body: { detail: 'Invalid token' } } }),
      1,
      'the key was refused'
    ],
    ['answering 2 MiB', () => langsmith.addFault({ huge: true }), 1, 'larger than 1 MiB'],
    ['resetting the connection', () => langsmith.addFault({ reset: true, times: 10 }), 3, 'no answer (']
  ])('LangSmith %s: a warning, the same verdict and outputs, within the step’s time', async (_what, fail, tries, said) => {
    previewAndProd('ls-down', 'ls-down-prod')
    const suite = SUITE('compare-with: ls-down-prod\n')
    const without = await deploy('ls-down', suite, { 'langsmith-api-key': '' })
    expect(langsmith.requests).toHaveLength(0)

    fail()
    const began = clock.now()
    const run = await deploy('ls-down', suite, { timeout: '5m' })
    expect(clock.now() - began).toBeLessThan(5 * 60_000)
    expect(langsmith.requests).toHaveLength(tries)
    expect(langsmith.experiments).toHaveLength(0)
    const warning = run.warnings.find((w) => w.startsWith('LangSmith: '))
    expect(warning).toContain('the runs of `ls-down` (this revision) were not recorded: ')
    expect(warning).toContain(said)
    expect(warning).toContain('The evals and their verdict are not changed by it.')
    // The verdict, the outcome and the outputs are those of the run without a key.
    expect(run.exitCode).toBe(without.exitCode)
    expect(run.failures).toEqual(without.failures)
    expect(run.outcome.kind).toBe(without.outcome.kind)
    expect(run.outcome.evals?.gate).toBe(without.outcome.evals?.gate)
    const told = (outputs: Record<string, string>) =>
      Object.fromEntries(['operation', 'revision-status', 'eval-pass-rate', 'eval-regressions'].map((name) => [name, outputs[name]]))
    expect(told(run.outputs)).toEqual(told(without.outputs))
    expect(run.outputs['eval-pass-rate']).toBe('0.6667')
    expect(run.outcome.evals?.langsmith).toBeUndefined()
    expect(run.summary).not.toContain('LangSmith')
  })

  it("a slow LangSmith within the try's limit is waited for; past it, the try is given up on and not made again", async () => {
    seeded('ls-slow')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ls-slow')
    langsmith.addFault({ delayMs: 20_000 })
    const slow = await deploy('ls-slow', SUITE())
    expect(slow.outcome.evals?.langsmith?.compareUrl).toContain(`/datasets/${langsmith.experiments[0].datasetId}/compare`)
    expect(slow.warnings.filter((w) => w.startsWith('LangSmith'))).toEqual([])

    langsmith.reset()
    langsmith.addFault({ delayMs: 40_000 })
    const late = await deploy('ls-slow', SUITE(), {}, '3')
    expect(langsmith.requests).toHaveLength(1)
    expect(late.warnings.find((w) => w.startsWith('LangSmith'))).toContain('not recorded: no answer within 30s')
    // Given up on is closed: the stand-in holds nothing once the socket's close has reached it.
    for (let i = 0; i < 100 && langsmith.holding() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(langsmith.holding()).toBe(0)
    expect(langsmith.experiments).toHaveLength(0)
  })

  it('cancelled while LangSmith holds the upload: the request is aborted and the run ends as cancelled', async () => {
    seeded('ls-cancel')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ls-cancel')
    langsmith.addFault({ hang: true })
    const cancel = new AbortController()
    // Cancelled the moment the stand-in holds the upload (the agent's answers here are not held).
    clock.whenHeld(() => cancel.abort())
    const run = await runInProcess({
      inputs: deployInputs(sim, 'ls-cancel', {
        'repo-ref': 'release',
        evals: SUITE(),
        'langsmith-api-key': KEY,
        'langsmith-endpoint': langsmith.url
      }),
      env: { GITHUB_WORKSPACE: workspace },
      signal: cancel.signal
    })
    expect(cancel.signal.aborted).toBe(true)
    expect(langsmith.requests).toHaveLength(1)
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toMatch(/^The workflow was cancelled while waiting for revision /)
    for (let i = 0; i < 100 && langsmith.holding() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(langsmith.holding()).toBe(0)
  })

  it("the compared side refused: this revision's experiment is kept, linked alone, and the warning names the other side", async () => {
    previewAndProd('ls-half', 'ls-half-prod')
    langsmith.addFault({ skip: 1, respond: { status: 400, body: { detail: 'Dataset is locked' } } })
    const run = await deploy('ls-half', SUITE('compare-with: ls-half-prod\n'))
    expect(langsmith.requests.map((r) => r.status)).toEqual([200, 400])
    expect(run.warnings.filter((w) => w.startsWith('LangSmith'))).toEqual([
      'LangSmith: the runs of `ls-half-prod` (compared) were not recorded: HTTP 400: `Dataset is locked`. ' +
        'The evals and their verdict are not changed by it.'
    ])
    const [ours] = langsmith.experiments
    expect(run.outcome.evals?.langsmith?.compareUrl).toMatch(new RegExp(`selectedSessions=${ours.id}$`))
    expect(run.summary).toContain('📎 Whole results: [the runs in LangSmith](')
  })

  it('a failed gate with `on-failure: rollback` and a hanging LangSmith: the rollback keeps its time, LangSmith gets a warning', async () => {
    previewAndProd('ls-rb', 'ls-rb-prod')
    langsmith.addFault({ hang: true })
    const began = clock.now()
    // 26 s: the deploy and the suite take about 10 s of it; the upload, left to the step's deadline, took the rest.
    const run = await deploy('ls-rb', SUITE('compare-with: ls-rb-prod\n'), { 'on-failure': 'rollback', timeout: '26s' })
    expect(clock.now() - began).toBeLessThanOrEqual(26_000)
    expect(run.outcome.kind).toBe('rolled-back')
    expect(run.failures[0]).toContain('Rolled back (`on-failure: rollback`)')
    // Less than a minute was left: kept for the rollback, nothing sent to LangSmith.
    expect(langsmith.requests).toHaveLength(0)
    const warning = run.warnings.find((w) => w.startsWith('LangSmith: '))
    expect(warning).toContain('the runs of `ls-rb` (this revision) and `ls-rb-prod` (compared) were not recorded: ')
    expect(warning).toContain('the rollback (`on-failure: rollback`) needs the ')
    expect(run.outcome.evals?.langsmith).toBeUndefined()
  })

  it('a failed gate with `on-failure: rollback` and time to spare: recorded, then rolled back; a hang is given up on early enough', async () => {
    previewAndProd('ls-rb2', 'ls-rb2-prod')
    const suite = SUITE('compare-with: ls-rb2-prod\n')
    const recorded = await deploy('ls-rb2', suite, { 'on-failure': 'rollback', timeout: '5m' })
    expect(recorded.outcome.kind).toBe('rolled-back')
    expect(langsmith.experiments).toHaveLength(2)
    expect(recorded.outcome.evals?.langsmith?.compareUrl).toContain('/compare?selectedSessions=')

    // 2 minutes: half of what is left after the suite is kept for the rollback; the hang is given up on before it.
    previewAndProd('ls-rb3', 'ls-rb3-prod')
    langsmith.reset()
    langsmith.addFault({ hang: true })
    const hung = await deploy('ls-rb3', SUITE('compare-with: ls-rb3-prod\n'), { 'on-failure': 'rollback', timeout: '2m' })
    expect(hung.outcome.kind).toBe('rolled-back')
    expect(langsmith.requests).toHaveLength(1)
    expect(hung.warnings.find((w) => w.startsWith('LangSmith: '))).toContain('were not recorded: no answer within')
  })

  it("the first side's answer lost after it landed: the retry's 409 is said as recorded, ids unknown; the other side still goes in", async () => {
    previewAndProd('ls-lost', 'ls-lost-prod')
    langsmith.addFault({ lost: true })
    const run = await deploy('ls-lost', SUITE('compare-with: ls-lost-prod\n'))
    expect(langsmith.requests.map((r) => r.status)).toEqual([0, 409, 200])
    expect(langsmith.experiments).toHaveLength(2)
    // The compared side went by the dataset's name (no id was known), into the same dataset.
    expect(bodies()[2].dataset_name).toBe('ls-lost CI')
    expect(new Set(langsmith.experiments.map((e) => e.datasetId)).size).toBe(1)
    const warnings = run.warnings.filter((w) => w.startsWith('LangSmith'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('the runs of `ls-lost` (this revision) were recorded as `ls-lost (this revision)')
    expect(warnings[0]).toContain('its ids are unknown, so no link leads to it')
    expect(warnings[0]).not.toContain('not recorded')
    // The link shows what is known: the compared side's experiment alone.
    const theirs = langsmith.experiments[1]
    expect(run.outcome.evals?.langsmith?.compareUrl).toMatch(new RegExp(`selectedSessions=${theirs.id}$`))
  })

  it('a 503, then an answer: tried again, and recorded', async () => {
    seeded('ls-retry')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ls-retry')
    langsmith.addFault({ respond: { status: 503 } })
    const run = await deploy('ls-retry', SUITE())
    expect(run.exitCode).toBe(0)
    expect(langsmith.requests.map((r) => r.status)).toEqual([503, 200])
    expect(run.lines).toContain('LangSmith: try 1: HTTP 503: `Internal Server Error`; tried again after 1s.')
    // One side: its experiment alone, in the dataset the suite names.
    expect(langsmith.experiments).toHaveLength(1)
    expect(run.warnings.filter((w) => w.startsWith('LangSmith'))).toEqual([])
    expect(run.summary).toContain('📎 Whole results: [the runs in LangSmith](')
  })

  it("the suite's `dataset` names the dataset; a run that failed without an answer is a row with its `error`, and no check scores", async () => {
    seeded('ls-error')
    sim.setAgent({ runs: { kind: 'suite', answers: { ...RIGHT, 'Add 2 and 2.': { error: 'KeyError: OPENAI_API_KEY' } } } }, 'ls-error')
    await deploy('ls-error', SUITE('dataset: Support agent golden set\n'))
    const [body] = bodies()
    expect(body.dataset_name).toBe('Support agent golden set')
    const sum = body.results.find((row) => row.run_name === 'sum') as Row
    expect(sum.error).toContain('the run failed (`__error__`)')
    expect(sum.actual_outputs).toBeUndefined()
    expect(sum.evaluation_scores).toEqual([{ key: 'pass', score: 0, comment: sum.error }])
  })

  it('the same case gets the same row_id in the next run, so its history is one example', async () => {
    seeded('ls-again')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ls-again')
    await deploy('ls-again', SUITE())
    // The workflow run again: another attempt, another experiment.
    await deploy('ls-again', SUITE(), {}, '3')
    expect(langsmith.experiments).toHaveLength(2)
    const [one, two] = bodies()
    expect(two.results.map((r) => r.row_id)).toEqual(one.results.map((r) => r.row_id))
  })

  it('with `repeat: 2`, one experiment sends two rows per case under one row_id: one example each, two runs', async () => {
    seeded('ls-twice')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ls-twice')
    await deploy('ls-twice', SUITE('repeat: 2\n'))
    const [body] = bodies()
    expect(body.results).toHaveLength(6)
    expect(new Set(body.results.map((r) => r.row_id)).size).toBe(3)
    expect([...langsmith.datasets.values()][0].examples.size).toBe(3)
  })

  it('without a key nothing is sent to LangSmith, whatever its endpoint', async () => {
    seeded('ls-nokey')
    sim.setAgent({ runs: { kind: 'suite', answers: RIGHT } }, 'ls-nokey')
    const run = await deploy('ls-nokey', SUITE(), { 'langsmith-api-key': '' })
    expect(run.exitCode).toBe(0)
    expect(langsmith.requests).toHaveLength(0)
    expect(run.lines.some((l) => l.includes('LangSmith'))).toBe(false)
  })

  it('`langsmith-endpoint` over http:// to another host is refused before any request', async () => {
    seeded('ls-http')
    const run = await deploy('ls-http', SUITE(), { 'langsmith-endpoint': 'http://langsmith.example.com' })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('`langsmith-endpoint` must use https://')
    expect(sim.requests).toHaveLength(0)
    expect(langsmith.requests).toHaveLength(0)
    expect(visibleText(run)).not.toContain(KEY)
  })
})
