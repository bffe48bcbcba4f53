import { quotable } from '../../core/quoted.js'
import { DEFAULT_DEPLOYMENT_TYPE, SCALE_TO_ZERO_TYPES, TYPED_SOURCES } from '../../api/constants.js'
import type { Deployment, SourceConfigRequest } from '../../api/schemas.js'

/**
 * "Only `dev_zero` deployment types may scale to 0" (the control plane's owners; `dev_free_zero`
 * is the free tier's zero type): `resource-spec` with `min_scale: 0` is bad input for any other
 * type. Which type counts: on a create, the one `deployment-type` gives (the control plane's
 * default, `prod`, when it gives none); on an update, the deployment's own, fixed at creation.
 */

const ZERO_TYPES = SCALE_TO_ZERO_TYPES.map((type) => `\`${type}\``).join(' or ')

function scalesToZero(config: SourceConfigRequest): boolean {
  return config.resource_spec?.min_scale === 0
}

/** Before any request: `deployment-type` given, and not a type that may scale to zero. */
export function scaleToZeroProblemBeforeLookup(config: SourceConfigRequest): string | undefined {
  const type = config.deployment_type
  if (!scalesToZero(config) || type === undefined || SCALE_TO_ZERO_TYPES.includes(type)) return undefined
  return (
    `\`resource-spec\` sets \`min_scale: 0\`, but \`deployment-type\` is \`${type}\`, which cannot scale to zero: ` +
    `only ${ZERO_TYPES} deployments may. Set \`deployment-type\` to one of them, or \`min_scale\` to 1 or more`
  )
}

/**
 * After the lookup, before any change: a create's type (given, or the default for a source that
 * takes one), or the type the deployment reports. A deployment that reports none, or a create of
 * a source that takes no type (`external_docker`), is left to the control plane to judge.
 */
export function scaleToZeroProblemAfterLookup(
  config: SourceConfigRequest,
  target: { existing: Deployment } | { creating: string }
): string | undefined {
  if (!scalesToZero(config)) return undefined
  if ('creating' in target) {
    if (config.deployment_type !== undefined) return scaleToZeroProblemBeforeLookup(config)
    if (!TYPED_SOURCES.includes(target.creating)) return undefined
    return (
      `\`resource-spec\` sets \`min_scale: 0\`, but \`deployment-type\` is not set, so the deployment would be created ` +
      `\`${DEFAULT_DEPLOYMENT_TYPE}\` (the control plane's default), which cannot scale to zero: only ${ZERO_TYPES} deployments may. ` +
      `Set \`deployment-type\` to one of them, or \`min_scale\` to 1 or more`
    )
  }
  const existing = target.existing
  const type = existing.source_config?.deployment_type
  if (typeof type !== 'string' || SCALE_TO_ZERO_TYPES.includes(type)) return undefined
  return (
    `\`resource-spec\` sets \`min_scale: 0\`, but deployment \`${existing.name}\` is of type \`${quotable(type, 40)}\`, which cannot scale to ` +
    `zero (only ${ZERO_TYPES} deployments may, and the type is fixed at creation): set \`min_scale\` to 1 or more, or deploy ` +
    `under another \`name\` with \`deployment-type\` ${ZERO_TYPES}`
  )
}
