import { get, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBodyCapped } from '../src/api/body.js'

/**
 * Time to read and parse a 50 MB list page from a loopback server with the action's
 * body reader (its cap raised for the measurement: the action itself refuses bodies over
 * 32 MiB). Prints milliseconds as JSON.
 */
const TARGET_BYTES = 50 * 1000 * 1000

function page(): Buffer {
  const item = (i: number) =>
    JSON.stringify({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `service-${i}`,
      latest_revision_id: null,
      padding: 'x'.repeat(400)
    })
  const items: string[] = []
  let size = 0
  for (let i = 0; size < TARGET_BYTES; i++) {
    const text = item(i)
    items.push(text)
    size += text.length + 1
  }
  return Buffer.from(`{"resources":[${items.join(',')}],"offset":0}`)
}

const body = page()
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(body)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as AddressInfo
const runs: number[] = []
for (let i = 0; i < 5; i++) {
  const started = performance.now()
  const text = await new Promise<string>((resolve, reject) => {
    get(`http://127.0.0.1:${port}/v2/deployments`, (message) => {
      readBodyCapped(message, 64 * 1024 * 1024).then(resolve, reject)
    }).on('error', reject)
  })
  const parsed = JSON.parse(text) as { resources: unknown[] }
  if (parsed.resources.length === 0) throw new Error('empty page')
  runs.push(performance.now() - started)
}
server.close()
runs.sort((a, b) => a - b)
console.log(JSON.stringify({ bytes: body.length, medianMs: runs[Math.floor(runs.length / 2)], maxMs: runs[runs.length - 1] }))
