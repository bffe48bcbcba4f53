import { isHttpsOrLoopbackHttp } from '../../core/loopback.js'

/**
 * Where a health check may go. The path (`health-check-path`, checked by
 * inputs/health.ts) is joined to the URL that the control plane reported; the credential
 * header goes with the request. So the joined URL must keep the reported origin and
 * path, and the reported URL must be one the credential may travel to.
 */

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
  if (!isHttpsOrLoopbackHttp(base)) {
    return {
      refused: `the deployment's URL ${where} is not https:// (http:// is allowed only on loopback), and the credential must not travel unencrypted`
    }
  }
  if (base.username || base.password) return { refused: "the deployment's URL contains a user name or password" }
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
