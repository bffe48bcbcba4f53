// `deployment-type` and scaling to zero, as the control plane's owners read them: five types, sent
// on the create of every source that takes one, and `min_scale: 0` only for the two zero types.
// In-process against the simulator, which follows the same rules.
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import type { Deployment } from '../src/api/schemas.js'
import { planDeploy } from '../src/commands/deploy/plan.js'
import { decideSource } from '../src/commands/deploy/source.js'
import { errorLines } from './helpers/action.js'
import { deployWith, startSimulatorOnClock } from './helpers/in-process.js'
import { BASE_INPUTS, readDeployInputs } from './helpers/inputs.js'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock()
})
afterAll(() => sim.stop())
beforeEach(() => {
  sim.reset()
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

const changes = () => sim.requests.filter((r) => r.method !== 'GET')

describe('deployment-type on a create', () => {
  it.each([
    ['internal_source', { source: 'internal_source', 'source-tarball-path': 'uploads/a.tar.gz' }],
    ['internal_docker', { source: 'internal_docker', 'graph-config-path': '', 'image-uri': 'registry.example/a@sha256:' + 'a'.repeat(64) }]
  ])('is sent for %s, which v1.4 refused', async (_source, overrides) => {
    const inputs = await readDeployInputs({ ...BASE_INPUTS, 'integration-id': '', 'deployment-type': 'dev_free_zero', ...overrides })
    const plan = planDeploy(inputs, undefined, decideSource(inputs, undefined), {})
    expect(plan.action === 'create' && plan.body.source_config.deployment_type).toBe('dev_free_zero')
  })

  it('sends nothing when left out: the control plane makes prod', async () => {
    const run = await deployWith(sim, 'typeless')
    expect(run.exitCode).toBe(0)
    const create = sim.requests.find((r) => r.method === 'POST')
    expect((create?.body as { source_config: Record<string, unknown> }).source_config).not.toHaveProperty('deployment_type')
    expect((sim.deployments()[0].source_config as Record<string, unknown>).deployment_type).toBe('prod')
  })

  it('creates a dev_zero deployment that scales to zero, and it deploys', async () => {
    const run = await deployWith(sim, 'zero-agent', { 'deployment-type': 'dev_zero', 'resource-spec': 'min_scale: 0' })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(sim.deployments()[0].source_config).toMatchObject({ deployment_type: 'dev_zero', resource_spec: { min_scale: 0 } })
  })
})

describe('min_scale 0 with a type that cannot scale to zero', () => {
  it('is refused before any request when deployment-type says the type', async () => {
    const run = await deployWith(sim, 'dev-agent', { 'deployment-type': 'prod', 'resource-spec': 'min_scale: 0' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain('`resource-spec` sets `min_scale: 0`, but `deployment-type` is `prod`')
    expect(sim.requests).toEqual([])
  })

  it('is refused on a create without deployment-type after the lookup, before the create (the default is prod)', async () => {
    const run = await deployWith(sim, 'default-agent', { 'resource-spec': 'min_scale: 0' })
    expect(run.exitCode).toBe(1)
    const error = errorLines(run)[0]
    expect(error).toContain('`deployment-type` is not set, so the deployment would be created `prod`')
    expect(error).toContain('Set `deployment-type` to one of them, or `min_scale` to 1 or more')
    expect(changes()).toEqual([])
  })

  it("is refused on an update by the deployment's own type, after the lookup, before any change", async () => {
    sim.seedDeployment({ name: 'dev-agent', source_config: { deployment_type: 'dev' } })
    const run = await deployWith(sim, 'dev-agent', { 'integration-id': '', 'resource-spec': 'min_scale: 0' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([expect.stringContaining('but deployment `dev-agent` is of type `dev`, which cannot scale to zero')])
    expect(errorLines(run)[0]).not.toContain('integration-id')
    expect(changes()).toEqual([])
  })

  it('is sent on an update of a dev_free_zero deployment', async () => {
    const seeded = sim.seedDeployment({ name: 'zero-agent', source_config: { deployment_type: 'dev_free_zero' } })
    const run = await deployWith(sim, 'zero-agent', { 'integration-id': '', 'resource-spec': 'min_scale: 0' })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(changes().map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /v2/deployments/${seeded.id as string}`])
  })

  it('leaves a deployment that reports no type to the control plane', async () => {
    const deployment: Deployment = { id: 'd1', name: 'agent', source: 'github', latest_revision_id: 'r1', source_config: {} }
    const inputs = await readDeployInputs({ ...BASE_INPUTS, 'resource-spec': 'min_scale: 0' })
    expect(planDeploy(inputs, deployment, decideSource(inputs, deployment), {}).action).toBe('patch')
  })
})
