import { afterEach, describe, expect, it } from '@jest/globals'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net'
import { askServer, serverEndpoint } from '../src/operations/agent-server/agent-server.js'
import { CancelledError } from '../src/core/cancel.js'

/** The one requester for the deployed server: its trust rules, against real local servers. */
const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

async function serve(handler: (req: IncomingMessage, res: import('node:http').ServerResponse) => void) {
  const requests: IncomingMessage[] = []
  let closed = 0
  const server = createServer((req, res) => {
    requests.push(req)
    req.socket.once('close', () => closed++)
    handler(req, res)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, requests, closed: () => closed }
}

const connection = { baseUrl: 'https://cp.example', credential: { kind: 'api-key' as const, value: 'secret-key' } }

describe('serverEndpoint', () => {
  it('goes only under the URL the control plane reported, with its credential', () => {
    expect(serverEndpoint({ url: 'https://agent.example/base' }, '/info', connection)).toEqual({
      url: 'https://agent.example/base/info',
      headers: { 'X-Api-Key': 'secret-key' }
    })
    expect(serverEndpoint({ url: 'http://agent.example' }, '/info', connection)).toHaveProperty('refused')
    expect(serverEndpoint({ url: null }, '/info', connection)).toHaveProperty('refused')
  })
})

describe('askServer', () => {
  it('does not follow a redirect: the credential never reaches the host it names', async () => {
    const elsewhere = await serve((_, res) => res.end('{}'))
    const agent = await serve((_, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/runs/wait` })
      res.end()
    })
    const answer = await askServer(
      { url: `${agent.url}/runs/wait`, headers: { 'X-Api-Key': 'secret-key' } },
      { method: 'POST', json: { assistant_id: 'a', input: {} }, limitMs: 2_000, maxBytes: 1024 }
    )
    expect(answer).toMatchObject({ answered: true, status: 307 })
    expect(elsewhere.requests).toHaveLength(0)
    expect(agent.requests[0].headers['x-api-key']).toBe('secret-key')
  })

  it('reads no more of an endless body than its cap, and closes the socket', async () => {
    const agent = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(64 * 1024, 'x')
      const push = () => {
        while (res.write(chunk)) {
          /* until the socket pushes back */
        }
      }
      res.on('drain', push)
      push()
    })
    const answer = await askServer({ url: `${agent.url}/info`, headers: {} }, { method: 'GET', limitMs: 5_000, maxBytes: 64 * 1024 })
    expect(answer).toEqual({ answered: true, status: 200, bodyProblem: 'the answer was larger than 64 KiB, so it was not read' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(agent.closed()).toBe(1)
  })

  it('gives up on an attempt at its limit, aborting it', async () => {
    const agent = await serve(() => {
      /* never answers */
    })
    const started = Date.now()
    const answer = await askServer(
      { url: `${agent.url}/runs/wait`, headers: {} },
      { method: 'POST', json: {}, limitMs: 200, maxBytes: 1024 }
    )
    expect(answer).toEqual({ answered: false, what: 'no answer within 200ms', refused: false, timedOut: true })
    expect(Date.now() - started).toBeLessThan(2_000)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(agent.closed()).toBe(1)
  })

  it('a refused connection is told apart (the server never saw the request)', async () => {
    const agent = await serve(() => {})
    const url = `${agent.url}/runs/wait`
    await new Promise((resolve) => servers.pop()!.close(resolve))
    const answer = await askServer({ url, headers: {} }, { method: 'POST', json: {}, limitMs: 2_000, maxBytes: 1024 })
    expect(answer).toMatchObject({ answered: false, refused: true })
    expect(answer).not.toHaveProperty('timedOut')
  })

  it('a cancel aborts the request and throws', async () => {
    const agent = await serve(() => {})
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    await expect(
      askServer({ url: `${agent.url}/info`, headers: {} }, { method: 'GET', limitMs: 60_000, signal: controller.signal, maxBytes: 1024 })
    ).rejects.toBeInstanceOf(CancelledError)
  })

  it('passes the body on whole when keep-alive whitespace comes before the JSON (a run that works a while)', async () => {
    const agent = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('\n')
      setTimeout(() => res.end('\n{"values": {}}'), 20)
    })
    const answer = await askServer(
      { url: `${agent.url}/runs/wait`, headers: {} },
      { method: 'POST', json: {}, limitMs: 2_000, maxBytes: 1024 * 1024 }
    )
    expect(answer).toEqual({ answered: true, status: 200, body: '\n\n{"values": {}}' })
  })
})

/** The runner's proxy settings, as the control-plane client honours them: a local proxy records what it is asked. */
describe("askServer through the runner's proxy", () => {
  const saved = { https_proxy: process.env.https_proxy, no_proxy: process.env.no_proxy }
  let proxy: TcpServer | undefined
  afterEach(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    if (proxy) await new Promise((resolve) => proxy!.close(resolve))
    proxy = undefined
  })

  /** A proxy that records each request's first line and refuses the tunnel. */
  async function recordingProxy(): Promise<{ url: string; asked: string[] }> {
    const asked: string[] = []
    proxy = createTcpServer((socket) => {
      socket.once('data', (data) => {
        asked.push(data.toString('latin1').split('\r\n')[0])
        socket.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n')
      })
    })
    await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve))
    return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, asked }
  }

  it("goes through `https_proxy` to the deployment's https URL, and not when `no_proxy` names its host", async () => {
    const { url, asked } = await recordingProxy()
    process.env.https_proxy = url
    delete process.env.no_proxy
    const answer = await askServer(
      { url: 'https://agent.example.test/info', headers: { 'X-Api-Key': 'secret-key' } },
      { method: 'GET', limitMs: 2_000, maxBytes: 1024 }
    )
    expect(asked).toEqual(['CONNECT agent.example.test:443 HTTP/1.1'])
    expect(answer).toMatchObject({ answered: false })
    process.env.no_proxy = 'example.test'
    await askServer({ url: 'https://agent.example.test/info', headers: {} }, { method: 'GET', limitMs: 2_000, maxBytes: 1024 })
    expect(asked).toHaveLength(1)
  })
})
