import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lifecycles, type Simulator } from '../sim/index.js'
import { clock, startSimulatorOnClock } from './helpers/in-process.js'

let sim: Simulator
const dir = mkdtempSync(join(tmpdir(), 'sim-uploads-'))
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(40), uploadUrlTtlMs: 60_000 })
})
afterAll(async () => {
  await sim.stop()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => sim.reset())

const json = { 'x-api-key': '', 'content-type': 'application/json' }
const api = (method: string, path: string, body?: unknown) =>
  fetch(`${sim.url}${path}`, {
    method,
    headers: { ...json, 'x-api-key': sim.apiKey },
    body: body === undefined ? undefined : JSON.stringify(body)
  })

/** A gzip'd tar of `files`, made by the system tar. */
function archiveOf(files: Record<string, string>): Buffer {
  const root = mkdtempSync(join(dir, 'tree-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  execFileSync('tar', ['-czf', join(root, '..', 'a.tar.gz'), '-C', root, ...Object.keys(files)])
  return readFileSync(join(root, '..', 'a.tar.gz'))
}

const UPLOAD_HEADERS = { 'content-type': 'application/gzip', 'x-goog-content-length-range': '0,209715200' }

async function createEmpty(name: string): Promise<string> {
  const response = await api('POST', '/v2/deployments', {
    name,
    source: 'internal_source',
    source_config: {},
    source_revision_config: {},
    secrets: []
  })
  expect(response.status).toBe(201)
  const created = (await response.json()) as { id: string; latest_revision_id: string | null }
  expect(created.latest_revision_id).toBeNull()
  expect(sim.revisions(created.id)).toEqual([])
  return created.id
}

async function uploadUrl(id: string): Promise<{ upload_url: string; object_path: string }> {
  const response = await api('POST', `/v2/deployments/${id}/upload-url`)
  expect(response.status).toBe(200)
  return (await response.json()) as { upload_url: string; object_path: string }
}

async function buildOf(id: string, objectPath: string, configPath: string) {
  const response = await api('PATCH', `/v2/deployments/${id}`, {
    source_revision_config: { source_tarball_path: objectPath, graph_config_path: configPath }
  })
  expect(response.status).toBe(200)
  await clock.sleep(60_000)
  const [revision] = sim.revisions(id)
  const logs = await (await api('GET', `/v2/deployments/${id}/revisions/${revision.id}/logs?type=build&limit=100`)).json()
  return { revision, lines: (logs as { logs: Array<{ message: string }> }).logs.map((l) => l.message) }
}

describe('the simulator: remote builds', () => {
  it('creates internal_* deployments empty, with no revision until a patch names what to build', async () => {
    const docker = await api('POST', '/v2/deployments', {
      name: 'sim-docker',
      source: 'internal_docker',
      source_config: {},
      source_revision_config: {},
      secrets: []
    })
    expect(docker.status).toBe(201)
    expect(((await docker.json()) as { latest_revision_id: unknown }).latest_revision_id).toBeNull()
    await createEmpty('sim-source')
    const github = await api('POST', '/v2/deployments', {
      name: 'sim-github',
      source: 'github',
      source_config: { integration_id: '5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d', repo_url: 'https://github.com/o/r' },
      source_revision_config: { repo_ref: 'main' },
      secrets: []
    })
    expect(github.status).toBe(400)
    expect(await github.json()).toEqual({ detail: "source_revision_config.graph_config_path is required for source 'github'." })
  })

  it('gives an internal_source deployment a hosted https URL, as a github one gets, but no custom_url', async () => {
    const id = await createEmpty('sim-hosted')
    const deployment = (await (await api('GET', `/v2/deployments/${id}`)).json()) as {
      url: unknown
      source_config: { custom_url: unknown }
    }
    expect(deployment.url).toBe(`${sim.url.replace(/^http:/, 'https:')}/hosted/sim-hosted-${id.slice(0, 8)}`)
    expect(deployment.source_config.custom_url).toBeNull()
    const docker = sim.seedDeployment({ name: 'sim-image', source: 'external_docker' })
    expect(docker.url).toBeNull()
  })

  it('answers upload-url for internal_source deployments only, with no body', async () => {
    const other = sim.seedDeployment({ name: 'sim-gh', source: 'github' })
    const refused = await api('POST', `/v2/deployments/${other.id}/upload-url`)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { detail: string }).detail).toContain("only available for 'internal_source'")
    const id = await createEmpty('sim-body')
    expect((await api('POST', `/v2/deployments/${id}/upload-url`, {})).status).toBe(422)
    expect((await fetch(`${sim.url}/v2/deployments/${id}/upload-url`, { method: 'POST' })).status).toBe(401)
  })

  it('takes an upload only with a valid, unexpired signature, no other credential, and the length headers', async () => {
    const id = await createEmpty('sim-strict')
    const { upload_url: url } = await uploadUrl(id)
    const body = archiveOf({ 'langgraph.json': '{}' })
    const put = (target: string, headers: Record<string, string>, data: Buffer = body) =>
      fetch(target, { method: 'PUT', headers, body: new Uint8Array(data) })
    expect((await put(url, { ...UPLOAD_HEADERS, 'x-api-key': sim.apiKey })).status).toBe(400)
    expect((await put(url, { ...UPLOAD_HEADERS, authorization: 'Bearer x' })).status).toBe(400)
    const tampered = url.replace(/X-Goog-Signature=[0-9a-f]/, (m) => (m.endsWith('0') ? `${m.slice(0, -1)}1` : `${m.slice(0, -1)}0`))
    expect((await put(tampered, UPLOAD_HEADERS)).status).toBe(403)
    expect((await put(url, { 'content-type': 'application/gzip' })).status).toBe(400)
    // The URL is signed with the range 0,209715200: any other (a lower one, or one that raises the limit) is refused.
    expect((await put(url, { ...UPLOAD_HEADERS, 'x-goog-content-length-range': '0,10' })).status).toBe(403)
    const raised = await put(url, { ...UPLOAD_HEADERS, 'x-goog-content-length-range': '0,99999999999999' })
    expect(raised.status).toBe(403)
    expect(await raised.text()).toContain('<Code>SignatureDoesNotMatch</Code>')
    expect((await put(url, { ...UPLOAD_HEADERS, 'x-goog-content-length-range': '00,209715200' })).status).toBe(403)
    expect(sim.storage.objects.size).toBe(0)
    expect((await put(url, UPLOAD_HEADERS)).status).toBe(200)
    await clock.sleep(61_000)
    const late = await put(url, UPLOAD_HEADERS)
    expect(late.status).toBe(400)
    expect(await late.text()).toContain('<Code>ExpiredToken</Code>')
  })

  it('builds an archive that holds the config, and fails the build (saying why in its log) when it does not', async () => {
    const id = await createEmpty('sim-builds')
    const good = await uploadUrl(id)
    expect(
      (
        await fetch(good.upload_url, {
          method: 'PUT',
          headers: UPLOAD_HEADERS,
          body: new Uint8Array(archiveOf({ 'agent/langgraph.json': '{}' }))
        })
      ).status
    ).toBe(200)
    expect((await buildOf(id, good.object_path, 'agent/langgraph.json')).revision.status).toBe('DEPLOYED')
    const failed = await buildOf(id, good.object_path, 'elsewhere/langgraph.json')
    expect(failed.revision.status).toBe('BUILD_FAILED')
    expect(failed.lines.at(-1)).toBe(`Graph configuration elsewhere/langgraph.json is not in the uploaded archive ${good.object_path}.`)
    const missing = await buildOf(id, `uploads/${id}/never.tar.gz`, 'agent/langgraph.json')
    expect(missing.revision.status).toBe('BUILD_FAILED')
    expect(missing.lines.at(-1)).toMatch(/^Source archive not found at uploads\/.*never.tar.gz: nothing was uploaded there/)
  })
})
