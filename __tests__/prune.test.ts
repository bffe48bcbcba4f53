import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../sim/github.js'
import type { Simulator } from '../sim/index.js'
import { MAX_BODY_BYTES } from '../src/api/body.js'
import { errorLines } from './helpers/action.js'
import { clock, runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

const DAY = 86_400_000
const MiB = 1024 * 1024
const REPOSITORY = 'octo-org/support-agent'

let sim: Simulator
let github: FakeGitHub
beforeAll(async () => {
  sim = await startSimulatorOnClock()
  github = await startFakeGitHub()
})
afterAll(() => Promise.all([sim.stop(), github.stop()]))
beforeEach(() => {
  sim.reset()
  github.reset()
  github.configure({ forbid: [] })
})

/** A prune of `agent-pr-{pr}` previews in REPOSITORY, run in-process on the shared virtual clock. */
function runPrune(inputs: Record<string, string>, on: Simulator = sim) {
  return runInProcess({
    inputs: {
      'control-plane-url': on.url,
      'api-key': on.apiKey,
      command: 'prune',
      'name-pattern': 'agent-pr-{pr}',
      'github-token': github.token,
      'poll-interval': '50ms',
      ...inputs
    },
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY }
  })
}

const prune = (inputs: Record<string, string> = {}) => runPrune(inputs)

function openPulls(...numbers: number[]) {
  for (const number of numbers) github.pulls.push({ number, state: 'open' })
}
function closedPulls(...numbers: number[]) {
  for (const number of numbers) github.pulls.push({ number, state: 'closed' })
}

const names = () =>
  sim
    .deployments()
    .map((d) => String(d.name))
    .sort()
const deletes = () => sim.requests.filter((r) => r.method === 'DELETE')
const pullRequests = () => github.requests.filter((r) => r.path.includes('/pulls'))
const pruned = (run: { outputs: Record<string, string> }) => (JSON.parse(run.outputs.pruned) as string[]).sort()

describe('command: prune', () => {
  it('deletes previews whose pull request is closed or missing, and nothing else the pattern does not name whole', async () => {
    for (const name of [
      'agent-pr-1',
      'agent-pr-2',
      'agent-pr-3',
      'agent-pr-12',
      'agent-pr-1-old',
      'my-agent-pr-2',
      'agent-pr-012',
      'agent'
    ]) {
      sim.seedDeployment({ name })
    }
    openPulls(1, 12)
    closedPulls(2)
    const run = await prune()
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(pruned(run)).toEqual(['agent-pr-2', 'agent-pr-3'])
    expect(run.outputs.operation).toBe('deleted')
    expect(names()).toEqual(['agent', 'agent-pr-012', 'agent-pr-1', 'agent-pr-1-old', 'agent-pr-12', 'my-agent-pr-2'])
    // One read of the open list, then one read each for the two about to go: closed told from missing.
    expect(pullRequests().map((r) => `${r.path} ${r.status}`)).toEqual([
      `/repos/${REPOSITORY}/pulls 200`,
      `/repos/${REPOSITORY}/pulls/2 200`,
      `/repos/${REPOSITORY}/pulls/3 404`
    ])
    expect(pullRequests()[0].query).toEqual({ state: 'open', per_page: '100' })
    expect(run.summary).toMatch(/agent-pr-2<\/code> \| #2 \| deleted \| closed: pull request #2 is closed/)
    expect(run.summary).toMatch(/agent-pr-3<\/code> \| #3 \| deleted \| missing: pull request #3 does not exist/)
    expect(run.summary).toMatch(/agent-pr-12<\/code> \| #12 \| kept \| open: pull request #12 is open/)
    expect(run.summary).not.toContain('agent-pr-1-old')
  })

  it('reads every page of the open pull requests through the Link header', async () => {
    for (let n = 1; n <= 150; n++) openPulls(n)
    sim.seedDeployment({ name: 'agent-pr-7' })
    sim.seedDeployment({ name: 'agent-pr-149' })
    sim.seedDeployment({ name: 'agent-pr-151' })
    const run = await prune()
    expect(run.exitCode).toBe(0)
    expect(pruned(run)).toEqual(['agent-pr-151'])
    expect(github.requests.filter((r) => r.path === `/repos/${REPOSITORY}/pulls`).map((r) => r.query.page ?? '1')).toEqual(['1', '2'])
  })

  it('never deletes a preview whose newest revision is in progress', async () => {
    sim.seedDeployment({ name: 'agent-pr-4', revisions: [{ status: 'DEPLOYED', ageMs: 2 * DAY }, { status: 'BUILDING' }] })
    sim.seedDeployment({ name: 'agent-pr-5', revisionOutcome: 'BUILD_FAILED' })
    closedPulls(4, 5)
    const run = await prune()
    expect(run.exitCode).toBe(0)
    expect(pruned(run)).toEqual(['agent-pr-5'])
    expect(names()).toEqual(['agent-pr-4'])
    expect(run.summary).toContain('in progress: its newest revision is BUILDING')
  })

  it('deletes previews idle longer than max-age, by their newest revision, even with the pull request open', async () => {
    sim.seedDeployment({ name: 'agent-pr-1', revisions: [{ ageMs: 30 * DAY }, { ageMs: 8 * DAY }] })
    sim.seedDeployment({ name: 'agent-pr-2', revisions: [{ ageMs: 30 * DAY }, { ageMs: 2 * DAY }] })
    openPulls(1, 2)
    const run = await prune({ 'max-age': '7d' })
    expect(run.exitCode).toBe(0)
    expect(pruned(run)).toEqual(['agent-pr-1'])
    expect(run.summary).toMatch(/agent-pr-1<\/code> \| #1 \| deleted \| idle since \d{4}-\d\d-\d\dT/)
    expect(run.summary).toContain('open: pull request #2 is open')
  })

  it('keeps every preview and warns when the pull requests cannot be read (403)', async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    closedPulls(2)
    github.configure({ forbid: ['pulls'] })
    const run = await prune()
    expect(run.exitCode).toBe(0)
    expect(deletes()).toEqual([])
    expect(run.outputs).toMatchObject({ pruned: '[]', operation: 'unchanged' })
    expect(run.stdout).toMatch(/::warning::Could not read the open pull requests.*pull-requests: read/)
    expect(run.summary).toContain('unreadable: the pull requests could not be read')
  })

  it('still deletes a preview idle past max-age when the pull requests cannot be read, and says why', async () => {
    // Idleness is known without GitHub; only "closed or missing" needs the list of open pull requests.
    sim.seedDeployment({ name: 'agent-pr-2', revisions: [{ ageMs: 8 * DAY }] })
    sim.seedDeployment({ name: 'agent-pr-3', revisions: [{ ageMs: 1 * DAY }] })
    github.configure({ forbid: ['pulls'] })
    const run = await prune({ 'max-age': '7d' })
    expect(errorLines(run)).toEqual([])
    expect(pruned(run)).toEqual(['agent-pr-2'])
    expect(run.summary).toMatch(
      /agent-pr-2<\/code> \| #2 \| deleted \| idle since \S+ [^|]*newest revision[^|]*, past max-age; the pull requests could not be read, and idleness alone is enough \|/
    )
    expect(run.summary).toMatch(/agent-pr-3<\/code> \| #3 \| kept \| unreadable: the pull requests could not be read/)
    expect(run.stdout).toMatch(
      /::warning::Could not read the open pull requests.*Only previews idle past `max-age` are deleted, for idleness alone/
    )
  })

  it('keeps previews when GitHub keeps failing (5xx), after a bounded number of tries', async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    github.configure({ forbid: [], pullsFail: { status: 502 } })
    const run = await prune()
    expect(run.exitCode).toBe(0)
    expect(deletes()).toEqual([])
    expect(pullRequests().length).toBe(3)
  })

  it('keeps previews when GitHub answers more than can be read, reading no more of it than the cap', async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    github.configure({ forbid: [], huge: { path: /\/pulls/, bytes: 300 * MiB } })
    const run = await prune()
    expect(run.exitCode).toBe(0)
    expect(deletes()).toEqual([])
    expect(names()).toEqual(['agent-pr-2'])
    expect(run.stdout).toMatch(
      /::warning::Could not read the open pull requests.*GitHub's answer was too large to read \(the response exceeded 32 MiB\)/
    )
    // Not retried: the same answer would be as large again.
    expect(pullRequests().length).toBe(1)
    expect(github.hugeBytesSent()).toBeLessThan(MAX_BODY_BYTES + 16 * MiB)
  })

  it('waits for the rate limit to reset, then goes on', async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    github.configure({ forbid: [], pullsFail: { status: 403, kind: 'rate-limit', resetInSeconds: 120, times: 1 } })
    const before = clock.sleeps.length
    const run = await prune()
    expect(errorLines(run)).toEqual([])
    expect(pruned(run)).toEqual(['agent-pr-2'])
    const waited = clock.sleeps.slice(before).filter((ms) => ms > 100_000)
    expect(waited).toHaveLength(1)
    expect(waited[0]).toBeLessThan(125_000)
  })

  it('says when the rate limit resets, and not that a permission is missing, when the reset is past the timeout', async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    closedPulls(2)
    github.configure({ forbid: [], pullsFail: { status: 403, kind: 'rate-limit', resetInSeconds: 7200 } })
    const run = await prune({ timeout: '10m' })
    expect(run.exitCode).toBe(0)
    expect(deletes()).toEqual([])
    const warning = run.stdout.split('\n').find((line) => line.startsWith('::warning::Could not read the open pull requests')) ?? ''
    expect(warning).toMatch(/rate limit for this token is used up until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(in \dh/)
    expect(warning).not.toContain('pull-requests: read')
  })

  it('honours retry-after', async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    github.configure({ forbid: [], pullsFail: { status: 429, retryAfter: 45, times: 1 } })
    const before = clock.sleeps.length
    const run = await prune()
    expect(pruned(run)).toEqual(['agent-pr-2'])
    expect(clock.sleeps.slice(before)).toContain(45_000)
  })

  it('deletes none when more are stale than max-deletions, fails and lists them', async () => {
    for (const n of [2, 3, 4]) sim.seedDeployment({ name: `agent-pr-${n}` })
    const run = await prune({ 'max-deletions': '2' })
    expect(run.exitCode).toBe(1)
    expect(deletes()).toEqual([])
    const [error] = errorLines(run)
    expect(error).toContain('3 previews are stale, more than `max-deletions` (2), so none was deleted')
    for (const n of [2, 3, 4]) expect(error).toContain(`\`agent-pr-${n}\``)
    expect(run.outputs).toMatchObject({ pruned: '[]' })
    // Over the cap, no single reads: nothing is about to be deleted.
    expect(pullRequests()).toHaveLength(1)
  })

  it('dry-run lists what it would delete and why, and deletes nothing', async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    sim.seedDeployment({ name: 'agent-pr-1' })
    openPulls(1)
    closedPulls(2)
    const run = await prune({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
    expect(run.outputs).toMatchObject({ pruned: '[]', operation: 'planned' })
    expect(run.summary).toMatch(/agent-pr-2<\/code> \| #2 \| would delete \| closed: pull request #2 is closed/)
    expect(run.summary).toContain('1 stale preview would be deleted; nothing was changed')
  })

  it('honours delete-tracing-project, one deployment at a time', async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    sim.seedDeployment({ name: 'agent-pr-3' })
    const run = await prune({ 'delete-tracing-project': 'true' })
    expect(run.exitCode).toBe(0)
    expect(deletes().map((r) => r.query)).toEqual([{ delete_tracing_project: 'true' }, { delete_tracing_project: 'true' }])
    expect(deletes().every((r) => r.path.startsWith('/v2/deployments/') && r.path.split('/').length === 4)).toBe(true)
  })

  it('goes on after a delete that fails, then fails listing what was and was not deleted', async () => {
    const failing = sim.seedDeployment({ name: 'agent-pr-2' })
    sim.seedDeployment({ name: 'agent-pr-3' })
    sim.addFault({
      method: 'DELETE',
      path: `/v2/deployments/${failing.id}`,
      times: Infinity,
      respond: { status: 400, body: '{"detail":"cannot delete now"}' }
    })
    const run = await prune()
    expect(run.exitCode).toBe(1)
    expect(pruned(run)).toEqual(['agent-pr-3'])
    const [error] = errorLines(run)
    expect(error).toContain('1 of 2 stale previews could not be deleted. Deleted: `agent-pr-3`. Not deleted: `agent-pr-2`.')
    expect(run.summary).toMatch(/agent-pr-2<\/code> \| #2 \| delete failed \|/)
    expect(names()).toEqual(['agent-pr-2'])
  })

  it("marks each deleted preview's GitHub environment inactive and edits its pull request comment", async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    sim.seedDeployment({ name: 'agent-pr-1' })
    openPulls(1)
    closedPulls(2)
    github.deployments.push(
      { id: 1, ref: 'a', environment: 'preview-pr-2', transient_environment: true, auto_merge: false, required_contexts: [] },
      { id: 2, ref: 'b', environment: 'preview-pr-1', transient_environment: true, auto_merge: false, required_contexts: [] }
    )
    github.comments.push(
      { id: 10, issue_number: 2, body: '<!-- agent-server-deploy:agent-pr-2 -->\n### ✅ deployed' },
      { id: 11, issue_number: 1, body: '<!-- agent-server-deploy:agent-pr-1 -->\n### ✅ deployed' }
    )
    const run = await prune({ 'github-environment': 'preview-pr-{pr}', 'pr-comment': 'true' })
    expect(errorLines(run)).toEqual([])
    expect(github.statuses.map((s) => [s.deployment_id, s.state])).toEqual([[1, 'inactive']])
    expect(github.comments.find((c) => c.id === 10)?.body).toContain(
      "### 🗑️ Deleted <code>agent-pr-2</code>\n\nThis pull request's preview is gone"
    )
    // Why it went, for whoever reads the pull request.
    expect(github.comments.find((c) => c.id === 10)?.body).toContain(
      'the scheduled <code>prune</code> deleted it as stale (closed: pull request #2 is closed)'
    )
    expect(github.comments.find((c) => c.id === 11)?.body).toBe('<!-- agent-server-deploy:agent-pr-1 -->\n### ✅ deployed')
    // No comment created anywhere.
    expect(github.comments).toHaveLength(2)
  })

  it('does nothing, and asks GitHub nothing, when no deployment matches', async () => {
    sim.seedDeployment({ name: 'agent-pr-x' })
    const run = await prune()
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ pruned: '[]', operation: 'unchanged' })
    expect(github.requests).toEqual([])
  })

  it.each([
    ['agent-pr', '`name-pattern` must contain `{pr}`'],
    ['agent-pr-{PR}', '`name-pattern` must contain `{pr}`'],
    ['{pr}', '`name-pattern` must contain text besides `{pr}`']
  ])('refuses the pattern %j before any request', async (pattern, message) => {
    const run = await prune({ 'name-pattern': pattern })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain(message)
    expect(sim.requests).toEqual([])
    expect(github.requests).toEqual([])
  })

  it('refuses a github-environment without {pr}', async () => {
    const run = await prune({ 'github-environment': 'preview' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain('`github-environment` must contain `{pr}` with `command: prune`')
    expect(sim.requests).toEqual([])
  })

  it('neutralises hostile names in the summary', async () => {
    const hostile = 'x<img src=y>|`z`-[l](https://evil)-'
    sim.seedDeployment({ name: `${hostile}2` })
    closedPulls(2)
    const run = await prune({ 'name-pattern': `${hostile}{pr}`, 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(run.summary).toContain('would delete')
    expect(run.summary).not.toMatch(/<img|\|`z`|\[l\]\(/)
  })

  it('sends the deletes one at a time, then waits for them together: all are deleted within the timeout', async () => {
    // Deleted deployments stay listed for a minute here, longer than the step may take: waiting for
    // each before sending the next would delete one of three.
    const slow = await startSimulatorOnClock({ deleteDelayMs: 60_000 })
    try {
      for (const n of [2, 3, 4]) slow.seedDeployment({ name: `agent-pr-${n}` })
      // When each DELETE is answered, how many had been sent: one more each time means none overlapped.
      const sentWhenAnswered: number[] = []
      slow.addFault({
        method: 'DELETE',
        path: /^\/v2\/deployments\//,
        times: Infinity,
        delayMs: 30,
        meanwhile: () => sentWhenAnswered.push(slow.faultLog.filter((f) => f.method === 'DELETE').length)
      })
      const run = await runPrune({ timeout: '30s', 'poll-interval': '1s' }, slow)
      expect(errorLines(run)).toEqual([])
      expect(run.exitCode).toBe(0)
      expect(sentWhenAnswered).toEqual([1, 2, 3])
      expect(slow.requests.filter((r) => r.method === 'DELETE').map((r) => r.status)).toEqual([204, 204, 204])
      expect(pruned(run)).toEqual(['agent-pr-2', 'agent-pr-3', 'agent-pr-4'])
      // Waited for together, until the deadline (less the reserve for the report): each still listed is said once.
      const stillListed = run.stdout.split('\n').filter((line) => line.startsWith('::warning::The delete of'))
      expect(stillListed).toHaveLength(3)
      expect(stillListed[0]).toContain('was accepted, but the control plane still lists it')
      expect(run.summary.match(/\| deleted \|/g)).toHaveLength(3)
    } finally {
      await slow.stop()
    }
  })

  it('waits until every deleted preview is gone', async () => {
    const slow = await startSimulatorOnClock({ deleteDelayMs: 5_000 })
    try {
      for (const n of [2, 3]) slow.seedDeployment({ name: `agent-pr-${n}` })
      const run = await runPrune({ 'poll-interval': '1s' }, slow)
      expect(run.exitCode).toBe(0)
      expect(pruned(run)).toEqual(['agent-pr-2', 'agent-pr-3'])
      expect(run.stdout).toContain('Deployment `agent-pr-2` is gone.')
      expect(run.stdout).toContain('Deployment `agent-pr-3` is gone.')
      expect(run.stdout).not.toContain('::warning::')
      expect(slow.deployments()).toEqual([])
    } finally {
      await slow.stop()
    }
  })

  it('stops near the deadline, keeping the rest, and fails saying what was and was not deleted', async () => {
    for (const n of [2, 3, 4]) sim.seedDeployment({ name: `agent-pr-${n}` })
    // The first delete is told to come back in 26 s: of a 30 s step, 5 s are kept for the report.
    sim.addFault({ method: 'DELETE', path: /^\/v2\/deployments\//, respond: { status: 429 }, retryAfter: '26' })
    const run = await prune({ timeout: '30s', 'poll-interval': '1s' })
    expect(run.exitCode).toBe(1)
    expect(deletes().map((r) => r.status)).toEqual([429, 204])
    expect(JSON.parse(run.outputs.pruned)).toHaveLength(1)
    const [error] = errorLines(run)
    expect(error).toContain("The step's `timeout` came before prune had finished. Deleted: `")
    expect(error).toMatch(/Not deleted: `agent-pr-\d`, `agent-pr-\d`\./)
    expect(run.summary.match(/\| not deleted \(no time left\) \|/g)).toHaveLength(2)
    expect(run.summary.match(/\| deleted \|/g)).toHaveLength(1)
  })

  it('after a cancel, its table, its output and GitHub all say what it had deleted', async () => {
    const slow = await startSimulatorOnClock({ deleteDelayMs: 60_000 })
    try {
      for (const n of [2, 3, 4]) slow.seedDeployment({ name: `agent-pr-${n}` })
      for (const n of [2, 3, 4]) {
        github.deployments.push({
          id: n,
          ref: 'r',
          environment: `preview-pr-${n}`,
          transient_environment: true,
          auto_merge: false,
          required_contexts: []
        })
        github.comments.push({ id: 10 + n, issue_number: n, body: `<!-- agent-server-deploy:agent-pr-${n} -->\n### ✅ deployed` })
      }
      const controller = new AbortController()
      // Cancelled while the second delete is answered: the third is never sent.
      slow.addFault({
        method: 'DELETE',
        path: /^\/v2\/deployments\//,
        skip: 1,
        applyThen: { status: 204 },
        meanwhile: () => controller.abort()
      })
      const run = await runInProcess({
        inputs: {
          'control-plane-url': slow.url,
          'api-key': slow.apiKey,
          command: 'prune',
          'name-pattern': 'agent-pr-{pr}',
          'github-token': github.token,
          'poll-interval': '1s',
          'github-environment': 'preview-pr-{pr}',
          'pr-comment': 'true'
        },
        env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY },
        signal: controller.signal
      })
      expect(run.exitCode).toBe(1)
      expect(slow.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2)
      const [first] = JSON.parse(run.outputs.pruned) as string[]
      expect(JSON.parse(run.outputs.pruned)).toEqual([first])
      const [error] = errorLines(run)
      expect(error).toMatch(new RegExp(`^The workflow was cancelled during prune, after deleting \`${first}\``))
      // The table agrees with the output: the one deleted is `deleted`, the others are not.
      const fates = run.summary.split('\n').filter((line) => /^\| <code>agent-pr-\d<\/code>/.test(line))
      expect(fates).toHaveLength(3)
      expect(fates.filter((line) => line.includes('| deleted |'))).toEqual([expect.stringContaining(`<code>${first}</code>`)])
      expect(fates.filter((line) => line.includes('| stale, not deleted |'))).toHaveLength(2)
      // GitHub is told about that one only: its environment retired, its comment edited.
      const pr = Number(first.split('-').at(-1))
      expect(github.statuses.map((s) => [s.deployment_id, s.state])).toEqual([[pr, 'inactive']])
      const edited = github.comments.filter((c) => c.body?.includes('🗑️ Deleted'))
      expect(edited.map((c) => c.issue_number)).toEqual([pr])
    } finally {
      await slow.stop()
    }
  })

  it('fails, deleting nothing, when the list of deployments never ends', async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    sim.addFault({ method: 'GET', path: '/v2/deployments', times: Infinity, endlessList: true })
    const run = await prune({ timeout: '5m' })
    expect(run.exitCode).toBe(1)
    const [error] = errorLines(run)
    expect(error).toMatch(
      /^Gave up listing deployments named like `agent-pr-` after 500 pages \(50000 deployments named like it\): the list did not end\. Nothing was deleted: /
    )
    expect(error).toContain('`name-pattern`')
    expect(error).not.toContain('deployment-id')
    expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
    expect(github.requests).toEqual([])
    expect(run.outputs).toMatchObject({ pruned: '[]' })
  })

  it('warns, and still succeeds, when GitHub refuses to retire the environment', async () => {
    sim.seedDeployment({ name: 'agent-pr-2' })
    sim.seedDeployment({ name: 'agent-pr-3' })
    github.configure({ forbid: ['deployments'] })
    const run = await prune({ 'github-environment': 'preview-pr-{pr}' })
    expect(run.exitCode).toBe(0)
    expect(pruned(run)).toEqual(['agent-pr-2', 'agent-pr-3'])
    // One warning for the feature, not one per preview: the rest would be refused the same way.
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::Could not update GitHub environment'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('deployments: write')
  })
})
