import { shown } from './parsers.js'

/**
 * The names the action creates deployments with. The control plane publishes no rule
 * (its API schema types `name` as a plain string), but it serves each deployment on a
 * hostname made from the name and names a tracing project after it, and it answers a
 * create whose name holds an underscore with HTTP 500. So a create is sent only for what
 * a DNS label allows: ASCII letters, digits and hyphens, starting and ending with a
 * letter or digit, at most 63 characters.
 *
 * Only for a create: a deployment made elsewhere (the UI, another client) may carry a
 * name outside this rule, and must still be found and updated by `name`. So the rule is
 * checked after the lookup finds nothing and before the create is sent (a 500 on create
 * is retried and would only surface at the step's timeout).
 */
const DEPLOYMENT_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

export const DEPLOYMENT_NAME_RULE =
  'ASCII letters, digits and hyphens (`-`), starting and ending with a letter or digit, at most 63 characters (no underscores, dots or spaces)'

/** Why the action will not create a deployment with this name, or undefined when it will. */
export function newDeploymentNameProblem(name: string): string | undefined {
  if (DEPLOYMENT_NAME.test(name)) return undefined
  return (
    `\`name\` ${shown(name)} matches no deployment, and a new deployment's name must be one the control plane can take: ` +
    `${DEPLOYMENT_NAME_RULE}. Fix \`name\`, or create the deployment another way and deploy to it by \`name\``
  )
}
