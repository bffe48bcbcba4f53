// A patch that changes `resource-spec`, `install-command` or `build-command` may make a revision
// (the control plane's owners count them among the revision inputs): it is waited for like any
// other, and after a lost answer it is never sent again before a look. In-process, against a
// simulator that makes such revisions (`configRevisions`).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { errorLines } from './helpers/action.js'
import { deployWith, startSimulatorOnClock } from './helpers/in-process.js'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock({ configRevisions: true })
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

/** Only what the case sets: no repo-ref, no secrets, so the patch carries source_config alone. */
const ONLY_SETTINGS = { 'graph-config-path': '', 'integration-id': '', secrets: '' }
const patches = (id: string) => sim.requests.filter((r) => r.method === 'PATCH' && r.path === `/v2/deployments/${id}`)

describe('a change of a revision input in source_config', () => {
  it.each([
    ['resource-spec', { 'resource-spec': 'max_scale: 3' }],
    ['install-command', { 'install-command': 'pnpm install --frozen-lockfile' }],
    ['build-command', { 'build-command': 'pnpm build' }]
  ])('%s: the revision the answer names is waited for', async (_input, extra) => {
    const seeded = sim.seedDeployment({ name: 'docker-agent', source: 'external_docker' })
    const run = await deployWith(sim, 'docker-agent', { ...ONLY_SETTINGS, ...extra })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    const [made] = sim.revisions(seeded.id as string)
    expect(sim.revisions(seeded.id as string)).toHaveLength(2)
    expect(run.outputs).toMatchObject({ operation: 'updated', 'revision-id': made.id, 'revision-status': 'DEPLOYED' })
  })

  it('is not sent again after a lost answer: the revision it made is found and waited for', async () => {
    const seeded = sim.seedDeployment({ name: 'docker-agent', source: 'external_docker' })
    sim.addFault({ method: 'PATCH', path: `/v2/deployments/${seeded.id as string}`, applyThen: 'reset' })
    const run = await deployWith(sim, 'docker-agent', { ...ONLY_SETTINGS, 'resource-spec': 'max_scale: 3' })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(patches(seeded.id as string)).toHaveLength(1)
    expect(sim.revisions(seeded.id as string)).toHaveLength(2)
    expect(run.stdout).toContain('The update took effect despite the error')
    expect(run.outputs).toMatchObject({ 'revision-id': sim.revisions(seeded.id as string)[0].id, 'revision-status': 'DEPLOYED' })
  })

  it('is sent again only once a look shows it did not take effect', async () => {
    const seeded = sim.seedDeployment({ name: 'docker-agent', source: 'external_docker' })
    sim.addFault({ method: 'PATCH', path: `/v2/deployments/${seeded.id as string}`, resetBefore: true })
    const run = await deployWith(sim, 'docker-agent', { ...ONLY_SETTINGS, 'resource-spec': 'max_scale: 3' })
    expect(run.exitCode).toBe(0)
    const id = seeded.id as string
    const order = sim.requests.filter((r) => r.path === `/v2/deployments/${id}` && r.method !== 'DELETE').map((r) => r.method)
    // The lookup's read, the lost PATCH, the re-reads, then the PATCH again.
    expect(order.indexOf('PATCH')).toBeLessThan(order.lastIndexOf('GET'))
    expect(order.slice(order.indexOf('PATCH') + 1, order.lastIndexOf('PATCH'))).toContain('GET')
    expect(sim.revisions(id)).toHaveLength(2)
  })
})
