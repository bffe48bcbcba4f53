import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEchoServer, startSimulator } from '../sim/index.js'
import type { EchoServer, FaultRule, Simulator } from '../sim/index.js'

const T0 = Date.parse('2026-03-01T12:00:00.000Z')
const clock = { t: T0 }
let sim: Simulator

beforeAll(async () => {
  sim = await startSimulator({ now: () => clock.t })
})
beforeEach(() => {
  clock.t = T0
  sim.reset()
})
afterAll(async () => {
  await sim.stop()
})

function deploymentBody(name: string): Record<string, unknown> {
  return {
    name,
    source: 'external_docker',
    source_config: {},
    source_revision_config: { image_uri: `registry.example/${name}:1` },
    secrets: []
  }
}

function send(method: string, path: string, { body, init = {} }: { body?: unknown; init?: RequestInit } = {}) {
  return fetch(sim.url + path, {
    method,
    headers: { 'X-Api-Key': sim.apiKey, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...init
  })
}

const create = (name: string, init?: RequestInit) => send('POST', '/v2/deployments', { body: deploymentBody(name), init })
const list = () => send('GET', '/v2/deployments')
const names = () => sim.deployments().map((d) => d.name)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function statuses(count: number, request: () => Promise<Response>): Promise<number[]> {
  const seen: number[] = []
  for (let i = 0; i < count; i++) {
    const response = await request()
    await response.arrayBuffer()
    seen.push(response.status)
  }
  return seen
}

/** The rejection fetch gives for a connection the server reset (errors of another realm: no instanceof). */
async function expectReset(request: Promise<Response>) {
  const error = (await request.then(
    () => undefined,
    (e: unknown) => e
  )) as (Error & { cause?: { code?: string } }) | undefined
  expect(error?.message).toBe('fetch failed')
  expect(error?.cause?.code).toBe('ECONNRESET')
}

describe('respond', () => {
  it('answers instead of the API, before authentication, with Retry-After, and does not apply the request', async () => {
    sim.addFault({ method: 'POST', respond: { status: 503, body: '{"detail":"busy"}' }, retryAfter: '2' })
    const response = await fetch(sim.url + '/v2/deployments', { method: 'POST', body: 'not even json' })
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('2')
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual({ detail: 'busy' })
    expect(names()).toEqual([])

    // times defaults to 1
    expect((await create('agent')).status).toBe(201)
    expect(names()).toEqual(['agent'])
  })

  it('sends an HTTP-date Retry-After, the given headers, and a text body as text/plain', async () => {
    const date = 'Sun, 01 Mar 2026 12:00:05 GMT'
    sim.addFault({ respond: { status: 429, body: 'slow down', headers: { 'X-RateLimit-Remaining': '0' } }, retryAfter: date })
    const response = await list()
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe(date)
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toBe('slow down')
  })

  it('answers on a path the API does not have', async () => {
    sim.addFault({ path: '/nowhere', respond: { status: 502 } })
    const response = await send('GET', '/nowhere')
    expect(response.status).toBe(502)
    expect(await response.text()).toBe('')
    expect((await send('GET', '/nowhere')).status).toBe(404)
  })
})

describe('resets', () => {
  it('resetBefore drops the connection and leaves the store unchanged', async () => {
    sim.addFault({ method: 'POST', path: '/v2/deployments', resetBefore: true })
    await expectReset(create('agent'))
    expect(names()).toEqual([])
    expect(sim.requests).toEqual([
      expect.objectContaining({ method: 'POST', path: '/v2/deployments', status: 0, fault: 'resetBefore', body: deploymentBody('agent') })
    ])
    expect((await create('agent')).status).toBe(201)
  })

  it("applyThen 'reset' creates the deployment although the client saw a reset", async () => {
    sim.addFault({ method: 'POST', applyThen: 'reset' })
    await expectReset(create('agent'))
    expect(names()).toEqual(['agent'])
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([[0, 'applyThen']])
    // A blind retry now collides with what the first attempt created.
    expect((await create('agent')).status).toBe(409)
  })

  it('applyThen with a status creates the deployment and answers that status instead', async () => {
    sim.addFault({ method: 'POST', applyThen: { status: 502, body: 'Bad Gateway' } })
    const response = await create('agent')
    expect(response.status).toBe(502)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toBe('Bad Gateway')
    expect(names()).toEqual(['agent'])
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([[502, 'applyThen']])
  })

  it('applyThen applies a PATCH: the revision exists though the client got a 502', async () => {
    const seeded = sim.seedDeployment({ name: 'agent', source: 'external_docker' })
    sim.addFault({ method: 'PATCH', applyThen: { status: 502 } })
    const response = await send('PATCH', `/v2/deployments/${seeded.id}`, {
      body: { source_revision_config: { image_uri: 'registry.example/agent:2' } }
    })
    expect(response.status).toBe(502)
    expect(sim.revisions(seeded.id)).toHaveLength(2)
  })
})

/** Until the simulator has begun holding a delayed request: its fault is logged when the hold begins. */
async function heldBySimulator(): Promise<void> {
  for (let waited = 0; sim.faultLog.length === 0; waited += 5) {
    if (waited > 2_000) throw new Error('the request never reached the simulator')
    await sleep(5)
  }
}

describe('delayMs', () => {
  it('applies the request at the end of the delay, then answers it', async () => {
    sim.addFault({ method: 'POST', delayMs: 400 })
    const started = performance.now()
    const pending = create('agent')
    await heldBySimulator()
    expect(names()).toEqual([])
    expect(sim.requests).toEqual([])
    const response = await pending
    expect(performance.now() - started).toBeGreaterThanOrEqual(390)
    expect(response.status).toBe(201)
    expect((await response.json()).name).toBe('agent')
    expect(names()).toEqual(['agent'])
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([[201, 'delayMs']])
  })

  it('still applies the request when the client gave up meanwhile', async () => {
    sim.addFault({ method: 'POST', delayMs: 100 })
    // Give up only once the simulator holds the request: a time-based abort (20 ms) fired before
    // the first connection of a fresh process was even open, so the request never arrived.
    const controller = new AbortController()
    const pending = create('agent', { signal: controller.signal })
    await heldBySimulator()
    controller.abort()
    await expect(pending).rejects.toThrow()
    expect(names()).toEqual([])
    for (let waited = 0; sim.requests.length === 0 && waited < 1000; waited += 10) await sleep(10)
    expect(names()).toEqual(['agent'])
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([[201, 'delayMs']])
  })

  it('is dropped, never applied, by reset()', async () => {
    sim.addFault({ method: 'POST', delayMs: 400 })
    const pending = create('agent')
    await heldBySimulator()
    sim.reset()
    await expect(pending).rejects.toThrow('fetch failed')
    await sleep(100)
    expect(names()).toEqual([])
    expect(sim.requests).toEqual([])
  })
})

describe('malformed', () => {
  it('html: applies the request and answers its real status with a proxy error page', async () => {
    sim.addFault({ malformed: 'html' })
    const response = await create('agent')
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const text = await response.text()
    expect(text).toMatch(/^<html><.*<body><h1>Proxy error<\/h1>.*<\/body><\/html>$/)
    expect(names()).toEqual(['agent'])
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([[201, 'malformed']])
  })

  it('truncated: the first half of the real JSON', async () => {
    sim.addFault({ malformed: 'truncated' })
    const response = await create('agent')
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toBe('application/json')
    const text = await response.text()
    const full = JSON.stringify(sim.deployments()[0])
    expect(text).toBe(full.slice(0, Math.floor(full.length / 2)))
    expect(() => JSON.parse(text)).toThrow()
  })

  it('not-json: plain text', async () => {
    sim.addFault({ malformed: 'not-json' })
    const response = await create('agent')
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await response.text()
    expect(text.length).toBeGreaterThan(0)
    expect(() => JSON.parse(text)).toThrow()
    expect(names()).toEqual(['agent'])
  })

  it('missing-fields: a resource without id and latest_revision_id', async () => {
    sim.addFault({ malformed: 'missing-fields' })
    const response = await create('agent')
    expect(response.status).toBe(201)
    const body = await response.json()
    const { id: _id, latest_revision_id: _latest, ...rest } = sim.deployments()[0]
    expect(body).toEqual(rest)
    expect(body).not.toHaveProperty('id')
    expect(body).not.toHaveProperty('latest_revision_id')
  })

  it('missing-fields: a list without resources', async () => {
    sim.seedDeployment({ name: 'agent' })
    sim.addFault({ malformed: 'missing-fields' })
    const response = await list()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ offset: 1 })
  })

  it('empty: the real status with no body', async () => {
    sim.addFault({ malformed: 'empty' })
    const response = await create('agent')
    expect(response.status).toBe(201)
    expect(await response.text()).toBe('')
    expect(names()).toEqual(['agent'])
  })

  it('keeps the real error status', async () => {
    sim.addFault({ malformed: 'html' })
    const response = await fetch(sim.url + '/v2/deployments')
    expect(response.status).toBe(401)
    expect(await response.text()).toContain('Proxy error')
  })
})

describe('redirectTo', () => {
  let echo: EchoServer
  beforeAll(async () => {
    echo = await startEchoServer()
  })
  beforeEach(() => {
    echo.requests.length = 0
  })
  afterAll(async () => {
    await echo.stop()
  })

  it('answers 307 to the same path and query elsewhere, without applying the request', async () => {
    sim.addFault({ method: 'POST', redirectTo: echo.url })
    const response = await send('POST', '/v2/deployments?dry=1&x=a%20b', {
      body: deploymentBody('agent'),
      init: { redirect: 'manual' }
    })
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe(`${echo.url}/v2/deployments?dry=1&x=a%20b`)
    expect(names()).toEqual([])
    expect(echo.requests).toEqual([])
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([[307, 'redirectTo']])
  })

  it('does not double the slash of a base URL that ends in one', async () => {
    sim.addFault({ redirectTo: `${echo.url}/` })
    const response = await send('GET', '/v2/deployments', { init: { redirect: 'manual' } })
    expect(response.headers.get('location')).toBe(`${echo.url}/v2/deployments`)
  })

  it('lets the echo server record what a following client sends it', async () => {
    sim.addFault({ redirectTo: echo.url })
    const response = await fetch(`${sim.url}/v2/deployments?limit=5`, {
      headers: { 'X-Api-Key': sim.apiKey, 'X-Trace-Id': 'abc' }
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ resources: [], offset: 0 })
    expect(echo.requests).toHaveLength(1)
    expect(echo.requests[0]).toMatchObject({ method: 'GET', path: '/v2/deployments', query: { limit: '5' }, body: '' })
    // Header names arrive lower-cased; a naive client carries its API key to the other origin.
    expect(echo.requests[0].headers).toMatchObject({ 'x-trace-id': 'abc', 'x-api-key': sim.apiKey })
    expect(sim.requests.map((r) => r.status)).toEqual([307])
  })
})

describe('counting and matching', () => {
  it('lets `skip` requests through, then affects `times` of them', async () => {
    sim.addFault({ method: 'GET', skip: 2, times: 2, respond: { status: 500 } })
    expect(await statuses(6, list)).toEqual([200, 200, 500, 500, 200, 200])
  })

  it('affects every matching request with times: Infinity', async () => {
    sim.addFault({ times: Infinity, respond: { status: 503 } })
    expect(await statuses(5, list)).toEqual([503, 503, 503, 503, 503])
  })

  it('matches the method in any case and leaves other methods alone', async () => {
    sim.addFault({ method: 'post', times: Infinity, respond: { status: 503 } })
    expect((await list()).status).toBe(200)
    expect((await create('agent')).status).toBe(503)
  })

  it('matches an exact path, ignoring the query', async () => {
    const seeded = sim.seedDeployment({ name: 'agent' })
    sim.addFault({ path: '/v2/deployments', times: Infinity, respond: { status: 503 } })
    expect((await send('GET', `/v2/deployments/${seeded.id}`)).status).toBe(200)
    expect((await send('GET', '/v2/deployments/')).status).toBe(404)
    expect((await send('GET', '/v2/deployments?limit=1')).status).toBe(503)
  })

  it('tests a RegExp against the path, every time even when it is global', async () => {
    const seeded = sim.seedDeployment({ name: 'agent' })
    const revision = `/v2/deployments/${seeded.id}/revisions/${seeded.latest_revision_id}`
    sim.addFault({ path: /\/revisions\//g, times: Infinity, respond: { status: 503 } })
    expect((await send('GET', `/v2/deployments/${seeded.id}`)).status).toBe(200)
    expect(await statuses(3, () => send('GET', revision))).toEqual([503, 503, 503])
    expect((await send('GET', `/v2/deployments/${seeded.id}/revisions`)).status).toBe(200)
  })

  it('gives a request to the earliest rule due, and counts only what a rule affected against its times', async () => {
    sim.addFault({ method: 'GET', respond: { status: 500 } })
    sim.addFault({ method: 'GET', respond: { status: 503 } })
    expect(await statuses(3, list)).toEqual([500, 503, 200])
  })

  it("counts a request another rule took against a rule's skip", async () => {
    sim.addFault({ method: 'GET', respond: { status: 500 } })
    sim.addFault({ method: 'GET', skip: 1, respond: { status: 503 } })
    expect(await statuses(3, list)).toEqual([500, 503, 200])
  })
})

describe('fault log', () => {
  it('records each injected fault in order, and marks the request in the request log', async () => {
    const seeded = sim.seedDeployment({ name: 'agent' })
    const busy = sim.addFault({ method: 'GET', path: '/v2/deployments', skip: 1, respond: { status: 503 } })
    const drop = sim.addFault({ method: 'DELETE', resetBefore: true })
    expect(busy).not.toBe(drop)

    await statuses(1, list)
    clock.t = T0 + 1000
    await statuses(1, () => send('GET', '/v2/deployments?limit=3'))
    clock.t = T0 + 2000
    await expectReset(send('DELETE', `/v2/deployments/${seeded.id}`))
    await statuses(1, list)

    expect(sim.faultLog).toEqual([
      { id: busy, method: 'GET', path: '/v2/deployments', effect: 'respond', at: T0 + 1000 },
      { id: drop, method: 'DELETE', path: `/v2/deployments/${seeded.id}`, effect: 'resetBefore', at: T0 + 2000 }
    ])
    expect(sim.requests.map((r) => [r.method, r.status, r.fault])).toEqual([
      ['GET', 200, undefined],
      ['GET', 503, 'respond'],
      ['DELETE', 0, 'resetBefore'],
      ['GET', 200, undefined]
    ])
    expect(sim.requests[0]).not.toHaveProperty('fault')
    expect(names()).toEqual(['agent'])
  })

  it('clearFaults stops injecting and keeps the log', async () => {
    sim.addFault({ times: Infinity, respond: { status: 503 } })
    expect(await statuses(2, list)).toEqual([503, 503])
    sim.clearFaults()
    expect(await statuses(2, list)).toEqual([200, 200])
    expect(sim.faultLog.map((f) => f.effect)).toEqual(['respond', 'respond'])
  })

  it('reset clears the rules and the log', async () => {
    const log = sim.faultLog
    sim.addFault({ times: Infinity, respond: { status: 503 } })
    expect(await statuses(1, list)).toEqual([503])
    sim.reset()
    expect(sim.faultLog).toEqual([])
    expect(sim.faultLog).toBe(log)
    expect(await statuses(1, list)).toEqual([200])
    expect(sim.faultLog).toEqual([])
  })
})

describe('startSimulator({ faults })', () => {
  it('adds the rules at start, in order', async () => {
    const faults: FaultRule[] = [
      { method: 'GET', respond: { status: 500 } },
      { method: 'GET', respond: { status: 503 } }
    ]
    const other = await startSimulator({ faults })
    try {
      const responses = []
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${other.url}/v2/deployments`, { headers: { 'X-Api-Key': other.apiKey } })
        await response.arrayBuffer()
        responses.push(response.status)
      }
      expect(responses).toEqual([500, 503, 200])
      const [first, second] = other.faultLog
      expect(first.id).not.toBe(second.id)
    } finally {
      await other.stop()
    }
  })
})

describe('rule checks', () => {
  it.each<[string, FaultRule]>([
    ['no effect', { method: 'GET' }],
    ['two effects', { resetBefore: true, delayMs: 10 }],
    ['retryAfter without respond', { resetBefore: true, retryAfter: '1' }],
    ['a negative skip', { skip: -1, resetBefore: true }],
    ['a fractional times', { times: 1.5, resetBefore: true }],
    ['an unknown malformed kind', { malformed: 'xml' as 'html' }],
    ['a status out of range', { respond: { status: 99 } }]
  ])('refuses %s', (_, rule) => {
    expect(() => sim.addFault(rule)).toThrow(TypeError)
  })
})

describe('faults for the edges (issue 9)', () => {
  it('endlessList: every page is full of names never seen, and the offset always moves on', async () => {
    sim.addFault({ method: 'GET', path: '/v2/deployments', endlessList: true, times: Infinity })
    const seen = new Set<string>()
    let offset = 0
    for (let page = 0; page < 5; page++) {
      const response = await send('GET', `/v2/deployments?name_contains=agent&limit=100&offset=${offset}`)
      const body = (await response.json()) as { resources: { name: string }[]; offset: number }
      expect(body.resources).toHaveLength(100)
      for (const { name } of body.resources) {
        expect(name).toMatch(/^agent-endless-\d+$/)
        expect(seen.has(name)).toBe(false)
        seen.add(name)
      }
      expect(body.offset).toBe(offset + 100)
      offset = body.offset
    }
    expect(seen.size).toBe(500)
    expect(sim.deployments()).toEqual([])
  })

  it('hugeBody: a valid list page of about that many bytes, the same bytes every time', async () => {
    // 5 MB: the size is the caller's; what is checked is that the page is what it says it is.
    sim.addFault({ method: 'GET', path: '/v2/deployments', hugeBody: 5 * 1024 * 1024, times: 2 })
    const response = await list()
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(response.status).toBe(200)
    expect(Math.abs(bytes.length - 5 * 1024 * 1024)).toBeLessThan(2048)
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length)
    const body = JSON.parse(bytes.toString('utf8')) as { resources: { name: string; id: string }[]; offset: number }
    expect(body.offset).toBe(body.resources.length)
    expect(new Set(body.resources.map((r) => r.name)).size).toBe(body.resources.length)
    expect(Buffer.from(await (await list()).arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('hang: never answers, keeps the request out of the store, and lets the client abort', async () => {
    sim.addFault({ method: 'POST', hang: true })
    const controller = new AbortController()
    const pending = create('agent', { signal: controller.signal })
    for (let waited = 0; sim.faultLog.length === 0; waited += 5) {
      if (waited > 2_000) throw new Error('the request never reached the simulator')
      await sleep(5)
    }
    const outcome = await Promise.race([
      pending.then(
        () => 'answered',
        () => 'failed'
      ),
      sleep(200).then(() => 'pending')
    ])
    expect(outcome).toBe('pending')
    controller.abort()
    await expect(pending).rejects.toThrow()
    expect(names()).toEqual([])
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([[0, 'hang']])
  })

  it('hang: reset() closes the held connection', async () => {
    sim.addFault({ method: 'GET', hang: true })
    const pending = list()
    for (let waited = 0; sim.faultLog.length === 0; waited += 5) {
      if (waited > 2_000) throw new Error('the request never reached the simulator')
      await sleep(5)
    }
    sim.reset()
    await expect(pending).rejects.toThrow('fetch failed')
  })

  it('trickleMs: applies the request and sends its real body one byte per interval', async () => {
    sim.addFault({ method: 'GET', trickleMs: 10 })
    const started = performance.now()
    const response = await list()
    expect(response.status).toBe(200)
    const expected = JSON.stringify({ resources: [], offset: 0 })
    expect(Number(response.headers.get('content-length'))).toBe(expected.length)
    const reader = response.body!.getReader()
    const chunks: Uint8Array[] = []
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value)
    // One byte per interval shows in the time taken (a lower bound, so load cannot break it); how
    // many reads the bytes arrive in depends on the machine, so it is not asserted.
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected)
    expect(performance.now() - started).toBeGreaterThanOrEqual((expected.length - 1) * 10 - 20)
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([[200, 'trickleMs']])
  })

  it('trickleMs: the client can give up mid-body, and the simulator goes on serving', async () => {
    sim.addFault({ method: 'GET', trickleMs: 20 })
    const controller = new AbortController()
    const response = await send('GET', '/v2/deployments', { init: { signal: controller.signal } })
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(first.value?.length).toBeGreaterThan(0)
    controller.abort()
    await expect(reader.read()).rejects.toThrow()
    const next = await list()
    expect(next.status).toBe(200)
  })

  it.each([
    ['endlessList other than true', { endlessList: 1 }],
    ['hang other than true', { hang: 'yes' }],
    ['trickleMs of 0', { trickleMs: 0 }],
    ['hugeBody that is fractional', { hugeBody: 1.5 }]
  ])('refuses %s', (_label, rule) => {
    expect(() => sim.addFault(rule as unknown as FaultRule)).toThrow(TypeError)
  })
})
