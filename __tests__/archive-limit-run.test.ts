// The archive's size limit, in a run: refused as bad input before any request, naming the
// largest files, with nothing left in the runner's temporary directory.
//
// The limit is 200 MiB: proving it with a file that size means gzipping 200 MiB of random
// bytes (20 s on a 2-core runner). The run here meets a limit lowered to 256 KiB instead, the
// one constant replaced in the archive builder, everything else real; that the real limit is
// 200 MiB, the upload host's, is checked on its own, and archive.test.ts checks prepareArchive
// against limits passed to it.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Simulator } from '../sim/index.js'

const LOWERED_BYTES = 256 * 1024
const real = await import('../src/operations/archive/build.js')
jest.unstable_mockModule('../src/operations/archive/build.js', () => ({ ...real, REFUSE_BYTES: LOWERED_BYTES }))

const { lifecycles } = await import('../sim/index.js')
const { MAX_UPLOAD_BYTES } = await import('../src/api/constants.js')
const { errorLines } = await import('./helpers/action.js')
const { agentTree } = await import('./helpers/agent-tree.js')
const { runInProcess, startSimulatorOnClock } = await import('./helpers/in-process.js')

let sim: Simulator
const runnerTemp = mkdtempSync(join(tmpdir(), 'runner-temp-'))
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(40) })
})
afterAll(async () => {
  await sim.stop()
  rmSync(runnerTemp, { recursive: true, force: true })
})

describe('the archive size limit', () => {
  it("is the upload host's 200 MiB", () => {
    expect(real.REFUSE_BYTES).toBe(200 * 1024 * 1024)
    expect(real.REFUSE_BYTES).toBe(MAX_UPLOAD_BYTES)
  })

  it('refuses an archive over it before any request, naming the largest files, and leaves no file behind', async () => {
    const big = agentTree()
    // Incompressible, so that the compressed archive passes the limit.
    writeFileSync(join(big.workspace, 'apps/agent/data/model.bin'), randomBytes(LOWERED_BYTES + 64 * 1024))
    writeFileSync(join(big.workspace, 'apps/agent/data/small.bin'), randomBytes(1024))
    try {
      const run = await runInProcess({
        inputs: {
          'control-plane-url': sim.url,
          'api-key': sim.apiKey,
          name: 'remote-too-large',
          source: 'internal_source',
          'graph-config-path': 'apps/agent/langgraph.json',
          secrets: 'OPENAI_API_KEY=sk-remote-build-0123',
          'poll-interval': '50ms'
        },
        env: { GITHUB_WORKSPACE: big.workspace, RUNNER_TEMP: runnerTemp }
      })
      expect(run.exitCode).toBe(1)
      expect(errorLines(run)[0]).toMatch(
        new RegExp(
          /^The source archive of `graph-config-path` `apps\/agent\/langgraph.json` is over 256 KiB compressed, more than the upload takes\. /
            .source + /Largest files: `apps\/agent\/data\/model.bin` \(320 KiB\), `apps\/agent\/data\/small.bin` \(1 KiB\)/.source
        )
      )
      expect(run.outcome.kind).toBe('refused')
      expect(sim.requests).toEqual([])
      expect(readdirSync(runnerTemp)).toEqual([])
    } finally {
      big.remove()
    }
  })
})
