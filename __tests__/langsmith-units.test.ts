import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { langsmithSchema, startLangSmith, type LangSmithStandIn } from '../sim/langsmith.js'
import { parseEvals } from '../src/inputs/evals.js'
import { parseLangSmithEndpoint } from '../src/inputs/langsmith-endpoint.js'
import type { RunRecord } from '../src/operations/evals/engine.js'
import { experimentOf } from '../src/operations/langsmith/experiment.js'
import { compareUrl, uploadUrl, webBase } from '../src/operations/langsmith/link.js'
import { rowId } from '../src/operations/langsmith/row-id.js'
import { uploadExperiment } from '../src/operations/langsmith/upload.js'
import { clock } from './helpers/in-process.js'

/** The pieces of the LangSmith recording: the link's rule, the row ids, the body, the bounded upload, the stand-in's strictness. */
let langsmith: LangSmithStandIn
beforeAll(async () => {
  langsmith = await startLangSmith({ now: clock.now, holdOn: clock.holdOn })
})
afterAll(() => langsmith.stop())
beforeEach(() => langsmith.reset())

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const ID = '3c90c3cc-0d44-4b50-8888-8dd25736052a'

describe('where LangSmith is', () => {
  it.each([
    ['https://api.smith.langchain.com', 'https://smith.langchain.com'],
    ['https://eu.api.smith.langchain.com', 'https://eu.smith.langchain.com'],
    ['https://langsmith.example.com/api/v1', 'https://langsmith.example.com'],
    ['https://example.com/langsmith/api', 'https://example.com/langsmith'],
    ['http://127.0.0.1:8123', 'http://127.0.0.1:8123']
  ])('the app of %s is at %s', (endpoint, app) => {
    expect(webBase(endpoint)).toBe(app)
  })

  it('the upload goes under /api/v1, once', () => {
    expect(uploadUrl('https://api.smith.langchain.com')).toBe('https://api.smith.langchain.com/api/v1/datasets/upload-experiment')
    expect(uploadUrl('https://ls.example.com/api/v1/')).toBe('https://ls.example.com/api/v1/datasets/upload-experiment')
  })

  it("the comparison's link, as LangChain's tools print it; none for an endpoint a link may not name", () => {
    expect(compareUrl('https://api.smith.langchain.com', { tenantId: ID, datasetId: ID, experimentIds: [ID, ID] })).toBe(
      `https://smith.langchain.com/o/${ID}/datasets/${ID}/compare?selectedSessions=${ID},${ID}`
    )
    expect(compareUrl('http://langsmith.example.com', { tenantId: ID, datasetId: ID, experimentIds: [ID] })).toBeUndefined()
  })

  it.each([
    ['http://langsmith.example.com', 'must use https://'],
    ['api.smith.langchain.com', 'must be an absolute URL'],
    ['https://user:pw@api.smith.langchain.com', 'must not contain a user name or password'],
    ['https://api.smith.langchain.com/?x=1', 'must not contain a query string']
  ])('`langsmith-endpoint: %s` is refused', (raw, said) => {
    expect(() => parseLangSmithEndpoint(raw)).toThrow(said)
  })
})

describe('row ids', () => {
  it('are version 5 UUIDs, the same for the same dataset, case and input (whatever its key order), and differ otherwise', () => {
    const input = { messages: [{ role: 'user', content: 'hi' }], n: 1 }
    const id = rowId('agent CI', 'greets', input)
    expect(id).toMatch(UUID_V5)
    expect(rowId('agent CI', 'greets', { n: 1, messages: [{ content: 'hi', role: 'user' }] })).toBe(id)
    expect(rowId('other CI', 'greets', input)).not.toBe(id)
    expect(rowId('agent CI', 'waves', input)).not.toBe(id)
    expect(rowId('agent CI', 'greets', { ...input, n: 2 })).not.toBe(id)
    // The repository, when known: two that copied the same suite under the same dataset name never share an example.
    const ours = rowId('agent CI', 'greets', input, 'acme/support-agent')
    expect(ours).toMatch(UUID_V5)
    expect(ours).not.toBe(id)
    expect(rowId('agent CI', 'greets', input, 'globex/support-agent')).not.toBe(ours)
    expect(rowId('agent CI', 'greets', input, 'Acme/Support-Agent')).toBe(ours)
  })
})

describe('the experiment', () => {
  it('one row per run made, repeats included, runs never sent left out; valid against the published schema', async () => {
    const { data: parsed } = await parseEvals(
      'assistant: agent\nrepeat: 2\ndataset: golden\ncases:\n  - {name: a, input: {q: 1}, expect: {contains: x}}\n  - {name: b, input: {q: 2}}\n'
    )
    // An inline suite is read at once: never the pull request's base commit.
    const suite = parsed && 'cases' in parsed ? parsed : undefined
    const record = (caseIndex: number, repeat: number, extra: Partial<RunRecord> = {}): RunRecord => ({
      caseIndex,
      repeat,
      side: 'ours',
      passed: true,
      failed: [],
      durationMs: 1500,
      attempts: 1,
      status: 200,
      output: 'x',
      startedAt: Date.UTC(2026, 10, 28, 12),
      ...extra
    })
    const records = [
      record(0, 1),
      record(0, 2, { passed: false, failed: ["`contains`: `x` is not in the agent's output"], output: 'y' }),
      record(1, 1),
      record(1, 2, { passed: false, failed: ["not run: the suite's time limit"], notRun: true, durationMs: 0 })
    ]
    const body = experimentOf({ side: 'ours', deployment: 'agent' }, records, {
      suite: suite!,
      dataset: 'golden',
      run: {},
      startedAt: Date.UTC(2026, 10, 28, 12),
      endedAt: Date.UTC(2026, 10, 28, 12, 1),
      passRate: 0.5
    })
    const validate = await langsmithSchema('ExperimentResultsUpload')
    expect(validate(body) ? [] : validate.errors).toEqual([])
    expect(body.results.map((r) => [r.run_name, r.run_metadata.run])).toEqual([
      ['a', 1],
      ['a', 2],
      ['b', 1]
    ])
    expect(body.results[0].row_id).toBe(body.results[1].row_id)
    expect(body.results[0].row_id).toBe(rowId('golden', 'a', { q: 1 }))
    // With the workflow's repository, it is in the id.
    const inRepo = experimentOf({ side: 'ours', deployment: 'agent' }, records, {
      suite: suite!,
      dataset: 'golden',
      run: { repository: 'acme/agent' },
      startedAt: Date.UTC(2026, 10, 28, 12),
      endedAt: Date.UTC(2026, 10, 28, 12, 1),
      passRate: 0.5
    })
    expect(inRepo.results[0].row_id).toBe(rowId('golden', 'a', { q: 1 }, 'acme/agent'))
    expect(body.results[1].evaluation_scores).toEqual([
      { key: 'pass', score: 0, comment: "`contains`: `x` is not in the agent's output" },
      { key: 'contains', score: 0, comment: "`contains`: `x` is not in the agent's output" }
    ])
    expect(body.results[0]).toMatchObject({ start_time: '2026-11-28T12:00:00.000Z', end_time: '2026-11-28T12:00:01.500Z' })
    // Without a workflow run, the suite's start tells two experiments apart.
    expect(body.experiment_name).toBe('agent (this revision) · 2026-11-28T12:00:00Z')
  })

  it("the suite's `dataset` is one line of text, and a misspelt key is named", async () => {
    expect((await parseEvals('dataset: [a]\ncases: [{input: {}}]\nassistant: a\n')).problems).toEqual([
      '`dataset` must be one line of text: the LangSmith dataset the runs are recorded in'
    ])
    expect((await parseEvals('datset: x\ncases: [{input: {}}]\nassistant: a\n')).problems[0]).toContain('did you mean `dataset`?')
  })
})

describe('the upload', () => {
  const to = () => ({ url: `${langsmith.url}/api/v1/datasets/upload-experiment`, headers: { 'X-Api-Key': langsmith.apiKey } })
  const minimal = (name: string) => ({
    experiment_name: name,
    dataset_name: 'd',
    experiment_start_time: '2026-11-28T12:00:00Z',
    experiment_end_time: '2026-11-28T12:01:00Z',
    results: [{ inputs: { q: 1 }, start_time: '2026-11-28T12:00:00Z', end_time: '2026-11-28T12:00:01Z', row_id: ID }]
  })

  it('gives up at the deadline when LangSmith hangs, sooner than its own limit, and aborts the request', async () => {
    langsmith.addFault({ hang: true })
    const began = clock.now()
    const result = await uploadExperiment(to(), minimal('hang'), { clock, deadline: began + 5_000, requestLimitMs: 30_000 })
    expect(result).toEqual({ problem: 'no answer within 5s' })
    expect(clock.now() - began).toBe(5_000)
    expect(langsmith.requests).toHaveLength(1)
    // Given up on is closed: the stand-in holds nothing once the socket's close has reached it.
    for (let i = 0; i < 100 && langsmith.holding() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(langsmith.holding()).toBe(0)
  })

  it('the stand-in answers as the schema says: ids as UUIDs, its tenant; refusals as HTTPValidationError', async () => {
    const answer = await fetch(to().url, {
      method: 'POST',
      headers: { ...to().headers, 'content-type': 'application/json' },
      body: JSON.stringify(minimal('ok'))
    })
    expect(answer.status).toBe(200)
    const valid = await langsmithSchema('ExperimentResultsUploadResult')
    const body = (await answer.json()) as { dataset: { tenant_id: string } }
    expect(valid(body) ? [] : valid.errors).toEqual([])
    expect(body.dataset.tenant_id).toBe(langsmith.tenantId)

    const refused = await fetch(to().url, {
      method: 'POST',
      headers: { ...to().headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...minimal('bad'),
        experiment_start_time: undefined,
        results: [{ inputs: [], start_time: 'soon', end_time: 'x', row: 1 }]
      })
    })
    expect(refused.status).toBe(422)
    const problems = (await refused.json()) as { detail: Array<{ loc: unknown[] }> }
    expect((await langsmithSchema('HTTPValidationError'))(problems)).toBe(true)
    expect(problems.detail.map((d) => d.loc.join('.'))).toEqual(
      expect.arrayContaining(['body.experiment_start_time', 'body.results.0.inputs', 'body.results.0.start_time', 'body.results.0.row'])
    )
  })

  it('the stand-in refuses another key (401), another workspace (403), an unknown dataset (404), a name taken (409)', async () => {
    const send = (headers: Record<string, string>, body: unknown) =>
      fetch(to().url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    expect((await send({ 'X-Api-Key': 'another' }, minimal('a'))).status).toBe(401)
    expect((await send({ 'X-Api-Key': langsmith.apiKey, 'X-Tenant-Id': ID }, minimal('a'))).status).toBe(403)
    const { dataset_name: _name, ...noDataset } = minimal('a')
    expect((await send({ 'X-Api-Key': langsmith.apiKey }, { ...noDataset, dataset_id: ID })).status).toBe(404)
    expect((await send({ 'X-Api-Key': langsmith.apiKey }, minimal('a'))).status).toBe(200)
    expect((await send({ 'X-Api-Key': langsmith.apiKey }, minimal('a'))).status).toBe(409)
  })
})
