import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { lifecycles, startSimulator } from '../sim/index.js'
import type { Simulator } from '../sim/index.js'
import { startFakeGitHub } from '../sim/github.js'
import type { FakeGitHub } from '../sim/github.js'
import { FIELD_RULES } from '../sim/source-rules.js'

// Response bodies are free-form JSON.
type Json = any

const T0 = Date.parse('2026-03-01T12:00:00.000Z')
const DAY = 24 * 60 * 60 * 1000
const INTEGRATION_ID = '2d4c7a9e-1f3b-4c5d-8e6f-7a8b9c0d1e2f'
const MISSING = '0f0f0f0f-0000-4000-8000-000000000000'
const clock = { t: T0 }
let sim: Simulator

beforeAll(async () => {
  sim = await startSimulator({ now: () => clock.t, loopbackUrls: true })
})
beforeEach(() => {
  clock.t = T0
  sim.reset()
  sim.setScenario(lifecycles.deployed())
})
afterAll(async () => {
  await sim.stop()
})

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<{ status: number; body: Json }> {
  const response = await fetch(sim.url + path, {
    method,
    headers: { 'X-Api-Key': sim.apiKey, ...(body !== undefined && { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

const github = (name: string, extra: { config?: Json; revision?: Json; top?: Json } = {}) => ({
  name,
  source: 'github',
  source_config: { integration_id: INTEGRATION_ID, repo_url: `https://github.com/acme/${name}`, deployment_type: 'dev', ...extra.config },
  source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json', ...extra.revision },
  secrets: [],
  ...extra.top
})
const docker = (name: string, extra: { config?: Json; revision?: Json; top?: Json } = {}) => ({
  name,
  source: 'external_docker',
  source_config: { ...extra.config },
  source_revision_config: { image_uri: `registry.example/${name}:1`, ...extra.revision },
  secrets: [],
  ...extra.top
})

describe('fields another source owns (derived from the reference descriptions)', () => {
  it('derives the table from the reference document', () => {
    const table = [...FIELD_RULES.top, ...FIELD_RULES.sourceConfig, ...FIELD_RULES.revisionConfig].map(
      (rule) => `${rule.field}:${rule.sources.join('|')}`
    )
    expect(table).toEqual([
      'secret_references:external_docker',
      'integration_id:github',
      'repo_url:github',
      // As the control plane's owners read them, not as the reference's descriptions say (github only; external_docker only).
      'deployment_type:github|internal_source|internal_docker',
      'build_on_push:github',
      'custom_url:external_docker',
      'listener_id:external_docker',
      'listener_config:external_docker',
      'repo_ref:github',
      'graph_config_path:github|internal_source',
      'image_uri:external_docker|internal_docker',
      'source_tarball_path:internal_source'
    ])
  })

  it.each([
    ['github with image_uri', github('a', { revision: { image_uri: 'r/a:1' } }), 'source_revision_config.image_uri'],
    [
      'github with secret_references',
      github('a', { top: { secret_references: [{ name: 'K', secret_name: 's', secret_key: 'k' }] } }),
      'secret_references'
    ],
    ['github with custom_url', github('a', { config: { custom_url: 'https://a.example' } }), 'source_config.custom_url'],
    ['github with listener_id', github('a', { config: { listener_id: INTEGRATION_ID } }), 'source_config.listener_id'],
    ['external_docker with deployment_type', docker('a', { config: { deployment_type: 'dev' } }), 'source_config.deployment_type'],
    ['external_docker with build_on_push false', docker('a', { config: { build_on_push: false } }), 'source_config.build_on_push'],
    ['external_docker with repo_ref', docker('a', { revision: { repo_ref: 'main' } }), 'source_revision_config.repo_ref'],
    [
      'external_docker with source_tarball_path',
      docker('a', { revision: { source_tarball_path: 'x' } }),
      'source_revision_config.source_tarball_path'
    ]
  ])('refuses a create of %s with 400 naming the field', async (_label, body, field) => {
    const response = await call('POST', '/v2/deployments', body)
    expect(response.status).toBe(400)
    expect(response.body.detail).toMatch(new RegExp(`^${field.replace('.', '\\.')} is only applicable for source`))
    expect(sim.deployments()).toEqual([])
  })

  it('accepts what each source owns, and treats null as not given', async () => {
    const withNulls = github('g', { revision: { image_uri: null }, top: { secret_references: null }, config: { build_on_push: true } })
    expect((await call('POST', '/v2/deployments', withNulls)).status).toBe(201)
    const owned = docker('d', {
      config: { custom_url: 'https://d.example', listener_id: INTEGRATION_ID, resource_spec: { min_scale: 1 } },
      top: { secret_references: [{ name: 'K', secret_name: 's', secret_key: 'k' }] }
    })
    expect((await call('POST', '/v2/deployments', owned)).status).toBe(201)
  })

  it('refuses build_on_push with a tag ref', async () => {
    const response = await call(
      'POST',
      '/v2/deployments',
      github('t', { config: { build_on_push: true }, revision: { repo_ref: 'refs/tags/v1' } })
    )
    expect(response).toEqual({ status: 400, body: { detail: expect.stringMatching(/build_on_push cannot be enabled .* tag/) } })
  })

  it.each(['dev_free', 'dev', 'prod', 'dev_zero', 'dev_free_zero'])(
    'creates github, internal_source and internal_docker deployments of type %s',
    async (type) => {
      const bodies = [
        github(`g-${type}`, { config: { deployment_type: type } }),
        { name: `s-${type}`, source: 'internal_source', source_config: { deployment_type: type }, source_revision_config: {}, secrets: [] },
        { name: `i-${type}`, source: 'internal_docker', source_config: { deployment_type: type }, source_revision_config: {}, secrets: [] }
      ]
      for (const body of bodies) {
        const response = await call('POST', '/v2/deployments', body)
        expect(response.status).toBe(201)
        expect(response.body.source_config.deployment_type).toBe(type)
      }
    }
  )

  it('gives a create that names no type the service default, prod', async () => {
    const { deployment_type: _type, ...config } = github('untyped').source_config
    const response = await call('POST', '/v2/deployments', { ...github('untyped'), source_config: config })
    expect(response.status).toBe(201)
    expect(response.body.source_config.deployment_type).toBe('prod')
  })

  it('accepts resource_spec on every source', async () => {
    const spec = { resource_spec: { min_scale: 1, max_scale: 2 } }
    const bodies = [
      github('rs-g', { config: spec }),
      docker('rs-d', { config: spec }),
      { name: 'rs-s', source: 'internal_source', source_config: spec, source_revision_config: {}, secrets: [] },
      { name: 'rs-i', source: 'internal_docker', source_config: spec, source_revision_config: {}, secrets: [] }
    ]
    for (const body of bodies) expect((await call('POST', '/v2/deployments', body)).status).toBe(201)
  })

  it.each([
    ['dev', 400],
    ['prod', 400],
    ['dev_free', 400],
    ['dev_zero', 201],
    ['dev_free_zero', 201]
  ])('lets only the zero types scale to zero: min_scale 0 on a %s create answers %s', async (type, status) => {
    const response = await call(
      'POST',
      '/v2/deployments',
      github(`z-${type}`, { config: { deployment_type: type, resource_spec: { min_scale: 0 } } })
    )
    expect(response.status).toBe(status)
    if (status === 400) expect(response.body.detail).toContain(`min_scale cannot be 0 for deployment type '${type}'`)
  })

  it("judges min_scale 0 on a patch by the deployment's own type", async () => {
    const dev = sim.seedDeployment({ name: 'zero-dev', source_config: { deployment_type: 'dev' } })
    const zero = sim.seedDeployment({ name: 'zero-ok', source_config: { deployment_type: 'dev_zero' } })
    const patch = { source_config: { resource_spec: { min_scale: 0 } } }
    expect((await call('PATCH', `/v2/deployments/${dev.id}`, patch)).status).toBe(400)
    expect((await call('PATCH', `/v2/deployments/${zero.id}`, patch)).status).toBe(200)
  })

  it('refuses unknown fields with 422 extra_forbidden at every level', async () => {
    const response = await call('POST', '/v2/deployments', { ...github('u', { revision: { repo_commit_sha: 'abc' } }), colour: 'blue' })
    expect(response.status).toBe(422)
    expect(response.body.detail.map((e: Json) => [e.loc, e.type, e.msg])).toEqual([
      [['body', 'colour'], 'extra_forbidden', 'Extra inputs are not permitted'],
      [['body', 'source_revision_config', 'repo_commit_sha'], 'extra_forbidden', 'Extra inputs are not permitted']
    ])
  })

  describe('patch', () => {
    it('refuses the response-only repo_commit_sha with 422', async () => {
      const { id } = sim.seedDeployment({ name: 'p' })
      const response = await call('PATCH', `/v2/deployments/${id}`, {
        source_revision_config: { repo_ref: 'main', repo_commit_sha: 'abc' }
      })
      expect(response.status).toBe(422)
      expect(response.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'source_revision_config', 'repo_commit_sha'], type: 'extra_forbidden' })
      ])
      expect(sim.revisions(id)).toHaveLength(1)
    })

    it('checks revision fields against revision_source, and the rest against the deployment source', async () => {
      const { id } = sim.seedDeployment({ name: 'p' })
      expect((await call('PATCH', `/v2/deployments/${id}`, { source_revision_config: { image_uri: 'r/p:2' } })).status).toBe(400)
      expect(
        (await call('PATCH', `/v2/deployments/${id}`, { secret_references: [{ name: 'K', secret_name: 's', secret_key: 'k' }] })).status
      ).toBe(400)
      expect((await call('PATCH', `/v2/deployments/${id}`, { source_config: { custom_url: 'https://x.example' } })).status).toBe(400)
      expect(sim.revisions(id)).toHaveLength(1)
      const override = await call('PATCH', `/v2/deployments/${id}`, {
        revision_source: 'internal_docker',
        source_revision_config: { image_uri: 'r/p:2' }
      })
      expect(override.status).toBe(200)
      expect(sim.revisions(id)[0]).toMatchObject({ source: 'internal_docker', source_revision_config: { image_uri: 'r/p:2' } })
    })

    it('refuses a patch while the deployment is AWAITING_DELETE', async () => {
      const deleting = await startSimulator({ now: () => clock.t, deleteDelayMs: 5_000 })
      try {
        const { id } = deleting.seedDeployment({ name: 'p' })
        const del = await fetch(`${deleting.url}/v2/deployments/${id}`, { method: 'DELETE', headers: { 'X-Api-Key': deleting.apiKey } })
        expect(del.status).toBe(204)
        const patch = await fetch(`${deleting.url}/v2/deployments/${id}`, {
          method: 'PATCH',
          headers: { 'X-Api-Key': deleting.apiKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ source_revision_config: { repo_ref: 'next' } })
        })
        expect(patch.status).toBe(400)
        expect((await patch.json()).detail).toMatch(/AWAITING_DELETE/)
        expect(deleting.revisions(id)).toHaveLength(1)
      } finally {
        await deleting.stop()
      }
    })
  })
})

describe('revisions: seeding, listing, redeploy', () => {
  const seedHistory = () =>
    sim.seedDeployment({
      name: 'hist',
      revisions: [
        { status: 'DEPLOYED', ageMs: 10 * DAY, source_revision_config: { repo_ref: 'v1' } },
        { status: 'BUILD_FAILED', ageMs: 8 * DAY },
        { status: 'DEPLOYED', ageMs: 5 * DAY, source_revision_config: { repo_ref: 'v2' } },
        { status: 'DEPLOY_FAILED', ageMs: 2 * DAY },
        { status: 'BUILDING', ageMs: 1000 }
      ]
    })

  it('seeds revisions with the given statuses and ages; the newest DEPLOYED one serves', async () => {
    const deployment = seedHistory()
    const revisions = sim.revisions(deployment.id)
    expect(revisions.map((r) => r.status)).toEqual(['BUILDING', 'DEPLOY_FAILED', 'DEPLOYED', 'BUILD_FAILED', 'DEPLOYED'])
    expect(revisions.map((r) => r.created_at)).toEqual(
      [1000, 2 * DAY, 5 * DAY, 8 * DAY, 10 * DAY].map((age) => new Date(T0 - age).toISOString())
    )
    expect(deployment).toMatchObject({
      created_at: new Date(T0 - 10 * DAY).toISOString(),
      latest_revision_id: revisions[0].id,
      active_revision_id: revisions[2].id
    })
    clock.t = T0 + 365 * DAY
    expect(sim.revisions(deployment.id)[0].status).toBe('BUILDING')
  })

  it('lists newest first, filtered by a comma-separated status list, with limit and the next offset', async () => {
    const { id } = seedHistory()
    const all = sim.revisions(id).map((r) => r.id)
    const page1 = await call('GET', `/v2/deployments/${id}/revisions?status=DEPLOYED,BUILD_FAILED&limit=2`)
    expect(page1.status).toBe(200)
    expect(page1.body.resources.map((r: Json) => r.id)).toEqual([all[2], all[3]])
    expect(page1.body.offset).toBe(2)
    const page2 = await call('GET', `/v2/deployments/${id}/revisions?status=DEPLOYED,BUILD_FAILED&limit=2&offset=2`)
    expect(page2.body).toEqual({ resources: [expect.objectContaining({ id: all[4], status: 'DEPLOYED' })], offset: 3 })
    expect((await call('GET', `/v2/deployments/${id}/revisions`)).body.resources).toHaveLength(5)
    expect((await call('GET', `/v2/deployments/${MISSING}/revisions`)).status).toBe(404)
    expect((await call('GET', `/v2/deployments/${id}/revisions?limit=101`)).status).toBe(422)
  })

  it('echoes the offset asked for with pageOffset echo', async () => {
    const echo = await startSimulator({ pageOffset: 'echo' })
    try {
      const { id } = echo.seedDeployment({ name: 'e', revisions: [{}, {}, {}] })
      const page = await fetch(`${echo.url}/v2/deployments/${id}/revisions?limit=2&offset=2`, { headers: { 'X-Api-Key': echo.apiKey } })
      const body = await page.json()
      expect(body.offset).toBe(2)
      expect(body.resources).toHaveLength(1)
    } finally {
      await echo.stop()
    }
  })

  it('redeploys an old revision as a new one that serves once it reaches DEPLOYED', async () => {
    const deployment = seedHistory()
    const [, , serving, , oldest] = sim.revisions(deployment.id)
    const response = await call('POST', `/v2/deployments/${deployment.id}/revisions/${oldest.id}/redeploy`)
    expect(response.status).toBe(200)
    const newId = response.body.latest_revision_id
    expect(newId).not.toBe(oldest.id)
    expect(response.body.active_revision_id).toBe(serving.id)
    const created = await call('GET', `/v2/deployments/${deployment.id}/revisions/${newId}`)
    expect(created.body).toMatchObject({ status: 'CREATING', created_at: new Date(T0).toISOString(), source: 'github' })
    expect(created.body.source_revision_config.repo_ref).toBe('v1')
    // The same commit again, even after the branch moved on: it is that revision redeployed.
    expect(created.body.source_revision_config.repo_commit_sha).toBe(oldest.source_revision_config.repo_commit_sha)

    // The BUILDING revision it replaced is superseded.
    expect(sim.revisions(deployment.id)[1].status).toBe('SKIPPED')
    clock.t = T0 + 1199
    expect((await call('GET', `/v2/deployments/${deployment.id}`)).body.active_revision_id).toBe(serving.id)
    clock.t = T0 + 1200
    expect((await call('GET', `/v2/deployments/${deployment.id}`)).body).toMatchObject({
      active_revision_id: newId,
      latest_revision_id: newId
    })
  })

  it("redeploys the revision's own commit after its branch moved on, while a push of the branch builds the new head", async () => {
    const deployment = seedHistory()
    const oldest = sim.revisions(deployment.id).at(-1)!
    sim.setBranchHead('v1', 'd'.repeat(40))
    const redeployed = await call('POST', `/v2/deployments/${deployment.id}/revisions/${oldest.id}/redeploy`)
    const copy = await call('GET', `/v2/deployments/${deployment.id}/revisions/${redeployed.body.latest_revision_id}`)
    expect(copy.body.source_revision_config.repo_commit_sha).toBe(oldest.source_revision_config.repo_commit_sha)
    const pushed = await call('PATCH', `/v2/deployments/${deployment.id}`, { source_revision_config: { repo_ref: 'v1' } })
    const push = await call('GET', `/v2/deployments/${deployment.id}/revisions/${pushed.body.latest_revision_id}`)
    expect(push.body.source_revision_config.repo_commit_sha).toBe('d'.repeat(40))
  })

  it('keeps the old revision serving when the redeployed one fails', async () => {
    const deployment = seedHistory()
    const serving = sim.revisions(deployment.id)[2]
    sim.setScenario(lifecycles.deployFailed())
    const response = await call('POST', `/v2/deployments/${deployment.id}/revisions/${serving.id}/redeploy`)
    clock.t = T0 + DAY
    const after = await call('GET', `/v2/deployments/${deployment.id}`)
    expect(after.body).toMatchObject({ latest_revision_id: response.body.latest_revision_id, active_revision_id: serving.id })
  })

  it('answers 404 for an unknown deployment or revision, and 400 while deleting', async () => {
    const deployment = seedHistory()
    const revision = sim.revisions(deployment.id)[0].id
    expect(await call('POST', `/v2/deployments/${MISSING}/revisions/${revision}/redeploy`)).toEqual({
      status: 404,
      body: { detail: `Deployment ID ${MISSING} not found.` }
    })
    expect((await call('POST', `/v2/deployments/${deployment.id}/revisions/${MISSING}/redeploy`)).status).toBe(404)
    const other = sim.seedDeployment({ name: 'other' })
    expect((await call('POST', `/v2/deployments/${other.id}/revisions/${revision}/redeploy`)).status).toBe(404)
    const deleting = await startSimulator({ deleteDelayMs: 60_000 })
    try {
      const d = deleting.seedDeployment({ name: 'x' })
      const headers = { 'X-Api-Key': deleting.apiKey }
      await fetch(`${deleting.url}/v2/deployments/${d.id}`, { method: 'DELETE', headers })
      const redeploy = await fetch(`${deleting.url}/v2/deployments/${d.id}/revisions/${d.latest_revision_id}/redeploy`, {
        method: 'POST',
        headers
      })
      expect(redeploy.status).toBe(400)
    } finally {
      await deleting.stop()
    }
  })
})

describe('bulk delete and listeners', () => {
  const ids = (...names: string[]) => names.map((name) => sim.seedDeployment({ name }).id)
  const query = (list: string[]) => list.map((id) => `deployment_ids=${id}`).join('&')

  it('deletes every listed deployment with 200, keeping their tracing projects', async () => {
    const [a, b] = ids('a', 'b')
    ids('c')
    const response = await call('DELETE', `/v2/deployments?${query([a!, b!])}`)
    expect(response).toEqual({ status: 200, body: { deleted: [a, b], failed: [] } })
    expect(sim.deployments().map((d) => d.name)).toEqual(['c'])
    expect((await call('POST', '/v2/deployments', github('a'))).status).toBe(409)
  })

  it('answers 207 when some ids do not exist, 404 when none does', async () => {
    const [a] = ids('a')
    expect(await call('DELETE', `/v2/deployments?${query([a!, MISSING])}`)).toEqual({
      status: 207,
      body: { deleted: [a], failed: [{ id: MISSING, detail: `Deployment ID ${MISSING} not found.` }] }
    })
    expect((await call('DELETE', `/v2/deployments?${query([MISSING])}`)).status).toBe(404)
  })

  it('refuses more than 100 ids, a missing list and a comma-joined list with 422', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
    const tooMany = await call('DELETE', `/v2/deployments?${query(many)}`)
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'deployment_ids'], type: 'too_long' })])
    expect((await call('DELETE', '/v2/deployments')).body.detail).toEqual([expect.objectContaining({ type: 'missing' })])
    const [a, b] = ids('a', 'b')
    expect((await call('DELETE', `/v2/deployments?deployment_ids=${a},${b}`)).status).toBe(422)
    expect(sim.deployments()).toHaveLength(2)
  })

  it('gets a listener, and answers 404 for an unknown one', async () => {
    const id = sim.seedListener()
    const response = await call('GET', `/v2/listeners/${id}`)
    expect(response).toEqual({
      status: 200,
      body: expect.objectContaining({ id, compute_type: 'k8s', created_at: new Date(T0).toISOString() })
    })
    expect(await call('GET', `/v2/listeners/${MISSING}`)).toEqual({ status: 404, body: { detail: `Listener ID ${MISSING} not found.` } })
  })
})

describe('seeding at scale', () => {
  it('seeds 2,000 deployments at once, with ages, and lists them newest first', async () => {
    sim.seedDeployments(Array.from({ length: 2000 }, (_, i) => ({ name: `agent-pr-${i}`, ageMs: i * 60_000 })))
    const page = await call('GET', '/v2/deployments?limit=100&offset=1900&name_contains=agent-pr-')
    expect(page.body.resources.map((d: Json) => d.name)).toEqual(Array.from({ length: 100 }, (_, i) => `agent-pr-${1900 + i}`))
    expect(page.body.resources[99].created_at).toBe(new Date(T0 - 1999 * 60_000).toISOString())
  })
})

describe('health endpoint', () => {
  const ok = (url: string, headers: Record<string, string> = {}) => fetch(`${url}/ok`, { headers })

  it('gives each deployment a loopback url that answers /ok, and records the headers that arrived', async () => {
    const d = sim.seedDeployment({ name: 'h' })
    expect(d.url).toBe(sim.healthUrl(d.id))
    expect(d.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/deployments\//)
    const response = await ok(d.url, { 'X-Api-Key': 'secret-key' })
    expect(response.status).toBe(200)
    expect(sim.healthRequests).toEqual([expect.objectContaining({ deploymentId: d.id, path: '/ok', status: 200, at: T0 })])
    expect(sim.healthRequests[0].headers['x-api-key']).toBe('secret-key')
    expect(sim.requests).toEqual([])
    expect((await fetch(`${d.url}/other`)).status).toBe(404)
    expect((await ok(sim.healthUrl(MISSING))).status).toBe(404)
  })

  it('answers 503 while no revision serves', async () => {
    const d = sim.seedDeployment({ name: 'h', revisions: [{ status: 'BUILDING' }] })
    expect((await ok(d.url)).status).toBe(503)
  })

  it('cold start by count: N failures, then 200', async () => {
    sim.setHealth({ kind: 'coldStart', failures: 2 }, 'cold')
    const cold = sim.seedDeployment({ name: 'cold' })
    const warm = sim.seedDeployment({ name: 'warm' })
    expect([(await ok(cold.url)).status, (await ok(cold.url)).status, (await ok(cold.url)).status]).toEqual([503, 503, 200])
    expect((await ok(warm.url)).status).toBe(200)
  })

  it('cold start by time reads the simulator clock from the moment the revision reached DEPLOYED', async () => {
    sim.setHealth({ kind: 'coldStart', forMs: 30_000 })
    const created = await call('POST', '/v2/deployments', github('timed'))
    const url = created.body.url
    clock.t = T0 + 1200
    expect((await ok(url)).status).toBe(503)
    clock.t = T0 + 1200 + 29_999
    expect((await ok(url)).status).toBe(503)
    clock.t = T0 + 1200 + 30_000
    expect((await ok(url)).status).toBe(200)
  })

  it('always failing, with the status asked for', async () => {
    sim.setHealth({ kind: 'failing' })
    const d = sim.seedDeployment({ name: 'f' })
    expect((await ok(d.url)).status).toBe(503)
    sim.setHealth({ kind: 'failing', status: 500 })
    expect((await ok(d.url)).status).toBe(500)
  })

  it('slow: answers after the delay, and a client can give up first', async () => {
    sim.setHealth({ kind: 'slow', delayMs: 150 })
    const d = sim.seedDeployment({ name: 's' })
    const started = performance.now()
    expect((await ok(d.url)).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    await expect(fetch(`${d.url}/ok`, { signal: AbortSignal.timeout(20) })).rejects.toThrow()
  })

  it('refuses a behaviour it does not know', () => {
    expect(() => sim.setHealth({ kind: 'flaky' } as never)).toThrow(TypeError)
    expect(() => sim.setHealth({ kind: 'coldStart' })).toThrow(TypeError)
  })

  it('keeps https custom URLs unless loopbackUrls is set', async () => {
    const plain = await startSimulator()
    try {
      const d = plain.seedDeployment({ name: 'agent' })
      expect(d.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/hosted\/agent-[0-9a-f]{8}$/)
      expect((await fetch(`${plain.healthUrl(d.id)}/ok`)).status).toBe(200)
    } finally {
      await plain.stop()
    }
  })

  it('reports an agent server outside it as the url of the deployments named in agentServerUrls, created or seeded', async () => {
    const outside = 'http://127.0.0.1:1/elsewhere'
    const pointed = await startSimulator({ agentServerUrls: { real: outside }, loopbackUrls: true })
    try {
      expect(pointed.seedDeployment({ name: 'real' }).url).toBe(outside)
      expect(pointed.seedDeployment({ name: 'other' }).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/deployments\//)
      pointed.reset()
      const response = await fetch(`${pointed.url}/v2/deployments`, {
        method: 'POST',
        headers: { 'X-Api-Key': pointed.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(github('real'))
      })
      expect(response.status).toBe(201)
      expect((await response.json()).url).toBe(outside)
    } finally {
      await pointed.stop()
    }
  })
})

describe('fake GitHub: pull requests', () => {
  let gh: FakeGitHub
  beforeAll(async () => {
    gh = await startFakeGitHub()
  })
  beforeEach(() => gh.reset())
  afterAll(async () => {
    await gh.stop()
  })
  const get = (path: string) => fetch(gh.url + path, { headers: { authorization: `token ${gh.token}` } })

  it('lists open pull requests newest first, paged with a Link header that a client can follow', async () => {
    for (let n = 1; n <= 250; n++) gh.pulls.push({ number: n, state: n % 5 === 0 ? 'closed' : 'open' })
    const numbers: number[] = []
    let next: string | undefined = `${gh.url}/repos/acme/agent/pulls?state=open&per_page=100`
    let pages = 0
    while (next && pages < 10) {
      const response: Response = await fetch(next, { headers: { authorization: `token ${gh.token}` } })
      expect(response.status).toBe(200)
      numbers.push(...((await response.json()) as { number: number }[]).map((p) => p.number))
      next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1]
      pages++
    }
    expect(pages).toBe(2)
    expect(numbers).toHaveLength(200)
    expect(numbers[0]).toBe(249)
    expect(numbers.every((n) => n % 5 !== 0)).toBe(true)
    expect(gh.count(/\/pulls$/)).toBe(2)
  })

  it('sends no Link header when one page holds everything', async () => {
    gh.pulls.push({ number: 7, state: 'open' })
    const response = await get('/repos/acme/agent/pulls?state=open&per_page=100')
    expect(response.headers.get('link')).toBeNull()
    expect(await response.json()).toEqual([expect.objectContaining({ number: 7, state: 'open' })])
  })

  it('reads one pull request, 404 when it does not exist', async () => {
    gh.pulls.push({ number: 3, state: 'closed' })
    expect(await (await get('/repos/acme/agent/pulls/3')).json()).toMatchObject({ number: 3, state: 'closed' })
    expect((await get('/repos/acme/agent/pulls/4')).status).toBe(404)
  })

  it('fails reads as configured: 403, 5xx, and rate limits with their headers', async () => {
    gh.configure({ pullsFail: { status: 403 } })
    expect((await get('/repos/acme/agent/pulls/1')).status).toBe(403)
    gh.configure({ pullsFail: { status: 502, times: 1 } })
    expect((await get('/repos/acme/agent/pulls?state=open')).status).toBe(502)
    expect((await get('/repos/acme/agent/pulls?state=open')).status).toBe(200)
    gh.configure({ pullsFail: { status: 429, kind: 'rate-limit', retryAfter: 7, resetInSeconds: 120 } })
    const limited = await get('/repos/acme/agent/pulls?state=open')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('7')
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    const reset = Number(limited.headers.get('x-ratelimit-reset'))
    expect(Math.abs(reset - (Math.floor(Date.now() / 1000) + 120))).toBeLessThanOrEqual(2)
    gh.configure({ pullsFail: { status: 403, kind: 'rate-limit' } })
    expect((await (await get('/repos/acme/agent/pulls?state=open')).json()).message).toMatch(/rate limit/)
    expect(gh.count()).toBe(5)
  })

  it('lists deployments by environment and takes inactive statuses (prune cleanup)', async () => {
    const auth = { authorization: `token ${gh.token}`, 'content-type': 'application/json' }
    for (const environment of ['preview-pr-1', 'preview-pr-2']) {
      await fetch(`${gh.url}/repos/acme/agent/deployments`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ ref: 'main', environment })
      })
    }
    const listed = (await (await get('/repos/acme/agent/deployments?environment=preview-pr-1')).json()) as { id: number }[]
    expect(listed).toHaveLength(1)
    const status = await fetch(`${gh.url}/repos/acme/agent/deployments/${listed[0].id}/statuses`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ state: 'inactive' })
    })
    expect(status.status).toBe(201)
    expect(gh.statuses).toEqual([expect.objectContaining({ deployment_id: listed[0].id, state: 'inactive' })])
  })
})
