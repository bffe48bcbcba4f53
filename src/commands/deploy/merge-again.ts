import type { Deployment, PatchDeploymentRequest } from '../../api/schemas.js'
import { sameJson } from '../../core/json-values.js'
import type { CommandDeps } from '../types.js'
import { reportEnvironment } from './environment-report.js'
import type { DeployInputs } from './inputs.js'
import { mergedIntoDeployment, type Plan } from './plan.js'

type PatchPlan = Plan & { action: 'patch' }

/** The patch to send, and the deployment as it was read just before (the lookup's when nothing was read again). */
export interface MergedAgain {
  body: PatchDeploymentRequest
  deployment: Deployment
}

/**
 * The patch's merged parts made again from the deployment as it is just before the patch goes.
 * The plan merged `secrets`, `secret-references` and `resource-spec` into the deployment as the
 * lookup read it, and the control plane replaces each whole; a remote build then uploads its
 * archive (seconds, or minutes), and a secret set in the UI meanwhile would be deleted by a list
 * read before it. So one `GET` when the patch merges something into the deployment (none
 * otherwise), and when a part it merges into changed, that part is merged again from it (only
 * the merged parts: a `replace` list stays as planned), said in the log and on record. A merge
 * that can no longer be made (a secret now shown without its value) is refused before anything
 * is sent, as at the lookup. The deployment read is the one the patch then starts from (the
 * revision it knows as the latest, should the patch's answer be lost).
 */
export async function mergedAgainNow(
  plan: PatchPlan,
  body: PatchDeploymentRequest,
  inputs: DeployInputs,
  deps: Pick<CommandDeps, 'client' | 'log' | 'recorder'>
): Promise<MergedAgain> {
  const merges = mergesOf(inputs)
  if (!merges.secrets && !merges.references && !merges.resourceSpec) return { body, deployment: plan.deployment }
  const now = await deps.client.getDeployment(plan.deployment.id)
  const before = plan.deployment
  const changed = [
    merges.secrets && !sameByName(before.secrets, now.secrets) ? '`secrets`' : undefined,
    merges.references && !sameByName(before.secret_references, now.secret_references) ? '`secret_references`' : undefined,
    merges.resourceSpec && !sameJson(before.source_config?.resource_spec, now.source_config?.resource_spec) ? '`resource_spec`' : undefined
  ].filter((part) => part !== undefined)
  if (changed.length === 0) return { body, deployment: now }
  const merged = mergedIntoDeployment(inputs, now)
  const next: PatchDeploymentRequest = { ...body }
  if (merges.secrets) {
    delete next.secrets
    if (merged.secrets?.send) next.secrets = merged.secrets.send
  }
  if (merges.references) {
    delete next.secret_references
    if (merged.references?.send) next.secret_references = merged.references.send
  }
  if (merges.resourceSpec && merged.resourceSpec) next.source_config = { ...next.source_config, resource_spec: merged.resourceSpec }
  deps.log.info(
    `Deployment \`${before.name}\`'s ${changed.join(' and ')} changed while this deploy ran (in the UI, by a CLI or another run): ` +
      'merged again from it, so what was set meanwhile stays.'
  )
  if (merges.secrets || merges.references) {
    const planned = plan.environment
    const secrets = merges.secrets ? merged.secrets : planned?.secrets
    const references = merges.references ? merged.references : planned?.references
    plan.environment = { mode: inputs.secretsUpdate, ...(secrets ? { secrets } : {}), ...(references ? { references } : {}) }
    reportEnvironment(plan, deps)
  }
  return { body: next, deployment: now }
}

/** Which parts of the patch merge into what the deployment has: the lists with `secrets-update: merge`, and `resource-spec`. */
function mergesOf(inputs: DeployInputs): { secrets: boolean; references: boolean; resourceSpec: boolean } {
  const merging = inputs.secretsUpdate === 'merge'
  return {
    secrets: merging && (inputs.secrets?.length ?? 0) > 0,
    references: merging && (inputs.secretReferences?.length ?? 0) > 0,
    resourceSpec: inputs.sourceConfig.resource_spec !== undefined
  }
}

/** The same list, its order aside (a set by name). */
function sameByName(before: unknown, now: unknown): boolean {
  const nameOf = (item: unknown) => String((item as { name?: unknown } | null)?.name)
  const byName = (list: unknown) =>
    Array.isArray(list) ? [...(list as unknown[])].sort((a, b) => nameOf(a).localeCompare(nameOf(b))) : list
  return sameJson(byName(before), byName(now))
}
