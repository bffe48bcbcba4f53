import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { extract } from 'tar-stream'

/**
 * The storage host behind `POST /v2/deployments/{id}/upload-url`: a separate origin on its own
 * loopback port, as a cloud bucket is, that takes an archive only through a signed URL.
 *
 * Strict as a signed-URL bucket: the HMAC signature in the query must match the method, path and
 * expiry; the expiry is on the simulator's clock; a request that carries any other credential
 * (`X-Api-Key`, `Authorization`, `X-Tenant-Id`, a cookie) is refused, since a client that sends
 * them is leaking the control plane's credential to another host; `Content-Length` is required
 * and must be what arrives; `X-Goog-Content-Length-Range` is required, and is exactly
 * `0,209715200` (the URL is signed with that header: another value does not match the signature,
 * so no client can raise its own limit), and the length must lie in it; the content type must be `application/gzip`. Refusals are XML error documents with a
 * `<Code>` as such hosts send (`ExpiredToken`, `SignatureDoesNotMatch`, ...).
 *
 * An accepted archive is opened (gunzip, then tar) as it arrives: the simulator keeps its size,
 * digest and the names it holds, so a revision that names a config path that is not in it fails
 * its build, as the real build would.
 *
 * @typedef {object} StoredObject
 * @property {number} bytes
 * @property {string} sha256
 * @property {Set<string>} names every entry's name, directories with their trailing `/`
 * @property {Map<string, string>} texts the small JSON files' text by name (a config the build reads)
 * @property {string} [problem] why the archive could not be read, when it could not
 * @property {Buffer} [body] the bytes themselves, unless the storage was started with keepBodies: false
 *
 * @typedef {object} StorageRequest
 * @property {string} method
 * @property {string} path without the query
 * @property {Record<string, string>} query
 * @property {Record<string, string>} headers lower-cased names, as received
 * @property {number} bytes of body received
 * @property {number} status answered; 0 when the connection was reset
 *
 * @typedef {object} StorageFault
 * @property {{ status: number, body?: string }} [respond] answer this instead; nothing is stored
 * @property {true} [reset] reset the connection once the body has arrived; nothing is stored
 * @property {true} [expire] answer as if the URL had expired
 * @property {number} [skip] let the first `skip` uploads through
 * @property {number} [times] how many uploads to affect after the skipped ones (default 1)
 */

const CREDENTIAL_HEADERS = ['x-api-key', 'authorization', 'x-tenant-id', 'x-organization-id', 'cookie']

/** @param {string} code @param {string} message */
const xmlError = (code, message) => `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`

/** The length range every upload URL is signed with: at most 200 MiB, what the platform's client sends. */
const SIGNED_LENGTH_RANGE = `0,${200 * 1024 * 1024}`

export class Storage {
  /**
   * @param {{ now: () => number, ttlMs?: number, keepBodies?: boolean }} options
   */
  constructor({ now, ttlMs = 15 * 60_000, keepBodies = true }) {
    this.now = now
    this.ttlMs = ttlMs
    this.keepBodies = keepBodies
    this.secret = randomBytes(32)
    /** @type {Map<string, StoredObject>} by object path */
    this.objects = new Map()
    /** @type {StorageRequest[]} */
    this.requests = []
    /** @type {Array<StorageFault & { seen: number, done: number }>} */
    this.faults = []
    /** @type {string} set by listen() */
    this.url = ''
    this.server = createServer((req, res) => this.handle(req, res))
  }

  /** @returns {Promise<string>} */
  async listen() {
    await new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(0, '127.0.0.1', () => resolve(undefined))
    })
    const address = this.server.address()
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    return this.url
  }

  /** @returns {Promise<void>} */
  stop() {
    return new Promise((resolve, reject) => {
      this.server.close((error) => (error ? reject(error) : resolve()))
      this.server.closeAllConnections()
    })
  }

  reset() {
    this.objects.clear()
    this.requests.length = 0
    this.faults.length = 0
  }

  /** @param {StorageFault} fault */
  addFault(fault) {
    const effects = ['respond', 'reset', 'expire'].filter((key) => /** @type {any} */ (fault)[key] !== undefined)
    if (effects.length !== 1)
      throw new TypeError(`storage fault needs exactly one of respond, reset, expire; got ${effects.join(', ') || 'none'}`)
    this.faults.push({ ...fault, seen: 0, done: 0 })
  }

  /**
   * A new signed URL for one upload to a new object of this deployment.
   * @param {string} deploymentId
   * @returns {{ upload_url: string, object_path: string }}
   */
  signedUrl(deploymentId) {
    const objectPath = `uploads/${deploymentId}/${randomUUID()}.tar.gz`
    const path = `/upload/${objectPath}`
    const expires = String(this.now() + this.ttlMs)
    const query = new URLSearchParams({ 'X-Sim-Expires': expires, 'X-Goog-Signature': this.sign('PUT', path, expires) })
    return { upload_url: `${this.url}${path}?${query}`, object_path: objectPath }
  }

  /** @param {string} method @param {string} path @param {string} expires */
  sign(method, path, expires) {
    return createHmac('sha256', this.secret).update(`${method}\n${path}\n${expires}`).digest('hex')
  }

  /** @returns {StorageFault | undefined} */
  nextFault() {
    for (const fault of this.faults) {
      fault.seen++
      if (fault.seen > (fault.skip ?? 0) && fault.done < (fault.times ?? 1)) {
        fault.done++
        return fault
      }
    }
    return undefined
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://storage')
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]))
    /** @type {StorageRequest} */
    const entry = {
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      bytes: 0,
      status: 0
    }
    this.requests.push(entry)
    /** @param {number} status @param {string} [body] */
    const answer = (status, body = '') => {
      entry.status = status
      if (res.destroyed) return
      res.writeHead(status, body ? { 'content-type': 'application/xml; charset=UTF-8' } : {})
      res.end(body)
    }
    const refusal = this.refusal(req.method ?? '', url, headers)
    const hash = createHash('sha256')
    /** @type {Buffer[]} */
    const kept = []
    const reader = refusal ? undefined : this.reader(url.pathname)
    req.on('data', (/** @type {Buffer} */ chunk) => {
      entry.bytes += chunk.length
      if (refusal) return
      hash.update(chunk)
      if (this.keepBodies) kept.push(chunk)
      if (reader && !reader.input.destroyed) reader.input.write(chunk)
    })
    req.on('end', async () => {
      if (refusal) return answer(refusal.status, refusal.body)
      const fault = this.nextFault()
      if (fault?.reset) {
        reader?.input.destroy()
        req.socket.resetAndDestroy()
        return
      }
      if (fault?.respond) {
        reader?.input.destroy()
        return answer(fault.respond.status, fault.respond.body)
      }
      if (fault?.expire) {
        reader?.input.destroy()
        return answer(400, xmlError('ExpiredToken', 'Invalid argument.'))
      }
      const declared = Number(headers['content-length'])
      if (entry.bytes !== declared) {
        reader?.input.destroy()
        return answer(
          400,
          xmlError('IncompleteBody', `The request body is ${entry.bytes} bytes, not the ${declared} that Content-Length declares.`)
        )
      }
      if (reader && !reader.input.destroyed) reader.input.end()
      const read = await reader?.done
      const objectPath = url.pathname.slice('/upload/'.length)
      this.objects.set(objectPath, {
        bytes: entry.bytes,
        sha256: hash.digest('hex'),
        names: read?.names ?? new Set(),
        texts: read?.texts ?? new Map(),
        ...(read?.problem ? { problem: read.problem } : {}),
        ...(this.keepBodies ? { body: Buffer.concat(kept) } : {})
      })
      answer(200)
    })
    req.on('error', () => undefined)
  }

  /**
   * Why this request is refused before its body matters, or undefined.
   * @param {string} method
   * @param {URL} url
   * @param {Record<string, string>} headers
   * @returns {{ status: number, body: string } | undefined}
   */
  refusal(method, url, headers) {
    const carried = CREDENTIAL_HEADERS.filter((name) => headers[name] !== undefined)
    if (carried.length > 0) {
      return {
        status: 400,
        body: xmlError('InvalidArgument', `A signed URL is its own credential; this request also carries ${carried.join(', ')}.`)
      }
    }
    if (method !== 'PUT') return { status: 405, body: xmlError('MethodNotAllowed', `${method} is not allowed with this signed URL.`) }
    const expires = url.searchParams.get('X-Sim-Expires') ?? ''
    const given = Buffer.from(url.searchParams.get('X-Goog-Signature') ?? '', 'hex')
    const wanted = Buffer.from(this.sign(method, url.pathname, expires), 'hex')
    if (!url.pathname.startsWith('/upload/') || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      return {
        status: 403,
        body: xmlError('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.')
      }
    }
    if (this.now() > Number(expires)) return { status: 400, body: xmlError('ExpiredToken', 'Invalid argument.') }
    if (headers['content-type'] !== 'application/gzip') {
      return {
        status: 400,
        body: xmlError('InvalidArgument', `Content-Type must be application/gzip, not ${headers['content-type'] || 'absent'}.`)
      }
    }
    if (headers['content-length'] === undefined || !/^\d+$/.test(headers['content-length'])) {
      return { status: 411, body: xmlError('MissingContentLength', 'Content-Length is required.') }
    }
    const range = /^(\d+),(\d+)$/.exec(headers['x-goog-content-length-range'] ?? '')
    if (!range) return { status: 400, body: xmlError('InvalidArgument', 'X-Goog-Content-Length-Range is required: min,max.') }
    if (range[0] !== SIGNED_LENGTH_RANGE) {
      return {
        status: 403,
        body: xmlError(
          'SignatureDoesNotMatch',
          `The URL was signed with X-Goog-Content-Length-Range ${SIGNED_LENGTH_RANGE}, not ${range[0]}.`
        )
      }
    }
    const length = Number(headers['content-length'])
    if (length < Number(range[1]) || length > Number(range[2])) {
      return { status: 400, body: xmlError('EntityTooLarge', `Content-Length ${length} is outside the range ${range[1]}-${range[2]}.`) }
    }
    return undefined
  }

  /**
   * Reads an upload as it arrives: gunzip, then tar, keeping each entry's name, and the text of
   * small JSON files (a config is a few KiB; a larger one is not kept).
   * @param {string} path
   * @returns {{ input: import('node:stream').PassThrough, done: Promise<{ names: Set<string>, texts: Map<string, string>, problem?: string }> }}
   */
  reader(path) {
    const gunzip = createGunzip()
    const tar = extract()
    /** @type {Set<string>} */
    const names = new Set()
    /** @type {Map<string, string>} */
    const texts = new Map()
    tar.on('entry', (header, stream, next) => {
      const name = header.name
      if (name.startsWith('/') || name.split('/').includes('..')) names.add(`unsafe:${name}`)
      else names.add(name)
      /** @type {Buffer[]} */
      const chunks = []
      const keep = name.endsWith('.json') && (header.size ?? Infinity) <= 256 * 1024
      if (keep) stream.on('data', (/** @type {unknown} */ chunk) => void chunks.push(/** @type {Buffer} */ (chunk)))
      stream.on('end', () => {
        if (keep) texts.set(name, Buffer.concat(chunks).toString('utf8'))
        next()
      })
      stream.resume()
    })
    const done = pipeline(gunzip, /** @type {any} */ (tar)).then(
      () => {
        const unsafe = [...names].filter((n) => n.startsWith('unsafe:'))
        return unsafe.length > 0
          ? { names, texts, problem: `the archive holds paths outside its root (${unsafe[0].slice(7)})` }
          : { names, texts }
      },
      (/** @type {Error} */ error) => ({ names, texts, problem: `${path} is not a gzip'd tar archive (${error.message})` })
    )
    return { input: /** @type {any} */ (gunzip), done }
  }
}
