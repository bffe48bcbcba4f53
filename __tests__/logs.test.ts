import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { lifecycles, type Simulator } from '../sim/index.js'
import { errorLines, SECRET_VALUES, visibleText } from './helpers/action.js'
import { deployWith, startSimulatorOnClock } from './helpers/in-process.js'

function scenarioFor({ deploymentName }: { deploymentName: string }) {
  return deploymentName.includes('fails') ? lifecycles.buildFailed(60) : lifecycles.deployed(60)
}

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: scenarioFor })
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

const LOGS = /\/logs$/

/** The lines printed between `::stop-commands::T` and `::T::` markers, in order. */
function verbatimLines(stdout: string): string[] {
  const lines: string[] = []
  let token: string | undefined
  for (const line of stdout.split('\n')) {
    const start = /^::stop-commands::(.+)$/.exec(line)
    if (start) token = start[1]
    else if (token && line === `::${token}::`) token = undefined
    else if (token) lines.push(line)
  }
  return lines
}

describe('following logs', () => {
  it('prints each new line once, in a collapsible group per phase', async () => {
    const run = await deployWith(sim, 'log-agent')
    expect(run.exitCode).toBe(0)
    const groups = run.stdout.split('\n').filter((l) => l.startsWith('::group::') || l === '::endgroup::')
    expect(groups).toEqual([
      expect.stringMatching(/^::group::Build log of revision [0-9a-f-]+$/),
      '::endgroup::',
      expect.stringMatching(/^::group::Deploy log of revision [0-9a-f-]+$/),
      '::endgroup::'
    ])
    const printed = verbatimLines(run.stdout)
    expect(printed.length).toBeGreaterThan(5)
    expect(new Set(printed).size).toBe(printed.length)
    expect(printed.some((l) => l.includes('INFO'))).toBe(true)
  })

  it('shows the last lines of the failing phase above the error and in the summary', async () => {
    const run = await deployWith(sim, 'build-fails')
    expect(run.exitCode).toBe(1)
    const out = run.stdout
    const tailAt = out.search(/Last \d+ lines of the build log of revision [0-9a-f-]+:/)
    expect(tailAt).toBeGreaterThan(-1)
    expect(out.indexOf('::error::')).toBeGreaterThan(tailAt)
    const tail = verbatimLines(out.slice(tailAt))
    expect(tail.at(-1)).toMatch(/ERROR .*failed to solve/)
    expect(run.summary).toContain('<details open><summary>Last')
    expect(run.summary).toContain('failed to solve')
    expect(errorLines(run)[0]).toContain('failed to build (status BUILD_FAILED)')
  })

  it('costs one debug line, not the deploy, when the control plane has no logs endpoint', async () => {
    sim.addFault({ path: LOGS, times: Infinity, respond: { status: 404, body: '{"detail":"Not Found"}' } })
    const run = await deployWith(sim, 'old-server')
    expect(run.exitCode).toBe(0)
    expect(run.stdout.match(/::debug::The control plane does not serve revision logs/g)).toHaveLength(1)
    expect(sim.requests.filter((r) => LOGS.test(r.path))).toHaveLength(1)
  })

  it('reads odd entries leniently, and never lets a log line command the runner or show a secret', async () => {
    const entries = [
      42,
      null,
      'plain text line',
      { weird: true },
      { message: '::set-output name=deployment-url::https://evil.example' },
      { msg: `::add-mask::x and a secret ${SECRET_VALUES[0]}` }
    ]
    sim.addFault({ path: LOGS, times: 1, respond: { status: 200, body: JSON.stringify({ logs: entries, next_offset: null }) } })
    const run = await deployWith(sim, 'odd-logs')
    expect(run.exitCode).toBe(0)
    const printed = verbatimLines(run.stdout)
    expect(printed).toEqual(
      expect.arrayContaining([
        '42',
        'null',
        'plain text line',
        '{"weird":true}',
        '> ::set-output name=deployment-url::https://evil.example',
        '> ::add-mask::x and a secret ***'
      ])
    )
    expect(run.outputs['deployment-url']).not.toContain('evil')
    expect(visibleText(run)).not.toContain(SECRET_VALUES[0])
  })

  it("neutralises a server log line shaped like printVerbatim's token: only the action's own token lines pass as they are", async () => {
    const fakeToken = '0123abcd-4567-89ab-cdef-0123456789ab'
    const entries = [
      `::stop-commands::${fakeToken}`,
      'between',
      `::${fakeToken}::`,
      '::set-output name=deployment-url::https://evil.example'
    ]
    sim.addFault({ path: LOGS, times: 1, respond: { status: 200, body: JSON.stringify({ logs: entries, next_offset: null }) } })
    const run = await deployWith(sim, 'token-shaped-logs')
    expect(run.exitCode).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines).toEqual(
      expect.arrayContaining([
        `> ::stop-commands::${fakeToken}`,
        `> ::${fakeToken}::`,
        '> ::set-output name=deployment-url::https://evil.example'
      ])
    )
    // Raw token lines are the action's own: each stop has its resume, and none carries the server's token.
    const stops = lines.filter((l) => l.startsWith('::stop-commands::'))
    expect(stops.length).toBeGreaterThan(0)
    expect(lines.some((l) => l.includes(fakeToken) && !l.startsWith('> '))).toBe(false)
    for (const stop of stops) expect(lines).toContain(`::${stop.slice('::stop-commands::'.length)}::`)
  })

  it('keeps the deploy going when reading logs fails, and gives up on them after two failures', async () => {
    sim.addFault({ path: LOGS, times: Infinity, respond: { status: 500 } })
    const run = await deployWith(sim, 'flaky-logs')
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('trying again at the next check')
    expect(run.stdout).toContain('not following logs any more')
    expect(sim.requests.filter((r) => LOGS.test(r.path))).toHaveLength(2)
  })

  it('prints the log of a phase that came and went between two checks', async () => {
    sim.setScenario({
      phases: [
        { status: 'QUEUED', ms: 300 },
        { status: 'BUILDING', ms: 50 },
        { status: 'DEPLOYING', ms: 600 }
      ],
      outcome: 'DEPLOYED'
    })
    const run = await deployWith(sim, 'quick-build', { 'poll-interval': '250ms' })
    sim.setScenario(scenarioFor)
    expect(run.exitCode).toBe(0)
    // On the virtual clock the checks fall at fixed times, before and after the 50 ms phase, never in it.
    expect(run.stdout).toMatch(/: QUEUED \(after/)
    expect(run.stdout).toMatch(/: DEPLOYING \(after/)
    expect(run.stdout).not.toMatch(/: BUILDING \(after/)
    expect(run.stdout).toMatch(/::group::Build log of revision/)
    expect(sim.requests.some((r) => LOGS.test(r.path) && r.query.type === 'build')).toBe(true)
  })

  it('does not read logs with show-logs: false', async () => {
    const run = await deployWith(sim, 'quiet-agent', { 'show-logs': 'false' })
    expect(run.exitCode).toBe(0)
    expect(sim.requests.filter((r) => LOGS.test(r.path))).toEqual([])
    expect(run.stdout).not.toContain('::group::')
  })
})
