import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { deployInputs, INTEGRATION_ID } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

/**
 * `verify-revision`: after DEPLOYED the deployment's own server is asked which revision it runs
 * (`GET <url>/info`, `host.host_revision_id`), against the simulator's agent server, whose answer
 * switches to the new revision a moment after DEPLOYED.
 */
let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock({ loopbackUrls: true })
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

const infoAsks = () => sim.healthRequests.filter((r) => r.path === '/info')
const seeded = (name: string) => sim.seedDeployment({ name, source_config: { integration_id: INTEGRATION_ID } })
const update = (name: string, extra: Record<string, string> = {}) =>
  runInProcess({ inputs: deployInputs(sim, name, { 'repo-ref': 'release', ...extra }) })
const row = (summary: string, label: string) => summary.split('\n').find((line) => line.includes(`<th align="left">${label}</th>`))

describe('verify-revision', () => {
  it('asks again while the switch rolls out, then proves the new revision and sets serving-revision-id', async () => {
    const before = seeded('proof-switch')
    const run = await update('proof-switch')
    expect(run.exitCode).toBe(0)
    const ours = run.outputs['revision-id']
    expect(ours).toBeDefined()
    expect(run.outputs['serving-revision-id']).toBe(ours)
    // The first answers named the revision that served before: asked again, with back-off.
    expect(infoAsks().length).toBeGreaterThan(1)
    expect(run.lines.some((l) => l.includes(`names revision ${before.active_revision_id}, not ${ours}`))).toBe(true)
    expect(row(run.summary, 'Revision proof')).toContain('✅')
    expect(run.summary).toContain('## ✅ Deployed <code>proof-switch</code>\n')
    // The credential the control plane takes went along, and only to the reported URL.
    expect(infoAsks().every((r) => r.headers['x-api-key'] === sim.apiKey)).toBe(true)
  })

  it('fails, naming the revision the URL serves, when the server stays on the old revision', async () => {
    const before = seeded('proof-stuck')
    sim.setAgent({ info: { kind: 'stuck' } }, 'proof-stuck')
    const run = await update('proof-stuck', { 'health-check-timeout': '30s' })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain(
      `still serves revision ${before.active_revision_id}, not this run's revision ${run.outputs['revision-id']}`
    )
    expect(run.failures[0]).toContain('`health-check-timeout`')
    expect(run.outputs['serving-revision-id']).toBe(before.active_revision_id)
    expect(row(run.summary, 'Revision proof')).toContain('❌')
  })

  it('with on-failure: rollback, a server stuck on another revision is rolled back like a failed health check', async () => {
    const before = seeded('proof-rollback')
    sim.setAgent({ info: { kind: 'stuck' } }, 'proof-rollback')
    const run = await update('proof-rollback', { 'health-check-timeout': '20s', 'on-failure': 'rollback' })
    expect(run.outcome.kind).toBe('rolled-back')
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain(`a redeploy of revision ${before.active_revision_id}`)
    // The server was asked about the failed revision, not the one the rollback put back.
    expect(run.outputs['serving-revision-id']).toBeUndefined()
  })

  it.each([
    ['selfHosted', { kind: 'selfHosted' } as const, 'self-hosted'],
    ['a server without `host` (run locally, or self-hosted)', { kind: 'noHost' } as const, 'this server does not report its revision'],
    ['/info not 2xx', { kind: 'status', status: 404 } as const, 'HTTP 404'],
    ['a redirect (not followed)', { kind: 'status', status: 302 } as const, 'HTTP 302']
  ])('auto: %s is not proven: the step passes and says why', async (_, info, why) => {
    seeded('proof-unsaid')
    sim.setAgent({ info }, 'proof-unsaid')
    const run = await update('proof-unsaid')
    expect(run.exitCode).toBe(0)
    expect(row(run.summary, 'Revision proof')).toMatch(new RegExp(`⚠️ not proven, because.*${why.replace(/[()]/g, '.')}`))
    // "Deployed" claims only what was checked.
    expect(run.summary).toContain('## ✅ Deployed <code>proof-unsaid</code>, revision not proven\n')
    expect(run.outputs['serving-revision-id']).toBeUndefined()
    // Nothing to ask again about: one answer that proves nothing is final.
    expect(infoAsks()).toHaveLength(1)
  })

  it("never compares host.revision_id (the server software's build), even when it looks like ours", async () => {
    seeded('proof-build')
    // The simulator's self-hosted server puts the serving revision's id in `host.revision_id`.
    sim.setAgent({ info: { kind: 'selfHosted' } }, 'proof-build')
    const run = await update('proof-build')
    expect(run.outputs['serving-revision-id']).toBeUndefined()
    expect(row(run.summary, 'Revision proof')).toContain('not proven')
  })

  it('required: a server that does not say fails the step, and nothing is rolled back', async () => {
    seeded('proof-required')
    sim.setAgent({ info: { kind: 'selfHosted' } }, 'proof-required')
    const run = await update('proof-required', { 'verify-revision': 'required', 'on-failure': 'rollback' })
    expect(run.exitCode).toBe(1)
    expect(run.outcome.kind).not.toBe('rolled-back')
    expect(run.failures[0]).toContain('could not be proven (`verify-revision: required`)')
    expect(run.failures[0]).toContain('Nothing was rolled back')
  })

  it('an id that is no revision of this deployment is not evidence: auto passes, and the id is shown neutralised', async () => {
    seeded('proof-foreign')
    const hostile = '<img src=x onerror=alert(1)> @octocat ::error::owned `x` [link](https://evil.example)'
    sim.setAgent({ info: { kind: 'names', id: hostile } }, 'proof-foreign')
    const run = await update('proof-foreign')
    expect(run.exitCode).toBe(0)
    const shown = row(run.summary, 'Revision proof')!
    expect(shown).toContain('no revision of this deployment')
    expect(shown).not.toContain('<img')
    expect(shown).not.toMatch(/@octocat/)
    expect(run.stdout).not.toMatch(/^::error::owned/m)
    expect(run.outputs['serving-revision-id']).toBeUndefined()
  })

  it('an id the revision list cannot place (the list fails) is not evidence: auto passes, not proven, and nothing is rolled back', async () => {
    const before = seeded('proof-unlisted')
    sim.setAgent({ info: { kind: 'names', id: 'rev-from-elsewhere' } }, 'proof-unlisted')
    sim.addFault({
      method: 'GET',
      path: `/v2/deployments/${before.id}/revisions`,
      respond: { status: 500, body: '{"detail":"boom"}' },
      times: Infinity
    })
    const run = await update('proof-unlisted', { 'on-failure': 'rollback' })
    expect(run.exitCode).toBe(0)
    expect(row(run.summary, 'Revision proof')).toContain('could not be listed')
    expect(run.outputs.operation).toBe('updated')
  })

  it('evidence of another revision is not undone by a later answer that says nothing: the step fails naming it', async () => {
    const before = seeded('proof-then-silent')
    sim.setAgent({ info: { kind: 'stuck' } }, 'proof-then-silent')
    const run = await runInProcess({
      inputs: deployInputs(sim, 'proof-then-silent', { 'repo-ref': 'release', 'health-check-timeout': '30s' }),
      // After the first answer names the old revision, the server only answers 500.
      onStdout: (chunk) => {
        if (/Ask 1: .* names revision/.test(chunk)) sim.setAgent({ info: { kind: 'status', status: 500 } }, 'proof-then-silent')
      }
    })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain(`still serves revision ${before.active_revision_id}`)
    expect(run.stdout).toMatch(/answered HTTP 500; asking again/)
  })

  it('a huge /info answer is not read past its cap', async () => {
    seeded('proof-huge')
    sim.setAgent({ info: { kind: 'huge' } }, 'proof-huge')
    const run = await update('proof-huge')
    expect(run.exitCode).toBe(0)
    expect(row(run.summary, 'Revision proof')).toContain('larger than 64 KiB')
  })

  it('off asks nothing; a dry run asks nothing', async () => {
    seeded('proof-off')
    const off = await update('proof-off', { 'verify-revision': 'off' })
    expect(off.exitCode).toBe(0)
    const dry = await update('proof-off', { 'dry-run': 'true' })
    expect(dry.outcome.kind).toBe('planned')
    expect(infoAsks()).toHaveLength(0)
    expect(row(off.summary, 'Revision proof')).toBeUndefined()
  })

  it('no URL reported: not proven under auto, without a request', async () => {
    const local = await startSimulatorOnClock()
    try {
      local.seedDeployment({ name: 'proof-nourl', source: 'internal_docker', source_config: {} })
      const run = await runInProcess({
        inputs: {
          'control-plane-url': local.url,
          'api-key': local.apiKey,
          name: 'proof-nourl',
          'image-uri': 'registry.example/agent:v2',
          'poll-interval': '50ms'
        }
      })
      expect(run.exitCode).toBe(0)
      expect(row(run.summary, 'Revision proof')).toContain('not proven, because the control plane reported no URL')
      expect(local.healthRequests).toHaveLength(0)
    } finally {
      await local.stop()
    }
  })

  it('rollback proves the revision it redeployed', async () => {
    sim.seedDeployment({
      name: 'proof-rb',
      revisions: [
        { status: 'DEPLOYED', ageMs: 7_200_000 },
        { status: 'DEPLOYED', ageMs: 3_600_000 }
      ]
    })
    const run = await runInProcess({
      inputs: { 'control-plane-url': sim.url, 'api-key': sim.apiKey, command: 'rollback', name: 'proof-rb', 'poll-interval': '50ms' }
    })
    expect(run.outcome.kind).toBe('rolled-back')
    expect(run.outputs['serving-revision-id']).toBe(run.outputs['revision-id'])
    expect(infoAsks().length).toBeGreaterThan(0)
  })
})
