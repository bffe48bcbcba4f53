import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { runAction } from '../scripts/run-action.js'
import { lifecycles, startSimulator, type Simulator } from '../sim/index.js'
import { deployInputs, errorLines, requireBundle } from './helpers/action.js'

let sim: Simulator
beforeAll(async () => {
  requireBundle()
  sim = await startSimulator({ scenario: lifecycles.stuck('BUILDING') })
})
afterAll(() => sim.stop())

describe('cancellation', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'on %s stops waiting, reports where the deploy stands and exits non-zero within 5 s',
    async (signal) => {
      sim.reset()
      let signalledAt = 0
      const run = await runAction({
        inputs: deployInputs(sim, `cancel-${signal.toLowerCase()}`, { 'poll-interval': '200ms' }),
        onStart: (child) => {
          let output = ''
          child.stdout?.on('data', (chunk: Buffer) => {
            output += chunk.toString()
            if (!signalledAt && output.includes(': BUILDING (after')) {
              signalledAt = Date.now()
              child.kill(signal)
            }
          })
        }
      })
      const exitedAfterMs = Date.now() - signalledAt
      expect(signalledAt).toBeGreaterThan(0)
      expect(exitedAfterMs).toBeLessThan(5_000)
      expect(run.exitCode).toBe(1)

      const [deployment] = sim.deployments()
      const [revision] = sim.revisions(deployment.id as string)
      expect(errorLines(run)).toEqual([
        `The workflow was cancelled while waiting for revision ${revision.id} of deployment \`cancel-${signal.toLowerCase()}\` (${deployment.id}), last seen BUILDING.\n` +
          `The deploy goes on on the control plane; nothing was cancelled there. Follow revision ${revision.id} on the control plane, or re-run this job to wait for it.`
      ])
      expect(run.outputs).toMatchObject({
        'deployment-id': deployment.id,
        'revision-id': revision.id,
        'revision-status': 'BUILDING',
        operation: 'created'
      })
      expect(run.summary).toContain('### What went wrong')
      // Remote work is left alone: nothing but reads after the create.
      expect(sim.requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['POST'])
      expect(revision.status).toBe('BUILDING')
    }
  )

  it('while a create is in flight: says it may have taken effect, and still reports', async () => {
    sim.reset()
    sim.addFault({ method: 'POST', path: '/v2/deployments', delayMs: 8_000 })
    const run = await runAction({
      inputs: deployInputs(sim, 'cancel-in-flight'),
      onStart: (child) => {
        const poll = setInterval(() => {
          if (sim.faultLog.length > 0) {
            clearInterval(poll)
            child.kill('SIGINT')
          }
        }, 20)
      }
    })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'The workflow was cancelled while the create of deployment `cancel-in-flight` was in flight: it may or may not have taken effect.\n' +
        'Nothing was cancelled on the control plane. Look at deployment `cancel-in-flight` there before re-running.'
    ])
    expect(run.summary).toContain('### What went wrong')
  })
})
