import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { ControlPlaneClient } from '../src/api/client.js'
import { waitUntilAllGone } from '../src/commands/prune/wait-all-gone.js'
import type { Clock } from '../src/core/clock.js'
import { startSimulator, type Simulator } from '../sim/index.js'

/** Real time passes on it (a slow read costs what it costs on a runner); sleeps pass at once. */
class RealPlusSleptClock implements Clock {
  private slept = 0
  readonly now = (): number => Date.now() + this.slept
  async sleep(ms: number): Promise<void> {
    this.slept += ms
    await new Promise((resolve) => setImmediate(resolve))
  }
}

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator()
})
afterAll(() => sim.stop())

describe("prune's wait until the deleted previews are gone", () => {
  it('checks the deadline before each read, so a slow control plane cannot carry one round past it', async () => {
    // Twelve previews still listed (never gone), each read held 250 ms: one round is 3 s.
    const candidates = Array.from({ length: 12 }, (_, i) => {
      const deployment = sim.seedDeployment({ name: `agent-pr-${i + 1}` })
      return { id: String(deployment.id), name: String(deployment.name), pr: i + 1, latestRevisionId: null }
    })
    sim.addFault({ method: 'GET', path: /^\/v2\/deployments\/[^/]+$/, delayMs: 250, times: Infinity })
    const clock = new RealPlusSleptClock()
    const client = new ControlPlaneClient(
      { baseUrl: sim.url, credential: { kind: 'api-key', value: sim.apiKey } },
      { clock, requestTimeoutMs: 5_000 }
    )
    const started = clock.now()
    const deadline = started + 800
    const still = await waitUntilAllGone(candidates, {
      client,
      deadline,
      pollIntervalMs: 50,
      clock,
      log: () => undefined,
      warn: () => undefined
    })
    const reads = sim.requests.filter((r) => r.method === 'GET' && /^\/v2\/deployments\/[^/]+$/.test(r.path))
    expect(still?.deployments).toHaveLength(12)
    expect(still?.why).toContain('timeout')
    // The round stopped at the deadline: a round unchecked would read all 12 (3 s); checked
    // before each read, at most the reads that fit in 800 ms plus the one begun before it.
    // Counted, not timed: the machine's load must not decide the test.
    expect(reads.length).toBeLessThan(6)
  }, 20_000)
})
