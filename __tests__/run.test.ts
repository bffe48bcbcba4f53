import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { deployInputs } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

let sim: Simulator
const WORKFLOW_ENV = {
  GITHUB_REPOSITORY: 'octo-org/support-agent',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567'
}
beforeAll(async () => {
  sim = await startSimulatorOnClock()
})
afterAll(() => sim.stop())

describe('run() in-process, with an output sink', () => {
  it('deploys, and outputs, summary and the last log line state the same outcome', async () => {
    sim.reset()
    const out = await runInProcess({ inputs: deployInputs(sim, 'inproc-agent'), env: WORKFLOW_ENV })
    const { outcome, view } = out
    expect(outcome.kind).toBe('deployed')
    expect(out.failures).toEqual([])
    expect(out.exitCode).toBe(0)
    expect(out.outputs).toMatchObject({ operation: 'created', 'revision-status': 'DEPLOYED', 'deployment-id': outcome.deployment!.id })
    expect(out.outputs).toEqual(view.outputs)
    expect(out.summaries).toHaveLength(1)
    expect(out.summary).toContain('## ✅ Deployed <code>inproc-agent</code>')
    const url = out.outputs['deployment-url']
    expect(url).toMatch(/^https:\/\//)
    expect(out.lines.at(-1)).toBe(
      `Outcome: deployed: deployment \`inproc-agent\` (${out.outputs['deployment-id']}), revision ${out.outputs['revision-id']} (DEPLOYED), ${url}.`
    )
  })

  it('turns bad input into a refused outcome: one failure, no request, and a last line that says so', async () => {
    sim.reset()
    const out = await runInProcess({ inputs: { ...deployInputs(sim, 'inproc-agent'), wait: 'maybe' }, env: WORKFLOW_ENV })
    expect(out.outcome.kind).toBe('refused')
    expect(out.failures).toEqual([expect.stringContaining('Invalid input: `wait` must be `true` or `false`')])
    expect(out.exitCode).toBe(1)
    expect(sim.requests).toEqual([])
    expect(out.outputs).toEqual({})
    // The command and the name the inputs gave, though the inputs were refused.
    expect(out.lines.at(-1)).toBe('Outcome: refused: deployment `inproc-agent` (`command: deploy`).')
    expect(out.summary).toContain('## ❌ Deploy of <code>inproc-agent</code> refused')
    expect(out.summary).not.toContain('<th align="left">Commit</th>')
  })
})
