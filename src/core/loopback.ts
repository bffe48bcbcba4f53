/**
 * Whether a URL's hostname (as `new URL(...).hostname` gives it) names this machine:
 * `localhost`, 127.0.0.0/8 or `[::1]`. Plain http:// is allowed only there (the
 * simulator, tests), since nothing crosses a network. One definition, so that the
 * control-plane URL, the health-check URL and the links in reports agree on it.
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true
  const octets = hostname.split('.')
  return octets.length === 4 && octets[0] === '127' && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)
}

/**
 * Whether a URL may carry a credential or a signed upload: https://, or http:// on this
 * machine only. The control-plane URL, the signed upload URL, the health-check URL and the
 * links in reports all use this one rule, so none can be looser than the others.
 */
export function isHttpsOrLoopbackHttp(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))
}
