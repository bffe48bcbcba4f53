import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { errorLines } from './helpers/action.js'
import { deployWith, startSimulatorOnClock } from './helpers/in-process.js'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock()
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

describe("the server's error detail", () => {
  it("reaches the summary as its words, without the log's ⏎ markers or `> ` prefix", async () => {
    const detail = '::warning::source rejected\nrepo_url is not reachable\r\nask an admin'
    sim.addFault({ method: 'POST', path: '/v2/deployments', times: Infinity, respond: { status: 400, body: JSON.stringify({ detail }) } })
    const run = await deployWith(sim, 'detail-agent')
    expect(run.exitCode).toBe(1)
    expect(run.summary).toContain('repo\\_url is not reachable')
    expect(run.summary).toContain('ask an admin')
    expect(run.summary).not.toContain('⏎')
    expect(run.summary).not.toMatch(/&gt; ::warning|> ::warning/)
    // The log still keeps it on one line that cannot start a workflow command.
    expect(errorLines(run).join('\n')).toContain('source rejected')
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::source'))).toEqual([])
  })
})
