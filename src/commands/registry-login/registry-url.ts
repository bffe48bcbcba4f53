import { ActionError } from '../../core/errors.js'
import type { RegistryLogin } from '../../core/outcome.js'

/** A registry host as Docker takes it: a DNS name or IPv4 address, or a bracketed IPv6 one, and an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/
/** The path after the host, as an image repository's: lower-case components. */
const PATH = /^[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*$/

/** Whether `host` is plainly a registry host (and so safe as an argument of `docker`). */
export function isRegistryHost(host: string): boolean {
  return HOST.test(host)
}

/**
 * Where Docker logs in and where the image goes, from the push token's `registry_url`
 * (`<host>/<project path>`): the host is what comes before the first `/` (a scheme, if
 * the control plane wrote one, is not part of it), and the image repository is
 * `<registry_url>/<deployment name>`. The URL is the control plane's text and becomes an
 * argument of `docker login`: anything that is not plainly a host (an option such as
 * `--help`, spaces, a user name) is refused rather than passed on.
 */
export function registryOf(registryUrl: string, deploymentName: string): RegistryLogin {
  const bare = registryUrl
    .trim()
    .replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '')
    .replace(/\/+$/, '')
  const slash = bare.indexOf('/')
  const host = slash < 0 ? bare : bare.slice(0, slash)
  const path = slash < 0 ? '' : bare.slice(slash + 1)
  if (!HOST.test(host) || (path !== '' && !PATH.test(path))) {
    throw new ActionError(
      'bad-response',
      `The control plane's push token names its registry as \`${registryUrl}\`, which is not a registry host with an image path (\`host[:port]/path\`).`,
      "This is not an answer the control plane sends; check `control-plane-url`, and report it to the control plane's operators if it persists."
    )
  }
  return { registry: host, imageRepository: `${bare}/${deploymentName}` }
}
