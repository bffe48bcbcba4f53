import type { Deployment, PatchDeploymentRequest } from '../../api/schemas.js'
import { sameJson } from '../../core/json-values.js'
import type { CommandDeps } from '../types.js'
import { reportEnvironment } from './environment-report.js'
import type { DeployInputs } from './inputs.js'
import { mergedIntoDeployment, type Plan } from './plan.js'

type PatchPlan = Plan & { action: 'patch' }

/**
 * The patch's merged parts made again from the deployment as it is just before the patch goes.
 * The plan merged `secrets`, `secret-references` and `resource-spec` into the deployment as the
 * lookup read it, and the control plane replaces each whole; a remote build then uploads its
 * archive (seconds, or minutes), and a secret set in the UI meanwhile would be deleted by a list
 * read before it. So one `GET` when the patch merges something into the deployment (none
 * otherwise); when what it merges into changed, the merge is made again from it, and the log and
 * the summary say what is now sent. A merge that can no longer be made (a secret now shown
 * without its value) is refused before anything is sent, as at the lookup.
 */
export async function mergedAgainNow(
  plan: PatchPlan,
  body: PatchDeploymentRequest,
  inputs: DeployInputs,
  deps: Pick<CommandDeps, 'client' | 'log' | 'recorder'>
): Promise<PatchDeploymentRequest> {
  if (!mergesIntoDeployment(inputs)) return body
  const now = await deps.client.getDeployment(plan.deployment.id)
  if (sameMergedInto(plan.deployment, now)) return body
  const merged = mergedIntoDeployment(inputs, now)
  const next: PatchDeploymentRequest = { ...body }
  delete next.secrets
  delete next.secret_references
  if (merged.secrets?.send) next.secrets = merged.secrets.send
  if (merged.references?.send) next.secret_references = merged.references.send
  if (merged.resourceSpec) next.source_config = { ...next.source_config, resource_spec: merged.resourceSpec }
  deps.log.info(
    `Deployment \`${plan.deployment.name}\`'s environment or \`resource_spec\` changed while this deploy ran (in the UI, by a CLI ` +
      'or another run): the merge is made again from it, so what was set meanwhile stays.'
  )
  if (merged.environment) {
    plan.environment = merged.environment
    reportEnvironment(plan, deps)
  }
  return next
}

/** Whether the patch merges something into what the deployment has: `secrets` or `secret-references` merged, or `resource-spec`. */
function mergesIntoDeployment(inputs: DeployInputs): boolean {
  const merging = inputs.secretsUpdate === 'merge'
  return (
    (merging && ((inputs.secrets?.length ?? 0) > 0 || (inputs.secretReferences?.length ?? 0) > 0)) ||
    inputs.sourceConfig.resource_spec !== undefined
  )
}

/** The same environment and `resource_spec` (a list's order aside: it is a set by name). */
function sameMergedInto(before: Deployment, now: Deployment): boolean {
  const nameOf = (item: unknown) => String((item as { name?: unknown } | null)?.name)
  const byName = (list: unknown) =>
    Array.isArray(list) ? [...(list as unknown[])].sort((a, b) => nameOf(a).localeCompare(nameOf(b))) : list
  return (
    sameJson(byName(before.secrets), byName(now.secrets)) &&
    sameJson(byName(before.secret_references), byName(now.secret_references)) &&
    sameJson(before.source_config?.resource_spec, now.source_config?.resource_spec)
  )
}
