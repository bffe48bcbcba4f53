import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { lifecycles, type Simulator } from '../sim/index.js'
import { deployInputs, errorLines } from './helpers/action.js'
import { clock, runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

// In-process: the workflow's cancellation is the run's signal aborting. The runner's SIGINT and
// SIGTERM reaching the bundled action are tested in bundle.test.ts.
let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: lifecycles.stuck('BUILDING') })
})
afterAll(() => sim.stop())

describe('cancellation', () => {
  it('stops waiting, reports where the deploy stands and fails within 5 s', async () => {
    sim.reset()
    const cancel = new AbortController()
    let cancelledAt = 0
    let output = ''
    const run = await runInProcess({
      inputs: deployInputs(sim, 'cancel-wait', { 'poll-interval': '200ms' }),
      signal: cancel.signal,
      onStdout: (chunk) => {
        output += chunk
        if (!cancelledAt && output.includes(': BUILDING (after')) {
          cancelledAt = Date.now()
          cancel.abort()
        }
      }
    })
    const endedAfterMs = Date.now() - cancelledAt
    expect(cancelledAt).toBeGreaterThan(0)
    expect(endedAfterMs).toBeLessThan(5_000)
    expect(run.exitCode).toBe(1)

    const [deployment] = sim.deployments()
    const [revision] = sim.revisions(deployment.id as string)
    expect(errorLines(run)).toEqual([
      `The workflow was cancelled while waiting for revision ${revision.id} of deployment \`cancel-wait\` (${deployment.id}), last seen BUILDING.\n` +
        `The deploy goes on on the control plane; nothing was cancelled there. Follow revision ${revision.id} on the control plane, or re-run this job to wait for it.`
    ])
    expect(run.outputs).toMatchObject({
      'deployment-id': deployment.id,
      'revision-id': revision.id,
      'revision-status': 'BUILDING',
      operation: 'created'
    })
    expect(run.summary).toMatch(/\*\*(What went wrong|Why this run stopped waiting):\*\* The workflow was cancelled/)
    // Remote work is left alone: nothing but reads after the create.
    expect(sim.requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['POST'])
    expect(revision.status).toBe('BUILDING')
  })

  it('while a create is in flight: says it may have taken effect, and still reports', async () => {
    sim.reset()
    sim.addFault({ method: 'POST', path: '/v2/deployments', delayMs: 8_000 })
    const cancel = new AbortController()
    // Cancelled the moment the simulator holds the create.
    clock.whenHeld(() => cancel.abort())
    const started = Date.now()
    const run = await runInProcess({ inputs: deployInputs(sim, 'cancel-in-flight'), signal: cancel.signal })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'The workflow was cancelled while the create of deployment `cancel-in-flight` was in flight: it may or may not have taken effect.\n' +
        'Nothing was cancelled on the control plane. Look at deployment `cancel-in-flight` there before re-running.'
    ])
    expect(run.summary).toMatch(/\*\*(What went wrong|Why this run stopped waiting):\*\* The workflow was cancelled/)
    // Drops the held create, so that it is never applied after this test.
    sim.reset()
  })
})
