import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { refuseReservedSecrets } from '../sim/reserved-secrets.js'
import { reservedSecretProblems } from '../src/inputs/reserved-secrets.js'
import { errorLines, visibleText } from './helpers/action.js'
import { deployWith, startSimulatorOnClock } from './helpers/in-process.js'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock()
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

/** The control plane's list, a third time, from its documentation: the action and the simulator must both agree with it. */
const ALWAYS =
  `LANGCHAIN_TRACING_V2 LANGSMITH_TRACING_V2 LANGCHAIN_ENDPOINT LANGCHAIN_PROJECT LANGSMITH_PROJECT LANGSMITH_LANGGRAPH_GIT_REPO
  LANGGRAPH_GIT_REPO_PATH LANGCHAIN_API_KEY LANGSMITH_CONTROL_PLANE_API_KEY POSTGRES_URI POSTGRES_PASSWORD DATABASE_URI
  LANGSMITH_LANGGRAPH_GIT_REF LANGSMITH_LANGGRAPH_GIT_REF_SHA LANGGRAPH_AUTH_TYPE LANGSMITH_AUTH_ENDPOINT LANGSMITH_TENANT_ID
  LANGSMITH_AUTH_VERIFY_TENANT_ID LANGSMITH_HOST_PROJECT_ID LANGSMITH_HOST_PROJECT_NAME LANGSMITH_HOST_REVISION_ID LOG_JSON
  LOG_DICT_TRACEBACKS REDIS_URI LANGCHAIN_CALLBACKS_BACKGROUND DD_TRACE_PSYCOPG_ENABLED DD_TRACE_REDIS_ENABLED
  LANGSMITH_DEPLOYMENT_NAME LANGGRAPH_CLOUD_LICENSE_KEY`.split(/\s+/)
const UNLESS_SELF_HOSTED = `LANGSMITH_API_KEY LANGSMITH_ENDPOINT POSTGRES_URI_CUSTOM REDIS_URI_CUSTOM PATH PORT MOUNT_PREFIX LSD_ENV
  LSD_DD_API_KEY LSD_DD_ENDPOINT LSD_DEPLOYMENT_TYPE`.split(/\s+/)
const SOURCES = ['github', 'internal_source', 'internal_docker', 'external_docker']

/** Whether the simulator lets a secret of this name through for this source. */
function simAccepts(name: string, source: string): boolean {
  try {
    refuseReservedSecrets([{ name }], source)
    return true
  } catch {
    return false
  }
}

describe('reserved secret names: the action and the simulator agree with the control plane', () => {
  it.each(SOURCES)('for a %s deployment', (source) => {
    expect(ALWAYS).toHaveLength(29)
    expect(UNLESS_SELF_HOSTED).toHaveLength(11)
    const selfHosted = source === 'external_docker'
    for (const name of ALWAYS) {
      expect([name, reservedSecretProblems([{ name, value: 'v' }], source).length, simAccepts(name, source)]).toEqual([name, 1, false])
    }
    for (const name of UNLESS_SELF_HOSTED) {
      expect([name, reservedSecretProblems([{ name, value: 'v' }], source).length, simAccepts(name, source)]).toEqual([
        name,
        selfHosted ? 0 : 1,
        selfHosted
      ])
    }
    // Near misses are ordinary names: the rule is exact.
    for (const name of ['LANGSMITH_API_KEY_2', 'port', 'MY_PATH', 'OPENAI_API_KEY']) {
      expect([name, reservedSecretProblems([{ name, value: 'v' }], source), simAccepts(name, source)]).toEqual([name, [], true])
    }
  })

  it('before the lookup, without a source, only the names reserved for every source', () => {
    expect(reservedSecretProblems([{ name: 'PORT', value: 'v' }], undefined)).toEqual([])
    expect(reservedSecretProblems([{ name: 'REDIS_URI', value: 'v' }], undefined)).toHaveLength(1)
  })
})

const PORT_PROBLEM = (source: string) =>
  `Invalid input: \`secrets\`: \`PORT\` is a name the control plane reserves for \`${source}\` deployments (it sets that ` +
  `variable itself; only self-hosted, \`external_docker\` deployments may set it); ` +
  "rename it (and read it under its new name in your code) or remove it\nFix the step's `with:` block; no change was sent to the control plane."

describe('a name reserved except on self-hosted control planes, when only the lookup tells the source', () => {
  const secrets = 'OPENAI_API_KEY=sk-0123456789\nPORT=8123-secret-port'

  it('is refused right after the lookup finds a github deployment, before any change, naming the secret and not its value', async () => {
    sim.seedDeployment({ name: 'support-agent' })
    const run = await deployWith(sim, 'support-agent', { secrets, 'integration-id': '' })

    expect(errorLines(run)).toEqual([PORT_PROBLEM('github')])
    expect(sim.requests.map((r) => r.method)).toEqual(['GET', 'GET'])
    expect(visibleText(run)).not.toContain('8123-secret-port')
    expect(run.outcome.kind).toBe('refused')
  })

  it('is refused after a lookup that finds nothing, since the create would make a github deployment', async () => {
    const run = await deployWith(sim, 'support-agent', { secrets })
    expect(errorLines(run)).toEqual([PORT_PROBLEM('github')])
    expect(sim.requests.map((r) => r.method)).toEqual(['GET'])
    expect(sim.deployments()).toEqual([])
  })

  it('is sent to an external_docker deployment, which may set it', async () => {
    const seeded = sim.seedDeployment({ name: 'self-hosted-agent', source: 'external_docker' })
    const run = await deployWith(sim, 'self-hosted-agent', { secrets, 'graph-config-path': '', 'integration-id': '' })

    expect(run.failures).toEqual([])
    const patch = sim.requests.find((r) => r.method === 'PATCH')
    expect(patch?.status).toBe(200)
    expect((patch?.body as { secrets: Array<{ name: string }> }).secrets.map((s) => s.name)).toEqual(['OPENAI_API_KEY', 'PORT'])
    expect(run.outputs['deployment-id']).toBe(seeded.id)
  })

  it('is sent when `source: external_docker` creates the deployment', async () => {
    const run = await deployWith(sim, 'self-hosted-agent', {
      secrets,
      source: 'external_docker',
      'graph-config-path': '',
      'integration-id': '',
      'image-uri': 'registry.example/agent@sha256:' + 'a'.repeat(64)
    })
    expect(run.failures).toEqual([])
    expect(run.outputs.operation).toBe('created')
  })

  it('is refused after the lookup when `source: external_docker` is given but the deployment is not', async () => {
    sim.seedDeployment({ name: 'support-agent', source: 'internal_docker' })
    const run = await deployWith(sim, 'support-agent', {
      secrets,
      source: 'external_docker',
      'graph-config-path': '',
      'integration-id': ''
    })
    expect(errorLines(run)[0]).toContain(PORT_PROBLEM('internal_docker').split('\n')[0].replace('Invalid input: ', ''))
    expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })
})

describe('the simulator refuses reserved names itself (400)', () => {
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${sim.url}${path}`, {
      method,
      headers: { 'X-Api-Key': sim.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    })

  it('on a create and on a patch, and lets a self-hosted deployment set the names only the others may not', async () => {
    const create = await send('POST', '/v2/deployments', {
      name: 'agent',
      source: 'internal_docker',
      source_config: {},
      source_revision_config: {},
      secrets: [{ name: 'LANGCHAIN_API_KEY', value: 'x' }]
    })
    expect([create.status, await create.json()]).toEqual([
      400,
      { detail: "Secret name 'LANGCHAIN_API_KEY' is reserved and cannot be set." }
    ])

    const github = sim.seedDeployment({ name: 'gh-agent' })
    const patch = await send('PATCH', `/v2/deployments/${github.id}`, { secrets: [{ name: 'PORT', value: '1' }] })
    expect(patch.status).toBe(400)

    const selfHosted = sim.seedDeployment({ name: 'sh-agent', source: 'external_docker' })
    const allowed = await send('PATCH', `/v2/deployments/${selfHosted.id}`, { secrets: [{ name: 'PORT', value: '1' }] })
    expect(allowed.status).toBe(200)
    expect(
      sim
        .deployments()
        .map((d) => d.name)
        .sort()
    ).toEqual(['gh-agent', 'sh-agent'])
  })
})
