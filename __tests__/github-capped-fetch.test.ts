import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createServer, type Server, type ServerResponse } from 'node:http'
import { BodyTooLarge } from '../src/api/body.js'
import { cappedFetch } from '../src/github/capped-fetch.js'

/** A loopback server answering each path its own way; a stalled answer is kept open until the client gives up. */
let server: Server
let base: string
const stalled: ServerResponse[] = []
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/small') {
      res.writeHead(200, { 'content-type': 'application/json', link: '<http://x/next>; rel="next"' })
      res.end('{"ok":"√"}')
    } else if (req.url === '/empty') {
      res.writeHead(204)
      res.end()
    } else if (req.url === '/stall') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"half":')
      stalled.push(res)
    } else {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('x'.repeat(2048))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})
afterAll(async () => {
  for (const res of stalled) res.destroy()
  await new Promise((resolve) => server.close(resolve))
})

describe('cappedFetch', () => {
  it('passes an answer under the cap through whole: status, headers, URL and body', async () => {
    const response = await cappedFetch(fetch, 1024)(`${base}/small`)
    expect(response.status).toBe(200)
    expect(response.url).toBe(`${base}/small`)
    expect(response.headers.get('link')).toBe('<http://x/next>; rel="next"')
    expect(await response.json()).toEqual({ ok: '√' })
  })

  it('passes an answer without a body through', async () => {
    const response = await cappedFetch(fetch, 1024)(`${base}/empty`)
    expect(response.status).toBe(204)
    expect(response.body).toBeNull()
  })

  it('fails on an answer over the cap, by one byte', async () => {
    await expect(cappedFetch(fetch, 2047)(`${base}/big`)).rejects.toBeInstanceOf(BodyTooLarge)
    expect((await cappedFetch(fetch, 2048)(`${base}/big`)).status).toBe(200)
  })

  it("ends with the request's abort when the body stalls part-way", async () => {
    const controller = new AbortController()
    let headersIn!: () => void
    const answered = new Promise<void>((resolve) => (headersIn = resolve))
    const inner: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      headersIn()
      return response
    }
    const pending = cappedFetch(inner, 1024)(`${base}/stall`, { signal: controller.signal })
    // The answer has begun: only reading its body can still be waiting.
    await answered
    controller.abort(new Error('no answer within 15 s'))
    await expect(pending).rejects.toThrow('no answer within 15 s')
  })
})
