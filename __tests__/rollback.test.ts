/**
 * Rollback and health checks end to end: run() in-process with an output sink that keeps
 * everything, against the simulator on the in-process harness's virtual clock, so polls,
 * back-off, settle windows and health-check waits cost no real time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Clock } from '../src/core/clock.js'
import { lifecycles, type Simulator } from '../sim/index.js'
import { deployInputs, INTEGRATION_ID } from './helpers/action.js'
import { FakeClock } from './helpers/clock.js'
import { clock, runInProcess, startSimulatorOnClock } from './helpers/in-process.js'
import { rewritingProxy } from './helpers/rewriting-proxy.js'

let sim: Simulator
const WORKFLOW_ENV = {
  GITHUB_REPOSITORY: 'octo-org/support-agent',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567'
}
const HOUR = 3_600_000

beforeAll(async () => {
  sim = await startSimulatorOnClock({ loopbackUrls: true })
})
afterAll(() => sim.stop())
beforeEach(() => {
  sim.reset()
  sim.setScenario(lifecycles.deployed())
})

function runWith(inputs: Record<string, string>, runClock: Clock = clock) {
  return runInProcess({ inputs, env: WORKFLOW_ENV, pushContext: false, clock: runClock })
}

/** The text of a summary between two of its bold labels (or to its end). */
function section(summary: string, label: string): string {
  const start = summary.indexOf(`**${label}:**`)
  if (start === -1) return ''
  const next = summary.indexOf('**', summary.indexOf(':**', start) + 3)
  return summary.slice(start, next === -1 ? undefined : next)
}

/**
 * The simulator behind a proxy that blanks what it answers about some revisions: a
 * control plane that reports them without their commit (`repo_commit_sha: null`).
 */
async function withoutCommitFor(hide: (revisionId: string) => boolean) {
  const blank = (item: unknown) => {
    const revision = item as { id?: string; source_revision_config?: { repo_commit_sha?: unknown } | null }
    if (typeof revision?.id === 'string' && revision.source_revision_config && hide(revision.id))
      revision.source_revision_config.repo_commit_sha = null
  }
  return rewritingProxy(sim.url, (body, path) => {
    if (/\/revisions(\/[^/]+)?$/.test(path)) {
      const list = (body as { resources?: unknown[] }).resources
      if (Array.isArray(list)) list.forEach(blank)
      else blank(body)
    }
    return body
  })
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
    expect(sim.deployments()[0].active_revision_id).toBe(r3)
    const result = await runWith(rollbackInputs('rb-previous'))
    expect(result.failures).toEqual([])
    expect(result.outcome.kind).toBe('rolled-back')
    expect(redeploys().map((r) => r.path)).toEqual([`/v2/deployments/${id}/revisions/${r1}/redeploy`])
    expect(redeploys()[0].body).toBeUndefined()
    // The status filter and paging of the revisions list, as the reference has them.
    const lists = sim.requests.filter((r) => r.path === `/v2/deployments/${id}/revisions`)
    expect(lists.map((r) => r.query)).toEqual([{ status: 'DEPLOYED', limit: '100', offset: '0' }])
    const newRevision = sim.revisions(id)[0].id as string
    expect(sim.deployments()[0].active_revision_id).toBe(newRevision)
    expect(result.outputs).toMatchObject({
      operation: 'rolled-back',
      'revision-id': newRevision,
      'revision-status': 'DEPLOYED',
      'previous-revision-id': r3
    })
    expect(result.lines).toContain(
      `Deployment \`rb-previous\` now serves revision ${newRevision} (a redeploy of revision ${r1}); it replaced revision ${r3}.`
    )
    expect(result.summaries[0]).toContain('⏪ Rolled back')
    expect(result.summaries[0]).toContain(`<tr><th align="left">Replaced revision</th><td><code>${r3}</code></td></tr>`)
    expect(result.lines.at(-1)).toMatch(/^Outcome: rolled back: deployment `rb-previous`/)
  })

  it('rolls back to a revision id by reading that revision, without walking the revisions list', async () => {
    // 150 DEPLOYED revisions: the oldest would be on the second page of a walk.
    const deployment = sim.seedDeployment({
      name: 'rb-id',
      revisions: Array.from({ length: 150 }, (_, i) => ({ status: 'DEPLOYED', ageMs: (150 - i) * HOUR }))
    })
    const oldest = sim.revisions(deployment.id as string).at(-1)!.id as string
    const { outcome, failures } = await runWith(rollbackInputs('rb-id', { 'rollback-to': oldest }))
    expect(failures).toEqual([])
    expect(outcome.kind).toBe('rolled-back')
    expect(sim.requests.filter((r) => r.path.endsWith('/revisions'))).toEqual([])
    expect(sim.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toContain(
      `GET /v2/deployments/${deployment.id}/revisions/${oldest} 200`
    )
    expect(redeploys().map((r) => r.path)).toEqual([`/v2/deployments/${deployment.id}/revisions/${oldest}/redeploy`])
  })

  it('refuses an unknown id after one page of the eligible revisions, saying more may exist', async () => {
    const deployment = sim.seedDeployment({
      name: 'rb-many',
      revisions: Array.from({ length: 150 }, (_, i) => ({ status: 'DEPLOYED', ageMs: (150 - i) * HOUR }))
    })
    const result = await runWith(rollbackInputs('rb-many', { 'rollback-to': '123e4567-e89b-12d3-a456-426614174000' }))
    expect(result.outcome.kind).toBe('refused')
    expect(posts()).toEqual([])
    const lists = sim.requests.filter((r) => r.path.endsWith('/revisions'))
    expect(lists.map((r) => r.query)).toEqual([{ status: 'DEPLOYED', limit: '11', offset: '0' }])
    expect(result.failures[0]).toContain(`Revision 123e4567-e89b-12d3-a456-426614174000 is not a revision of deployment \`rb-many\``)
    expect(result.failures[0].match(/^- [0-9a-f-]{36}/gm)).toEqual(
      sim
        .revisions(deployment.id as string)
        .slice(0, 10)
        .map((r) => `- ${r.id}`)
    )
    expect(result.failures[0]).toContain('- and maybe more (only the newest were listed)')
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
    [
      'a revision that never deployed',
      (h: ReturnType<typeof seedHistory>) => h.r2,
      'of deployment `rb-refused` is BUILD_FAILED, not DEPLOYED'
    ],
    [
      "another deployment's revision",
      () => seedHistory('rb-other').r1,
      'is not a revision of deployment `rb-refused` (the control plane answered 404'
    ]
  ])('refuses %s before any change, listing the eligible revisions', async (_what, pick, why) => {
    const history = seedHistory('rb-refused')
    const result = await runWith(rollbackInputs('rb-refused', { 'rollback-to': pick(history) }))
    expect(result.outcome.kind).toBe('refused')
    expect(posts()).toEqual([])
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toContain(why)
    expect(result.failures[0].match(/^- [0-9a-f-]{36}/gm)).toEqual([`- ${history.r3}`, `- ${history.r1}`])
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
    expect(result.failures[0]).toContain('Another deploy changed deployment `rb-raced` meanwhile')
    expect(result.failures[0]).toContain("this run's redeploy, whose answer was lost, is not among its new revisions")
    // Only the other run's revision was made.
    expect(sim.revisions(id)).toHaveLength(4)
  })

  it('a lost redeploy answer while another run pushed the same branch: its revision (another commit) is not adopted', async () => {
    const { id, r1 } = seedHistory('rb-same-branch')
    const target = sim.revisions(id).find((r) => r.id === r1)!
    const ref = (target.source_revision_config as { repo_ref: string }).repo_ref
    const targetSha = (target.source_revision_config as { repo_commit_sha: string }).repo_commit_sha
    expect(targetSha).toMatch(/^[0-9a-f]{40}$/)
    // The branch moved on: the other run's revision has the same settings as r1, and another commit.
    sim.setBranchHead(ref, 'b'.repeat(40))
    const html502 = { status: 502, body: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } }
    sim.addFault({
      method: 'POST',
      path: /\/redeploy$/,
      respond: html502,
      meanwhile: (other) => void other.send('PATCH', `/v2/deployments/${id}`, { source_revision_config: { repo_ref: ref } })
    })
    const result = await runWith(rollbackInputs('rb-same-branch'))
    const [theirs] = sim.revisions(id)
    expect((theirs.source_revision_config as { repo_ref: string }).repo_ref).toBe(ref)
    expect(result.outcome.kind).toBe('refused')
    expect(result.outputs['revision-id']).not.toBe(theirs.id)
    expect(result.failures[0]).toContain(`Another deploy changed deployment \`rb-same-branch\` meanwhile (revision ${theirs.id})`)
    expect(redeploys()).toHaveLength(1)
    expect(sim.revisions(id)).toHaveLength(4)
  })

  it('a redeploy whose answer was lost is verified by its commit, also when the branch moved on', async () => {
    const { id, r1 } = seedHistory('rb-commit')
    const ref = (sim.revisions(id).find((r) => r.id === r1)!.source_revision_config as { repo_ref: string }).repo_ref
    sim.setBranchHead(ref, 'c'.repeat(40))
    sim.addFault({ method: 'POST', path: /\/redeploy$/, applyThen: 'reset' })
    const result = await runWith(rollbackInputs('rb-commit'))
    expect(result.failures).toEqual([])
    expect(result.outcome.kind).toBe('rolled-back')
    const [ours] = sim.revisions(id)
    expect(result.outputs['revision-id']).toBe(ours.id)
    expect(redeploys()).toHaveLength(1)
  })

  it('a lost redeploy answer and a new revision that reports no commit: fails saying it cannot tell, and never resends', async () => {
    const { id, r1, r2, r3 } = seedHistory('rb-no-commit')
    const proxy = await withoutCommitFor((revisionId) => ![r1, r2, r3].includes(revisionId))
    try {
      const html502 = { status: 502, body: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } }
      sim.addFault({ method: 'POST', path: /\/redeploy$/, applyThen: html502 })
      const result = await runWith({ ...rollbackInputs('rb-no-commit'), 'control-plane-url': proxy.url })
      const [made] = sim.revisions(id)
      expect(result.outcome.kind).toBe('refused')
      expect(result.failures).toHaveLength(1)
      expect(result.failures[0]).toContain(`Cannot tell whether the redeploy of revision ${r1} took effect`)
      expect(result.failures[0]).toContain(
        `the new revision ${made.id} of deployment \`rb-no-commit\` has its settings but reports no commit`
      )
      expect(result.outputs['revision-id']).not.toBe(made.id)
      expect(redeploys()).toHaveLength(1)
      expect(sim.revisions(id)).toHaveLength(4)
    } finally {
      await proxy.stop()
    }
  })

  it("a lookup by name stops at the step's deadline when the list never ends", async () => {
    const runClock = new FakeClock(clock.now())
    // Every page of the endless list takes a second of the run's clock.
    sim.addFault({
      method: 'GET',
      path: '/v2/deployments',
      endlessList: true,
      times: Infinity,
      meanwhile: () => void (runClock.time += 1_000)
    })
    const result = await runWith(rollbackInputs('rb-endless', { timeout: '30s' }), runClock)
    const pages = sim.requests.filter((r) => r.path === '/v2/deployments').length
    expect(result.outcome.kind).toBe('refused')
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toContain(
      `Gave up looking up deployment \`rb-endless\` after ${pages} pages: the step's timeout (30s) ran out.`
    )
    expect(result.failures[0]).toContain('Set `deployment-id` to skip the lookup by name')
    // A second a page, 30 s: the 31st page is not asked for.
    expect(pages).toBe(30)
    expect(posts()).toEqual([])
  })

  it.each([
    ['dry-run', { 'dry-run': 'true' }, 'Would roll deployment `rb-none-serving` back from no serving revision (none reported) to revision'],
    ['a rollback', {}, 'Rolling deployment `rb-none-serving` back from no serving revision (none reported) to revision']
  ])(
    '%s to a revision id when the control plane reports none serving says so, never "undefined"',
    async (_what, extra: Record<string, string>, line) => {
      const { r1 } = seedHistory('rb-none-serving')
      const proxy = await rewritingProxy(sim.url, (body) => {
        if (body && typeof body === 'object' && 'active_revision_id' in body) body.active_revision_id = null
        return body
      })
      try {
        const result = await runWith({
          ...rollbackInputs('rb-none-serving', { 'rollback-to': r1, ...extra }),
          'control-plane-url': proxy.url
        })
        expect(result.failures).toEqual([])
        expect(result.lines.some((l) => l.startsWith(line))).toBe(true)
        expect(result.lines.filter((l) => l.includes('undefined'))).toEqual([])
        if (!extra['dry-run']) expect(result.lines.some((l) => l.endsWith('it replaced no revision reported serving.'))).toBe(true)
      } finally {
        await proxy.stop()
      }
    }
  )

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

  it('dry-run: the heading says rollback, the target has its own row with the commit it would serve, and nothing reads as replaced', async () => {
    const { id, r1, r3 } = seedHistory('rb-dry-rows')
    const commit = sim.revisions(id).find((r) => r.id === r1)?.source_revision_config?.repo_commit_sha as string
    expect(commit).toMatch(/^[0-9a-f]{12,}$/)
    const result = await runWith(rollbackInputs('rb-dry-rows', { 'dry-run': 'true' }))
    const summary = result.summaries[0]
    expect(summary).toContain('## 📝 Dry run of rollback for <code>rb-dry-rows</code>: nothing was changed')
    expect(summary).toContain(`<tr><th align="left">Would redeploy revision</th><td><code>${r1}</code> (created `)
    expect(summary).toContain(`<tr><th align="left">Would serve commit</th><td><code>${commit.slice(0, 12)}</code></td></tr>`)
    expect(summary).toContain(`<tr><th align="left">Serving now</th><td><code>${r3}</code></td></tr>`)
    expect(summary).not.toContain('Replaced revision')
    // The local checkout's commit says nothing about what a rollback would serve.
    expect(summary).not.toContain(WORKFLOW_ENV.GITHUB_SHA.slice(0, 12))
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
    // The health check's requests (`verify-revision` asks `/info` after it: verify-revision.test.ts).
    expect(sim.healthRequests.filter((r) => r.path === '/ok').map((r) => [r.path, r.headers['x-api-key']])).toEqual([
      ['/ok', sim.apiKey],
      ['/ok', sim.apiKey],
      ['/ok', sim.apiKey]
    ])
    expect(result.summaries[0]).toMatch(
      /<th align="left">Health check<\/th><td>✅ <code>http:\/\/127\.0\.0\.1:\d+\/deployments\/[^<]+\/ok<\/code> answered <code>HTTP 200<\/code> \(3 attempts/
    )
    expect(result.summaries[0]).not.toContain('HTTP 503')
  })

  it('fails the step when the endpoint never answers 2xx, within `health-check-timeout`, and rolls nothing back', async () => {
    seedExisting('hc-failing')
    sim.setHealth({ kind: 'failing' }, 'hc-failing')
    const start = clock.now()
    const result = await runWith(
      deployInputs(sim, 'hc-failing', { 'health-check-path': '/ok', 'health-check-timeout': '30s', 'repo-ref': 'feature' })
    )
    expect(result.outcome.kind).toBe('failed')
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toMatch(
      /The health check failed: GET http:\/\/127\.0\.0\.1:\d+\/deployments\/.+\/ok did not answer 2xx in 6 attempts/
    )
    expect(result.failures[0]).toContain('`health-check-timeout` allowed no more')
    expect(redeploys()).toEqual([])
    expect(sim.healthRequests).toHaveLength(6)
    expect(clock.now() - start).toBeLessThan(60_000)
    expect(result.summaries[0]).toContain('never answered 2xx (6 attempts')
    // Without `on-failure: rollback`, the advice points to it.
    expect(section(result.summaries[0], 'What to do').split('\n')[0]).toContain('<code>on-failure: rollback</code>')
  })

  it('with `on-failure: rollback`, redeploys the revision that served before, waits for it, and fails with both stories', async () => {
    const seeded = seedExisting('hc-rollback')
    const before = seeded.active_revision_id as string
    sim.setHealth({ kind: 'failing' }, 'hc-rollback')
    const result = await runWith(
      deployInputs(sim, 'hc-rollback', {
        'health-check-path': '/ok',
        'health-check-timeout': '20s',
        'on-failure': 'rollback',
        'repo-ref': 'feature'
      })
    )
    expect(result.outcome.kind).toBe('rolled-back')
    expect(redeploys().map((r) => r.path)).toEqual([`/v2/deployments/${seeded.id}/revisions/${before}/redeploy`])
    const [restored, failed] = sim.revisions(seeded.id as string).map((r) => r.id as string)
    expect(sim.deployments()[0].active_revision_id).toBe(restored)
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toContain('The health check failed')
    expect(result.failures[0]).toContain(
      `Rolled back (\`on-failure: rollback\`): deployment \`hc-rollback\` now serves revision ${restored}, a redeploy of revision ${before}, which served before this run.`
    )
    expect(result.outputs).toMatchObject({ operation: 'rolled-back', 'revision-id': failed, 'previous-revision-id': before })
    expect(result.summaries[0]).toContain('failed and was rolled back')
    // The cause and what to do apart, as for any other failure.
    const cause = section(result.summaries[0], 'What went wrong')
    expect(cause).toContain('The health check failed')
    expect(cause).toContain('deployment <code>hc-rollback</code> now serves revision')
    expect(cause).not.toContain('Each attempt is in the log')
    expect(section(result.summaries[0], 'What to do')).toMatch(/^\*\*What to do:\*\* Each attempt is in the log\./)
    // It rolled back already: no advice to turn on what is on.
    expect(section(result.summaries[0], 'What to do').split('\n')[0]).not.toContain('on-failure')
  })

  it('with `on-failure: rollback` cancelled while its redeploy is in flight: says the rollback may or may not have taken effect', async () => {
    const seeded = seedExisting('hc-cancelled')
    const before = seeded.active_revision_id as string
    sim.setHealth({ kind: 'failing' }, 'hc-cancelled')
    sim.addFault({ method: 'POST', path: /\/redeploy$/, delayMs: 8_000 })
    const cancel = new AbortController()
    // Cancelled from the moment the redeploy is held.
    clock.whenHeld(() => cancel.abort())
    const result = await runInProcess({
      inputs: deployInputs(sim, 'hc-cancelled', {
        'health-check-path': '/ok',
        'health-check-timeout': '20s',
        'on-failure': 'rollback',
        'repo-ref': 'feature'
      }),
      env: WORKFLOW_ENV,
      pushContext: false,
      clock,
      signal: cancel.signal
    })
    expect(result.outcome.kind).toBe('failed')
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toContain('The health check failed')
    expect(result.failures[0]).toContain(
      `The workflow was cancelled while the redeploy of revision ${before} (\`on-failure: rollback\`) was in flight: it may or may not have taken effect.`
    )
    expect(section(result.summaries[0], 'What to do')).toContain(
      'Look at deployment <code>hc-cancelled</code> on the control plane before re-running'
    )
    // Drops the held redeploy, so that it is never applied after this test.
    sim.reset()
  })

  it('with `on-failure: rollback` whose redeploy is refused: both failures as the cause, and what to do apart', async () => {
    const seeded = seedExisting('hc-rollback-refused')
    sim.setHealth({ kind: 'failing' }, 'hc-rollback-refused')
    sim.addFault({
      method: 'POST',
      path: /\/redeploy$/,
      respond: { status: 400, body: JSON.stringify({ detail: 'Redeploys are paused.' }), headers: { 'content-type': 'application/json' } }
    })
    const result = await runWith(
      deployInputs(sim, 'hc-rollback-refused', {
        'health-check-path': '/ok',
        'health-check-timeout': '20s',
        'on-failure': 'rollback',
        'repo-ref': 'feature'
      })
    )
    expect(result.outcome.kind).toBe('failed')
    expect(redeploys()).toHaveLength(1)
    expect(result.failures[0]).toContain(`The rollback to revision ${seeded.active_revision_id} (\`on-failure: rollback\`) failed too`)
    const cause = section(result.summaries[0], 'What went wrong')
    expect(cause).toContain('The health check failed')
    expect(cause).toContain('failed too')
    expect(cause).toContain('Redeploys are paused.')
    expect(cause).not.toContain('Each attempt is in the log')
    const todo = section(result.summaries[0], 'What to do')
    expect(todo).toMatch(/^\*\*What to do:\*\* /)
    expect(todo).toContain('Each attempt is in the log')
  })

  it('with `on-failure: rollback`, a failed build rolls nothing back and says why', async () => {
    const seeded = seedExisting('hc-build')
    sim.setScenario(lifecycles.buildFailed())
    const result = await runWith(
      deployInputs(sim, 'hc-build', { 'health-check-path': '/ok', 'on-failure': 'rollback', 'repo-ref': 'feature', 'show-logs': 'false' })
    )
    expect(result.outcome.kind).toBe('failed')
    expect(redeploys()).toEqual([])
    expect(sim.healthRequests).toEqual([])
    expect(result.failures[0]).toContain(
      `No rollback was needed: a revision that fails before it deploys never serves, so the control plane kept serving revision ${seeded.active_revision_id}.`
    )
  })

  it('with `on-failure: rollback`, a revision that failed to deploy while the old one still serves rolls nothing back', async () => {
    const seeded = seedExisting('hc-deploy-failed')
    sim.setScenario(lifecycles.deployFailed())
    const result = await runWith(
      deployInputs(sim, 'hc-deploy-failed', { 'on-failure': 'rollback', 'repo-ref': 'feature', 'show-logs': 'false' })
    )
    expect(result.outcome.kind).toBe('failed')
    expect(redeploys()).toEqual([])
    expect(result.failures[0]).toContain(
      `No rollback was needed: deployment \`hc-deploy-failed\` still serves revision ${seeded.active_revision_id}.`
    )
  })

  it.each([
    [
      'an http:// URL off loopback',
      // 0.0.0.0 reaches this machine on Linux, so a request made anyway would show in the simulator's health log.
      (url: unknown) => (typeof url === 'string' ? url.replace('http://127.0.0.1:', 'http://0.0.0.0:') : url),
      /could not be made: the deployment's URL `http:\/\/0\.0\.0\.0:\d+` is not https:\/\/ \(http:\/\/ is allowed only on loopback\)/
    ],
    ['no URL', () => null, /could not be made: the control plane reported no URL for this deployment/]
  ])('sends no health-check request, so no credential, when the control plane reports %s', async (_what, rewriteUrl, refusal) => {
    const proxy = await rewritingProxy(sim.url, (body) => {
      const items = (body as { resources?: unknown[] }).resources ?? [body]
      for (const item of items) {
        if (item && typeof item === 'object' && 'url' in item) item.url = rewriteUrl(item.url)
      }
      return body
    })
    try {
      const result = await runWith({
        ...deployInputs(sim, 'hc-no-url', { 'health-check-path': '/ok', 'repo-ref': 'feature' }),
        'control-plane-url': proxy.url
      })
      expect(result.outcome.kind).toBe('failed')
      expect(result.failures).toHaveLength(1)
      expect(result.failures[0]).toMatch(refusal)
      expect(result.lines.filter((l) => l.startsWith('Health check attempt'))).toEqual([])
      expect(sim.healthRequests).toEqual([])
      expect(sim.deployments()).toHaveLength(1)
      expect(result.summaries[0]).toContain('not made')
    } finally {
      await proxy.stop()
    }
  })

  it('with `on-failure: rollback`, a health check that could not be made (no URL) fails the step and rolls nothing back', async () => {
    const seeded = seedExisting('hc-not-made')
    const proxy = await rewritingProxy(sim.url, (body) => {
      const items = (body as { resources?: unknown[] }).resources ?? [body]
      for (const item of items) if (item && typeof item === 'object' && 'url' in item) item.url = null
      return body
    })
    try {
      const result = await runWith({
        ...deployInputs(sim, 'hc-not-made', { 'health-check-path': '/ok', 'on-failure': 'rollback', 'repo-ref': 'feature' }),
        'control-plane-url': proxy.url
      })
      expect(result.outcome.kind).toBe('failed')
      expect(redeploys()).toEqual([])
      expect(sim.healthRequests).toEqual([])
      const [latest] = sim.revisions(seeded.id as string).map((r) => r.id as string)
      expect(latest).not.toBe(seeded.active_revision_id)
      expect(sim.deployments()[0].active_revision_id).toBe(latest)
      expect(result.failures).toHaveLength(1)
      expect(result.failures[0]).toContain(
        'The health check of deployment `hc-not-made` could not be made: the control plane reported no URL for this deployment'
      )
      expect(result.failures[0]).toContain(
        'Nothing was rolled back (`on-failure: rollback`): the revision was not found unhealthy, only not checked'
      )
      expect(result.outputs.operation).toBe('updated')
      expect(result.summaries[0]).not.toContain('failed and was rolled back')
    } finally {
      await proxy.stop()
    }
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
