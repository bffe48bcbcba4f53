import tls from 'node:tls'

/*
 * The system's certificate store, trusted beside Node's bundled authorities. A runner behind an
 * egress firewall that terminates TLS (GitHub's native egress firewall) presents certificates
 * signed by the firewall's own authority, which the runner's system store holds and Node's
 * bundled list does not; Node reads the system store only when asked (`--use-system-ca`, which
 * an action cannot pass to its own runtime). Node 24.5 and later can be asked at run time
 * (`tls.getCACertificates('system')`, `tls.setDefaultCACertificates`); older runtimes (Node 20,
 * 22) have no such call and keep the bundled list. Verification is never turned off: a
 * certificate must still chain to an authority one of the two lists holds.
 *
 * On Linux the system store is OpenSSL's default file and folder (`/etc/ssl/certs` on the
 * runners), or `SSL_CERT_FILE` and `SSL_CERT_DIR` when set. Reading it is the cost: a few hundred
 * certificates parsed, 30 to 50 ms on Node 24 (docs/egress-firewall.md has the figures). So it is
 * read only when a connection fails on an authority Node's list does not know, and that request
 * is sent again once (`SystemStoreTrust.send`): a runner without such a firewall never pays for it.
 * A TLS handshake fails before any byte of the request is written, so nothing was sent twice.
 */

/** What was done: how many of the system's authorities were added, or why none. */
export type SystemStoreResult = { added: number } | { unavailable: 'runtime' | 'unreadable' }

interface CaApi {
  getCACertificates?: (type: 'default' | 'system') => string[]
  setDefaultCACertificates?: (certs: readonly string[]) => void
}

/** A certificate's base64 body: the same certificate reads alike from either list, whatever its PEM's line breaks. */
const body = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '')

/**
 * Adds the system store's authorities that Node's current defaults (its bundle, and
 * `NODE_EXTRA_CA_CERTS`) lack, once each (the store lists most two or three times: a bundle file
 * and a hashed folder). Call it before any connection: agents cache sessions made earlier.
 * Nothing is set when the store adds nothing (setting parses the whole list again).
 */
export function trustSystemStore(api: CaApi = tls): SystemStoreResult {
  if (typeof api.getCACertificates !== 'function' || typeof api.setDefaultCACertificates !== 'function') return { unavailable: 'runtime' }
  try {
    const current = api.getCACertificates('default')
    const known = new Set(current.map(body))
    const added: string[] = []
    for (const pem of api.getCACertificates('system')) {
      const key = body(pem)
      if (known.has(key)) continue
      known.add(key)
      added.push(pem)
    }
    if (added.length > 0) api.setDefaultCACertificates([...current, ...added])
    return { added: added.length }
  } catch {
    // An unreadable store, or a certificate Node cannot parse: the defaults stand (setDefaultCACertificates changes nothing when it throws).
    return { unavailable: 'unreadable' }
  }
}

/** The errors of a certificate no authority in Node's list vouches for (OpenSSL's verify codes, as Node names them). */
const UNKNOWN_AUTHORITY = new Set([
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_UNTRUSTED'
])

/** Whether an error (Node's, or fetch's with Node's as its `cause`) is a certificate of an authority Node's list lacks. */
export function isUnknownAuthority(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at !== null && typeof at === 'object' && depth < 4; depth++) {
    const code = (at as { code?: unknown }).code
    if (typeof code === 'string' && UNKNOWN_AUTHORITY.has(code)) return true
    at = (at as { cause?: unknown }).cause
  }
  return false
}

/**
 * The system store, read at most once per process, the first time a request fails on an unknown
 * authority. The default authorities are process-wide, so this is too (one per process, `systemStore`).
 */
export class SystemStoreTrust {
  private result: SystemStoreResult | undefined
  /** Told once, when the store was read (the debug log). */
  onRead: (result: SystemStoreResult) => void = () => undefined

  constructor(private readonly api: CaApi = tls) {}

  /**
   * `attempt()`, and once more after the system store's authorities were added when it failed
   * on an unknown authority for the first time in this process and the store added some. Only
   * for a request whose body can be sent again (none, or text): a stream is not retried.
   */
  async send<T>(attempt: () => Promise<T>): Promise<T> {
    const readBefore = this.result !== undefined
    try {
      return await attempt()
    } catch (error) {
      // Read before this attempt: its failure is the certificate's own.
      if (readBefore || !isUnknownAuthority(error)) throw error
      // Read now, or by a request that failed at the same time (then only sent again).
      if (this.result === undefined) {
        this.result = trustSystemStore(this.api)
        this.onRead(this.result)
      }
      if (!('added' in this.result) || this.result.added === 0) throw error
      return attempt()
    }
  }
}

export const systemStore = new SystemStoreTrust()
