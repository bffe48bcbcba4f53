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
 * certificates parsed (docs/egress-firewall.md has the figures). A worker thread reading it while
 * the bundle loads was measured slower on a loaded two-core machine, so it is read in line.
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
