import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { realClock } from '../src/core/clock.js'
import { runSuite } from '../src/operations/evals/engine.js'
import type { EvalCase } from '../src/inputs/evals.js'
import { expectContaining } from '../src/inputs/checks/registry.js'

/**
 * What the run engine holds of a suite's answers: 200 runs whose answers are 100 KB each, against
 * a loopback agent server answering at once, concurrency 8. Run with `--expose-gc`; prints the
 * heap used after a full collection before the suite and after it (its records still held), as JSON.
 */
const CASES = 200
const ANSWER = `ok ${'x'.repeat(100_000)}`

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const { input } = JSON.parse(Buffer.concat(chunks).toString()) as { input: { messages: unknown[] } }
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end(JSON.stringify({ messages: [...input.messages, { type: 'ai', content: ANSWER }] }))
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as AddressInfo
const cases: EvalCase[] = Array.from({ length: CASES }, (_, i) => ({
  name: `case-${i}`,
  assistant: 'agent',
  input: { messages: [{ role: 'user', content: `question ${i}` }] },
  expect: expectContaining(['ok'])
}))
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')
gc()
const before = process.memoryUsage()
const records = await runSuite({
  cases,
  repeat: 1,
  concurrency: 8,
  timeoutMs: 60_000,
  deadline: Date.now() + 120_000,
  targets: [{ side: 'ours', name: 'bench', endpoint: { url: `http://127.0.0.1:${port}/runs/wait`, headers: {} } }],
  clock: realClock
})
gc()
const after = process.memoryUsage()
server.close()
const passed = records.filter((r) => r.passed).length
console.log(
  JSON.stringify({
    runs: records.length,
    passed,
    heapBefore: before.heapUsed,
    heapAfter: after.heapUsed,
    externalAfter: after.external,
    externalBefore: before.external
  })
)
