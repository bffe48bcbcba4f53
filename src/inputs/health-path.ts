/**
 * The health check's path is joined to a URL the control plane reported, and the
 * credential goes with the request, so the path is checked here, before any request, to
 * be unable to move the request to another host, scheme or port, or out of the
 * deployment's own path. A parser like those of parsers.ts, apart from health.ts (which
 * reads the check's inputs through the spec's reader) so that formats.ts can use it
 * without a circle.
 *
 * Returns the path, or throws a plain Error that completes "input `health-check-path` ...".
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
    refuse("must not contain `.` or `..` segments (they climb out of the deployment's URL)")
  }
  // `%2f` and `%5c` stay encoded in a URL, but a proxy or the server may decode them into `/` and `\`.
  if (/%(2f|5c|40)/i.test(raw)) refuse('must not contain an encoded `/`, `\\` or `@`')
  return raw
}
