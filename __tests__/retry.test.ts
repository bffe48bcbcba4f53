import { beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { OutgoingHttpHeaders } from 'node:http'
import { ControlPlaneClient, segment, type Requester } from '../src/api/client.js'
import { ApiError } from '../src/api/errors.js'
import { backoffMs, neverSent, parseRetryAfter, READ_RETRY } from '../src/api/retry.js'
import { CancelledError } from '../src/core/cancel.js'
import { FakeClock } from './helpers/clock.js'

beforeEach(() => {
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

type Answer = { status: number; body?: string; headers?: Record<string, string> } | Error | 'hang'

/** A Requester that gives the scripted answers in order, then repeats the last. */
function scripted(answers: Answer[]) {
  const sent: Array<{ method: string; url: string }> = []
  const http = {
    request: async (method: string, url: string, _data: unknown, _headers?: OutgoingHttpHeaders) => {
      const answer = answers[Math.min(sent.length, answers.length - 1)]
      sent.push({ method, url })
      if (answer === 'hang') return new Promise(() => {})
      if (answer instanceof Error) throw answer
      return { message: { statusCode: answer.status, headers: answer.headers ?? {} }, readBody: async () => answer.body ?? '' }
    }
  } as unknown as Requester
  return { sent, http }
}

const connection = { baseUrl: 'https://cp.example.com', credential: { kind: 'api-key' as const, value: 'k' } }
const deployment = JSON.stringify({ id: 'd1', name: 'agent', latest_revision_id: 'r1' })
const createBody = { name: 'agent', source: 'github' as const, source_config: {}, source_revision_config: {}, secrets: [] }
const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })

function clientFor(answers: Answer[], options: { deadline?: number; requestTimeoutMs?: number; signal?: AbortSignal } = {}) {
  const clock = new FakeClock()
  const { sent, http } = scripted(answers)
  const client = new ControlPlaneClient(connection, { http, clock, random: () => 1, ...options })
  return { clock, sent, client }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('retry policy', () => {
  it('backs off exponentially with jitter, within the cap and never zero', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffMs(a, READ_RETRY, () => 1))).toEqual([500, 1000, 2000, 4000, 8000, 15000])
    expect(backoffMs(3, READ_RETRY, () => 0)).toBe(125)
    expect(backoffMs(3, READ_RETRY, () => 0.5)).toBe(1000)
  })

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:07 GMT', now)).toBe(7000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })

  it('knows which network errors mean the request was never sent', () => {
    expect(neverSent(refused)).toBe(true)
    expect(neverSent(reset)).toBe(false)
    expect(neverSent(new Error('x'))).toBe(false)
  })
})

describe('client: reads', () => {
  it('retries 503, 429, resets and malformed bodies, then succeeds', async () => {
    const { client, sent, clock } = clientFor([
      { status: 503 },
      { status: 429 },
      reset,
      { status: 200, body: '<html>' },
      { status: 200, body: deployment }
    ])
    expect((await client.getDeployment('d1')).id).toBe('d1')
    expect(sent).toHaveLength(5)
    expect(clock.sleeps).toEqual([500, 1000, 2000, 4000])
  })

  it('honours Retry-After', async () => {
    const { client, clock } = clientFor([
      { status: 429, headers: { 'retry-after': '7' } },
      { status: 200, body: deployment }
    ])
    await client.getDeployment('d1')
    expect(clock.sleeps).toEqual([7000])
  })

  it('gives up after the attempt limit with the last error', async () => {
    const { client, sent } = clientFor([{ status: 502, body: '<html>bad gateway</html>' }])
    const error = await failure(client.getDeployment('d1'))
    expect(sent).toHaveLength(READ_RETRY.maxAttempts)
    expect(error.message).toBe('Get deployment d1 failed with HTTP 502: (unexpected body) <html>bad gateway</html>')
    expect(error.hint).toContain('kept failing')
  })

  it('does not sleep past the deadline', async () => {
    const clock = new FakeClock()
    const { http, sent } = scripted([{ status: 503, headers: { 'retry-after': '60' } }])
    const client = new ControlPlaneClient(connection, { http, clock, deadline: clock.now() + 30_000 })
    await failure(client.getDeployment('d1'))
    expect(sent).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
  })

  it('does not retry a 404 or 422', async () => {
    const { client, sent } = clientFor([{ status: 404, body: '{"detail": "Deployment ID d1 not found."}' }])
    expect((await failure(client.getDeployment('d1'))).kind).toBe('not-found')
    expect(sent).toHaveLength(1)
  })

  it('gives each request a time limit', async () => {
    const { client, sent } = clientFor(['hang', { status: 200, body: deployment }], { requestTimeoutMs: 50 })
    expect((await client.getDeployment('d1')).id).toBe('d1')
    expect(sent).toHaveLength(2)
  })

  it('stops waiting when cancelled', async () => {
    const controller = new AbortController()
    const { client } = clientFor(['hang'], { signal: controller.signal })
    const pending = client.getDeployment('d1')
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(CancelledError)
  })
})

describe('client: changes are sent once per call and their errors say whether they may have applied', () => {
  it.each<[string, Answer, { retryable: boolean; ambiguous: boolean }]>([
    ['a refused connection', refused, { retryable: true, ambiguous: false }],
    ['a reset', reset, { retryable: true, ambiguous: true }],
    ['a 502', { status: 502 }, { retryable: true, ambiguous: true }],
    ['a 429', { status: 429 }, { retryable: true, ambiguous: false }],
    ['a 400', { status: 400, body: '{"detail": "no"}' }, { retryable: false, ambiguous: false }],
    ['a 201 with HTML', { status: 201, body: '<html>' }, { retryable: true, ambiguous: true }],
    ['a redirect', { status: 307 }, { retryable: false, ambiguous: false }]
  ])('%s', async (_case, answer, expected) => {
    const { client, sent } = clientFor([answer])
    const error = await failure(client.createDeployment(createBody))
    expect(sent).toHaveLength(1)
    expect({ retryable: error.retryable, ambiguous: error.ambiguous }).toEqual(expected)
  })

  it('treats a timed-out change as in doubt', async () => {
    const { client } = clientFor(['hang'], { requestTimeoutMs: 30 })
    const error = await failure(client.patchDeployment('d1', {}))
    expect(error.message).toBe('Update deployment d1 failed: no answer within 30ms.')
    expect(error.ambiguous).toBe(true)
  })
})

describe('segment', () => {
  it('encodes ids and refuses dot segments', () => {
    expect(segment('a/b?c')).toBe('a%2Fb%3Fc')
    expect(() => segment('..')).toThrow('unusable id')
    expect(() => segment('')).toThrow('unusable id')
  })
})
