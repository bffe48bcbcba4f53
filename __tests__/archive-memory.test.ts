import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { fstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { transformSync } from 'esbuild'
import { abortableHttpClient, readResponse } from '../src/api/abortable.js'
import { FileBody } from '../src/api/file-body.js'
import { putToSignedUrl } from '../src/api/signed-upload.js'
import { readToEnd, readToEndSync } from '../src/core/read-to-end.js'
import { withYoungGenerationHeld } from '../src/core/young-generation.js'

// What keeps a remote build's memory flat (the bench's peak is `npm run bench -- --archive`):
// the upload reads its file into a few buffers used in turn, the listing of a large commit
// does not grow V8's young generation, and a small file is read into a buffer of its size.

let dir: string
let server: Server
let url: string
/** What the server received, and how: `slow` stops reading for a while at first, so that the request's socket backs up (loopback's buffers hold megabytes). */
let received: { sha256: string; bytes: number } | undefined
let slow = false

/** The same host over TLS, as every real upload goes: its certificate, trusted by the test's requests. */
let tlsServer: Server
let tlsUrl: string
let tlsCert: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'archive-memory-'))
  execFileSync(
    'openssl',
    // prettier-ignore
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', 'key.pem', '-out', 'cert.pem'],
    { cwd: dir, stdio: 'pipe', env: { ...process.env, OPENSSL_CONF: '/dev/null' } }
  )
  server = createServer(receive)
  tlsCert = readFileSync(join(dir, 'cert.pem'), 'utf8')
  tlsServer = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: tlsCert }, receive)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/upload`
  tlsUrl = `https://127.0.0.1:${(tlsServer.address() as { port: number }).port}/upload`
})

/** A host that takes a body: `slow` stops reading for a while at first. */
function receive(req: IncomingMessage, res: ServerResponse): void {
  const hash = createHash('sha256')
  let bytes = 0
  req.on('data', (chunk: Buffer) => {
    hash.update(chunk)
    bytes += chunk.length
    if (slow && bytes === chunk.length) {
      req.pause()
      setTimeout(() => req.resume(), 150)
    }
  })
  req.on('end', () => {
    received = { sha256: hash.digest('hex'), bytes }
    res.writeHead(200).end('ok')
  })
}

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await new Promise((resolve) => tlsServer.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

beforeEach(() => {
  received = undefined
  slow = false
})

function fileOf(bytes: number): { file: string; sha256: string } {
  const content = randomBytes(bytes)
  const file = join(dir, `body-${bytes}-${Math.random().toString(36).slice(2)}`)
  writeFileSync(file, content)
  return { file, sha256: createHash('sha256').update(content).digest('hex') }
}

/**
 * The file PUT through the transport the upload uses (over TLS: `https.request`, which that
 * transport pipes into the same way, trusting the test's certificate), the body's chunks noted
 * by the memory they are in.
 */
async function put(file: string, bytes: number, tls = false): Promise<{ status: number; backingStores: number; chunks: number }> {
  const body = new FileBody(file)
  const stores = new Set<ArrayBufferLike>()
  let chunks = 0
  body.on('data', (chunk: Buffer) => {
    stores.add(chunk.buffer)
    chunks++
  })
  body.pause()
  const headers = { 'Content-Length': String(bytes) }
  let status: number
  if (tls) {
    status = await new Promise<number>((resolve, reject) => {
      const request = httpsRequest(tlsUrl, { method: 'PUT', headers, ca: tlsCert }, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      })
      request.on('error', reject)
      body.pipe(request)
    })
  } else {
    const response = await abortableHttpClient('test', new AbortController().signal, 10_000).request('PUT', url, body, headers)
    await readResponse(response)
    status = response.message.statusCode ?? 0
  }
  return { status, backingStores: stores.size, chunks }
}

describe("the upload's body", () => {
  it('arrives byte for byte while a few buffers are read into in turn, however fast the host reads, over http and TLS', async () => {
    const bytes = 16 * 1024 * 1024 + 123
    const { file, sha256 } = fileOf(bytes)
    for (const [reading, tls] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true]
    ]) {
      slow = reading
      const sent = await put(file, bytes, tls)
      expect(sent.status).toBe(200)
      expect(received).toEqual({ sha256, bytes })
      // 257 chunks of 64 KiB; fs.createReadStream would have used 257 buffers.
      expect(sent.chunks).toBe(257)
      expect(sent.backingStores).toBeLessThanOrEqual(5)
    }
  })

  it('is the file, through the signed upload, and an empty file is sent as such', async () => {
    const { file, sha256 } = fileOf(700_000)
    await expect(putToSignedUrl(url, { file, bytes: 700_000 }, { limitMs: 10_000, idleMs: 5_000 })).resolves.toEqual({
      status: 200,
      text: 'ok'
    })
    expect(received).toEqual({ sha256, bytes: 700_000 })
    const empty = fileOf(0)
    await expect(putToSignedUrl(url, { file: empty.file, bytes: 0 }, { limitMs: 10_000, idleMs: 5_000 })).resolves.toMatchObject({
      status: 200
    })
    expect(received).toEqual({ sha256: empty.sha256, bytes: 0 })
  })

  it('a stopped upload closes its file, with a read under way or between reads', async () => {
    const { file } = fileOf(2 * 1024 * 1024)
    for (const when of ['read under way', 'on a chunk'] as const) {
      const body = new FileBody(file)
      const inside = body as unknown as { fd: number; reading: boolean; _read: (size: number) => void }
      const closed = new Promise((resolve) => body.on('close', resolve))
      let at: { fd: number; reading: boolean } | undefined
      const stop = () => {
        at ??= { fd: inside.fd, reading: inside.reading }
        body.destroy()
      }
      if (when === 'on a chunk') body.on('data', stop)
      else {
        // Stopped the moment a read is handed to the thread pool: it is under way for sure.
        const read = inside._read.bind(body)
        inside._read = (size) => {
          read(size)
          stop()
        }
      }
      body.resume()
      await closed
      expect(at?.reading).toBe(when === 'read under way')
      // The descriptor is closed: its number answers nothing now.
      expect(() => fstatSync(at?.fd ?? -1)).toThrow(expect.objectContaining({ code: 'EBADF' }))
    }
  })

  it('fails, without a request hanging, when the file cannot be read', async () => {
    const body = new FileBody(join(dir, 'not-there'))
    await expect(new Promise((resolve, reject) => body.on('error', reject).on('end', resolve).resume())).rejects.toMatchObject({
      code: 'ENOENT'
    })
    // Through the signed upload: the try fails at once, named, not at its time limit nor as an uncaught error.
    const started = Date.now()
    await expect(
      putToSignedUrl(url, { file: join(dir, 'not-there'), bytes: 10 }, { limitMs: 20_000, idleMs: 20_000 })
    ).rejects.toMatchObject({
      code: 'ENOENT'
    })
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})

describe("the young generation while a large commit's files are listed", () => {
  it('is held at its size while the work runs (nested too), and left to grow once the last holder is done, whether it threw or not', async () => {
    const set = jest.fn<(flags: string) => void>()
    await withYoungGenerationHeld(async () => {
      expect(set.mock.calls).toEqual([['--semi-space-growth-factor=1']])
      await withYoungGenerationHeld(async () => undefined, set)
      await expect(
        withYoungGenerationHeld(async () => {
          throw new Error('listing failed')
        }, set)
      ).rejects.toThrow('listing failed')
      expect(set).toHaveBeenCalledTimes(1)
    }, set)
    expect(set.mock.calls).toEqual([['--semi-space-growth-factor=1'], ['--semi-space-growth-factor=2']])
  })

  it('does not grow in a real Node while 300,000 records are built that outlive it, and grows again afterwards', () => {
    // The module itself, stripped of its types, in a Node of its own: a test worker's young generation has long grown.
    const module = join(dir, 'young-generation.mjs')
    const source = readFileSync(new URL('../src/core/young-generation.ts', import.meta.url), 'utf8')
    writeFileSync(module, transformSync(source, { loader: 'ts', format: 'esm' }).code)
    const script = `
      import { getHeapSpaceStatistics } from 'node:v8'
      import { withYoungGenerationHeld } from ${JSON.stringify(module)}
      const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size
      const build = (n) => Array.from({ length: n }, (_, i) => ({ id: i, path: 'apps/agent/module' + i + '.py' }))
      const kept = []
      const held = await withYoungGenerationHeld(async () => { kept.push(build(300_000)); return young() })
      kept.push(build(300_000))
      console.log(JSON.stringify({ held, after: young(), kept: kept.length }))`
    const said = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as Record<
      string,
      number
    >
    const MB = 1024 * 1024
    expect(said.kept).toBe(2)
    expect(said.held).toBeLessThanOrEqual(5 * MB)
    expect(said.after).toBeGreaterThan(2 * said.held)
  })
})

describe('a small file read to its end, up to a cap', () => {
  /** Reads served from `content`, as a descriptor's, each at most `piece` bytes; the sizes of the buffers read into. */
  function reader(content: Buffer, piece = 4096) {
    let at = 0
    const sizes: number[] = []
    const read = (buffer: Buffer, offset: number, length: number) => {
      if (!sizes.includes(buffer.length)) sizes.push(buffer.length)
      const n = content.copy(buffer, offset, at, Math.min(content.length, at + Math.min(length, piece)))
      at += n
      return n
    }
    return { read, sizes }
  }

  it('takes a buffer the size the file said, one byte over, and grows it only for a file that grew since', async () => {
    const small = randomBytes(300)
    const told = reader(small)
    expect(readToEndSync(told.read, 300, 1024 * 1024)?.equals(small)).toBe(true)
    expect(told.sizes).toEqual([301])
    const grew = randomBytes(200_000)
    const later = reader(grew)
    expect((await readToEnd(async (...args) => later.read(...args), 10, 1024 * 1024))?.equals(grew)).toBe(true)
    expect(later.sizes[0]).toBe(11)
    expect(Math.max(...later.sizes)).toBeLessThanOrEqual(1024 * 1024 + 1)
    expect(readToEndSync(reader(Buffer.alloc(0)).read, 0, 10)?.length).toBe(0)
  })

  it('is refused once it holds more than the cap, however small it said it was, and taken at exactly the cap', () => {
    expect(readToEndSync(reader(randomBytes(1001)).read, 5, 1000)).toBeUndefined()
    expect(readToEndSync(reader(randomBytes(1001), 1).read, 1001, 1000)).toBeUndefined()
    expect(readToEndSync(reader(randomBytes(1000)).read, 5, 1000)?.length).toBe(1000)
  })
})
