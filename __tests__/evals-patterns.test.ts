import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { realClock } from '../src/core/clock.js'
import { endPatternThreads } from '../src/inputs/checks/pattern-test.js'
import { parseSuiteText } from '../src/inputs/evals.js'
import { runSuite } from '../src/operations/evals/engine.js'

/**
 * A `matches` pattern that backtracks without end, answered by several runs at once, on the real
 * clock (the stall is real time spent on the main thread: a virtual clock would not see it). An
 * agent server on this machine answers every run at once with text the pattern cannot match.
 */
let server: Server
let url: string
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ messages: [{ type: 'ai', content: `${'a'.repeat(40)}b`, id: 'r1' }] }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/runs/wait`
})
afterAll(async () => {
  await endPatternThreads()
  await new Promise((resolve) => server.close(resolve))
})

const suiteOf = async (cases: number, expect: string) => {
  const text = `assistant: agent\ncases:\n${Array.from({ length: cases }, (_, i) => `  - {name: c${i}, input: {messages: []}, expect: ${expect}}\n`).join('')}`
  const read = await parseSuiteText(text, 'inline')
  if (!read.data) throw new Error(read.problems.join('; '))
  return read.data
}

describe('a pattern never stalls the suite', () => {
  it('five cases answered at once, each with a pattern stopped at its 1 s: none fails `max-duration`', async () => {
    const suite = await suiteOf(5, "{matches: '^(a+)+$', max-duration: 2500ms}")
    const start = realClock.now()
    const records = await runSuite({
      cases: suite.cases,
      repeat: 1,
      concurrency: 5,
      timeoutMs: 60_000,
      deadline: start + 120_000,
      targets: [{ side: 'ours', name: 'here', endpoint: { url, headers: {} } }],
      clock: realClock
    })
    // v1.4 tested each pattern on the main thread: the fourth and fifth answers waited 3 and 4 s to be read.
    expect(records).toHaveLength(5)
    for (const record of records) expect(record.failed).toEqual([expect.stringContaining('`matches`: `^(a+)+$` took more than 1s')])
  })

  it("a suite with `time-limit` ends within it: patterns run side by side, each stopped at the suite's end", async () => {
    const suite = await suiteOf(16, "{matches: '^(a+)+$'}")
    const start = realClock.now()
    const records = await runSuite({
      cases: suite.cases,
      repeat: 1,
      concurrency: 16,
      timeoutMs: 60_000,
      // Shorter than a pattern's own 1 s: the suite's end must stop each one, not its own limit.
      deadline: start + 800,
      targets: [{ side: 'ours', name: 'here', endpoint: { url, headers: {} } }],
      clock: realClock
    })
    // Counted, not timed. v1.4 tested the sixteen one after the other on the main thread, each for
    // its full second (16 s for a 0.8 s limit), and every run said "took more than 1s".
    expect(records).toHaveLength(16)
    for (const record of records) expect(record.failed[0]).toMatch(/stopped at the suite's time limit/)
  })
})
