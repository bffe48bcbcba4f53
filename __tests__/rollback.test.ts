/**
 * Rollback and health checks end to end: run() in-process with an output sink that keeps
 * everything, against the simulator on the in-process harness's virtual clock, so polls,
 * back-off, settle windows and health-check waits cost no real time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { run } from '../src/main.js'
import type { OutputSink } from '../src/report/sink.js'
import { lifecycles, type Simulator } from '../sim/index.js'
import { deployInputs, INTEGRATION_ID } from './helpers/action.js'
import { clock, startSimulatorOnClock } from './helpers/in-process.js'
import { inputsFrom } from './helpers/inputs.js'

let sim: Simulator
const WORKFLOW_ENV = { GITHUB_REPOSITORY: 'octo-org/support-agent', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567' }
const HOUR = 3_600_000

beforeAll(async () => {
  sim = await startSimulatorOnClock({ loopbackUrls: true })
})
afterAll(() => sim.stop())
beforeEach(() => {
  sim.reset()
  sim.setScenario(lifecycles.deployed())
})

function memorySink() {
  const lines: string[] = []
  const outputs: Record<string, string> = {}
  const failures: string[] = []
  const summaries: string[] = []
  const sink: OutputSink = {
    info: (line) => lines.push(line),
    warn: (line) => lines.push(`warning: ${line}`),
    notice: (line) => lines.push(`notice: ${line}`),
    debug: () => undefined,
    startGroup: (title) => lines.push(`group: ${title}`),
    endGroup: () => lines.push('endgroup'),
    setOutput: (name, value) => (outputs[name] = value),
    summary: async (markdown) => void summaries.push(markdown),
    fail: (message) => failures.push(message)
  }
  return { sink, lines, outputs, failures, summaries }
}

async function runWith(inputs: Record<string, string>) {
  const out = memorySink()
  const result = await run({ inputs: inputsFrom(inputs), env: WORKFLOW_ENV, sink: out.sink, clock, signal: new AbortController().signal })
  return { ...out, ...result }
}

function rollbackInputs(name: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'control-plane-url': sim.url, 'api-key': sim.apiKey, command: 'rollback', name, 'poll-interval': '50ms', ...extra }
}

/** A deployment with revisions r1 (DEPLOYED, 3 h old), r2 (BUILD_FAILED, 2 h), r3 (DEPLOYED, 1 h, serving). */
function seedHistory(name: string) {
  const deployment = sim.seedDeployment({
    name,
    revisions: [
      { status: 'DEPLOYED', ageMs: 3 * HOUR },
      { status: 'BUILD_FAILED', ageMs: 2 * HOUR },
      { status: 'DEPLOYED', ageMs: 1 * HOUR }
    ]
  })
  const [r3, r2, r1] = sim.revisions(deployment.id as string).map((r) => r.id as string)
  return { id: deployment.id as string, r1, r2, r3 }
}

/** A deployment the deploy inputs of helpers/action.ts can update. */
const seedExisting = (name: string) => sim.seedDeployment({ name, source_config: { integration_id: INTEGRATION_ID } })

const posts = () => sim.requests.filter((r) => r.method !== 'GET')
const redeploys = () => sim.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/redeploy'))

describe('command: rollback', () => {
  it('`previous` redeploys the newest DEPLOYED revision older than the serving one, waits, and says what serves now', async () => {
    const { id, r1, r3 } = seedHistory('rb-previous')
    expect(sim.deployments()[0]!.active_revision_id).toBe(r3)
    const result = await runWith(rollbackInputs('rb-previous'))
    expect(result.failures).toEqual([])
    expect(result.outcome.kind).toBe('rolled-back')
    expect(redeploys().map((r) => r.path)).toEqual([`/v2/deployments/${id}/revisions/${r1}/redeploy`])
    expect(redeploys()[0]!.body).toBeUndefined()
    // The status filter and paging of the revisions list, as the reference has them.
    const lists = sim.requests.filter((r) => r.path === `/v2/deployments/${id}/revisions`)
    expect(lists.map((r) => r.query)).toEqual([{ status: 'DEPLOYED', limit: '100', offset: '0' }])
    const newRevision = sim.revisions(id)[0]!.id as string
    expect(sim.deployments()[0]!.active_revision_id).toBe(newRevision)
    expect(result.outputs).toMatchObject({ operation: 'rolled-back', 'revision-id': newRevision, 'revision-status': 'DEPLOYED', 'previous-revision-id': r3 })
    expect(result.lines).toContain(`Deployment \`rb-previous\` now serves revision ${newRevision} (a redeploy of revision ${r1}); it replaced revision ${r3}.`)
    expect(result.summaries[0]).toContain('⏪ Rolled back')
    expect(result.summaries[0]).toContain(`<tr><th align="left">Replaced revision</th><td><code>${r3}</code></td></tr>`)
    expect(result.lines.at(-1)).toMatch(/^Outcome: rolled back: deployment `rb-previous`/)
  })

  it('rolls back to a revision id, walking every page of the revisions list with either offset convention', async () => {
    const echo = await startSimulatorOnClock({ loopbackUrls: true, pageOffset: 'echo' })
    try {
      // 150 DEPLOYED revisions: the oldest is on the second page.
      const deployment = echo.seedDeployment({ name: 'rb-id', revisions: Array.from({ length: 150 }, (_, i) => ({ status: 'DEPLOYED', ageMs: (150 - i) * HOUR })) })
      const oldest = echo.revisions(deployment.id as string).at(-1)!.id as string
      const out = memorySink()
      const { outcome } = await run({
        inputs: inputsFrom({ 'control-plane-url': echo.url, 'api-key': echo.apiKey, command: 'rollback', name: 'rb-id', 'rollback-to': oldest, 'poll-interval': '50ms' }),
        env: WORKFLOW_ENV,
        sink: out.sink,
        clock,
        signal: new AbortController().signal
      })
      expect(out.failures).toEqual([])
      expect(outcome.kind).toBe('rolled-back')
      const lists = echo.requests.filter((r) => r.path.endsWith('/revisions'))
      expect(lists.map((r) => r.query.offset)).toEqual(['0', '100'])
      expect(echo.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/v2/deployments/${deployment.id}/revisions/${oldest}/redeploy`])
    } finally {
      await echo.stop()
    }
  })

  it('sends nothing when the chosen revision already serves', async () => {
    const { r3 } = seedHistory('rb-serving')
    const result = await runWith(rollbackInputs('rb-serving', { 'rollback-to': r3 }))
    expect(result.failures).toEqual([])
    expect(result.outcome.kind).toBe('nothing-to-do')
    expect(result.outputs).toMatchObject({ operation: 'unchanged', 'previous-revision-id': r3 })
    expect(posts()).toEqual([])
    expect(result.lines).toContain(`Revision ${r3} already serves deployment \`rb-serving\`: nothing to roll back, nothing sent.`)
  })

  it.each([
    ['a revision that never deployed', (h: ReturnType<typeof seedHistory>) => h.r2],
    ['another deployment\'s revision', () => seedHistory('rb-other').r1]
  ])('refuses %s before any change, listing the eligible revisions', async (_what, pick) => {
    const history = seedHistory('rb-refused')
    const result = await runWith(rollbackInputs('rb-refused', { 'rollback-to': pick(history) }))
    expect(result.outcome.kind).toBe('refused')
    expect(posts()).toEqual([])
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toContain('is not a revision of deployment `rb-refused` that reached DEPLOYED')
    expect(result.failures[0]!.match(/^- [0-9a-f-]{36}/gm)).toEqual([`- ${history.r3}`, `- ${history.r1}`])
    expect(result.failures[0]).toContain(`- ${history.r3} (created `)
    expect(result.failures[0]).toContain('serving now')
  })

  it('refuses `previous` when nothing older reached DEPLOYED', async () => {
    sim.seedDeployment({ name: 'rb-first', revisions: [{ status: 'BUILD_FAILED', ageMs: HOUR }, { status: 'DEPLOYED' }] })
    const result = await runWith(rollbackInputs('rb-first'))
    expect(result.outcome.kind).toBe('refused')
    expect(result.failures[0]).toContain('has no revision that reached DEPLOYED before the one serving now')
    expect(posts()).toEqual([])
  })

  it('verifies a doubtful redeploy by re-reading, and never sends it twice', async () => {
    const { id } = seedHistory('rb-doubt')
    sim.addFault({ method: 'POST', path: /\/redeploy$/, applyThen: 'reset' })
    const result = await runWith(rollbackInputs('rb-doubt'))
    expect(result.failures).toEqual([])
    expect(result.outcome.kind).toBe('rolled-back')
    expect(redeploys()).toHaveLength(1)
    expect(sim.revisions(id)).toHaveLength(4)
    expect(result.lines.some((l) => l.includes('The redeploy took effect despite the error'))).toBe(true)
  })

  it('a redeploy whose answer was lost while another run changed the deployment is not sent again', async () => {
    const { id } = seedHistory('rb-raced')
    const html502 = { status: 502, body: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } }
    sim.addFault({
      method: 'POST',
      path: /\/redeploy$/,
      respond: html502,
      meanwhile: (other) => void other.send('PATCH', `/v2/deployments/${id}`, { source_revision_config: { repo_ref: 'hotfix' } })
    })
    const result = await runWith(rollbackInputs('rb-raced'))
    expect(result.outcome.kind).toBe('refused')
    expect(redeploys()).toHaveLength(1)
    expect(result.failures[0]).toContain("Another deploy changed deployment `rb-raced` meanwhile")
    expect(result.failures[0]).toContain("this run's redeploy, whose answer was lost, is not among its new revisions")
    // Only the other run's revision was made.
    expect(sim.revisions(id)).toHaveLength(4)
  })

  it('dry-run prints the redeploy request and sends nothing', async () => {
    const { id, r1 } = seedHistory('rb-dry')
    const result = await runWith(rollbackInputs('rb-dry', { 'dry-run': 'true' }))
    expect(result.failures).toEqual([])
    expect(result.outcome.kind).toBe('planned')
    expect(result.outputs.operation).toBe('planned')
    expect(posts()).toEqual([])
    expect(result.lines).toContain(`POST /v2/deployments/${id}/revisions/${r1}/redeploy`)
    expect(result.summaries[0]).toContain(`<code>POST /v2/deployments/${id}/revisions/${r1}/redeploy</code>`)
  })

  it('refuses a `rollback-to` that is neither `previous` nor a UUID, before any request', async () => {
    const result = await runWith(rollbackInputs('rb-bad', { 'rollback-to': 'latest' }))
    expect(result.failures[0]).toContain('`rollback-to` must be `previous` or the id (a UUID)')
    expect(sim.requests).toEqual([])
  })
})

describe('health checks', () => {
  it('passes after a cold start: every attempt in the log, the verdict in the summary, the credential sent', async () => {
    sim.setHealth({ kind: 'coldStart', failures: 2 }, 'hc-cold')
    const result = await runWith(deployInputs(sim, 'hc-cold', { 'health-check-path': '/ok' }))
    expect(result.failures).toEqual([])
    expect(result.failures).toEqual([])
    expect(result.outcome.kind).toBe('deployed')
    const attempts = result.lines.filter((l) => l.startsWith('Health check attempt'))
    expect(attempts).toHaveLength(3)
    expect(attempts[0]).toContain('HTTP 503; trying again in 1s')
    expect(attempts[2]).toContain('healthy')
    expect(sim.healthRequests.map((r) => [r.path, r.headers['x-api-key']])).toEqual([
      ['/ok', sim.apiKey],
      ['/ok', sim.apiKey],
      ['/ok', sim.apiKey]
    ])
    expect(result.summaries[0]).toMatch(/<th align="left">Health check<\/th><td>✅ <code>http:\/\/127\.0\.0\.1:\d+\/deployments\/[^<]+\/ok<\/code> answered <code>HTTP 200<\/code> \(3 attempts/)
    expect(result.summaries[0]).not.toContain('HTTP 503')
  })

  it('fails the step when the endpoint never answers 2xx, within `health-check-timeout`, and rolls nothing back', async () => {
    seedExisting('hc-failing')
    sim.setHealth({ kind: 'failing' }, 'hc-failing')
    const start = clock.now()
    const result = await runWith(deployInputs(sim, 'hc-failing', { 'health-check-path': '/ok', 'health-check-timeout': '30s', 'repo-ref': 'feature' }))
    expect(result.outcome.kind).toBe('failed')
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toMatch(/The health check failed: GET http:\/\/127\.0\.0\.1:\d+\/deployments\/.+\/ok did not answer 2xx in 6 attempts/)
    expect(result.failures[0]).toContain('`health-check-timeout` allowed no more')
    expect(redeploys()).toEqual([])
    expect(sim.healthRequests).toHaveLength(6)
    expect(clock.now() - start).toBeLessThan(60_000)
    expect(result.summaries[0]).toContain('never answered 2xx (6 attempts')
  })

  it('with `on-failure: rollback`, redeploys the revision that served before, waits for it, and fails with both stories', async () => {
    const seeded = seedExisting('hc-rollback')
    const before = seeded.active_revision_id as string
    sim.setHealth({ kind: 'failing' }, 'hc-rollback')
    const result = await runWith(
      deployInputs(sim, 'hc-rollback', { 'health-check-path': '/ok', 'health-check-timeout': '20s', 'on-failure': 'rollback', 'repo-ref': 'feature' })
    )
    expect(result.outcome.kind).toBe('rolled-back')
    expect(redeploys().map((r) => r.path)).toEqual([`/v2/deployments/${seeded.id}/revisions/${before}/redeploy`])
    const [restored, failed] = sim.revisions(seeded.id as string).map((r) => r.id as string)
    expect(sim.deployments()[0]!.active_revision_id).toBe(restored)
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toContain('The health check failed')
    expect(result.failures[0]).toContain(
      `Rolled back (\`on-failure: rollback\`): deployment \`hc-rollback\` now serves revision ${restored}, a redeploy of revision ${before}, which served before this run.`
    )
    expect(result.outputs).toMatchObject({ operation: 'rolled-back', 'revision-id': failed, 'previous-revision-id': before })
    expect(result.summaries[0]).toContain('failed and was rolled back')
  })

  it('with `on-failure: rollback`, a failed build rolls nothing back and says why', async () => {
    const seeded = seedExisting('hc-build')
    sim.setScenario(lifecycles.buildFailed())
    const result = await runWith(deployInputs(sim, 'hc-build', { 'health-check-path': '/ok', 'on-failure': 'rollback', 'repo-ref': 'feature', 'show-logs': 'false' }))
    expect(result.outcome.kind).toBe('failed')
    expect(redeploys()).toEqual([])
    expect(sim.healthRequests).toEqual([])
    expect(result.failures[0]).toContain(`No rollback was needed: a revision that fails before it deploys never serves, so the control plane kept serving revision ${seeded.active_revision_id}.`)
  })

  it('with `on-failure: rollback`, a revision that failed to deploy while the old one still serves rolls nothing back', async () => {
    const seeded = seedExisting('hc-deploy-failed')
    sim.setScenario(lifecycles.deployFailed())
    const result = await runWith(deployInputs(sim, 'hc-deploy-failed', { 'on-failure': 'rollback', 'repo-ref': 'feature', 'show-logs': 'false' }))
    expect(result.outcome.kind).toBe('failed')
    expect(redeploys()).toEqual([])
    expect(result.failures[0]).toContain(`No rollback was needed: deployment \`hc-deploy-failed\` still serves revision ${seeded.active_revision_id}.`)
  })

  it('sets `previous-revision-id` on every deploy', async () => {
    const seeded = seedExisting('hc-previous')
    const result = await runWith(deployInputs(sim, 'hc-previous', { 'repo-ref': 'feature' }))
    expect(result.failures).toEqual([])
    expect(result.outcome.kind).toBe('deployed')
    expect(result.outputs['previous-revision-id']).toBe(seeded.active_revision_id)
    expect(result.outputs['revision-id']).not.toBe(seeded.active_revision_id)
  })

  it.each(['//evil.example/ok', '@evil.example/ok', 'https://evil.example/ok', '/\\evil.example/ok', '/../other/ok'])(
    'refuses `health-check-path: %s` before any request',
    async (path) => {
      const result = await runWith(deployInputs(sim, 'hc-path', { 'health-check-path': path }))
      expect(result.outcome.kind).toBe('refused')
      expect(result.failures[0]).toContain('`health-check-path`')
      expect(sim.requests).toEqual([])
      expect(sim.healthRequests).toEqual([])
    }
  )
})
