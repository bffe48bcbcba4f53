import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { runAction, type ActionRun } from '../../scripts/run-action.js'
import { startRealAgentServer, type RealAgentServer } from '../../scripts/real-agent-server.js'
import { lifecycles, startSimulator, type Simulator } from '../../sim/index.js'
import { deployInputs, errorLines, INTEGRATION_ID, requireBundle } from '../helpers/action.js'

/**
 * The checks after DEPLOYED (the revision proof, `smoke-test`) against the official JS agent
 * server, `@langchain/langgraph-api` run by `@langchain/langgraph-cli dev` on loopback
 * (scripts/real-agent-server.js), serving the deterministic graph in real-agent-server/agent.mjs:
 * "Say pong." -> "pong", "Sleep <n>ms", "Throw", "Echo" (adds nothing), anything else -> "Sorry, I
 * cannot help with that."; and `classifier`, a state of `{text, intent}` ("hello ..." -> "greet"). The bundle runs as the runner runs it; the simulator is the control plane
 * and reports the real server's URL as the deployment's (`agentServerUrls`).
 *
 * What the server does that the simulator's agent server only imitates is written down in
 * docs/real-agent-server.md: `text/plain` on /runs/wait, a newline a second while the run works,
 * the input repeated in the final state, `__error__` in a 200, a 404 for an unknown assistant,
 * and an `/info` without `host`.
 */
let server: RealAgentServer
let sim: Simulator
/** The right answer's run, read again by the case on the revision proof's wording. */
let pongRun: ActionRun | undefined
const names: Record<string, string> = {}

/** One deployment name per case, each reported at the real server's URL. */
const CASES = [
  'pong',
  'sorry',
  'echo',
  'keep-alive',
  'timeout',
  'throws',
  'unknown',
  'required',
  'rollback',
  'state-keys',
  'state-input'
] as const
const nameOf = (c: (typeof CASES)[number]) => `real-${c}`

beforeAll(async () => {
  requireBundle()
  server = await startRealAgentServer()
  for (const c of CASES) names[nameOf(c)] = server.url
  sim = await startSimulator({ scenario: lifecycles.deployed(40), agentServerUrls: names })
}, 90_000)

afterAll(async () => {
  await sim?.stop()
  await server?.stop()
})

const ask = (content: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ assistant: 'agent', input: { messages: [{ role: 'user', content }] }, ...extra })

/** Seeds the deployment (so the deploy is an update with a revision to roll back to) and deploys it with `inputs`. */
function deploy(name: string, inputs: Record<string, string>): Promise<ActionRun> {
  sim.seedDeployment({ name, source_config: { integration_id: INTEGRATION_ID } })
  return runAction({ inputs: deployInputs(sim, name, { 'repo-ref': 'release', ...inputs }) })
}

const row = (summary: string, label: string) => summary.split('\n').find((line) => line.includes(`<th align="left">${label}</th>`)) ?? ''
/** The run's `::error::` lines (its failure), decoded. */
const failure = (run: ActionRun) => errorLines(run).join('\n')

describe('against the official agent server', () => {
  it('a right answer passes, and the revision is "not proven" (no `host` in /info) without failing under verify-revision: auto', async () => {
    const run = (pongRun = await deploy(nameOf('pong'), { 'smoke-test': ask('Say pong.', { expect: 'pong' }) }))
    expect(failure(run)).toBe('')
    expect(run.exitCode).toBe(0)
    expect(run.outputs['deployment-url']).toBe(server.url)
    // What the agent wrote, not the input it was sent.
    expect(row(run.summary, 'Smoke test')).toContain('✅ assistant <code>agent</code> wrote <code>pong</code>')
    expect(row(run.summary, 'Revision proof')).toContain('not proven')
    expect(run.outputs['serving-revision-id'] ?? '').toBe('')
  })

  it('an answer whose text arrives after keep-alive newlines (a run of 2.5 s) is read as JSON and passes', async () => {
    const run = await deploy(nameOf('keep-alive'), { 'smoke-test': ask('Sleep 2500ms', { expect: 'slept 2500ms' }) })
    expect(failure(run)).toBe('')
    expect(run.exitCode).toBe(0)
  })

  it('a run that throws fails the step with the error the server reports in `__error__` (in a 200)', async () => {
    const run = await deploy(nameOf('throws'), { 'smoke-test': ask('Throw') })
    expect(run.exitCode).toBe(1)
    expect(failure(run)).toContain('the run failed (`__error__`)')
    expect(failure(run)).toContain('the agent failed on purpose')
  })

  it('an assistant the server does not have fails with its 404', async () => {
    const run = await deploy(nameOf('unknown'), { 'smoke-test': JSON.stringify({ assistant: 'no-such-graph', input: { messages: [] } }) })
    expect(run.exitCode).toBe(1)
    expect(failure(run)).toContain('HTTP 404')
  })

  it('a run past its timeout fails while the server streams keep-alives, and is sent once', async () => {
    const before = server.runsTaken()
    const run = await deploy(nameOf('timeout'), { 'smoke-test': ask('Sleep 8000ms', { timeout: '3s' }) })
    expect(run.exitCode).toBe(1)
    // The server streamed a newline a second meanwhile: it answered, but no result came.
    // Never "the suite's time limit": on a real clock a millisecond passes between the smoke
    // test's start and its run's, which once made the engine call its own timeout the suite's.
    const said = failure(run)
    expect(said).toContain(': no result within 3s.')
    expect(said).not.toContain("suite's time limit")
    expect(said).not.toContain('no answer')
    expect(server.runsTaken() - before).toBe(1)
  })

  it('verify-revision: required fails: the server does not report its revision', async () => {
    const run = await deploy(nameOf('required'), { 'verify-revision': 'required' })
    expect(run.exitCode).toBe(1)
    expect(row(run.summary, 'Revision proof')).toContain('not proven')
  })

  it('a failed run with on-failure: rollback puts the revision before back', async () => {
    const run = await deploy(nameOf('rollback'), { 'smoke-test': ask('Throw'), 'on-failure': 'rollback' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.operation).toBe('rolled-back')
    // The redeploy of the revision before is checked again, and fails again: the server is the same.
    expect(failure(run)).toContain('the agent failed on purpose')
  })

  // The false pass of 1.3.0: `expect` was searched in the whole final state, which this server
  // fills with the input's messages first.
  it('"Sorry" to a question that mentions pong fails `expect: pong`: the input the answer repeats is not the agent\'s output', async () => {
    const run = await deploy(nameOf('sorry'), { 'smoke-test': ask('Could you say pong?', { expect: 'pong' }) })
    expect(run.exitCode).toBe(1)
    expect(failure(run)).toContain("`expect`: `pong` is not in the agent's output. It wrote: Sorry, I cannot help with that.")
    expect(row(run.summary, 'Smoke test')).toContain('❌')
  })

  it('the revision proof says the server does not report its revision, not that it is older', () => {
    expect(pongRun).toBeDefined()
    const proof = row(pongRun!.summary, 'Revision proof')
    expect(proof).toContain('does not report its revision')
    expect(proof).not.toContain('older')
  })

  it('a graph that adds nothing fails `expect` on the text of the input it repeats', async () => {
    const run = await deploy(nameOf('echo'), { 'smoke-test': ask('Echo', { expect: 'Echo' }) })
    expect(run.exitCode).toBe(1)
    expect(failure(run)).toContain('`expect`: the run added no output.')
  })

  it('on a state without messages, the keys the run changed are the output: `expect` finds the intent it set', async () => {
    const run = await deploy(nameOf('state-keys'), {
      'smoke-test': JSON.stringify({ assistant: 'classifier', input: { text: 'hello there' }, expect: 'greet' })
    })
    expect(failure(run)).toBe('')
    expect(run.exitCode).toBe(0)
  })

  it('on a state without messages, an input key the final state repeats is not output: `expect` of its text fails', async () => {
    const run = await deploy(nameOf('state-input'), {
      'smoke-test': JSON.stringify({ assistant: 'classifier', input: { text: 'say hello' }, expect: 'hello' })
    })
    expect(run.exitCode).toBe(1)
    expect(failure(run)).toContain("`expect`: `hello` is not in the agent's output")
  })
})
