import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { renderComment } from '../src/github/pr-comment.js'
import { parseSmokeTest } from '../src/inputs/smoke-test.js'
import { deployInputs, INTEGRATION_ID, visibleText } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

/**
 * `smoke-test`: one stateless run (`POST <url>/runs/wait`) after DEPLOYED, against the simulator's
 * echo graph: it answers `{"messages": [...the input's, {"type": "ai", "content": "echo: <last>"}]}`.
 */
let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock({ loopbackUrls: true })
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

const PING = JSON.stringify({ assistant: 'agent', input: { messages: [{ role: 'user', content: 'ping' }] }, expect: 'echo: ping' })
const seeded = (name: string) => sim.seedDeployment({ name, source_config: { integration_id: INTEGRATION_ID } })
const deploy = (name: string, extra: Record<string, string> = {}) =>
  runInProcess({ inputs: deployInputs(sim, name, { 'repo-ref': 'release', 'smoke-test': PING, ...extra }) })
const row = (text: string, label: string) => text.split('\n').find((line) => line.includes(`<th align="left">${label}</th>`))
const runsAsked = () => sim.healthRequests.filter((r) => r.path === '/runs/wait')

describe('smoke-test', () => {
  it('passes on the echo, showing the answer in a details block and the assistant and time in the log', async () => {
    seeded('smoke-pass')
    const run = await deploy('smoke-pass')
    expect(run.exitCode).toBe(0)
    expect(row(run.summary, 'Smoke test')).toMatch(/✅ assistant <code>agent<\/code> wrote <code>echo: ping<\/code> \(\d/)
    expect(run.summary).toContain('<details><summary>Smoke test: What the agent wrote</summary>\n\n```text\necho: ping\n```')
    expect(run.lines.some((l) => /Smoke test: assistant `agent` answered HTTP 200 in \d/.test(l))).toBe(true)
    // One run, sent with the credential the control plane takes; the log never shows it.
    expect(sim.agentRuns).toEqual([expect.objectContaining({ assistantId: 'agent', taken: true })])
    expect(runsAsked()[0].headers['x-api-key']).toBe(sim.apiKey)
    expect(visibleText(run)).not.toContain(sim.apiKey)
    // The pull-request comment shows the same row and answer, folded since it passed.
    const comment = renderComment(run.view, undefined)
    expect(row(comment, 'Smoke test')).toContain('✅')
    expect(comment).toContain('<details><summary>Smoke test: What the agent wrote</summary>\n\n```text\necho: ping\n```')
  })

  it('a secret the agent repeats is redacted before the answer is re-indented or cut, even one that JSON escapes', async () => {
    seeded('smoke-secret')
    const secret = 'pa"ss\\word-0123456789'
    sim.setAgent({ runs: { kind: 'says', body: { messages: [{ type: 'ai', content: `the key is ${secret}` }] } } }, 'smoke-secret')
    const run = await deploy('smoke-secret', {
      secrets: JSON.stringify({ TOOL_KEY: secret }),
      'smoke-test': JSON.stringify({ assistant: 'agent', input: { messages: [] }, expect: 'nothing like this' })
    })
    expect(run.exitCode).toBe(1)
    const escaped = JSON.stringify(secret).slice(1, -1)
    for (const text of [run.summary, renderComment(run.view, undefined), run.failures[0]]) {
      expect(text).toContain('the key is ***')
      expect(text).not.toContain(escaped)
      expect(text).not.toContain('word-0123456789')
    }
  })

  it('runs after the revision proof: the order of the rows is health, proof, smoke test', async () => {
    seeded('smoke-order')
    const run = await deploy('smoke-order', { 'health-check-path': '/ok' })
    const labels = [...run.summary.matchAll(/<th align="left">([^<]+)<\/th>/g)].map((m) => m[1])
    expect(labels.indexOf('Health check')).toBeLessThan(labels.indexOf('Revision proof'))
    expect(labels.indexOf('Revision proof')).toBeLessThan(labels.indexOf('Smoke test'))
    const paths = sim.healthRequests.map((r) => r.path)
    expect(paths.lastIndexOf('/info')).toBeLessThan(paths.indexOf('/runs/wait'))
  })

  it('a run that failed in a 200 (`__error__`) fails the step, with what the agent answered, and on-failure: rollback undoes it', async () => {
    const before = seeded('smoke-error')
    sim.setAgent({ runs: { kind: 'error', message: 'KeyError: OPENAI_API_KEY' } }, 'smoke-error')
    const run = await deploy('smoke-error', { 'on-failure': 'rollback' })
    expect(run.exitCode).toBe(1)
    expect(run.outcome.kind).toBe('rolled-back')
    expect(run.failures[0]).toContain('The smoke test failed: assistant `agent`')
    expect(run.failures[0]).toContain('the run failed (`__error__`): `ValueError: KeyError: OPENAI_API_KEY`')
    expect(run.failures[0]).toContain('KeyError: OPENAI_API_KEY')
    expect(run.failures[0]).toContain(`a redeploy of revision ${before.active_revision_id}`)
    expect(row(run.summary, 'Smoke test')).toContain('❌')
    // What the agent answered, unfolded since it failed.
    expect(run.summary).toContain('<details open><summary>Smoke test: What the server answered</summary>')
    expect(run.summary).toContain('"message": "KeyError: OPENAI_API_KEY"')
  })

  it('an answer without `expect` fails', async () => {
    seeded('smoke-expect')
    sim.setAgent({ runs: { kind: 'answers', text: 'I cannot help with that.' } }, 'smoke-expect')
    const run = await deploy('smoke-expect')
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain("`expect`: `echo: ping` is not in the agent's output. It wrote: I cannot help with that.")
  })

  // The documented example, tried as a new user would: the server's final state repeats the
  // input, so `pong` in "Say pong." must never count as the agent's answer.
  const SAY_PONG = 'assistant: agent\ninput:\n  messages: [{role: user, content: Say pong.}]\nexpect: pong\n'

  it('judges what the agent wrote, never the input it repeats: "Say pong." answered with an apology fails', async () => {
    seeded('smoke-sorry')
    sim.setAgent({ runs: { kind: 'answers', text: 'Sorry, I cannot help with that.' } }, 'smoke-sorry')
    const run = await deploy('smoke-sorry', { 'smoke-test': SAY_PONG })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain("`expect`: `pong` is not in the agent's output. It wrote: Sorry, I cannot help with that.")
    expect(row(run.summary, 'Smoke test')).toContain('❌')
    expect(run.summary).not.toMatch(/answered with/)
    // What is shown is what the agent wrote, not the state with the question in it.
    const block = run.summary.slice(run.summary.indexOf('<details open><summary>Smoke test: What the agent wrote'))
    expect(block).toContain('Sorry, I cannot help with that.')
    expect(block.slice(0, block.indexOf('</details>'))).not.toContain('Say pong.')
  })

  it('passes when the agent writes it, and the row quotes the agent, not `expect`', async () => {
    seeded('smoke-pong')
    sim.setAgent({ runs: { kind: 'answers', text: 'Pong! pong.' } }, 'smoke-pong')
    const run = await deploy('smoke-pong', { 'smoke-test': SAY_PONG })
    expect(run.exitCode).toBe(0)
    expect(row(run.summary, 'Smoke test')).toContain('✅ assistant <code>agent</code> wrote <code>Pong! pong.</code>')
  })

  it('a JSON key never matches: `expect: messages` fails on an answer that does not say it', async () => {
    seeded('smoke-key')
    sim.setAgent({ runs: { kind: 'answers', text: 'hello' } }, 'smoke-key')
    const run = await deploy('smoke-key', {
      'smoke-test': 'assistant: agent\ninput: {messages: [{role: user, content: hi}]}\nexpect: messages\n'
    })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain("`expect`: `messages` is not in the agent's output")
  })

  it('a key the run did not change is not output: a state without messages is judged by the keys that differ', async () => {
    seeded('smoke-keys')
    sim.setAgent({ runs: { kind: 'says', body: { question: 'Say pong.', answer: 'no' } } }, 'smoke-keys')
    const run = await deploy('smoke-keys', { 'smoke-test': 'assistant: agent\ninput: {question: Say pong.}\nexpect: pong\n' })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain("`expect`: `pong` is not in the agent's output. It wrote: no")
  })

  it('a null final state fails, even without `expect`', async () => {
    seeded('smoke-null')
    sim.setAgent({ runs: { kind: 'says', body: null } }, 'smoke-null')
    const run = await deploy('smoke-null', { 'smoke-test': 'assistant: agent\ninput: {messages: []}\n' })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('the final state is `null`')
  })

  it('a run past its limit while the server streams keep-alives is "no result within" the limit, and the hint points at nothing unshown', async () => {
    seeded('smoke-keepalive')
    sim.setAgent({ runs: { kind: 'slow', delayMs: 60_000, keepAliveMs: 20 } }, 'smoke-keepalive')
    const run = await deploy('smoke-keepalive', { 'smoke-test': 'assistant: agent\ninput: {messages: []}\ntimeout: 5s\n' })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('assistant `agent` at POST')
    expect(run.failures[0]).toContain(': no result within 5s.')
    expect(run.failures[0]).not.toContain('no answer')
    expect(run.failures[0]).not.toContain('shown below')
    expect(sim.agentRuns).toHaveLength(1)
  })

  it('is sent again only while the server is not ready (503), never once it took the run', async () => {
    seeded('smoke-unready')
    sim.setAgent({ runs: { kind: 'unready', times: 2 } }, 'smoke-unready')
    const run = await deploy('smoke-unready')
    expect(run.exitCode).toBe(0)
    expect(sim.agentRuns.map((r) => r.taken)).toEqual([false, false, true])
  })

  it('a run that takes longer than its timeout fails, and is not sent twice', async () => {
    seeded('smoke-slow')
    sim.setAgent({ runs: { kind: 'slow', delayMs: 5_000 } }, 'smoke-slow')
    const smoke = JSON.stringify({ assistant: 'agent', input: { messages: [] }, timeout: '1s' })
    const run = await deploy('smoke-slow', { 'smoke-test': smoke })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('no answer within 1s')
    expect(sim.agentRuns).toHaveLength(1)
  })

  it('a hostile answer is neutralised in the summary, the error and the log', async () => {
    seeded('smoke-hostile')
    const hostile = {
      __error__: { error: '<script>alert(1)</script>', message: '@octocat\n::error::owned ``` ](https://evil.example) <img src=x>' }
    }
    sim.setAgent({ runs: { kind: 'says', body: hostile } }, 'smoke-hostile')
    const run = await deploy('smoke-hostile', { 'pr-comment': 'false' })
    expect(run.exitCode).toBe(1)
    // Outside the excerpt's code block, nothing of the answer is markup or a mention.
    const details = run.summary.indexOf('<details open><summary>Smoke test')
    const outside = run.summary.slice(0, details)
    expect(outside).toContain('It answered:')
    expect(outside).not.toContain('<script>')
    expect(outside).not.toContain('<img')
    expect(outside).not.toMatch(/@octocat/)
    // A markdown link in the cause's paragraph is escaped (in the table's HTML it is inert text).
    expect(outside.slice(0, outside.indexOf('<table>'))).not.toContain('](https://evil.example)')
    // Inside, it is shown as sent, in a block the answer cannot close.
    const block = run.summary.slice(details, run.summary.indexOf('</details>', details))
    expect(block).toContain('<script>alert(1)</script>')
    expect(block.split('```')).toHaveLength(3)
    expect(run.stdout).not.toMatch(/^::error::owned/m)
  })

  it('a 50 MB answer is not read past its cap', async () => {
    seeded('smoke-huge')
    sim.setAgent({ runs: { kind: 'huge' } }, 'smoke-huge')
    const run = await deploy('smoke-huge')
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('larger than 1 MiB')
  })

  it('without its own `timeout`, a step `timeout` shorter than the default 2m is not refused', async () => {
    seeded('smoke-short')
    const run = await deploy('smoke-short', { timeout: '90s' })
    expect(run.exitCode).toBe(0)
    expect(sim.agentRuns).toHaveLength(1)
  })

  it('a dry run sends no run', async () => {
    seeded('smoke-dry')
    const run = await deploy('smoke-dry', { 'dry-run': 'true' })
    expect(run.outcome.kind).toBe('planned')
    expect(runsAsked()).toHaveLength(0)
  })

  it('rollback runs the smoke test on the revision it redeployed', async () => {
    sim.seedDeployment({
      name: 'smoke-rb',
      revisions: [
        { status: 'DEPLOYED', ageMs: 7_200_000 },
        { status: 'DEPLOYED', ageMs: 3_600_000 }
      ]
    })
    sim.setAgent({ runs: { kind: 'error' } }, 'smoke-rb')
    const run = await runInProcess({
      inputs: {
        'control-plane-url': sim.url,
        'api-key': sim.apiKey,
        command: 'rollback',
        name: 'smoke-rb',
        'poll-interval': '50ms',
        'smoke-test': PING
      }
    })
    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('The smoke test failed')
    expect(sim.agentRuns).toHaveLength(1)
  })

  it.each([
    ['not a mapping', '- agent', 'must be a YAML or JSON mapping'],
    ['no assistant', '{"input": {}}', '`assistant` is required'],
    ['input a list', '{"assistant": "agent", "input": [1]}', '`input` must be a mapping'],
    ['an unknown key', '{"assistant": "agent", "input": {}, "expected": "x"}', '`expected` is not a known key'],
    ['a bad timeout', '{"assistant": "agent", "input": {}, "timeout": "soon"}', '`timeout` must be a duration'],
    ["a timeout past the step's", '{"assistant": "agent", "input": {}, "timeout": "45m"}', "must be shorter than the step's `timeout`"]
  ])('bad input (%s) is refused before any request, naming the input', async (_, value, problem) => {
    const requestsBefore = sim.requests.length
    const run = await deploy('smoke-bad', { 'smoke-test': value })
    expect(run.outcome.kind).toBe('refused')
    expect(run.failures[0]).toContain('smoke-test')
    expect(run.failures[0]).toContain(problem)
    expect(sim.requests.length).toBe(requestsBefore)
  })
})

describe('parseSmokeTest', () => {
  it('reads YAML; without `timeout`, none is set (the default, 2m, is cut short by a shorter step)', async () => {
    const parsed = await parseSmokeTest('assistant: agent\ninput:\n  messages: [{role: user, content: hi}]\n')
    expect(parsed).toEqual({ data: { assistant: 'agent', input: { messages: [{ role: 'user', content: 'hi' }] } }, problems: [] })
  })
})
