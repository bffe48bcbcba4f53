import { describe, expect, it } from '@jest/globals'
import { RateLimitedGitHub, type GitHubResponse } from '../src/operations/github/github-requests.js'
import { quoted } from '../src/core/quoted.js'
import { nextPage, readOpenPullRequests, readPullRequestStates } from '../src/operations/github/pull-requests.js'
import { FakeClock } from './helpers/clock.js'

type Reply = GitHubResponse | Error

/** A GitHub that answers from a script, one reply per request, and records the URLs asked for. */
function scripted(replies: Reply[], clock = new FakeClock(), deadlineMs = 600_000) {
  const urls: string[] = []
  const warnings: string[] = []
  const github = new RateLimitedGitHub(
    async (url) => {
      urls.push(url)
      const reply = replies.shift()
      if (!reply) throw new Error(`unexpected request ${url}`)
      if (reply instanceof Error) throw reply
      return reply
    },
    { clock, deadline: clock.now() + deadlineMs, reserveMs: 10_000, requestTimeoutMs: 5_000, warn: (line) => warnings.push(line) }
  )
  return { github, urls, warnings, clock }
}

const pulls = (...numbers: number[]) => numbers.map((number) => ({ number, state: 'open' }))
const ok = (data: unknown, headers: Record<string, string> = {}): GitHubResponse => ({ status: 200, headers, data })
const link = (next: string) => ({ link: `<${next}>; rel="next", <https://api.github.com/x?page=9>; rel="last"` })

describe('readOpenPullRequests', () => {
  it('reads the open pull requests in one request when they fit on a page', async () => {
    const { github, urls } = scripted([ok(pulls(1, 2, 3))])
    const open = await readOpenPullRequests(github, 'acme/agents')
    expect(open).toEqual({ kind: 'read', numbers: new Set([1, 2, 3]) })
    expect(urls).toEqual(['/repos/acme/agents/pulls?state=open&per_page=100'])
    expect(github.requests).toBe(1)
  })

  it('follows the Link header to every page', async () => {
    const { github, urls } = scripted([ok(pulls(1), link('https://api.github.com/repositories/1/pulls?page=2')), ok(pulls(2))])
    const open = await readOpenPullRequests(github, 'acme/agents')
    expect(open).toEqual({ kind: 'read', numbers: new Set([1, 2]) })
    expect(urls[1]).toBe('https://api.github.com/repositories/1/pulls?page=2')
  })

  it('is unreadable, naming the permission, when GitHub refuses with 403', async () => {
    const { github } = scripted([{ status: 403, headers: {}, data: { message: 'Resource not accessible by integration' } }])
    const open = await readOpenPullRequests(github, 'acme/agents')
    expect(open.kind).toBe('unreadable')
    expect(open.kind === 'unreadable' && open.reason).toContain('pull-requests: read')
    expect(github.requests).toBe(1)
  })

  it("quotes GitHub's message as code, whatever it holds, so that no part of it renders as our words", async () => {
    const message = 'Nope `<img src=x onerror=alert(1)>` [click](https://evil.example) @octo-org/admins'
    const { github } = scripted([{ status: 404, headers: {}, data: { message } }])
    const open = await readOpenPullRequests(github, 'acme/agents')
    const reason = open.kind === 'unreadable' ? open.reason : ''
    const spans = quoted(reason)
    const ours = spans.filter((part): part is string => typeof part === 'string').join('')
    expect(ours).not.toMatch(/img|evil|octo-org|Nope/)
    expect(spans).toContainEqual({ code: message.replace(/`/g, "'") })
  })

  it('is unreadable when a later page fails: a partial list proves nothing', async () => {
    const failing: GitHubResponse = { status: 502, headers: {}, data: '' }
    const { github } = scripted([ok(pulls(1), link('https://api.github.com/r/pulls?page=2')), failing, failing, failing])
    const open = await readOpenPullRequests(github, 'acme/agents')
    expect(open.kind).toBe('unreadable')
    expect(github.requests).toBe(4)
  })

  it('retries a 5xx and a network failure, then succeeds', async () => {
    const { github, clock } = scripted([{ status: 503, headers: {}, data: '' }, new Error('socket hang up'), ok(pulls(4))])
    expect(await readOpenPullRequests(github, 'acme/agents')).toEqual({ kind: 'read', numbers: new Set([4]) })
    expect(clock.sleeps).toEqual([1_000, 3_000])
  })

  it('waits out retry-after on a secondary rate limit', async () => {
    const { github, clock, warnings } = scripted([
      { status: 403, headers: { 'retry-after': '30' }, data: { message: 'secondary rate limit' } },
      ok(pulls(5))
    ])
    expect(await readOpenPullRequests(github, 'acme/agents')).toEqual({ kind: 'read', numbers: new Set([5]) })
    expect(clock.sleeps).toEqual([30_000])
    expect(warnings.join('\n')).toContain('retry after 30s')
  })

  it('waits for x-ratelimit-reset when the limit is used up, before sending the next page', async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 60)
    const { github, clock } = scripted([
      ok(pulls(1), { ...link('https://api.github.com/r/pulls?page=2'), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }),
      ok(pulls(2))
    ])
    expect(await readOpenPullRequests(github, 'acme/agents')).toEqual({ kind: 'read', numbers: new Set([1, 2]) })
    expect(clock.sleeps).toHaveLength(1)
    expect(clock.sleeps[0]).toBeGreaterThan(55_000)
    expect(clock.sleeps[0]).toBeLessThan(63_000)
  })

  it('gives up rather than wait past the deadline', async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 3600)
    const { github, clock } = scripted(
      [
        { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }, data: { message: 'API rate limit exceeded' } }
      ],
      new FakeClock(),
      120_000
    )
    const open = await readOpenPullRequests(github, 'acme/agents')
    expect(open.kind).toBe('unreadable')
    expect(open.kind === 'unreadable' && open.reason).toContain('rate limit')
    expect(clock.sleeps).toEqual([])
    expect(github.requests).toBe(1)
  })

  it('says when a rate limit resets, and gives no permission hint for it', async () => {
    const resetAt = Math.ceil(Date.now() / 1000) + 3600
    const { github } = scripted(
      [
        {
          status: 403,
          headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetAt) },
          data: { message: 'API rate limit exceeded' }
        }
      ],
      new FakeClock(),
      120_000
    )
    const open = await readOpenPullRequests(github, 'acme/agents')
    const reason = open.kind === 'unreadable' ? open.reason : ''
    expect(reason).toContain(`until ${new Date(resetAt * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')}`)
    expect(reason).not.toContain('pull-requests: read')
  })

  it('gives no permission hint when a retry-after would pass the deadline', async () => {
    const { github } = scripted(
      [{ status: 403, headers: { 'retry-after': '3600' }, data: { message: 'secondary rate limit' } }],
      new FakeClock(),
      120_000
    )
    const open = await readOpenPullRequests(github, 'acme/agents')
    const reason = open.kind === 'unreadable' ? open.reason : ''
    expect(reason).toContain('retry after 1h')
    expect(reason).not.toContain('pull-requests: read')
  })

  it('does not send when the deadline is too near', async () => {
    const clock = new FakeClock()
    const { github } = scripted([], clock, 5_000)
    const open = await readOpenPullRequests(github, 'acme/agents')
    expect(open.kind).toBe('unreadable')
    expect(github.requests).toBe(0)
  })

  it('refuses a page that lists a pull request that is not open', async () => {
    const { github } = scripted([ok([{ number: 1, state: 'closed' }])])
    expect((await readOpenPullRequests(github, 'acme/agents')).kind).toBe('unreadable')
  })
})

describe('readPullRequestStates', () => {
  it('tells open, closed and missing apart, and unknown on a failure', async () => {
    const { github, urls } = scripted([
      ok({ number: 3, state: 'closed' }),
      { status: 404, headers: {}, data: { message: 'Not Found' } },
      ok({ number: 5, state: 'open' }),
      { status: 403, headers: {}, data: { message: 'Forbidden' } }
    ])
    const states = await readPullRequestStates(github, 'acme/agents', [3, 4, 5, 6])
    expect([...states]).toEqual([
      [3, 'closed'],
      [4, 'missing'],
      [5, 'open'],
      [6, 'unknown']
    ])
    expect(urls).toEqual([
      '/repos/acme/agents/pulls/3',
      '/repos/acme/agents/pulls/4',
      '/repos/acme/agents/pulls/5',
      '/repos/acme/agents/pulls/6'
    ])
  })
})

describe('nextPage', () => {
  it('finds rel="next" among the links', () => {
    expect(nextPage('<https://a/x?page=1>; rel="prev", <https://a/x?page=3>; rel="next"')).toBe('https://a/x?page=3')
    expect(nextPage('<https://a/x?page=1>; rel="prev"')).toBeUndefined()
    expect(nextPage(undefined)).toBeUndefined()
  })
})
