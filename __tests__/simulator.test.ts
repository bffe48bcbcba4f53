import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { lifecycles, startSimulator } from '../sim/index.js'
import type { Simulator, SimulatorOptions } from '../sim/index.js'

const INTEGRATION_ID = '2d4c7a9e-1f3b-4c5d-8e6f-7a8b9c0d1e2f'
const T0 = Date.parse('2026-03-01T12:00:00.000Z')

// Response bodies are free-form JSON.
type Json = any

interface Call {
  body?: unknown
  headers?: Record<string, string>
  auth?: boolean
}

async function call(
  sim: Simulator,
  method: string,
  path: string,
  { body, headers = {}, auth = true }: Call = {}
): Promise<{ status: number; body: Json }> {
  const response = await fetch(sim.url + path, {
    method,
    headers: {
      ...(auth && { 'X-Api-Key': sim.apiKey }),
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...headers
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

function githubDeployment(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    source: 'github',
    source_config: { integration_id: INTEGRATION_ID, repo_url: `https://github.com/acme/${name}`, deployment_type: 'dev' },
    source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
    secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-test' }],
    ...overrides
  }
}

/** A simulator on a fake clock that each test starts from T0 with an empty store. */
function fakeClockSimulator(options: SimulatorOptions = {}) {
  const clock = { t: T0 }
  const context = { sim: undefined as unknown as Simulator, clock }
  beforeAll(async () => {
    context.sim = await startSimulator({ now: () => clock.t, ...options })
  })
  beforeEach(() => {
    clock.t = T0
    context.sim.reset()
    context.sim.setScenario(lifecycles.deployed())
  })
  afterAll(async () => {
    await context.sim.stop()
  })
  return context
}

describe('authentication', () => {
  let sim: Simulator
  beforeAll(async () => {
    sim = await startSimulator({ orgApiKeys: ['org-key'] })
  })
  afterAll(async () => {
    await sim.stop()
  })

  it('refuses missing and unknown credentials with 401', async () => {
    const attempts: Record<string, string>[] = [{}, { 'X-Api-Key': 'wrong' }, { Authorization: 'Bearer wrong' }]
    for (const headers of attempts) {
      const response = await call(sim, 'GET', '/v2/deployments', { auth: false, headers })
      expect(response).toEqual({ status: 401, body: { detail: 'Invalid or missing credentials.' } })
    }
  })

  it('requires a workspace for organization keys and bearer tokens', async () => {
    const needsWorkspace = {
      status: 403,
      body: { detail: 'This request requires a workspace specification: set the X-Tenant-Id header.' }
    }
    const orgKey = { 'X-Api-Key': 'org-key' }
    const bearer = { Authorization: 'Bearer sim-bearer-token' }
    expect(await call(sim, 'GET', '/v2/deployments', { auth: false, headers: orgKey })).toEqual(needsWorkspace)
    expect(await call(sim, 'GET', '/v2/deployments', { auth: false, headers: bearer })).toEqual(needsWorkspace)

    const withTenant = { 'X-Tenant-Id': sim.tenantId }
    for (const headers of [
      { ...orgKey, ...withTenant },
      { ...bearer, ...withTenant },
      { ...bearer, 'X-Organization-Id': 'b1c2d3e4-0000-4000-8000-000000000000' }
    ]) {
      expect((await call(sim, 'GET', '/v2/deployments', { auth: false, headers })).status).toBe(200)
    }
  })

  it('refuses a workspace other than the tenant with 403', async () => {
    const other = '11111111-2222-4333-8444-555555555555'
    const response = await call(sim, 'GET', '/v2/deployments', { headers: { 'X-Tenant-Id': other } })
    expect(response).toEqual({ status: 403, body: { detail: `Workspace ${other} not found or not accessible.` } })
  })

  it('routes before authenticating, and authenticates before validating', async () => {
    expect(await call(sim, 'GET', '/v2/nothing', { auth: false })).toEqual({ status: 404, body: { detail: 'Not Found' } })
    expect(await call(sim, 'PUT', '/v2/deployments', { auth: false })).toEqual({
      status: 405,
      body: { detail: 'Method Not Allowed' }
    })
    expect((await call(sim, 'GET', '/v2/deployments?limit=0', { auth: false })).status).toBe(401)
  })
})

describe('deployments and revisions', () => {
  const context = fakeClockSimulator()

  it('creates a deployment whose revision advances with the clock until DEPLOYED', async () => {
    const { sim, clock } = context
    const created = await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('agent') })
    expect(created.status).toBe(201)
    const deployment = created.body
    expect(deployment).toMatchObject({
      name: 'agent',
      source: 'github',
      tenant_id: sim.tenantId,
      status: 'AWAITING_DATABASE',
      active_revision_id: null,
      created_at: new Date(T0).toISOString(),
      secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-test' }]
    })
    const customUrl = `${sim.url.replace(/^http:/, 'https:')}/hosted/agent-${deployment.id.slice(0, 8)}`
    expect(deployment.source_config.custom_url).toBe(customUrl)
    expect(deployment.url).toBe(customUrl)
    expect(deployment.source_revision_config.repo_commit_sha).toMatch(/^[0-9a-f]{40}$/)

    const revisionPath = `/v2/deployments/${deployment.id}/revisions/${deployment.latest_revision_id}`
    const statusAt = async (t: number) => {
      clock.t = t
      return (await call(sim, 'GET', revisionPath)).body
    }
    expect((await statusAt(T0)).status).toBe('CREATING')
    expect((await statusAt(T0 + 150)).status).toBe('QUEUED')
    const building = await statusAt(T0 + 500)
    expect(building).toMatchObject({ status: 'BUILDING', updated_at: new Date(T0 + 450).toISOString() })
    expect(building.source_revision_config).toEqual(deployment.source_revision_config)
    expect((await statusAt(T0 + 1049)).status).toBe('DEPLOYING')
    expect((await statusAt(T0 + 1350)).status).toBe('DEPLOYED')

    const fetched = await call(sim, 'GET', `/v2/deployments/${deployment.id}`)
    expect(fetched.body).toMatchObject({ status: 'READY', active_revision_id: deployment.latest_revision_id })
    expect(sim.deployments()).toEqual([fetched.body])
  })

  it('answers 404 for unknown ids and 422 for malformed ones', async () => {
    const { sim } = context
    const missing = '0f0f0f0f-0000-4000-8000-000000000000'
    expect(await call(sim, 'GET', `/v2/deployments/${missing}`)).toEqual({
      status: 404,
      body: { detail: `Deployment ID ${missing} not found.` }
    })
    const deployment = sim.seedDeployment({ name: 'agent' })
    expect(await call(sim, 'GET', `/v2/deployments/${deployment.id}/revisions/${missing}`)).toEqual({
      status: 404,
      body: { detail: `Revision ID ${missing} not found.` }
    })
    const malformed = await call(sim, 'GET', '/v2/deployments/not-a-uuid')
    expect(malformed.status).toBe(422)
    expect(malformed.body.detail).toEqual([expect.objectContaining({ loc: ['path', 'deployment_id'], type: 'uuid_parsing' })])
  })

  it('reports body problems FastAPI-style, one per location', async () => {
    const { sim } = context
    const response = await call(sim, 'POST', '/v2/deployments', {
      body: {
        name: 'agent',
        source: 'gitlab',
        source_config: { integration_id: 'nope', resource_spec: { cpu: 99 }, unknown_field: 1 },
        source_revision_config: { graph_config_path: 'graph.json' },
        secrets: [{ name: 'A' }]
      }
    })
    expect(response.status).toBe(422)
    expect(response.body.detail.map((e: Json) => [e.loc, e.type])).toEqual([
      [['body', 'source'], 'enum'],
      // Unknown fields are refused, not dropped (the simulator's choice where the reference is silent).
      [['body', 'source_config', 'unknown_field'], 'extra_forbidden'],
      [['body', 'source_config', 'integration_id'], 'uuid_parsing'],
      [['body', 'source_config', 'resource_spec', 'cpu'], 'less_than_equal'],
      [['body', 'secrets', 0, 'value'], 'missing']
    ])
    for (const error of response.body.detail) expect(typeof error.msg).toBe('string')

    const missingBody = await call(sim, 'POST', '/v2/deployments', { body: {} })
    expect(missingBody.body.detail.map((e: Json) => e.loc[1])).toEqual([
      'name',
      'source',
      'source_config',
      'source_revision_config',
      'secrets'
    ])
    expect(missingBody.body.detail[0]).toMatchObject({ type: 'missing', msg: 'Field required' })
  })

  it('answers 422 json_invalid for a body that is not JSON', async () => {
    const response = await call(context.sim, 'POST', '/v2/deployments', { body: '{"name": ' })
    expect(response.status).toBe(422)
    expect(response.body.detail).toEqual([
      expect.objectContaining({ type: 'json_invalid', loc: ['body', expect.any(Number)], msg: 'JSON decode error' })
    ])
  })

  it.each([
    ['0', 'greater_than_equal', 'Input should be greater than or equal to 1'],
    ['101', 'less_than_equal', 'Input should be less than or equal to 100'],
    ['ten', 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer']
  ])('refuses limit=%s with 422', async (limit, type, msg) => {
    const response = await call(context.sim, 'GET', `/v2/deployments?limit=${limit}`)
    expect(response.status).toBe(422)
    expect(response.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'limit'], type, msg })])
  })

  it('applies the source rules of creation with 400', async () => {
    const { sim } = context
    const cases: [Record<string, unknown>, string][] = [
      [
        githubDeployment('a', { source_revision_config: { repo_ref: 'main' } }),
        "source_revision_config.graph_config_path is required for source 'github'."
      ],
      [
        {
          name: 'b',
          source: 'external_docker',
          source_config: {},
          source_revision_config: { image_uri: 'registry.example/b:1', graph_config_path: 'graph.json' },
          secrets: []
        },
        "source_revision_config.graph_config_path is only applicable for source 'github' or 'internal_source', not 'external_docker'."
      ],
      [
        githubDeployment('c', { source_config: { repo_url: 'https://github.com/acme/c' } }),
        "source_config.integration_id is required for source 'github'."
      ]
    ]
    for (const [body, detail] of cases) {
      expect(await call(sim, 'POST', '/v2/deployments', { body })).toEqual({ status: 400, body: { detail } })
    }
    expect(sim.deployments()).toEqual([])
  })

  it('keeps the tracing project of a deleted deployment unless asked to delete it', async () => {
    const { sim } = context
    const first = await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('pr-7') })
    expect((await call(sim, 'DELETE', `/v2/deployments/${first.body.id}`)).status).toBe(204)
    expect(await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('pr-7') })).toEqual({
      status: 409,
      body: {
        detail: "A tracing project named 'pr-7' already exists. Delete it or choose another deployment name."
      }
    })

    const second = await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('pr-8') })
    const deleted = await call(sim, 'DELETE', `/v2/deployments/${second.body.id}?delete_tracing_project=true`)
    expect(deleted).toEqual({ status: 204, body: undefined })
    expect((await call(sim, 'GET', `/v2/deployments/${second.body.id}`)).status).toBe(404)
    expect(sim.revisions(second.body.id)).toEqual([])
    expect((await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('pr-8') })).status).toBe(201)
  })

  it('makes exactly one revision per patch and supersedes the one still in progress', async () => {
    const { sim, clock } = context
    const { body: created } = await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('agent') })
    clock.t = T0 + 500
    const patched = await call(sim, 'PATCH', `/v2/deployments/${created.id}`, {
      body: {
        revision_source: 'github',
        source_revision_config: { repo_ref: 'feature', graph_config_path: null },
        secrets: [{ name: 'TOKEN', value: 'v2' }]
      }
    })
    expect(patched.status).toBe(200)
    const revisions = sim.revisions(created.id)
    expect(revisions).toHaveLength(2)
    const [newest, first] = revisions
    expect(patched.body.latest_revision_id).toBe(newest.id)
    expect(newest).toMatchObject({
      status: 'CREATING',
      source: 'github',
      source_revision_config: { repo_ref: 'feature', graph_config_path: 'graph.json' }
    })
    expect(newest.source_revision_config.repo_commit_sha).not.toBe(first.source_revision_config.repo_commit_sha)
    expect(first).toMatchObject({
      id: created.latest_revision_id,
      status: 'SKIPPED',
      status_message: `Superseded by revision ${newest.id}.`,
      updated_at: new Date(T0 + 500).toISOString()
    })
    expect(patched.body.secrets).toEqual([{ name: 'TOKEN', value: 'v2' }])

    clock.t = T0 + 5000
    const listed = await call(sim, 'GET', `/v2/deployments/${created.id}/revisions`)
    expect(listed.body.resources.map((r: Json) => [r.id, r.status])).toEqual([
      [newest.id, 'DEPLOYED'],
      [first.id, 'SKIPPED']
    ])
  })

  it('does not supersede a revision that already finished', async () => {
    const { sim, clock } = context
    const deployment = sim.seedDeployment({ name: 'agent' })
    clock.t = T0 + 10
    await call(sim, 'PATCH', `/v2/deployments/${deployment.id}`, { body: { source_revision_config: { repo_ref: 'v2' } } })
    expect(sim.revisions(deployment.id).map((r) => r.status)).toEqual(['CREATING', 'DEPLOYED'])
  })

  it('merges source_config without making a revision', async () => {
    const { sim } = context
    const { body: created } = await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('agent') })
    const patched = await call(sim, 'PATCH', `/v2/deployments/${created.id}`, {
      body: {
        source_config: { build_on_push: true, repo_url: created.source_config.repo_url, install_command: null },
        source_revision_config: { repo_ref: null }
      }
    })
    expect(patched.status).toBe(200)
    expect(patched.body.latest_revision_id).toBe(created.latest_revision_id)
    expect(patched.body.source_config).toEqual({ ...created.source_config, build_on_push: true })
    expect(sim.revisions(created.id)).toHaveLength(1)
  })

  it.each([
    ['repo_url', 'https://github.com/acme/other'],
    ['integration_id', '9a9a9a9a-0000-4000-8000-000000000000'],
    ['deployment_type', 'prod']
  ])('refuses to change the create-only field %s with 400', async (field, value) => {
    const { sim } = context
    const { body: created } = await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('agent') })
    const response = await call(sim, 'PATCH', `/v2/deployments/${created.id}`, {
      body: { source_config: { [field]: value }, source_revision_config: { repo_ref: 'next' } }
    })
    expect(response).toEqual({ status: 400, body: { detail: `${field} cannot be changed after the deployment is created.` } })
    expect(sim.revisions(created.id)).toHaveLength(1)
  })

  it('gives each revision the lifecycle the scenario picks for it', async () => {
    const { sim, clock } = context
    sim.setScenario(({ revisionIndex }) => (revisionIndex === 0 ? lifecycles.buildFailed(10) : lifecycles.unknownThenDeployed(10)))
    const { body: created } = await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('agent') })
    clock.t = T0 + 1000
    const [failed] = sim.revisions(created.id)
    expect(failed).toMatchObject({ status: 'BUILD_FAILED', status_message: lifecycles.buildFailed().statusMessage })
    expect(failed.updated_at).toBe(new Date(T0 + 50).toISOString())

    await call(sim, 'PATCH', `/v2/deployments/${created.id}`, { body: { secrets: [{ name: 'TOKEN', value: 'v2' }] } })
    const seen = new Set<string>()
    const patchedAt = clock.t
    for (let t = patchedAt; t <= patchedAt + 120; t += 5) {
      clock.t = t
      const [newest] = (await call(sim, 'GET', `/v2/deployments/${created.id}/revisions?limit=1`)).body.resources
      seen.add(newest.status)
    }
    expect(seen).toEqual(
      new Set([
        'CREATING',
        'QUEUED',
        'UNKNOWN',
        'AWAITING_BUILD',
        'BUILDING',
        'AWAITING_CAPACITY',
        'AWAITING_DEPLOY',
        'DEPLOYING',
        'DEPLOYED'
      ])
    )
  })
})

describe('the environment, as the owners read it: one map per deployment', () => {
  const context = fakeClockSimulator()
  const A = { name: 'A', value: 'value-a' }
  const B = { name: 'B', value: 'value-b' }
  const created = async () =>
    (await call(context.sim, 'POST', '/v2/deployments', { body: githubDeployment('agent', { secrets: [A, B] }) })).body
  const patch = (id: string, body: unknown) => call(context.sim, 'PATCH', `/v2/deployments/${id}`, { body })
  const environment = async (id: string) => (await call(context.sim, 'GET', `/v2/deployments/${id}`)).body.secrets

  it('GET returns each secret with its name and value', async () => {
    const { id } = await created()
    expect(await environment(id)).toEqual([A, B])
  })

  it('a `secrets` list on PATCH replaces the environment whole, with a new revision', async () => {
    const { id } = await created()
    await patch(id, { secrets: [{ name: 'A', value: 'new-a' }] })
    expect(await environment(id)).toEqual([{ name: 'A', value: 'new-a' }])
    expect(context.sim.revisions(id)).toHaveLength(2)
  })

  it('an empty list leaves it unchanged and makes no revision; a PATCH without `secrets` keeps it', async () => {
    const { id } = await created()
    await patch(id, { secrets: [] })
    expect(await environment(id)).toEqual([A, B])
    expect(context.sim.revisions(id)).toHaveLength(1)
    await patch(id, { source_revision_config: { repo_ref: 'next' } })
    expect(await environment(id)).toEqual([A, B])
  })

  it('replaces resource_spec whole: a partial spec resets what it leaves out', async () => {
    const spec = { min_scale: 2, max_scale: 3, cpu: 2, memory_mb: 4096 }
    const seeded = context.sim.seedDeployment({ name: 'image', source: 'external_docker', source_config: { resource_spec: spec } })
    const id = String(seeded.id)
    expect((await patch(id, { source_config: { resource_spec: { max_scale: 6 } } })).status).toBe(200)
    expect((await call(context.sim, 'GET', `/v2/deployments/${id}`)).body.source_config.resource_spec).toEqual({ max_scale: 6 })
  })

  it('names secrets without values for a deployment seeded so (a deliberate deviation, for the refusal to merge)', async () => {
    const seeded = context.sim.seedDeployment({ name: 'hidden', secrets: [A], hideSecretValues: true })
    expect(seeded.secrets).toEqual([{ name: 'A' }])
    expect(context.sim.hidesSecretValues(String(seeded.id))).toBe(true)
    const { id } = await created()
    expect(context.sim.hidesSecretValues(id)).toBe(false)
  })
})

describe('listing deployments', () => {
  const context = fakeClockSimulator()

  function seedMany(count: number): string[] {
    const ids: string[] = []
    for (let i = 0; i < count; i++) {
      context.clock.t = T0 + i
      ids.push(context.sim.seedDeployment({ name: `agent-pr-${i}` }).id)
    }
    return ids.reverse()
  }

  async function walk(sim: Simulator, limit: number) {
    const pages: { ids: string[]; offset: number; returned: number }[] = []
    let offset = 0
    for (;;) {
      const { body } = await call(sim, 'GET', `/v2/deployments?limit=${limit}&offset=${offset}`)
      pages.push({ ids: body.resources.map((d: Json) => d.id), offset, returned: body.offset })
      if (body.resources.length < limit) return pages
      offset += body.resources.length
    }
  }

  it('returns the next page offset, newest first', async () => {
    const newestFirst = seedMany(45)
    const pages = await walk(context.sim, 20)
    expect(pages.map((p) => p.returned)).toEqual([20, 40, 45])
    expect(pages.flatMap((p) => p.ids)).toEqual(newestFirst)
  })

  it('defaults to pages of 20', async () => {
    seedMany(25)
    const { body } = await call(context.sim, 'GET', '/v2/deployments')
    expect(body.resources).toHaveLength(20)
    expect(body.offset).toBe(20)
  })

  it('matches name_contains as a case-insensitive substring', async () => {
    const { sim } = context
    for (const name of ['Agent', 'my-agent-pr-1', 'agent-pr-12', 'other']) sim.seedDeployment({ name })
    const { body } = await call(sim, 'GET', '/v2/deployments?name_contains=AGENT')
    expect(body.resources.map((d: Json) => d.name).sort()).toEqual(['Agent', 'agent-pr-12', 'my-agent-pr-1'])
  })

  it('omits source and status from list items', async () => {
    const { sim } = context
    const seeded = sim.seedDeployment({ name: 'agent' })
    const { body } = await call(sim, 'GET', '/v2/deployments')
    const { source: _source, status: _status, ...rest } = seeded
    expect(body.resources).toEqual([rest])
    expect(body.resources[0]).not.toHaveProperty('source')
    expect(body.resources[0]).not.toHaveProperty('status')
  })

  it('filters by ids, deployment type, status and image version', async () => {
    const { sim } = context
    const a = sim.seedDeployment({ name: 'a', source_config: { deployment_type: 'prod' }, image_version: '0.4.1' })
    const b = sim.seedDeployment({ name: 'b', status: 'UNUSED' })
    const c = sim.seedDeployment({ name: 'c', revisionOutcome: 'BUILD_FAILED' })
    const names = async (query: string) =>
      (await call(sim, 'GET', `/v2/deployments?${query}`)).body.resources.map((d: Json) => d.name).sort()
    expect(await names(`deployment_ids=${a.id},${c.id.toUpperCase()}`)).toEqual(['a', 'c'])
    expect(await names('deployment_type=prod')).toEqual(['a'])
    expect(await names('status=UNUSED')).toEqual(['b'])
    expect(await names('status=AWAITING_DATABASE')).toEqual(['c'])
    expect(await names('image_version=0.4.1')).toEqual(['a'])
    expect(b.status).toBe('UNUSED')
  })

  it('walks thousands of seeded deployments page by page, each once', async () => {
    // How fast it seeds and lists is a figure of `npm run bench`, not a test's.
    const { sim } = context
    for (let i = 0; i < 3_000; i++) sim.seedDeployment({ name: `agent-pr-${i}` })
    expect(sim.deployments()).toHaveLength(3_000)
    const pages = await walk(sim, 100)
    expect(pages).toHaveLength(31)
    expect(new Set(pages.flatMap((p) => p.ids)).size).toBe(3_000)
    const { body } = await call(sim, 'GET', '/v2/deployments?name_contains=agent-pr-2999')
    expect(body.resources.map((d: Json) => d.name)).toEqual(['agent-pr-2999'])
  })
})

describe('listing deployments with an echoed offset', () => {
  const context = fakeClockSimulator({ pageOffset: 'echo' })

  it('returns the offset asked for', async () => {
    const { sim, clock } = context
    for (let i = 0; i < 25; i++) {
      clock.t = T0 + i
      sim.seedDeployment({ name: `agent-${i}` })
    }
    const first = await call(sim, 'GET', '/v2/deployments?limit=20')
    const second = await call(sim, 'GET', '/v2/deployments?limit=20&offset=20')
    expect([first.body.offset, second.body.offset]).toEqual([0, 20])
    expect(second.body.resources.map((d: Json) => d.name)).toEqual(['agent-4', 'agent-3', 'agent-2', 'agent-1', 'agent-0'])
  })
})

describe('revision logs', () => {
  const context = fakeClockSimulator()

  async function logs(deployment: Json, query: string) {
    const path = `/v2/deployments/${deployment.id}/revisions/${deployment.latest_revision_id}/logs?${query}`
    return call(context.sim, 'GET', path)
  }

  it('keeps a cursor while the build runs and ends it when the build is over', async () => {
    const { sim, clock } = context
    const { body: deployment } = await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('agent') })
    expect(await logs(deployment, 'type=build')).toMatchObject({ status: 200, body: { logs: [] } })

    clock.t = T0 + 460
    const first = (await logs(deployment, 'type=build')).body
    expect(first.logs.map((l: Json) => l.message)).toEqual([
      'Waiting for a build worker.',
      `Building revision ${deployment.latest_revision_id} from main (${deployment.source_revision_config.repo_commit_sha.slice(0, 7)}).`
    ])
    expect(first.next_offset).toEqual(expect.any(String))
    const idle = (await logs(deployment, `type=build&offset=${first.next_offset}`)).body
    expect(idle).toEqual({ logs: [], next_offset: first.next_offset })

    clock.t = T0 + 800
    const rest = (await logs(deployment, `type=build&offset=${first.next_offset}&limit=2`)).body
    expect(rest.logs).toHaveLength(2)
    const last = (await logs(deployment, `type=build&offset=${rest.next_offset}`)).body
    expect(last.logs.map((l: Json) => l.message)).toEqual(['Building image.', 'Pushing image to the registry.'])
    expect(last.next_offset).toBeNull()
    for (const entry of [...first.logs, ...rest.logs, ...last.logs]) {
      expect(entry).toEqual({ timestamp: expect.any(String), level: 'INFO', message: expect.any(String) })
    }

    const deploy = (await logs(deployment, 'type=deploy')).body
    expect(deploy.logs.map((l: Json) => l.message)).toEqual(['Waiting for deployment capacity.'])
    expect(deploy.next_offset).not.toBeNull()
  })

  it('ends a failed build with an ERROR line carrying the status message', async () => {
    const { sim, clock } = context
    sim.setScenario(lifecycles.buildFailed())
    const { body: deployment } = await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('agent') })
    clock.t = T0 + 10_000
    const { body } = await logs(deployment, 'type=build&order=desc&limit=2')
    expect(body.logs[0]).toMatchObject({ level: 'ERROR', message: lifecycles.buildFailed().statusMessage })
    expect(body.logs[1].message).toBe('Pushing image to the registry.')
    const older = (await logs(deployment, `type=build&order=desc&offset=${body.next_offset}`)).body
    expect(older.logs.at(-1).message).toBe('Waiting for a build worker.')
    expect(older.next_offset).toBeNull()
    expect((await logs(deployment, 'type=deploy')).body).toEqual({ logs: [], next_offset: null })
  })

  it('refuses a missing type and a foreign cursor with 422', async () => {
    const { sim } = context
    const { body: deployment } = await call(sim, 'POST', '/v2/deployments', { body: githubDeployment('agent') })
    const missing = await logs(deployment, '')
    expect(missing.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'type'], type: 'missing' })])
    const foreign = await logs(deployment, 'type=build&offset=bm90LWEtY3Vyc29y')
    expect(foreign.status).toBe(422)
    expect(foreign.body.detail[0].loc).toEqual(['query', 'offset'])
  })
})

describe('listeners', () => {
  const context = fakeClockSimulator()

  it('deletes a listener once, then answers 404', async () => {
    const { sim } = context
    const id = sim.seedListener()
    expect(await call(sim, 'DELETE', `/v2/listeners/${id}`)).toEqual({ status: 204, body: undefined })
    expect(await call(sim, 'DELETE', `/v2/listeners/${id}`)).toEqual({
      status: 404,
      body: { detail: `Listener ID ${id} not found.` }
    })
    expect((await call(sim, 'DELETE', '/v2/listeners/12')).body.detail[0]).toMatchObject({
      loc: ['path', 'listener_id'],
      type: 'uuid_parsing'
    })
  })

  it('answers 403 naming the workspace when the plan is not self-hosted enterprise', async () => {
    const sim = await startSimulator({ selfHostedEnterprise: false })
    try {
      const response = await call(sim, 'DELETE', `/v2/listeners/${sim.seedListener()}`)
      expect(response.status).toBe(403)
      expect(response.body.detail).toContain(`'${sim.tenantId}'`)
      expect(response.body.detail).toContain('self-hosted enterprise plans')
    } finally {
      await sim.stop()
    }
  })
})

describe('request log', () => {
  const context = fakeClockSimulator()

  it('records every request as received, with the status answered', async () => {
    const { sim } = context
    await call(sim, 'POST', '/v2/deployments?dry=1', {
      body: githubDeployment('agent'),
      headers: { 'X-Custom-Header': 'Value' }
    })
    await call(sim, 'POST', '/v2/deployments', { body: 'not json', headers: { 'Content-Type': 'text/plain' } })
    await call(sim, 'GET', '/v2/deployments?limit=5&name_contains=a', { auth: false })

    expect(sim.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/v2/deployments', 201],
      ['POST', '/v2/deployments', 422],
      ['GET', '/v2/deployments', 401]
    ])
    const [created, text, listed] = sim.requests
    expect(created.query).toEqual({ dry: '1' })
    expect(created.headers).toMatchObject({
      'x-api-key': sim.apiKey,
      'content-type': 'application/json',
      'x-custom-header': 'Value'
    })
    expect(created.body).toEqual(githubDeployment('agent'))
    expect(text.body).toBe('not json')
    expect(listed).toMatchObject({ query: { limit: '5', name_contains: 'a' }, body: undefined })
    expect(listed.headers).not.toHaveProperty('x-api-key')

    sim.reset()
    expect(sim.requests).toEqual([])
  })
})

describe('endpoints the reference lacks are routed and validated like the others', () => {
  const context = fakeClockSimulator()

  it.each([
    ['push-token', 'internal_docker'],
    ['upload-url', 'internal_source']
  ])(
    '%s: a deployment id that is not a UUID is a 422, a body is refused, and without a credential it is a 401',
    async (endpoint, source) => {
      const { sim } = context
      const deployment = sim.seedDeployment({ name: `agent-${endpoint}`, source })
      expect((await call(sim, 'POST', `/v2/deployments/${deployment.id}/${endpoint}`)).status).toBe(200)
      const notUuid = await call(sim, 'POST', `/v2/deployments/not-a-uuid/${endpoint}`)
      expect(notUuid.status).toBe(422)
      expect(notUuid.body.detail[0]).toMatchObject({ type: 'uuid_parsing', loc: ['path', 'deployment_id'] })
      const withBody = await call(sim, 'POST', `/v2/deployments/${deployment.id}/${endpoint}`, { body: {} })
      expect(withBody).toMatchObject({ status: 422, body: { detail: [{ type: 'extra_forbidden', loc: ['body'] }] } })
      expect((await call(sim, 'POST', `/v2/deployments/${deployment.id}/${endpoint}`, { auth: false })).status).toBe(401)
      expect((await call(sim, 'GET', `/v2/deployments/${deployment.id}/${endpoint}`)).status).toBe(405)
    }
  )

  it('a reference operation that takes no body (a redeploy) refuses one too', async () => {
    const { sim } = context
    const deployment = sim.seedDeployment({ name: 'agent-redeploy' })
    const revision = String(deployment.latest_revision_id)
    const refused = await call(sim, 'POST', `/v2/deployments/${deployment.id}/revisions/${revision}/redeploy`, { body: { force: true } })
    expect(refused).toMatchObject({ status: 422, body: { detail: [{ type: 'extra_forbidden', loc: ['body'] }] } })
    expect((await call(sim, 'POST', `/v2/deployments/${deployment.id}/revisions/${revision}/redeploy`)).status).toBe(200)
  })
})
