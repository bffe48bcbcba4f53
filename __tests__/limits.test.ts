import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { runAction } from '../scripts/run-action.js'
import { BUNDLE, errorLines, INTEGRATION_ID, requireBundle } from './helpers/action.js'

/**
 * `timeout` bounds the step whatever the server does: the bundled action is run against
 * small loopback servers that misbehave (never answer, trickle a body, send 50 MB, page
 * without end), and the process must exit within 5 s of its `timeout`.
 *
 * These servers are purpose-built here rather than simulator faults: the simulator's
 * fault injection is being extended in parallel, and these cases need a server that
 * holds sockets open, which is the point of the test.
 *
 * LIMITS_ENTRY=/path/to/index.js runs another bundle (e.g. main's, to see it fail).
 */
const ENTRY = process.env.LIMITS_ENTRY ?? BUNDLE
const TIMEOUT_S = 3
const GRACE_MS = 5_000
const figures: string[] = []

type Handler = (req: IncomingMessage, res: ServerResponse, socket: Socket) => void

interface Misbehaving {
  url: string
  requests: number
  stop(): Promise<void>
}

/** A loopback server answering every request with `handler`; stop() destroys whatever is left open. */
async function serve(handler: Handler): Promise<Misbehaving> {
  const sockets = new Set<Socket>()
  const state = { requests: 0 }
  const server: Server = createServer((req, res) => {
    state.requests++
    handler(req, res, req.socket)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

let current: Misbehaving | undefined
afterEach(async () => {
  await current?.stop()
  current = undefined
})

beforeAll(() => requireBundle())
afterAll(() => console.log(`limits (timeout ${TIMEOUT_S}s): ${figures.join('; ')}`))

/** A deploy against `server` with a 3 s timeout; the time from spawn to exit. */
async function deployAgainst(server: Misbehaving, extra: Record<string, string> = {}) {
  const started = Date.now()
  const run = await runAction({
    entry: ENTRY,
    inputs: {
      'control-plane-url': server.url,
      'api-key': 'lsv2_test_key',
      name: 'support-agent',
      'graph-config-path': 'graph.json',
      'integration-id': INTEGRATION_ID,
      'poll-interval': '50ms',
      timeout: `${TIMEOUT_S}s`,
      ...extra
    }
  })
  return { run, elapsedMs: Date.now() - started, errors: errorLines(run).join('\n') }
}

function expectExitWithinGrace(elapsedMs: number) {
  expect(elapsedMs).toBeLessThan(TIMEOUT_S * 1000 + GRACE_MS)
}

function listPage(offset: number, count: number, prefix: string) {
  const resources = Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(offset + i).padStart(12, '0')}`,
    name: `${prefix}-${offset + i}`,
    source: 'github',
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    latest_revision_id: null
  }))
  return { resources, offset: offset + count }
}

describe('the process exits within 5 s of `timeout`, whatever the server does', () => {
  it('a server that accepts the connection and never answers', async () => {
    current = await serve(() => {
      // Never answer; keep the socket open.
    })
    const { run, elapsedMs, errors } = await deployAgainst(current)
    figures.push(`never answers: exit after ${(elapsedMs / 1000).toFixed(1)}s, ${current.requests} requests`)
    expect(run.exitCode).toBe(1)
    expect(errors).toMatch(/List deployments failed: no answer within 1s/)
    expectExitWithinGrace(elapsedMs)
  }, 20_000)

  it('a server that trickles its answer one byte a second', async () => {
    current = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000000' })
      res.write('{')
      // Cleared when the socket goes, which stop() forces at the latest.
      const timer = setInterval(() => res.write(' '), 1000)
      res.on('close', () => clearInterval(timer))
    })
    const { run, elapsedMs, errors } = await deployAgainst(current)
    figures.push(`trickles: exit after ${(elapsedMs / 1000).toFixed(1)}s, ${current.requests} requests`)
    expect(run.exitCode).toBe(1)
    expect(errors).toMatch(/List deployments failed: no answer within 1s/)
    expectExitWithinGrace(elapsedMs)
  }, 30_000)

  it('a server that sends a 50 MB list page: refused beyond 32 MiB, not read to the end', async () => {
    const chunk = Buffer.alloc(1024 * 1024, ' ')
    let bytesSent = 0
    current = await serve((_req, res) => {
      // No Content-Length: the cap must hold on the bytes as they come, not on a header.
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"resources": [], "offset": 0')
      let sent = 0
      const more = () => {
        while (sent < 50) {
          sent++
          bytesSent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', more)
        }
        res.end('}')
      }
      res.on('error', () => undefined)
      more()
    })
    const { run, elapsedMs, errors } = await deployAgainst(current)
    figures.push(`50 MB page: exit after ${(elapsedMs / 1000).toFixed(1)}s, ${current.requests} requests, ${Math.round(bytesSent / 2 ** 20)} MiB sent`)
    expect(run.exitCode).toBe(1)
    expect(errors).toContain("List deployments failed: the control plane's response to GET /v2/deployments exceeded 32 MiB")
    // Not retried: a second read would be as large.
    expect(current.requests).toBe(1)
    expectExitWithinGrace(elapsedMs)
  }, 30_000)

  it('a server whose list never ends: the lookup stops at the deadline or the page cap', async () => {
    current = await serve((req, res) => {
      const offset = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('offset') ?? 0)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(listPage(offset, 100, 'support-agent')))
    })
    const { run, elapsedMs, errors } = await deployAgainst(current)
    figures.push(`endless list: exit after ${(elapsedMs / 1000).toFixed(1)}s, ${current.requests} pages`)
    expect(run.exitCode).toBe(1)
    expect(errors).toMatch(
      /Gave up looking up deployment `support-agent` after \d+ pages(: the step's timeout \(3s\) ran out| \(\d+ deployments named like it\): the list did not end)/
    )
    expect(current.requests).toBeLessThanOrEqual(500)
    expectExitWithinGrace(elapsedMs)
  }, 30_000)

  it('a server whose list never ends, slowly: the lookup stops at the deadline', async () => {
    current = await serve((req, res) => {
      const offset = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('offset') ?? 0)
      // Cleared if the client gives up first: no timer outlives the test's server.
      const timer = setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(listPage(offset, 100, 'support-agent')))
      }, 100)
      res.on('close', () => clearTimeout(timer))
    })
    const { run, elapsedMs, errors } = await deployAgainst(current)
    figures.push(`endless slow list: exit after ${(elapsedMs / 1000).toFixed(1)}s, ${current.requests} pages`)
    expect(run.exitCode).toBe(1)
    expect(errors).toMatch(/Gave up looking up deployment `support-agent` after \d+ pages: the step's timeout \(3s\) ran out\./)
    expectExitWithinGrace(elapsedMs)
  }, 30_000)
})
