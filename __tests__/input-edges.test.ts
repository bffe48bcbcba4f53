import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { newDeploymentNameProblem } from '../src/inputs/deployment-name.js'
import { pollIntervalProblem } from '../src/inputs/parsers.js'
import { errorLines, INTEGRATION_ID } from './helpers/action.js'
import { deployWith, startSimulatorOnClock } from './helpers/in-process.js'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock()
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

const RULE =
  'ASCII letters, digits and hyphens (`-`), starting and ending with a letter or digit, at most 63 characters (no underscores, dots or spaces)'

describe('names of new deployments', () => {
  it.each(['a', 'support-agent', 'Support-Agent-2', 'pr-123-preview', '1st', 'a'.repeat(63)])('takes %s', (name) => {
    expect(newDeploymentNameProblem(name)).toBeUndefined()
  })

  it.each(['support_agent', 'support agent', '-agent', 'agent-', 'agent.v2', 'agént', 'a'.repeat(64), ''])('refuses %j', (name) => {
    expect(newDeploymentNameProblem(name)).toContain(RULE)
  })

  it.each(['support_agent', 'support.agent', 'support-agent-', 'a'.repeat(64)])(
    'refuses to create %s after the lookup finds nothing, naming the allowed characters, and sends no create',
    async (name) => {
      const run = await deployWith(sim, name)
      expect(run.exitCode).toBe(1)
      expect(errorLines(run)[0]).toContain(`\`name\``)
      expect(errorLines(run)[0]).toContain(RULE)
      // The lookup ran (the name might have existed); nothing was created.
      expect(sim.requests.some((r) => r.method === 'GET' && /\/v2\/deployments$/.test(r.path))).toBe(true)
      expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
      expect(run.outputs).toEqual({})
    }
  )

  it('refuses it on a dry run as well', async () => {
    const run = await deployWith(sim, 'support_agent', { 'dry-run': 'true' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain(RULE)
  })

  it('still finds and updates a deployment made elsewhere with such a name', async () => {
    const seeded = sim.seedDeployment({ name: 'support_agent', source_config: { integration_id: INTEGRATION_ID } })
    const run = await deployWith(sim, 'support_agent')
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs['deployment-id']).toBe(seeded.id)
    expect(sim.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
    expect(sim.requests.filter((r) => r.method === 'POST')).toEqual([])
  })
})

describe('the poll-interval floor', () => {
  it('is 1 s against a remote control plane', () => {
    expect(pollIntervalProblem(1_000, 'https://cp.example.com')).toBeUndefined()
    expect(pollIntervalProblem(999, 'https://cp.example.com')).toMatch(/at least 1s/)
  })

  it('is 50 ms against a loopback control plane', () => {
    expect(pollIntervalProblem(50, 'http://127.0.0.1:8123')).toBeUndefined()
    expect(pollIntervalProblem(50, 'http://localhost:8123')).toBeUndefined()
    expect(pollIntervalProblem(49, 'http://127.0.0.1:8123')).toBe('`poll-interval` must be at least 50ms, got 49ms')
  })

  it('an https URL that only names loopback in its path is not loopback', () => {
    expect(pollIntervalProblem(50, 'https://cp.example.com/127.0.0.1')).toMatch(/at least 1s/)
  })
})
