import { shown } from './parsers.js'

/**
 * `image-uri`: an image reference as Docker's reference grammar (distribution/reference) writes
 * it, `[host[:port]/]path[:tag][@sha256:<64 hex>]`, checked before any request: the control
 * plane pulls what it is given when it builds the revision, minutes later, and a reference that
 * cannot name an image (a digest cut short, a docker option pasted after it) fails only then.
 *
 * - host: DNS labels (letters, digits, `-` inside) joined by `.`, or a bracketed IPv6 address,
 *   with an optional port. The first component is the host only when it has a `.` or `:`, or is
 *   `localhost` (as Docker decides); otherwise it is part of the path.
 * - path: components of lower-case letters and digits, joined by `.`, `_`, `__` or dashes.
 * - tag: a letter, digit or `_`, then up to 127 of those, `.` and `-`.
 * - digest: `sha256:` and exactly 64 lower-case hex digits (the only algorithm registries
 *   hand out; a shorter one names no image).
 */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]+)?$/
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/
const TAG = /^[\w][\w.-]{0,127}$/
const DIGEST = /^sha256:[0-9a-f]{64}$/
/** Docker's limit on the name (host and path). */
const MAX_NAME = 255

const EXAMPLE = '`registry.example.com/team/agent@sha256:<64 hex digits>` (docker/build-push-action\'s `digest` output)'

/** The reference, unchanged, or an Error completing "input `image-uri` ...". */
export function parseImageReference(raw: string): string {
  const problem = referenceProblem(raw)
  if (problem) throw new Error(`${problem}; write it as ${EXAMPLE}`)
  return raw
}

function referenceProblem(raw: string): string | undefined {
  if (/\s/.test(raw)) return `must be one image reference, without spaces or docker options, got ${shown(raw)}`
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return `must not start with a scheme (\`${raw.slice(0, raw.indexOf(':'))}://\`): an image reference names the registry host alone, got ${shown(raw)}`
  const at = raw.indexOf('@')
  const name = at < 0 ? raw : raw.slice(0, at)
  if (at >= 0) {
    const digest = raw.slice(at + 1)
    if (!DIGEST.test(digest)) return `has the digest ${shown(digest)}, which is not \`sha256:\` followed by exactly 64 lower-case hex digits`
  }
  const slash = name.indexOf('/')
  const first = slash < 0 ? '' : name.slice(0, slash)
  // Docker's rule for a first component that names a registry, not a loopback check: a `.` or `:`, or the name `localhost`.
  const hasHost = /[.:]|^localhost$/.test(first)
  const host = hasHost ? first : undefined
  const rest = hasHost ? name.slice(slash + 1) : name
  if (host !== undefined && !HOST.test(host)) return `names the registry host ${shown(host)}, which is not a host name (or IP address) with an optional \`:port\``
  // A tag's `:` is after the last `/`; one before it would be a port, and the host has been taken off.
  const lastSlash = rest.lastIndexOf('/')
  const colon = rest.indexOf(':', lastSlash + 1)
  const path = colon < 0 ? rest : rest.slice(0, colon)
  if (colon >= 0) {
    const tag = rest.slice(colon + 1)
    if (!TAG.test(tag)) return `has the tag ${shown(tag)}: a tag is letters, digits, \`_\`, \`.\` and \`-\` (not starting with \`.\` or \`-\`), at most 128 characters`
  }
  if (path === '') return `names no image repository, got ${shown(raw)}`
  for (const component of path.split('/')) {
    if (PATH_COMPONENT.test(component)) continue
    if (component !== '' && PATH_COMPONENT.test(component.toLowerCase())) return `has upper-case letters in its repository path ${shown(path)}: repository paths are lower case`
    return `has the repository path ${shown(path)}, whose part ${shown(component)} is not lower-case letters and digits joined by \`.\`, \`_\` or \`-\``
  }
  if ((host ? host.length + 1 : 0) + path.length > MAX_NAME) return `has a name (host and path) longer than ${MAX_NAME} characters`
  return undefined
}
