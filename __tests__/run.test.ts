import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { run } from '../src/main.js'
import type { OutputSink } from '../src/report/sink.js'
import { startSimulator, type Simulator } from '../sim/index.js'
import { deployInputs } from './helpers/action.js'
import { inputsFrom } from './helpers/inputs.js'

let sim: Simulator
const WORKFLOW_ENV = { GITHUB_REPOSITORY: 'octo-org/support-agent', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567' }
beforeAll(async () => {
  sim = await startSimulator()
})
afterAll(() => sim.stop())

/** A sink that keeps everything run() writes. */
function memorySink() {
  const lines: string[] = []
  const outputs: Record<string, string> = {}
  const failures: string[] = []
  const summaries: string[] = []
  const sink: OutputSink = {
    info: (line) => lines.push(line),
    warn: (line) => lines.push(`warning: ${line}`),
    notice: (line) => lines.push(`notice: ${line}`),
    debug: () => undefined,
    startGroup: (title) => lines.push(`group: ${title}`),
    endGroup: () => lines.push('endgroup'),
    setOutput: (name, value) => (outputs[name] = value),
    summary: async (markdown) => void summaries.push(markdown),
    fail: (message) => failures.push(message)
  }
  return { sink, lines, outputs, failures, summaries }
}

describe('run() in-process, with an output sink', () => {
  it('deploys, and outputs, summary and the last log line state the same outcome', async () => {
    sim.reset()
    const out = memorySink()
    const { outcome, view } = await run({ inputs: inputsFrom(deployInputs(sim, 'inproc-agent')), env: WORKFLOW_ENV, sink: out.sink, signal: new AbortController().signal })
    expect(outcome.kind).toBe('deployed')
    expect(out.failures).toEqual([])
    expect(out.outputs).toMatchObject({ operation: 'created', 'revision-status': 'DEPLOYED', 'deployment-id': outcome.deployment!.id })
    expect(out.outputs).toEqual(view.outputs)
    expect(out.summaries).toHaveLength(1)
    expect(out.summaries[0]).toContain('## ✅ Deployed <code>inproc-agent</code>')
    const url = out.outputs['deployment-url']
    expect(url).toMatch(/^https:\/\//)
    expect(out.lines.at(-1)).toBe(
      `Outcome: deployed: deployment \`inproc-agent\` (${out.outputs['deployment-id']}), revision ${out.outputs['revision-id']} (DEPLOYED), ${url}.`
    )
  })

  it('turns bad input into a refused outcome: one failure, no request, and a last line that says so', async () => {
    sim.reset()
    const out = memorySink()
    const { outcome } = await run({ inputs: inputsFrom({ ...deployInputs(sim, 'inproc-agent'), wait: 'maybe' }), env: WORKFLOW_ENV, sink: out.sink, signal: new AbortController().signal })
    expect(outcome.kind).toBe('refused')
    expect(out.failures).toEqual([expect.stringContaining('Invalid input: `wait` must be `true` or `false`')])
    expect(sim.requests).toEqual([])
    expect(out.outputs).toEqual({})
    expect(out.lines.at(-1)).toBe('Outcome: refused.')
  })
})
