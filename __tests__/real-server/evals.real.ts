import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runAction, type ActionRun } from '../../scripts/run-action.js'
import { startRealAgentServer, type RealAgentServer } from '../../scripts/real-agent-server.js'
import { lifecycles, startSimulator, type Simulator } from '../../sim/index.js'
import { deployInputs, errorLines, INTEGRATION_ID, requireBundle } from '../helpers/action.js'

/**
 * `evals` against the official JS agent server (scripts/real-agent-server.js), the bundle run as
 * the runner runs it, the simulator reporting the real servers' URLs as the deployments'. Two
 * servers: `good` serves real-agent-server/agent.mjs as it is, `regressed` the same graph with
 * AGENT_VARIANT=regressed ("Say ping." answered with "Sorry, I cannot help with that."), so a
 * preview on `regressed` compared with production on `good` is worse on exactly one case.
 */
let good: RealAgentServer
let regressed: RealAgentServer
let sim: Simulator

const PREVIEW = 'real-evals-preview'
const PASSING = 'real-evals-pass'
const FAILING = 'real-evals-fail'
const PRODUCTION = 'real-evals-prod'
const ROLLBACK = 'real-evals-rollback'
const SILENT = 'real-evals-silent'

beforeAll(async () => {
  requireBundle()
  ;[good, regressed] = await Promise.all([startRealAgentServer(), startRealAgentServer({ env: { AGENT_VARIANT: 'regressed' } })])
  sim = await startSimulator({
    scenario: lifecycles.deployed(40),
    agentServerUrls: {
      [PASSING]: good.url,
      [FAILING]: good.url,
      [SILENT]: good.url,
      [PRODUCTION]: good.url,
      [PREVIEW]: regressed.url,
      [ROLLBACK]: regressed.url
    }
  })
  sim.seedDeployment({ name: PRODUCTION, source_config: { integration_id: INTEGRATION_ID } })
}, 120_000)

afterAll(async () => {
  await sim?.stop()
  await Promise.all([good?.stop(), regressed?.stop()])
})

const say = (content: string) => ({ messages: [{ role: 'user', content }] })

/** Seeds the deployment (a revision to roll back to) and deploys it with the suite; RUNNER_TEMP kept to read `eval-results`. */
async function deploy(name: string, suite: unknown, extra: Record<string, string> = {}): Promise<{ run: ActionRun; results: any }> {
  sim.seedDeployment({ name, source_config: { integration_id: INTEGRATION_ID } })
  const runnerTemp = await mkdtemp(join(tmpdir(), 'real-evals-'))
  const run = await runAction({
    inputs: deployInputs(sim, name, { 'repo-ref': 'release', evals: JSON.stringify(suite), ...extra }),
    env: { RUNNER_TEMP: runnerTemp }
  })
  const path = run.outputs['eval-results']
  const results = path ? JSON.parse(await readFile(path, 'utf8')) : { files: await readdir(runnerTemp) }
  return { run, results }
}

const failure = (run: ActionRun) => errorLines(run).join('\n')

describe('evals against the official agent server', () => {
  it('a suite whose every case holds passes: contains, not-contains, matches, a value of the final state, max-duration; every run sent once', async () => {
    const before = good.runsTaken()
    const { run } = await deploy(PASSING, {
      assistant: 'agent',
      concurrency: 4,
      repeat: 2,
      cases: [
        {
          name: 'says-pong',
          input: say('Say pong.'),
          expect: { contains: 'pong', 'not-contains': ['sorry', 'Say pong.'], matches: '^pong$' }
        },
        // The final state repeats the input first: the agent's message is the second.
        { name: 'state-value', input: say('Say hello.'), expect: { value: { path: 'messages[1].content', equals: 'hello' } } },
        { name: 'keep-alive', input: say('Sleep 1500ms'), expect: { contains: 'slept 1500ms', 'max-duration': '30s' } }
      ]
    })
    expect(failure(run)).toBe('')
    expect(run.exitCode).toBe(0)
    expect(Number(run.outputs['eval-pass-rate'])).toBe(1)
    expect(good.runsTaken() - before).toBe(6)
  })

  it('fails the gate on what the agent wrote, never on the input it repeats, and says which check failed', async () => {
    const { run, results } = await deploy(FAILING, {
      assistant: 'agent',
      timeout: '3s',
      'pass-rate': '100%',
      cases: [
        { name: 'sorry', input: say('Could you say pong?'), expect: { contains: 'pong' } },
        { name: 'throws', input: say('Throw') },
        { name: 'too-slow', input: say('Sleep 8000ms') },
        { name: 'fine', input: say('Say ping.'), expect: { contains: 'ping' } }
      ]
    })
    expect(run.exitCode).toBe(1)
    expect(Number(run.outputs['eval-pass-rate'])).toBe(0.25)
    const firstFailed = Object.fromEntries(results.cases.map((c: any) => [c.name, c.ours.firstFailed ?? '']))
    expect(firstFailed.sorry).toBe("`contains`: `pong` is not in the agent's output")
    expect(firstFailed.throws).toContain('Error: the agent failed on purpose')
    expect(firstFailed['too-slow']).toBe('no result within 3s')
    expect(firstFailed.fine).toBe('')
    expect(run.summary).toContain('Sorry, I cannot help with that.')
  })

  it('a silent agent fails every check and a case with no `expect`; `/pattern/flags` and a `not-` check read the reply', async () => {
    const { run, results } = await deploy(SILENT, {
      assistant: 'agent',
      cases: [
        // "Echo" adds nothing: the final state is the input only.
        { name: 'silent-not-contains', input: say('Echo'), expect: { 'not-contains': 'system prompt' } },
        { name: 'silent-bare', input: say('Echo') },
        { name: 'pong', input: say('Say pong.'), expect: { matches: '/^PONG$/i', 'not-matches': 'sorry' } }
      ]
    })
    expect(run.exitCode).toBe(1)
    const firstFailed = Object.fromEntries(results.cases.map((c: any) => [c.name, c.ours.firstFailed ?? '']))
    expect(firstFailed['silent-not-contains']).toBe('`not-contains`: the run added no output')
    expect(firstFailed['silent-bare']).toContain('the run added no output')
    expect(firstFailed.pong).toBe('')
    expect(results.cases[2].expect).toEqual({ matches: '/^PONG$/i', 'not-matches': 'sorry' })
  })

  it('compare-with: a preview worse than production on one case is a regression; max-regressions 0 fails the step', async () => {
    const [ours, theirs] = [regressed.runsTaken(), good.runsTaken()]
    const { run, results } = await deploy(PREVIEW, {
      assistant: 'agent',
      'compare-with': PRODUCTION,
      cases: [
        { name: 'pong', input: say('Say pong.'), expect: { contains: 'pong' } },
        { name: 'ping', input: say('Say ping.'), expect: { contains: 'ping' } }
      ]
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['eval-regressions']).toBe('1')
    expect(Number(run.outputs['eval-pass-rate'])).toBe(0.5)
    // Each case went once to each side's own server, and `ping`, whose sides disagreed, again on both
    // sides until the evidence decided (at most `max-repeat`, 8): paired, as many runs each side.
    const [here, there] = [regressed.runsTaken() - ours, good.runsTaken() - theirs]
    expect(here).toBe(there)
    expect(here).toBeGreaterThan(2)
    expect(here).toBeLessThanOrEqual(1 + 8)
    expect(results.cases.find((c: any) => c.name === 'ping').verdict).toBe('worse')
    expect(run.summary).toContain('**worse than <code>real-evals-prod</code> on 1 case**: <code>ping</code>')
    const ping = results.cases.find((c: any) => c.name === 'ping')
    expect(ping).toMatchObject({ regression: true, ours: { passed: false }, theirs: { passed: true } })
    expect(ping.runs.find((r: any) => r.side === 'ours').output).toBe('Sorry, I cannot help with that.')
  })

  it('a regression with on-failure: rollback puts the revision before back', async () => {
    const { run } = await deploy(
      ROLLBACK,
      { assistant: 'agent', 'compare-with': PRODUCTION, cases: [{ name: 'ping', input: say('Say ping.'), expect: { contains: 'ping' } }] },
      { 'on-failure': 'rollback' }
    )
    expect(run.exitCode).toBe(1)
    expect(run.outputs.operation).toBe('rolled-back')
  })
})
