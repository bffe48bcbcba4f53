import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../sim/github.js'
import { lifecycles, type Simulator } from '../sim/index.js'
import { clock, startSimulatorOnClock } from './helpers/in-process.js'

let github: FakeGitHub
let sim: Simulator
beforeAll(async () => {
  github = await startFakeGitHub({ now: clock.now })
  sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(100) })
})
afterAll(() => Promise.all([github.stop(), sim.stop()]))
beforeEach(() => {
  github.reset()
  github.configure({ forbid: [] })
  sim.reset()
  sim.connectGitHub(undefined)
})

async function get(path: string) {
  const response = await fetch(`${github.url}${path}`, { headers: { authorization: `Bearer ${github.token}` } })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

describe('fake GitHub: compare and commits', () => {
  it('answers each compare status, with the files the head side changed, renames included', async () => {
    const root = github.commitOn('main', ['a.txt'])
    const renamed = github.commitOn('main', [{ filename: 'b.txt', status: 'renamed', previous_filename: 'a.txt' }, 'c.txt'])
    const side = github.addCommit({ parents: [root], files: ['d.txt'] })
    const ahead = await get(`/repos/o/r/compare/${root}...${renamed}`)
    expect(ahead.body).toMatchObject({ status: 'ahead', ahead_by: 1, behind_by: 0 })
    expect(ahead.body.files).toEqual([
      { filename: 'b.txt', status: 'renamed', previous_filename: 'a.txt' },
      { filename: 'c.txt', status: 'modified' }
    ])
    expect((await get(`/repos/o/r/compare/${renamed}...${root}`)).body).toMatchObject({ status: 'behind', files: [] })
    expect((await get(`/repos/o/r/compare/${renamed}...${side}`)).body).toMatchObject({
      status: 'diverged',
      files: [{ filename: 'd.txt' }]
    })
    expect((await get(`/repos/o/r/compare/${root}...${root}`)).body).toMatchObject({ status: 'identical', files: [] })
    expect((await get(`/repos/o/r/compare/${root}...main`)).body.status).toBe('ahead')
  })

  it('lists the files of a commit as its history left them (a tree listing, folders included), cut short past its limit', async () => {
    const root = github.commitOn('main', ['agents/support/graph.py', 'README.md', 'old/x.py'])
    const head = github.commitOn('main', [
      { filename: 'libs/shared/util.py', status: 'renamed', previous_filename: 'old/x.py' },
      { filename: 'README.md', status: 'removed' }
    ])
    const listed = await get(`/repos/o/r/git/trees/${head}?recursive=1`)
    expect(listed.status).toBe(200)
    expect(listed.body.truncated).toBe(false)
    expect(listed.body.tree.map((e: { path: string; type: string }) => `${e.type} ${e.path}`)).toEqual([
      'tree agents',
      'tree agents/support',
      'blob agents/support/graph.py',
      'tree libs',
      'tree libs/shared',
      'blob libs/shared/util.py'
    ])
    expect(
      (await get(`/repos/o/r/git/trees/${root}?recursive=1`)).body.tree.filter((e: { type: string }) => e.type === 'blob')
    ).toHaveLength(3)
    expect((await get(`/repos/o/r/git/trees/${head}`)).body.tree.map((e: { path: string }) => e.path)).toEqual(['agents', 'libs'])
    github.configure({ treeLimit: 2 })
    expect((await get(`/repos/o/r/git/trees/${head}?recursive=1`)).body).toMatchObject({
      truncated: true,
      tree: [{ path: 'agents' }, { path: 'agents/support' }]
    })
    expect((await get(`/repos/o/r/git/trees/${'0'.repeat(40)}?recursive=1`)).status).toBe(404)
  })

  it('lists at most 300 files, and answers 404 for an unknown commit', async () => {
    const base = github.commitOn('main', ['x'])
    const head = github.commitOn(
      'main',
      Array.from({ length: 305 }, (_, i) => `f${i}`)
    )
    expect((await get(`/repos/o/r/compare/${base}...${head}`)).body.files).toHaveLength(300)
    expect((await get(`/repos/o/r/compare/${'0'.repeat(40)}...${head}`)).status).toBe(404)
  })

  it('reads a commit by branch, tag (full ref too) or sha; 422 for an unknown ref', async () => {
    const one = github.commitOn('main', ['a'])
    github.moveRef('refs/tags/v1', one)
    const two = github.commitOn('main', ['b'])
    expect((await get('/repos/o/r/commits/main')).body.sha).toBe(two)
    expect((await get('/repos/o/r/commits/v1')).body.sha).toBe(one)
    expect((await get(`/repos/o/r/commits/${encodeURIComponent('refs/tags/v1')}`)).body.sha).toBe(one)
    expect((await get(`/repos/o/r/commits/${one}`)).body.sha).toBe(one)
    expect((await get('/repos/o/r/commits/nope')).status).toBe(422)
  })

  it('moves a ref at a time, or after a number of requests', async () => {
    const one = github.commitOn('main', ['a'])
    const two = github.addCommit({ parents: [one] })
    const three = github.addCommit({ parents: [two] })
    const start = clock.now()
    github.moveRef('main', two, { at: start + 1_000 })
    expect(github.refHead('main')).toBe(one)
    expect(github.refHead('main', start + 1_000)).toBe(two)
    await clock.sleep(1_000)
    github.moveRef('main', three, { afterRequests: 2 })
    expect((await get('/repos/o/r/commits/main')).body.sha).toBe(two)
    expect((await get('/repos/o/r/commits/main')).body.sha).toBe(two)
    expect((await get('/repos/o/r/commits/main')).body.sha).toBe(three)
  })

  it('fails commit reads as configured: a rate limit with its headers', async () => {
    github.commitOn('main', ['a'])
    github.configure({ gitFail: { status: 429, kind: 'rate-limit', times: 1 } })
    const limited = await get('/repos/o/r/commits/main')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)
    expect((await get('/repos/o/r/commits/main')).status).toBe(200)
  })
})

describe("the simulator builds the commit a connected GitHub's ref points to when the build starts", () => {
  it("builds the new head when the branch moves between the revision's creation and its build", async () => {
    const first = github.commitOn('main', ['a'])
    sim.connectGitHub(github)
    const seeded = sim.seedDeployment({ name: 'agent' })
    const id = String(seeded.id)
    const revisionSha = () => (sim.revisions(id)[0].source_revision_config as Record<string, unknown>).repo_commit_sha
    expect(revisionSha()).toBe(first)
    const patched = await fetch(`${sim.url}/v2/deployments/${id}`, {
      method: 'PATCH',
      headers: { 'x-api-key': sim.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ source_revision_config: { repo_ref: 'main' } })
    })
    expect(patched.status).toBe(200)
    // Not built yet: no commit. The branch moves before the build starts (CREATING, QUEUED, AWAITING_BUILD: 300 ms).
    expect(revisionSha()).toBeNull()
    const second = github.commitOn('main', ['b'])
    await clock.sleep(300)
    expect(revisionSha()).toBe(second)
    // Fixed once built: a later move changes nothing.
    github.commitOn('main', ['c'])
    await clock.sleep(1_000)
    expect(revisionSha()).toBe(second)
  })
})
