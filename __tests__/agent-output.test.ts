import { describe, expect, it } from '@jest/globals'
import { agentOutput } from '../src/operations/evals/agent-output.js'
import { judgeRun, valueAt } from '../src/operations/evals/judge.js'
import { parseEvals, valuePathSteps } from '../src/inputs/evals.js'
import type { ServerAnswer } from '../src/operations/agent-server.js'

/** The agent's output is what the run added, never the input (the shapes a real LangGraph server answers with). */
const human = (content: unknown) => ({ content, additional_kwargs: {}, response_metadata: {}, id: 'h1', type: 'human' })
const ai = (content: unknown) => ({
  content,
  tool_calls: [],
  invalid_tool_calls: [],
  additional_kwargs: {},
  response_metadata: {},
  id: 'a1',
  type: 'ai'
})
const ok = (state: unknown): ServerAnswer => ({ answered: true, status: 200, body: `\n\n${JSON.stringify(state)}` })

describe('agentOutput', () => {
  it("is the messages after the input's, their text: the question repeated is not output", () => {
    const input = { messages: [{ role: 'user', content: 'Say pong.' }] }
    expect(agentOutput(input, { messages: [human('Say pong.'), ai('Sorry, I cannot help with that.')] })).toEqual({
      text: 'Sorry, I cannot help with that.',
      added: 1
    })
  })

  it('counts a bare message (a string) as one, as the server takes it', () => {
    expect(agentOutput({ messages: 'Say pong.' }, { messages: [human('Say pong.'), ai('pong')] })).toEqual({ text: 'pong', added: 1 })
  })

  it('reads the text of content parts, never their keys', () => {
    const out = agentOutput(
      { messages: [] },
      {
        messages: [
          ai([
            { type: 'text', text: 'hello' },
            { type: 'tool_use', id: 'messages' }
          ])
        ]
      }
    )
    expect(out.text).toBe('hello')
  })

  it('a graph that adds nothing has no output', () => {
    expect(agentOutput({ messages: [{ role: 'user', content: 'Echo' }] }, { messages: [human('Echo')] })).toEqual({ text: '', added: 0 })
  })

  it("a state without messages: the keys whose values differ from the input's, their values' text", () => {
    expect(agentOutput({ question: 'Say pong.', n: 1 }, { question: 'Say pong.', n: 1, answer: { text: 'pong', sure: true } })).toEqual({
      text: 'pong\ntrue',
      added: 1
    })
  })
})

describe('judgeRun', () => {
  const input = { messages: [{ role: 'user', content: 'Say pong.' }] }
  it('passes on JSON after keep-alive whitespace, whatever the content type', () => {
    expect(judgeRun(ok({ messages: [human('Say pong.'), ai('pong')] }), input, { contains: ['pong'] }, 10)).toMatchObject({
      passed: true,
      output: 'pong'
    })
  })

  it('a JSON key never matches, nor the input', () => {
    const judged = judgeRun(ok({ messages: [human('Say pong.'), ai('hello')] }), input, { contains: ['messages', 'pong'] }, 10)
    expect(judged.failed).toEqual([
      "`contains`: `messages` is not in the agent's output",
      "`contains`: `pong` is not in the agent's output"
    ])
  })

  it('a null state fails', () => {
    expect(judgeRun(ok(null), input, {}, 10).failed).toEqual(['the final state is `null`: the graph returned nothing'])
  })

  it("reads the JS server's `__error__`, whose message is itself JSON", () => {
    const error = { __error__: { error: 'Error', message: JSON.stringify({ error: 'Error', message: 'the agent failed on purpose' }) } }
    expect(judgeRun(ok(error), input, {}, 10).failed).toEqual(['the run failed (`__error__`): `Error: the agent failed on purpose`'])
  })

  it('a 404 says the assistant may be unknown', () => {
    const answer: ServerAnswer = { answered: true, status: 404, body: 'No assistant found for "nope".' }
    expect(judgeRun(answer, input, {}, 10).failed[0]).toContain('the server knows no such assistant')
  })

  it('checks each of not-contains, matches, value and max-duration, naming what was seen', () => {
    const state = { messages: [human('Say pong.'), ai('Sorry, no.')], structured_response: { intent: 'refuse' } }
    const judged = judgeRun(
      ok(state),
      input,
      {
        notContains: ['Sorry'],
        matches: /^pong\b/u,
        value: { path: 'structured_response.intent', steps: ['structured_response', 'intent'], equals: 'greet' },
        maxDurationMs: 1000
      },
      2500
    )
    expect(judged.failed).toEqual([
      "`not-contains`: `Sorry` is in the agent's output",
      "`matches`: `^pong\\b` does not match the agent's output",
      '`value`: `structured_response.intent` is `"refuse"`, not `"greet"`',
      '`max-duration`: took 3s, over 1s'
    ])
  })
})

describe('matches', () => {
  it('a pattern that backtracks without end is stopped, and fails its check', () => {
    const state = { messages: [ai(`${'a'.repeat(40)}b`)] }
    const judged = judgeRun(ok(state), { messages: [] }, { matches: /^(a+)+$/u }, 10)
    expect(judged.failed).toEqual([
      "`matches`: `^(a+)+$` took more than 1s on the agent's output (a pattern that backtracks without end); simplify it"
    ])
  })
})

describe('value paths', () => {
  it('reads dotted paths with list items', () => {
    expect(valuePathSteps('messages[1].content')).toEqual(['messages', 1, 'content'])
    expect(valuePathSteps('a[0][2]')).toEqual(['a', 0, 2])
    // One grammar: what the suite's check refuses is never read another way by the judge.
    for (const bad of ['a..b', 'a[0]b', 'a.[0]', '.a', 'a.', '']) expect(valuePathSteps(bad)).toBeUndefined()
    expect(valueAt({ messages: [{}, { content: 'x' }] }, ['messages', 1, 'content'])).toEqual({ found: true, value: 'x' })
    expect(valueAt({ messages: [] }, ['messages', 0])).toEqual({ found: false })
  })
})

describe('a hostile answer', () => {
  it('nested past what can be walked fails the run in words, instead of throwing', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
    const answer: ServerAnswer = { answered: true, status: 200, body: `{"result": ${deep}}` }
    const judged = judgeRun(answer, { messages: [] }, { value: { path: 'result', steps: ['result'], equals: 'ok' } }, 10)
    expect(judged.passed).toBe(false)
    expect(judged.failed).toEqual([expect.stringMatching(/^the answer is nested more than \d+ levels deep/)])
  })
})

describe('a `matches` pattern in JavaScript syntax', () => {
  it('takes an escape JavaScript allows only without the `u` flag, and keeps `u` where it is valid', async () => {
    const suite = (pattern: string) => `assistant: agent\ncases:\n  - input: {}\n    expect: {matches: '${pattern}'}\n`
    const loose = await parseEvals(suite('pong\\!'))
    expect(loose.problems).toEqual([])
    expect(loose.data?.cases[0].expect.matches?.test('pong!')).toBe(true)
    const unicode = await parseEvals(suite('^\\p{Lu}'))
    expect(unicode.data?.cases[0].expect.matches?.flags).toBe('u')
    expect((await parseEvals(suite('(unclosed'))).problems).toEqual([expect.stringContaining('is not a valid regular expression')])
  })
})
