import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { runAction } from '../scripts/run-action.js'
import { BUNDLE, errorLines, INTEGRATION_ID, requireBundle } from './helpers/action.js'
import { slots } from './helpers/slots.js'

/**
 * `timeout` bounds the step whatever the server does: the bundled action is run against
 * small loopback servers that misbehave (never answer, trickle a body, send 50 MB, page
 * without end), and the process must exit within 5 s of its `timeout`.
 *
 * The 5 s are counted from the action's first request, not from the spawn: the action's own
 * clock started before that request, so the bound is no looser for the action, but the seconds a
 * loaded machine takes to start node and load the bundle are not charged to it (seen: a load of 6
 * on 2 cores made start-up alone take seconds).
 *
 * These servers are purpose-built here rather than simulator faults: the simulator's
 * fault injection is being extended in parallel, and these cases need a server that
 * holds sockets open, which is the point of the test.
 *
 * Each case spends most of its time waiting out the 3 s `timeout`, not on the CPU, so the cases
 * run at the same time (`it.concurrent`, two bundles at a time), each with its own server.
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
  /** Date.now() of the first request; 0 before it. */
  firstRequestAt: number
  stop(): Promise<void>
}

/** A loopback server answering every request with `handler`; stop() destroys whatever is left open. */
async function serve(handler: Handler): Promise<Misbehaving> {
  const sockets = new Set<Socket>()
  const state = { requests: 0, firstRequestAt: 0 }
  const server: Server = createServer((req, res) => {
    state.requests++
    if (state.firstRequestAt === 0) state.firstRequestAt = Date.now()
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
    get firstRequestAt() {
      return state.firstRequestAt
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

/** Runs `test` against a server answering with `handler`, stopped afterwards whatever happened. */
async function against(handler: Handler, test: (server: Misbehaving) => Promise<void>): Promise<void> {
  const server = await serve(handler)
  try {
    await test(server)
  } finally {
    await server.stop()
  }
}

beforeAll(() => requireBundle())
afterAll(() => console.log(`limits (timeout ${TIMEOUT_S}s): ${figures.join('; ')}`))

/** Two bundles at a time: all five at once, on two loaded cores, spent seconds just starting. */
const inSlot = slots(2)

/** A deploy against `server` with a 3 s timeout unless `extra` says otherwise; the time from spawn to exit. */
function deployAgainst(server: Misbehaving, extra: Record<string, string> = {}) {
  return inSlot(() => deploy(server, extra))
}

async function deploy(server: Misbehaving, extra: Record<string, string>) {
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
  // Every case here makes at least one request (the lookup); without one, the elapsed time is NaN and fails.
  const elapsedMs = server.firstRequestAt > 0 ? Date.now() - server.firstRequestAt : Number.NaN
  return { run, elapsedMs, errors: errorLines(run).join('\n') }
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
  it.concurrent(
    'a server that accepts the connection and never answers',
    () =>
      against(
        () => {
          // Never answer; keep the socket open.
        },
        async (server) => {
          const { run, elapsedMs, errors } = await deployAgainst(server)
          figures.push(`never answers: exit after ${(elapsedMs / 1000).toFixed(1)}s, ${server.requests} requests`)
          expect(run.exitCode).toBe(1)
          expect(errors).toMatch(/List deployments failed: no answer within 1s/)
          expectExitWithinGrace(elapsedMs)
        }
      ),
    20_000
  )

  it.concurrent(
    'a server that trickles its answer one byte a second',
    () =>
      against(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000000' })
          res.write('{')
          // Cleared when the socket goes, which stop() forces at the latest.
          const timer = setInterval(() => res.write(' '), 1000)
          res.on('close', () => clearInterval(timer))
        },
        async (server) => {
          const { run, elapsedMs, errors } = await deployAgainst(server)
          figures.push(`trickles: exit after ${(elapsedMs / 1000).toFixed(1)}s, ${server.requests} requests`)
          expect(run.exitCode).toBe(1)
          expect(errors).toMatch(/List deployments failed: no answer within 1s/)
          expectExitWithinGrace(elapsedMs)
        }
      ),
    30_000
  )

  it.concurrent(
    'a server that sends a 50 MB list page: refused beyond 32 MiB, not read to the end',
    () => {
      const chunk = Buffer.alloc(1024 * 1024, ' ')
      let bytesSent = 0
      return against(
        (_req, res) => {
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
        },
        async (server) => {
          // What this proves is the cap, not the deadline: a request limit of 5 s (a sixth of 30 s)
          // leaves room to read 32 MiB while the other cases hold the CPU; 1 s did not, on 2 loaded cores.
          const { run, elapsedMs, errors } = await deployAgainst(server, { timeout: '30s' })
          figures.push(
            `50 MB page: exit after ${(elapsedMs / 1000).toFixed(1)}s, ${server.requests} requests, ${Math.round(bytesSent / 2 ** 20)} MiB sent`
          )
          expect(run.exitCode).toBe(1)
          expect(errors).toContain("List deployments failed: the control plane's response to GET /v2/deployments exceeded 32 MiB")
          // Not retried: a second read would be as large.
          expect(server.requests).toBe(1)
          // Well before its own `timeout`, within the others' bound.
          expectExitWithinGrace(elapsedMs)
        }
      )
    },
    30_000
  )

  it.concurrent(
    'a server whose list never ends: the lookup stops at the deadline or the page cap',
    () =>
      against(
        (req, res) => {
          const offset = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('offset') ?? 0)
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(JSON.stringify(listPage(offset, 100, 'support-agent')))
        },
        async (server) => {
          const { run, elapsedMs, errors } = await deployAgainst(server)
          figures.push(`endless list: exit after ${(elapsedMs / 1000).toFixed(1)}s, ${server.requests} pages`)
          expect(run.exitCode).toBe(1)
          expect(errors).toMatch(
            /Gave up looking up deployment `support-agent` after \d+ pages(: the step's timeout \(3s\) ran out| \(\d+ deployments named like it\): the list did not end)/
          )
          expect(server.requests).toBeLessThanOrEqual(500)
          expectExitWithinGrace(elapsedMs)
        }
      ),
    30_000
  )

  it.concurrent(
    'a server whose list never ends, slowly: the lookup stops at the deadline',
    () =>
      against(
        (req, res) => {
          const offset = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('offset') ?? 0)
          // Cleared if the client gives up first: no timer outlives the test's server.
          const timer = setTimeout(() => {
            res.writeHead(200, { 'content-type': 'application/json' })
            res.end(JSON.stringify(listPage(offset, 100, 'support-agent')))
          }, 100)
          res.on('close', () => clearTimeout(timer))
        },
        async (server) => {
          const { run, elapsedMs, errors } = await deployAgainst(server)
          figures.push(`endless slow list: exit after ${(elapsedMs / 1000).toFixed(1)}s, ${server.requests} pages`)
          expect(run.exitCode).toBe(1)
          expect(errors).toMatch(/Gave up looking up deployment `support-agent` after \d+ pages: the step's timeout \(3s\) ran out\./)
          expectExitWithinGrace(elapsedMs)
        }
      ),
    30_000
  )
})
