import { describe, expect, it } from '@jest/globals'
import { ApiError } from '../src/api/errors.js'
import type { Revision } from '../src/api/schemas.js'
import { CancelledError } from '../src/core/cancel.js'
import { ActionError } from '../src/core/errors.js'
import { Timeline } from '../src/core/timeline.js'
import { ADAPTIVE } from '../src/operations/control-plane/poll-schedule.js'
import { POLL_ERROR_BUDGET } from '../src/operations/control-plane/poll.js'
import { statusLine, waitForRevision } from '../src/operations/control-plane/revision-wait.js'
import { FakeClock } from './helpers/clock.js'

/** A revision whose status follows a script of [status, seconds] on the fake clock. */
function scriptedRevision(clock: FakeClock, script: Array<[string, number]>, statusMessage?: string) {
  const start = clock.now()
  let polls = 0
  return {
    get polls() {
      return polls
    },
    getRevision: async (_deploymentId: string, revisionId: string): Promise<Revision> => {
      polls++
      let elapsed = (clock.now() - start) / 1000
      for (const [status, seconds] of script) {
        if (elapsed < seconds) return { id: revisionId, status }
        elapsed -= seconds
      }
      return { id: revisionId, status: script.at(-1)![0], status_message: statusMessage }
    }
  }
}

function setup(script: Array<[string, number]>, options: { timeoutMs?: number; pollIntervalMs?: number; statusMessage?: string } = {}) {
  const clock = new FakeClock()
  const api = scriptedRevision(clock, script, options.statusMessage)
  const logs: string[] = []
  const warnings: string[] = []
  const timeline = new Timeline(clock.now())
  const wait = () =>
    waitForRevision({
      client: api,
      deploymentId: 'dep-1',
      deploymentName: 'support-agent',
      revisionId: 'rev-1',
      timeoutMs: options.timeoutMs ?? 30 * 60_000,
      deadline: timeline.startedAt + (options.timeoutMs ?? 30 * 60_000),
      pollIntervalMs: options.pollIntervalMs,
      clock,
      timeline,
      progress: { changed: (r, elapsedMs) => void logs.push(statusLine('rev-1', r.status, elapsedMs)), checked: () => undefined },
      warn: (w) => warnings.push(w)
    })
  return { clock, api, logs, warnings, timeline, wait }
}

const HAPPY: Array<[string, number]> = [
  ['CREATING', 2],
  ['QUEUED', 30],
  ['BUILDING', 120],
  ['DEPLOYING', 60],
  ['DEPLOYED', 0]
]

describe('waitForRevision', () => {
  it('returns once DEPLOYED, logging each status change once with the elapsed time', async () => {
    const { wait, logs, timeline } = setup(HAPPY)
    expect((await wait()).status).toBe('DEPLOYED')
    expect(logs).toEqual([
      'Revision rev-1: CREATING (after 0ms)',
      expect.stringMatching(/^Revision rev-1: QUEUED \(after [23]s\)$/),
      expect.stringMatching(/^Revision rev-1: BUILDING \(after 3\ds\)$/),
      expect.stringMatching(/^Revision rev-1: DEPLOYING \(after 2m [345]\ds\)$/),
      expect.stringMatching(/^Revision rev-1: DEPLOYED \(after 3m \d\ds\)$/)
    ])
    expect(timeline.spans().map((s) => s.status)).toEqual(['CREATING', 'QUEUED', 'BUILDING', 'DEPLOYING', 'DEPLOYED'])
  })

  it('polls quickly after a change and backs off during a long phase', async () => {
    const { wait, clock } = setup(HAPPY)
    await wait()
    expect(clock.sleeps.slice(0, 3)).toEqual([ADAPTIVE.firstMs, ADAPTIVE.firstMs * ADAPTIVE.factor, ADAPTIVE.firstMs])
    expect(Math.max(...clock.sleeps)).toBe(ADAPTIVE.capMs)
    // In DEPLOYING, the last phase before DEPLOYED, checks stay frequent.
    const lastMinute = clock.sleeps.slice(-8)
    expect(Math.max(...lastMinute)).toBe(ADAPTIVE.finalPhaseCapMs)
  })

  it('keeps a fixed interval when poll-interval is set', async () => {
    const { wait, clock, api } = setup(HAPPY, { pollIntervalMs: 5_000 })
    await wait()
    expect(new Set(clock.sleeps)).toEqual(new Set([5_000]))
    expect(api.polls).toBe(clock.sleeps.length + 1)
  })

  it.each([
    ['BUILD_FAILED', 'failed to build (status BUILD_FAILED): npm ERR! missing script: build', 'Read the build log'],
    ['DEPLOY_FAILED', 'was built but failed to deploy (status DEPLOY_FAILED)', 'lacks a secret'],
    ['CREATE_FAILED', 'could not be created (status CREATE_FAILED)', 'Check the source settings'],
    [
      'SKIPPED',
      'was skipped, typically because a newer revision superseded it (status SKIPPED)',
      'which revision serves the deployment now'
    ]
  ])('fails on %s with the revision, status, message and what to do', async (status, what, todo) => {
    const message = status === 'BUILD_FAILED' ? 'npm ERR! missing script: build' : undefined
    const { wait } = setup(
      [
        ['BUILDING', 20],
        [status, 0]
      ],
      { statusMessage: message }
    )
    const error = await wait().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ActionError)
    expect((error as ActionError).kind).toBe('revision-failed')
    expect((error as ActionError).message).toContain(`Revision rev-1 of deployment \`support-agent\` ${what}`)
    expect((error as ActionError).hint).toContain(todo)
  })

  it('keeps waiting through UNKNOWN and unlisted statuses, warning once per unlisted status', async () => {
    const { wait, warnings } = setup([
      ['QUEUED', 5],
      ['UNKNOWN', 20],
      ['AWAITING_CAPACITY', 40],
      ['DEPLOYED', 0]
    ])
    expect((await wait()).status).toBe('DEPLOYED')
    expect(warnings).toEqual(['Revision rev-1 has status `AWAITING_CAPACITY`, which this action does not know; waiting for it to change.'])
  })

  it("keeps waiting through INTERRUPTED, as the control plane's own clients do, and the timeline shows it", async () => {
    const { wait, warnings, timeline } = setup([
      ['BUILDING', 20],
      ['INTERRUPTED', 60],
      ['QUEUED', 60],
      ['DEPLOYING', 60],
      ['DEPLOYED', 0]
    ])
    expect((await wait()).status).toBe('DEPLOYED')
    expect(warnings).toEqual([])
    expect(timeline.spans().map((span) => span.status)).toEqual(['BUILDING', 'INTERRUPTED', 'QUEUED', 'DEPLOYING', 'DEPLOYED'])
  })

  it('times out on a revision left INTERRUPTED, saying where it stood', async () => {
    const { wait } = setup(
      [
        ['BUILDING', 10],
        ['INTERRUPTED', 10_000]
      ],
      { timeoutMs: 60_000 }
    )
    const error = (await wait().catch((e: unknown) => e)) as ActionError
    expect(error.kind).toBe('timed-out')
    expect(error.message).toContain('it has been INTERRUPTED for')
  })

  it('times out at the deadline, saying where it stood', async () => {
    const { wait, clock, timeline } = setup(
      [
        ['QUEUED', 10],
        ['BUILDING', 10_000]
      ],
      { timeoutMs: 60_000 }
    )
    const error = (await wait().catch((e: unknown) => e)) as ActionError
    expect(error.kind).toBe('timed-out')
    expect(error.message).toMatch(
      /^Timed out after 1m waiting for revision rev-1 of deployment `support-agent`: it has been BUILDING for 45s\.$/
    )
    // The last check happens at the deadline, not after it.
    expect(clock.now() - timeline.startedAt).toBe(60_000)
  })
})

describe('waitForRevision: failed status checks', () => {
  const unavailable = () =>
    new ApiError('api-refused', 'Get revision rev-1 failed with HTTP 503: (empty body)', { status: 503, retryable: true })

  function flaky(failuresFirst: number, error: () => ApiError = unavailable) {
    const clock = new FakeClock()
    let calls = 0
    const warnings: string[] = []
    const wait = (signal?: AbortSignal) =>
      waitForRevision({
        client: {
          getRevision: async (_d: string, id: string) => {
            calls++
            if (calls <= failuresFirst) throw error()
            return { id, status: 'DEPLOYED' }
          }
        },
        deploymentId: 'dep-1',
        deploymentName: 'support-agent',
        revisionId: 'rev-1',
        timeoutMs: 600_000,
        deadline: clock.now() + 600_000,
        pollIntervalMs: 1_000,
        clock,
        signal,
        timeline: new Timeline(clock.now()),
        progress: { changed: () => undefined, checked: () => undefined },
        warn: (w) => warnings.push(w)
      })
    return { wait, warnings, calls: () => calls }
  }

  it('rides out failures within the budget, warning for each', async () => {
    const { wait, warnings } = flaky(POLL_ERROR_BUDGET)
    expect((await wait()).status).toBe('DEPLOYED')
    expect(warnings).toHaveLength(POLL_ERROR_BUDGET)
    expect(warnings[0]).toBe(
      `Status check failed (Get revision rev-1 failed with HTTP 503: (empty body)); checking again (1 of ${POLL_ERROR_BUDGET} failures allowed in a row).`
    )
  })

  it('gives up once the budget is spent, saying what failed', async () => {
    const { wait, calls } = flaky(100)
    const error = (await wait().catch((e: unknown) => e)) as ActionError
    expect(error.message).toBe(
      `Lost contact with the control plane while waiting for revision rev-1 of deployment ` +
        `\`support-agent\`: ${POLL_ERROR_BUDGET + 1} status checks in a row failed, the last with: Get revision rev-1 failed ` +
        `with HTTP 503: (empty body)`
    )
    expect(calls()).toBe(POLL_ERROR_BUDGET + 1)
  })

  it('fails at once on an error that retrying cannot fix', async () => {
    const notFound = () =>
      new ApiError('not-found', 'Get revision rev-1 failed with HTTP 404: Revision ID rev-1 not found.', { status: 404 })
    const { wait, calls } = flaky(100, notFound)
    await expect(wait()).rejects.toThrow('HTTP 404')
    expect(calls()).toBe(1)
  })

  it('stops when cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    const { wait } = flaky(1)
    await expect(wait(controller.signal)).rejects.toBeInstanceOf(CancelledError)
  })
})
