import { afterEach, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CancelledError } from '../src/core/cancel.js'
import { checkHealth } from '../src/operations/agent-server/health-check.js'
import { parseHealthCheckPath } from '../src/inputs/health-path.js'
import { healthCheckTarget } from '../src/operations/agent-server/health-url.js'
import { FakeClock } from './helpers/clock.js'

describe('parseHealthCheckPath', () => {
  it.each(['/ok', '/health/ready', '/ok?verbose=1', '/a-b_c.d/~e'])('accepts %s', (path) => {
    expect(parseHealthCheckPath(path)).toBe(path)
  })

  it.each([
    ['//evil.example/ok', 'must not start with `//`'],
    ['@evil.example/ok', 'must start with `/`'],
    ['/ok@evil.example', 'must not contain `@`'],
    ['https://evil.example/ok', 'must be a path, not a full URL'],
    ['javascript:alert(1)', 'must be a path, not a full URL'],
    ['/x/https://evil.example', 'must be a path, not a full URL'],
    ['/\\evil.example/ok', 'must not contain `\\`'],
    ['\\\\evil.example/ok', 'must start with `/`'],
    ['ok', 'must start with `/`'],
    ['evil.example:443/ok', 'must be a path, not a full URL'],
    ['/../other/ok', 'must not contain `.` or `..` segments'],
    ['/%2e%2e/other', 'must not contain `.` or `..` segments'],
    ['/%2F%2Fevil.example', 'must not contain an encoded'],
    ['/ok\nX-Injected: 1', 'control characters'],
    ['/o k', 'control characters'],
    ['/ok#frag', 'fragment']
  ])('refuses %j', (path, why) => {
    expect(() => parseHealthCheckPath(path)).toThrow(why)
  })
})

describe('healthCheckTarget', () => {
  it('joins the reported URL and the path, keeping the reported path', () => {
    expect(healthCheckTarget('https://agent.example.com', '/ok')).toEqual({ url: 'https://agent.example.com/ok' })
    expect(healthCheckTarget('https://host.example/deployments/abc/', '/ok')).toEqual({ url: 'https://host.example/deployments/abc/ok' })
    expect(healthCheckTarget('http://127.0.0.1:8123/d/1', '/ok')).toEqual({ url: 'http://127.0.0.1:8123/d/1/ok' })
  })

  it.each([
    [null, 'reported no URL'],
    ['', 'reported no URL'],
    ['http://agent.example.com', 'not https://'],
    ['ftp://agent.example.com', 'not https://'],
    ['https://user:pw@agent.example.com', 'user name or password'],
    ['not a url', 'not a valid URL']
  ])('refuses the reported URL %j', (reported, why) => {
    const target = healthCheckTarget(reported, '/ok')
    expect('refused' in target && target.refused).toContain(why)
  })

  // The input rules stop these first; the join is checked again in case they are ever loosened.
  it.each(['//evil.example/ok', '@evil.example/ok', '\\\\evil.example', ':8443/ok', '/ok/../../x'])(
    'never lets a path %j move the request to another origin or out of the reported path',
    (path) => {
      for (const base of ['https://agent.example.com', 'https://agent.example.com/base']) {
        const target = healthCheckTarget(base, path)
        if ('refused' in target) continue
        const url = new URL(target.url)
        expect(url.origin).toBe('https://agent.example.com')
        expect(url.pathname.startsWith(`${new URL(base).pathname.replace(/\/$/, '')}/`)).toBe(true)
      }
    }
  )

  it('refuses a joined URL that climbs out of the reported path', () => {
    expect(healthCheckTarget('https://agent.example.com/base', '/../ok')).toHaveProperty('refused')
    expect(healthCheckTarget('https://agent.example.com/base', '@evil.example/ok')).toHaveProperty('refused')
  })
})

interface Probed {
  url: string
  headers: IncomingHttpHeaders
}

let server: Server | undefined
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A loopback health endpoint answering with `statuses` in turn (the last one repeats); `hang` never answers. */
async function endpoint(statuses: Array<number | 'hang'>): Promise<{ url: string; requests: Probed[]; closed: () => number }> {
  const requests: Probed[] = []
  let closed = 0
  server = createServer((req, res) => {
    const answer = statuses[Math.min(requests.length, statuses.length - 1)]
    requests.push({ url: req.url ?? '', headers: req.headers })
    req.socket.on('close', () => closed++)
    if (answer === 'hang') return
    res.writeHead(answer).end('body')
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/ok`, requests, closed: () => closed }
}

describe('checkHealth', () => {
  it('passes after a cold start, backing off and logging every attempt', async () => {
    const api = await endpoint([503, 502, 200])
    const clock = new FakeClock()
    const lines: string[] = []
    const verdict = await checkHealth({
      url: api.url,
      headers: { 'X-Api-Key': 'k' },
      clock,
      deadline: clock.now() + 120_000,
      log: (l) => lines.push(l)
    })
    expect(verdict).toMatchObject({ healthy: true, attempts: 3, last: 'HTTP 200' })
    expect(clock.sleeps).toEqual([1_000, 2_000])
    expect(lines).toHaveLength(3)
    expect(lines[0]).toContain('attempt 1: GET http://127.0.0.1')
    expect(lines[0]).toContain('HTTP 503; trying again in 1s')
    expect(lines[2]).toContain('healthy')
    expect(api.requests.map((r) => r.headers['x-api-key'])).toEqual(['k', 'k', 'k'])
  })

  it('fails when the endpoint keeps failing, within its deadline', async () => {
    const api = await endpoint([503])
    const clock = new FakeClock()
    const start = clock.now()
    const verdict = await checkHealth({ url: api.url, headers: {}, clock, deadline: start + 30_000, log: () => {} })
    expect(verdict.healthy).toBe(false)
    expect(verdict.last).toBe('HTTP 503')
    // 1+2+4+8+10 s of waits fit in 30 s; the next 10 s would not.
    expect(clock.sleeps).toEqual([1_000, 2_000, 4_000, 8_000, 10_000])
    expect(verdict.attempts).toBe(6)
    expect(clock.now()).toBeLessThanOrEqual(start + 30_000)
  })

  it('does not follow a redirect', async () => {
    const api = await endpoint([302])
    const clock = new FakeClock()
    const verdict = await checkHealth({ url: api.url, headers: {}, clock, deadline: clock.now() + 500, log: () => {} })
    expect(verdict.healthy).toBe(false)
    expect(verdict.last).toContain('redirect, not followed')
    expect(api.requests).toHaveLength(1)
  })

  it('aborts an attempt past its time limit, closing the socket', async () => {
    const api = await endpoint(['hang'])
    const clock = new FakeClock()
    const started = Date.now()
    const verdict = await checkHealth({ url: api.url, headers: {}, clock, deadline: clock.now() + 500, attemptLimitMs: 200, log: () => {} })
    expect(verdict).toMatchObject({ healthy: false, attempts: 1, last: 'no answer within 200ms' })
    expect(Date.now() - started).toBeLessThan(2_000)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.closed()).toBe(1)
  })

  it('limits an attempt to what is left before the deadline', async () => {
    const api = await endpoint(['hang'])
    const clock = new FakeClock()
    const verdict = await checkHealth({ url: api.url, headers: {}, clock, deadline: clock.now() + 150, log: () => {} })
    expect(verdict.last).toBe('no answer within 150ms')
  })

  it('stops at once, aborting the request, when the workflow is cancelled', async () => {
    const api = await endpoint(['hang'])
    const clock = new FakeClock()
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    await expect(
      checkHealth({ url: api.url, headers: {}, clock, deadline: clock.now() + 60_000, signal: controller.signal, log: () => {} })
    ).rejects.toBeInstanceOf(CancelledError)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.closed()).toBe(1)
  })

  it('makes no request when no time is left', async () => {
    const api = await endpoint([200])
    const clock = new FakeClock()
    const verdict = await checkHealth({ url: api.url, headers: {}, clock, deadline: clock.now(), log: () => {} })
    expect(verdict).toMatchObject({ healthy: false, attempts: 0 })
    expect(api.requests).toHaveLength(0)
  })
})
