import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback proxy in front of the simulator that rewrites each JSON answer, so a test
 * can make the control plane say hostile things (a `url` with `@org/team <img>`, a
 * status message with workflow commands) in fields the simulator derives itself.
 */
export async function rewritingProxy(
  target: string,
  rewrite: (body: unknown, path: string) => unknown
): Promise<{ url: string; stop: () => Promise<void> }> {
  const relay = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && k !== 'host' && k !== 'content-length')
    ) as Record<string, string>
    const answer = await fetch(new URL(req.url ?? '/', target), {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined
    })
    const text = await answer.text()
    let payload = text
    try {
      payload = JSON.stringify(rewrite(JSON.parse(text), new URL(req.url ?? '/', target).pathname))
    } catch {
      // Not JSON: passed on as is.
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    res.end(payload)
  }
  // A relay that fails (the simulator stopped) drops the connection rather than leave the request hanging.
  const server: Server = createServer((req, res) => {
    relay(req, res).catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) }
}
