import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeGitHub, type FakeGitHub } from '../sim/github.js'
import { lifecycles, startSimulator, type Simulator } from '../sim/index.js'
import type { Clock } from '../src/core/clock.js'
import { deployInputs, errorLines } from './helpers/action.js'
import { runInProcess } from './helpers/in-process.js'

/**
 * The step's clock: real time passes on it (a hanging GitHub costs the step real seconds, as
 * on a runner) and sleeps pass at once (polls cost nothing). The simulator's revisions move
 * on the slept time alone (`simNow`), so a revision is deployed only after the action has
 * polled for it: a watch held back past the deadline by GitHub would find it still building.
 */
class RealPlusSleptClock implements Clock {
  slept = 0
  private readonly base = Date.now()
  readonly now = (): number => Date.now() + this.slept
  readonly simNow = (): number => this.base + this.slept
  async sleep(ms: number): Promise<void> {
    this.slept += ms
    await new Promise((resolve) => setImmediate(resolve))
  }
}

const clock = new RealPlusSleptClock()
let sim: Simulator
let github: FakeGitHub
let dir: string
beforeAll(async () => {
  sim = await startSimulator({ scenario: lifecycles.deployed(30), now: clock.simNow })
  github = await startFakeGitHub({ hang: true })
  dir = await mkdtemp(join(tmpdir(), 'github-hang-'))
})
afterAll(() => Promise.all([sim.stop(), github.stop(), rm(dir, { recursive: true, force: true })]))

describe('a GitHub API that hangs mid-run', () => {
  it('does not hold back the watch: the deploy succeeds within its `timeout`, and reporting is cut short', async () => {
    const eventPath = join(dir, 'event.json')
    await writeFile(
      eventPath,
      JSON.stringify({
        number: 44,
        pull_request: {
          number: 44,
          head: { sha: 'feedfacecafebeef0123456789abcdef01234567', ref: 'feature-z', repo: { full_name: 'octo-org/support-agent' } },
          base: { ref: 'main', repo: { full_name: 'octo-org/support-agent' } }
        }
      })
    )
    sim.setBranchHead('feature-z', 'feedfacecafebeef0123456789abcdef01234567')
    // Real seconds: the run's own requests to the simulator take real time too, and on a loaded
    // machine (a load of 20 on 2 cores) 2 s ran out before the revision was polled at all.
    const timeoutMs = 5_000
    const started = Date.now()
    const run = await runInProcess({
      clock,
      inputs: deployInputs(sim, 'support-agent-pr-44', {
        'github-environment': 'pr-44',
        'pr-comment': 'true',
        timeout: `${timeoutMs / 1000}s`
      }),
      env: {
        GITHUB_API_URL: github.url,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_REF: 'refs/pull/44/merge',
        GITHUB_HEAD_REF: 'feature-z',
        GITHUB_TOKEN: github.token
      }
    })
    expect(errorLines(run)).toEqual([])
    expect(run.outcome.kind).toBe('deployed')
    expect(run.outputs['revision-status']).toBe('DEPLOYED')
    // The in-progress report was sent (and hung), and the wait for it before the final report ended with the budget.
    expect(github.requests.length).toBeGreaterThan(0)
    expect(run.warnings.filter((line) => line.startsWith('GitHub reporting was cut short')).length).toBeGreaterThan(0)
    expect(Date.now() - started).toBeLessThan(timeoutMs + 5_000)
  }, 20_000)
})
