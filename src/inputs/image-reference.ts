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

/**
 * The reference or an Error completing "input `image-uri` ...". The advice is the user's own
 * registry and path pinned by digest when the input has a usable pair (no made-up name that a
 * reader could paste), and absent when it has none.
 */
export function parseImageReference(raw: string): string {
  const problem = referenceProblem(raw)
  if (!problem) return raw
  const name = usableName(raw)
  throw new Error(
    name ? `${problem}; write it as \`${name}@sha256:<64 hex digits>\` (docker/build-push-action's \`digest\` output)` : problem
  )
}

/** Host and path, as `referenceProblem` reads them. */
interface NameParts {
  host: string | undefined
  path: string
  tag: string | undefined
}

function nameParts(name: string): NameParts {
  const slash = name.indexOf('/')
  const first = slash < 0 ? '' : name.slice(0, slash)
  // Docker's rule for a first component that names a registry, not a loopback check: a `.` or `:`, or the name `localhost`.
  const host = /[.:]|^localhost$/.test(first) ? first : undefined
  const rest = host !== undefined ? name.slice(slash + 1) : name
  // A tag's `:` is after the last `/`; one before it would be a port, and the host has been taken off.
  const colon = rest.indexOf(':', rest.lastIndexOf('/') + 1)
  return { host, path: colon < 0 ? rest : rest.slice(0, colon), tag: colon < 0 ? undefined : rest.slice(colon + 1) }
}

/**
 * The registry and path the input names, once what cannot belong to them is taken off (a
 * scheme, docker options after a space, the tag, the digest; upper case in the path, which
 * registries never hold): undefined when they are still not a valid name.
 */
function usableName(raw: string): string | undefined {
  const [first = '', ...after] = raw.trim().split(/\s+/)
  // What follows a space is docker options (`--rm`) or a broken name, whose intent is anyone's guess.
  if (after.some((word) => !word.startsWith('-'))) return undefined
  const reference = first.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
  const at = reference.indexOf('@')
  const { host, path } = nameParts(at < 0 ? reference : reference.slice(0, at))
  const lower = path.toLowerCase()
  if (host !== undefined && !HOST.test(host)) return undefined
  if (lower === '' || !lower.split('/').every((component) => PATH_COMPONENT.test(component))) return undefined
  const name = host !== undefined ? `${host}/${lower}` : lower
  return name.length <= MAX_NAME ? name : undefined
}

function referenceProblem(raw: string): string | undefined {
  if (/\s/.test(raw)) return `must be one image reference, without spaces or docker options, got ${shown(raw)}`
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw))
    return `must not start with a scheme (\`${raw.slice(0, raw.indexOf(':'))}://\`): an image reference names the registry host alone, got ${shown(raw)}`
  const at = raw.indexOf('@')
  const name = at < 0 ? raw : raw.slice(0, at)
  if (at >= 0) {
    const digest = raw.slice(at + 1)
    if (digest === '')
      return 'has an empty digest (nothing after the `@`): a digest is `sha256:` followed by exactly 64 lower-case hex digits'
    if (!DIGEST.test(digest))
      return `has the digest ${shown(digest)}, which is not \`sha256:\` followed by exactly 64 lower-case hex digits`
  }
  const { host, path, tag } = nameParts(name)
  if (host !== undefined && !HOST.test(host))
    return `names the registry host ${shown(host)}, which is not a host name (or IP address) with an optional \`:port\``
  if (tag === '') return 'has an empty tag (nothing after the `:`)'
  if (tag !== undefined && !TAG.test(tag))
    return `has the tag ${shown(tag)}: a tag is letters, digits, \`_\`, \`.\` and \`-\` (not starting with \`.\` or \`-\`), at most 128 characters`
  if (path === '') return `names no image repository, got ${shown(raw)}`
  for (const component of path.split('/')) {
    if (PATH_COMPONENT.test(component)) continue
    if (component === '') return `has the repository path ${shown(path)}, with an empty part (a \`/\` at its start or end, or \`//\`)`
    if (PATH_COMPONENT.test(component.toLowerCase()))
      return `has upper-case letters in its repository path ${shown(path)}: repository paths are lower case`
    return `has the repository path ${shown(path)}, whose part ${shown(component)} is not lower-case letters and digits joined by \`.\`, \`_\` or \`-\``
  }
  if ((host ? host.length + 1 : 0) + path.length > MAX_NAME) return `has a name (host and path) longer than ${MAX_NAME} characters`
  return undefined
}
