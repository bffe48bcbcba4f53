/**
 * Where a health check may go. The path comes from the workflow and is joined to a URL
 * that the control plane reported; the credential header goes with the request. So the
 * path must never be able to move the request to another host, scheme or port (or out
 * of the deployment's own path), and the URL must be one the credential may travel to.
 */

/**
 * `health-check-path` as a parser (see inputs/parsers.ts): the path or a plain Error
 * that completes "input `health-check-path` ...". Checked before any request.
 */
export function parseHealthCheckPath(raw: string): string {
  const refuse = (why: string) => {
    throw new Error(`${why}; give a path on the deployment's own URL, such as \`/ok\``)
  }
  // Before the other rules: `https://evil.example/ok` also fails them, but this says why.
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.includes('://')) refuse('must be a path, not a full URL')
  if (!raw.startsWith('/')) refuse('must start with `/`')
  if (raw.startsWith('//')) refuse('must not start with `//` (that names another host)')
  // URL parsers read `\` as `/` in http(s) URLs: `/\evil.example` is `//evil.example`.
  if (raw.includes('\\')) refuse('must not contain `\\`')
  if (raw.includes('@')) refuse('must not contain `@` (text before it could be read as a user name, and after it as a host)')
  if (/[\s\x00-\x1f\x7f]/.test(raw)) refuse('must not contain spaces, tabs, line breaks or other control characters')
  if (raw.includes('#')) refuse('must not contain a fragment (`#`): it is never sent')
  const pathPart = raw.split('?')[0]
  if (pathPart.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) {
    refuse('must not contain `.` or `..` segments (they climb out of the deployment\'s URL)')
  }
  // `%2f` and `%5c` stay encoded in a URL, but a proxy or the server may decode them into `/` and `\`.
  if (/%(2f|5c|40)/i.test(raw)) refuse('must not contain an encoded `/`, `\\` or `@`')
  return raw
}

function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true
  const octets = hostname.split('.')
  return octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)
}

export type HealthTarget = { url: string } | { refused: string }

/**
 * The URL to check: the deployment's URL as the control plane reported it, plus `path`.
 * Refused (with the reason) unless the base is https:// (http:// only on loopback) with
 * no user name, and the joined URL kept the base's origin and path.
 *
 * `reportedUrl` must be the deployment's `url` field from the control plane, never an
 * input: the credential goes only where the control plane says the deployment is.
 */
export function healthCheckTarget(reportedUrl: string | null | undefined, path: string): HealthTarget {
  if (!reportedUrl) {
    return { refused: 'the control plane reported no URL for this deployment, so there is nowhere the credential may be sent' }
  }
  let base: URL
  try {
    base = new URL(reportedUrl)
  } catch {
    return { refused: 'the URL the control plane reported for this deployment is not a valid URL' }
  }
  const where = `\`${base.protocol}//${base.host}\``
  if (base.protocol !== 'https:' && !(base.protocol === 'http:' && isLoopbackHost(base.hostname))) {
    return { refused: `the deployment's URL ${where} is not https:// (http:// is allowed only on loopback), and the credential must not travel unencrypted` }
  }
  if (base.username || base.password) return { refused: 'the deployment\'s URL contains a user name or password' }
  const basePath = base.pathname.replace(/\/+$/, '')
  let joined: URL
  try {
    joined = new URL(`${base.origin}${basePath}${path}`)
  } catch {
    return { refused: `\`health-check-path\` does not make a valid URL with ${where}` }
  }
  // The input rules already prevent this; checked again on the URL actually requested.
  if (joined.origin !== base.origin || joined.username || joined.password || !joined.pathname.startsWith(`${basePath}/`)) {
    return { refused: `\`health-check-path\` would move the request away from ${where}${basePath}` }
  }
  return { url: joined.toString() }
}
