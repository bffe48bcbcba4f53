import { describe, expect, it } from '@jest/globals'
import { agentOutput } from '../src/operations/evals/agent-output.js'
import { judgeRun } from '../src/operations/evals/judge.js'
import { askedOf } from '../src/operations/evals/results.js'
import { parseEvals, parseSuiteText, valuePathSteps } from '../src/inputs/evals.js'
import { parseExpect, type RunExpect } from '../src/inputs/checks/registry.js'
import { valueAt } from '../src/inputs/checks/value.js'
import type { ServerAnswer } from '../src/operations/agent-server/agent-server.js'

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
/** `expect` as a suite writes it, read by the registry. */
const expecting = (raw: Record<string, unknown>): RunExpect => {
  const problems: string[] = []
  const read = parseExpect(raw, 'expect', (p) => problems.push(p))
  if (!read) throw new Error(problems.join('; '))
  return read
}
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

describe("the report's question (askedOf): the last message sent, in every form the judge reads", () => {
  it('is the text of a mapping, a (role, content) pair, a bare string or text parts; the input as JSON when it sends no text', () => {
    expect(
      askedOf({
        messages: [
          { role: 'user', content: 'first' },
          { role: 'user', content: 'Say  pong.' }
        ]
      })
    ).toBe('Say pong.')
    expect(askedOf({ messages: [['user', 'Say pong.']] })).toBe('Say pong.')
    expect(askedOf({ messages: 'Say pong.' })).toBe('Say pong.')
    expect(askedOf({ messages: [{ role: 'user', content: ['Say', { type: 'text', text: 'pong.' }] }] })).toBe('Say pong.')
    expect(askedOf({ topic: 'billing' })).toBe('{"topic":"billing"}')
    expect(askedOf({})).toBeUndefined()
    expect(askedOf({ messages: [{ content: 'x'.repeat(400) }] })).toBe(`${'x'.repeat(160)}…`)
  })
})

describe('judgeRun', () => {
  const input = { messages: [{ role: 'user', content: 'Say pong.' }] }
  it('passes on JSON after keep-alive whitespace, whatever the content type', async () => {
    expect(await judgeRun(ok({ messages: [human('Say pong.'), ai('pong')] }), input, expecting({ contains: 'pong' }), 10)).toMatchObject({
      passed: true,
      output: 'pong'
    })
  })

  it('a JSON key never matches, nor the input', async () => {
    const judged = await judgeRun(
      ok({ messages: [human('Say pong.'), ai('hello')] }),
      input,
      expecting({ contains: ['messages', 'pong'] }),
      10
    )
    expect(judged.failed).toEqual([
      "`contains`: `messages` is not in the agent's output",
      "`contains`: `pong` is not in the agent's output"
    ])
  })

  it('a null state fails', async () => {
    expect((await judgeRun(ok(null), input, expecting({}), 10)).failed).toEqual(['the final state is `null`: the graph returned nothing'])
  })

  it("reads the JS server's `__error__`, whose message is itself JSON", async () => {
    const error = { __error__: { error: 'Error', message: JSON.stringify({ error: 'Error', message: 'the agent failed on purpose' }) } }
    expect((await judgeRun(ok(error), input, expecting({}), 10)).failed).toEqual([
      'the run failed (`__error__`): `Error: the agent failed on purpose`'
    ])
  })

  it('a 404 says the assistant may be unknown', async () => {
    const answer: ServerAnswer = { answered: true, status: 404, body: 'No assistant found for "nope".' }
    expect((await judgeRun(answer, input, expecting({}), 10)).failed[0]).toContain('the server knows no such assistant')
  })

  it('checks each of not-contains, matches, value and max-duration, naming what was seen', async () => {
    const state = { messages: [human('Say pong.'), ai('Sorry, no.')], structured_response: { intent: 'refuse' } }
    const judged = await judgeRun(
      ok(state),
      input,
      expecting({
        'not-contains': 'Sorry',
        matches: '^pong\\b',
        value: { path: 'structured_response.intent', equals: 'greet' },
        'max-duration': '1s'
      }),
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
  it('a pattern that backtracks without end is stopped, and fails its check', async () => {
    const state = { messages: [ai(`${'a'.repeat(40)}b`)] }
    const judged = await judgeRun(ok(state), { messages: [] }, expecting({ matches: '^(a+)+$' }), 10)
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
  it('nested past what can be walked fails the run in words, instead of throwing', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
    const answer: ServerAnswer = { answered: true, status: 200, body: `{"result": ${deep}}` }
    const judged = await judgeRun(answer, { messages: [] }, expecting({ value: { path: 'result', equals: 'ok' } }), 10)
    expect(judged.passed).toBe(false)
    expect(judged.failed).toEqual([expect.stringMatching(/^the answer is nested more than \d+ levels deep/)])
  })
})

describe('a `matches` pattern in JavaScript syntax', () => {
  it('takes an escape JavaScript allows only without the `u` flag, and keeps `u` where it is valid', async () => {
    const suite = (pattern: string) => `assistant: agent\ncases:\n  - input: {}\n    expect: {matches: '${pattern}'}\n`
    const loose = await parseSuiteText(suite('pong\\!'), 'inline')
    expect(loose.problems).toEqual([])
    expect((loose.data?.cases[0].expect.checks[0].item as RegExp).test('pong!')).toBe(true)
    const unicode = await parseSuiteText(suite('^\\p{Lu}'), 'inline')
    expect((unicode.data?.cases[0].expect.checks[0].item as RegExp).flags).toBe('u')
    expect((await parseEvals(suite('(unclosed'))).problems).toEqual([expect.stringContaining('is not a valid regular expression')])
  })
})

describe("the agent's output, wherever it stands (v1.5)", () => {
  const input = { messages: [{ role: 'user', content: 'Say pong.' }] }
  it('a graph whose state replaces `messages` is judged on its reply (only the reply comes back)', () => {
    expect(agentOutput(input, { messages: [ai('pong')] })).toEqual({ text: 'pong', added: 1 })
  })

  it("a server that merged the input's messages by `id` does not hide the agent's", () => {
    const sent = {
      messages: [
        { id: 'm1', role: 'user', content: 'Say ping.' },
        { id: 'm1', role: 'user', content: 'Say pong.' }
      ]
    }
    expect(agentOutput(sent, { messages: [{ ...human('Say pong.'), id: 'm1' }, ai('pong')] })).toEqual({ text: 'pong', added: 1 })
  })

  it('an input message written as a (role, content) pair is matched as one', () => {
    expect(agentOutput({ messages: [['user', 'Say pong.']] }, { messages: [{ ...human('Say pong.'), id: 'srv-1' }, ai('pong')] })).toEqual({
      text: 'pong',
      added: 1
    })
  })

  it('the input matched by role and text where the server gave it new ids; an agent repeating the question still added a message', () => {
    expect(agentOutput(input, { messages: [{ ...human('Say pong.'), id: 'srv-1' }, ai('Say pong.')] })).toEqual({
      text: 'Say pong.',
      added: 1
    })
  })

  it.each([
    ['not-contains', { 'not-contains': 'sorry' }],
    ['value', { value: { path: 'messages[0].content', equals: 'Say pong.' } }],
    ['max-duration', { 'max-duration': '20s' }]
  ])('a run that added nothing fails `%s`', async (key, raw) => {
    const judged = await judgeRun(ok({ messages: [human('Say pong.')] }), input, expecting(raw), 10)
    expect(judged.passed).toBe(false)
    expect(judged.failed).toEqual([`\`${key}\`: the run added no output`])
  })

  it('a run that added nothing fails a case with no `expect`; the smoke test without `expect` is the one that passes it', async () => {
    const silent = ok({ messages: [human('Say pong.')] })
    const judged = await judgeRun(silent, input, expecting({}), 10)
    expect(judged.passed).toBe(false)
    expect(judged.failed[0]).toContain('the run added no output')
    expect((await judgeRun(silent, input, expecting({}), 10, { silentPasses: true })).passed).toBe(true)
  })
})

describe('a pattern never stalls the suite', () => {
  it('is tested off the main thread: other work goes on while a pattern backtracks, and it is given up on at 1 s', async () => {
    const state = { messages: [ai(`${'a'.repeat(40)}b`)] }
    let turns = 0
    let counting = true
    const count = () => {
      if (!counting) return
      turns++
      setImmediate(count)
    }
    setImmediate(count)
    const judged = await judgeRun(ok(state), { messages: [] }, expecting({ matches: '^(a+)+$' }), 10)
    counting = false
    expect(judged.failed[0]).toContain('took more than 1s')
    // v1.4 tested it synchronously: not one turn of the event loop while it ran.
    expect(turns).toBeGreaterThan(10)
  })

  it('stops at the time the suite has left, which may be shorter than 1 s', async () => {
    const state = { messages: [ai(`${'a'.repeat(40)}b`)] }
    const judged = await judgeRun(ok(state), { messages: [] }, expecting({ matches: '^(a+)+$' }), 10, { timeLeftMs: 0 })
    expect(judged.failed).toEqual(["`matches`: `^(a+)+$` was stopped at the suite's time limit, before it could tell"])
  })

  it('takes `/pattern/flags`; refuses `g` and `y`', async () => {
    const state = ok({ messages: [ai('PONG!')] })
    expect((await judgeRun(state, { messages: [] }, expecting({ matches: '/^pong/i' }), 10)).passed).toBe(true)
    expect((await judgeRun(state, { messages: [] }, expecting({ matches: '^pong' }), 10)).failed).toEqual([
      "`matches`: `^pong` does not match the agent's output"
    ])
    expect((await judgeRun(state, { messages: [] }, expecting({ 'not-matches': '/^pong/i' }), 10)).failed).toEqual([
      "`not-matches`: `/^pong/i` matches the agent's output"
    ])
    const problems: string[] = []
    expect(parseExpect({ matches: '/pong/g' }, 'expect', (p) => problems.push(p))).toBeUndefined()
    expect(problems[0]).toContain('`g` and `y` would make one test depend on the one before')
  })

  it('`contains` is case-sensitive, and says so when the text is there in other letter case', async () => {
    const judged = await judgeRun(ok({ messages: [ai('PONG')] }), { messages: [] }, expecting({ contains: 'pong' }), 10)
    expect(judged.failed).toEqual([
      "`contains`: `pong` is not in the agent's output (it is in other letter case: `contains` is case-sensitive; `matches: /…/i` is not)"
    ])
  })
})
