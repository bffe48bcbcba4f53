import { CREATABLE_SOURCES, isCreatable } from '../../api/constants.js'
import type {
  CreateDeploymentRequest,
  Deployment,
  PatchDeploymentRequest,
  Secret,
  ResourceSpec,
  SecretReference,
  SourceConfigRequest,
  SourceRevisionConfigRequest
} from '../../api/schemas.js'
import { InputError } from '../../core/errors.js'
import { newDeploymentNameProblem } from '../../inputs/deployment-name.js'
import type { WorkflowContext } from '../../inputs/workflow-context.js'
import { environmentOfCreate, referencesOfUpdate, secretsOfUpdate, type EnvironmentChange, type SecretsUpdate } from './environment.js'
import type { DeployInputs } from './inputs.js'
import { mergedResourceSpec } from './resource-spec.js'
import { sameSetting, shownSetting } from './settings-differ.js'
import { fieldsIn } from './sources/fields.js'
import { scaleToZeroProblemAfterLookup } from './scale-to-zero.js'
import { sourceProblemsAfterLookup } from './source-rules.js'
import { DEFAULT_SOURCE, type SourceDecision } from './source.js'

export type Plan = (
  | { action: 'create'; body: CreateDeploymentRequest }
  | { action: 'patch'; deployment: Deployment; body: PatchDeploymentRequest; warnings: string[] }
  | { action: 'none'; deployment: Deployment }
) & { environment?: PlannedEnvironment }

/** What the plan does to the deployment's environment (environment.ts), when `secrets` or `secret-references` is given. */
export interface PlannedEnvironment {
  mode: SecretsUpdate
  secrets?: EnvironmentChange<Secret>
  references?: EnvironmentChange<SecretReference>
}

/**
 * `source_config` fields the control plane fixes at creation. Sending one on a patch
 * would be refused, so a patch leaves them out, and a value the user set that differs
 * from the deployment's is an error before anything is sent.
 */
const CREATE_ONLY = fieldsIn('source_config').filter((field) => field.createOnly)
const CREATE_ONLY_KEYS: ReadonlySet<string> = new Set(CREATE_ONLY.map((field) => field.key))

/** The request's fields a patch may send: the create-only ones left out. */
function changeableOf(requested: SourceConfigRequest): SourceConfigRequest {
  return Object.fromEntries(Object.entries(requested).filter(([key]) => !CREATE_ONLY_KEYS.has(key)))
}

/** The request this run sends: what the inputs set, as the source decision says, plus the workflow's defaults where its module takes them (`github`). */
export function planDeploy(
  inputs: DeployInputs,
  existing: Deployment | undefined,
  source: SourceDecision,
  workflow: WorkflowContext
): Plan {
  return existing ? planPatch(inputs, existing, source, workflow) : planCreate(inputs, source, workflow)
}

function planCreate(inputs: DeployInputs, decided: SourceDecision, workflow: WorkflowContext): Plan {
  const name = inputs.name as string
  const source = decided.deployment ?? DEFAULT_SOURCE
  const github = decided.module.plan.fromWorkflow
  const sourceConfig: SourceConfigRequest = {
    ...inputs.sourceConfig,
    ...(github && !inputs.sourceConfig.repo_url && workflow.repoUrl ? { repo_url: workflow.repoUrl } : {})
  }
  const sourceRevisionConfig: SourceRevisionConfigRequest = {
    ...inputs.sourceRevisionConfig,
    ...(github && !inputs.sourceRevisionConfig.repo_ref && workflow.repoRef ? { repo_ref: workflow.repoRef } : {})
  }
  const problems = sourceProblemsAfterLookup(inputs, { sourceConfig, sourceRevisionConfig }, decided)
  // Checked here, not with the inputs: an existing deployment keeps the name it was made with.
  const nameProblem = newDeploymentNameProblem(name)
  if (nameProblem) problems.push(nameProblem)
  const scaleToZero = scaleToZeroProblemAfterLookup(sourceConfig, { creating: source })
  if (scaleToZero) problems.push(scaleToZero)
  if (!isCreatable(source)) {
    problems.push(
      `\`source\` \`${source}\` cannot be created through the API (it takes ${CREATABLE_SOURCES.map((s) => `\`${s}\``).join(', ')}): create the deployment another way, then deploy to it by \`name\``
    )
  }
  if (github && !sourceConfig.repo_url) {
    problems.push('`repo-url` is required to create a `github` deployment outside a GitHub workflow: set it to the repository URL')
  }
  if (problems.length > 0 || !isCreatable(source)) throw new InputError(problems)
  const environment = plannedEnvironment(
    inputs.secretsUpdate,
    environmentOfCreate(inputs.secrets),
    environmentOfCreate(inputs.secretReferences)
  )
  return {
    action: 'create',
    ...(environment ? { environment } : {}),
    body: {
      name,
      source,
      source_config: sourceConfig,
      source_revision_config: sourceRevisionConfig,
      secrets: inputs.secrets ?? [],
      ...(inputs.secretReferences ? { secret_references: inputs.secretReferences } : {})
    }
  }
}

function planPatch(inputs: DeployInputs, deployment: Deployment, source: SourceDecision, workflow: WorkflowContext): Plan {
  // A `source` the deployment was not created with, first.
  const problems: string[] = [...source.problems]
  const warnings: string[] = []
  const requested = inputs.sourceConfig
  for (const field of CREATE_ONLY) {
    const wanted = field.read(requested)
    const current = field.read(deployment.source_config)
    if (wanted === undefined) continue
    if (current == null) {
      warnings.push(
        `\`${field.input}\` was not sent: it is fixed when a deployment is created, and deployment \`${deployment.name}\` reports none.`
      )
    } else if (!sameSetting(field, wanted, current)) {
      problems.push(
        `\`${field.input}\` is \`${shownSetting(wanted)}\` but deployment \`${deployment.name}\` has ` +
          `\`${shownSetting(current)}\`, which cannot change after creation: remove \`${field.input}\` or deploy under another ` +
          `\`name\``
      )
    }
  }
  const given = changeableOf(requested)
  const sourceRevisionConfig: SourceRevisionConfigRequest = {
    ...inputs.sourceRevisionConfig,
    ...(source.module.plan.fromWorkflow && !inputs.sourceRevisionConfig.repo_ref && workflow.repoRef ? { repo_ref: workflow.repoRef } : {})
  }
  problems.push(...sourceProblemsAfterLookup(inputs, { sourceConfig: requested, sourceRevisionConfig }, source))
  const scaleToZero = scaleToZeroProblemAfterLookup(requested, { existing: deployment })
  if (scaleToZero) problems.push(scaleToZero)
  if (problems.length > 0) throw new InputError(problems)

  // Read from the deployment as the lookup found it, and made again just before the patch is sent
  // (merge-again.ts); a resend after a lost answer sends the same lists.
  const { secrets, references, environment, resourceSpec } = mergedIntoDeployment(inputs, deployment)
  const changeable = resourceSpec ? { ...given, resource_spec: resourceSpec } : given
  const body: PatchDeploymentRequest = {
    ...(source.revisionSourceSent ? { revision_source: source.revisionSourceSent } : {}),
    ...(Object.keys(changeable).length > 0 ? { source_config: changeable } : {}),
    ...(Object.keys(sourceRevisionConfig).length > 0 ? { source_revision_config: sourceRevisionConfig } : {}),
    ...(secrets?.send ? { secrets: secrets.send } : {}),
    ...(references?.send ? { secret_references: references.send } : {})
  }
  const planned = environment ? { environment } : {}
  return Object.keys(body).length > 0
    ? { action: 'patch', deployment, body, warnings, ...planned }
    : { action: 'none', deployment, ...planned }
}

/** The parts of a patch merged into what the deployment has: its environment, and `resource_spec`. */
export interface MergedParts {
  secrets?: EnvironmentChange<Secret>
  references?: EnvironmentChange<SecretReference>
  environment?: PlannedEnvironment
  resourceSpec?: ResourceSpec
}

/**
 * What a patch sends of the environment and `resource_spec`, merged into `deployment`'s: the control
 * plane replaces each whole. Throws (environment.ts) when a merge cannot be made without deleting
 * what the deployment does not show.
 */
export function mergedIntoDeployment(inputs: DeployInputs, deployment: Deployment): MergedParts {
  const secrets = secretsOfUpdate(deployment, inputs.secrets, inputs.secretsUpdate)
  const references = referencesOfUpdate(deployment, inputs.secretReferences, inputs.secretsUpdate)
  const environment = plannedEnvironment(inputs.secretsUpdate, secrets, references)
  const given = inputs.sourceConfig.resource_spec
  return {
    ...(secrets ? { secrets } : {}),
    ...(references ? { references } : {}),
    ...(environment ? { environment } : {}),
    ...(given ? { resourceSpec: mergedResourceSpec(given, deployment) } : {})
  }
}

function plannedEnvironment(
  mode: SecretsUpdate,
  secrets: EnvironmentChange<Secret> | undefined,
  references: EnvironmentChange<SecretReference> | undefined
): PlannedEnvironment | undefined {
  if (!secrets && !references) return undefined
  return { mode, ...(secrets ? { secrets } : {}), ...(references ? { references } : {}) }
}
