import { shown } from './parsers.js'

/**
 * The names a deployment can be created with. The control plane publishes no rule
 * (its API schema types `name` as a plain string), but it serves each deployment on a
 * hostname made from the name and names a tracing project after it, and it answers a
 * create whose name holds an underscore with HTTP 500. So the action allows what a DNS
 * label allows: ASCII letters, digits and hyphens, starting and ending with a letter or
 * digit, at most 63 characters. Checked before any request, since a 500 is retried and
 * would only surface at the step's timeout.
 */
const DEPLOYMENT_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

export const DEPLOYMENT_NAME_RULE =
  'ASCII letters, digits and hyphens (`-`), starting and ending with a letter or digit, at most 63 characters (no underscores, dots or spaces)'

export function parseDeploymentName(raw: string): string {
  if (!DEPLOYMENT_NAME.test(raw)) {
    throw new Error(`must be a name the control plane can take: ${DEPLOYMENT_NAME_RULE}; got ${shown(raw)}`)
  }
  return raw
}
