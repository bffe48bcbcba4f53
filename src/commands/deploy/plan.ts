import { CREATABLE_SOURCES, isCreatable } from '../../api/constants.js'
import type {
  CreateDeploymentRequest,
  Deployment,
  PatchDeploymentRequest,
  SourceConfig,
  SourceConfigRequest,
  SourceRevisionConfigRequest
} from '../../api/schemas.js'
import { InputError } from '../../core/errors.js'
import { newDeploymentNameProblem } from '../../inputs/deployment-name.js'
import type { InputName } from '../../inputs/names.js'
import type { WorkflowContext } from '../../inputs/workflow-context.js'
import type { DeployInputs } from './inputs.js'
import { sourceProblemsAfterLookup } from './source-rules.js'

export type Plan =
  | { action: 'create'; body: CreateDeploymentRequest }
  | { action: 'patch'; deployment: Deployment; body: PatchDeploymentRequest; warnings: string[] }
  | { action: 'none'; deployment: Deployment }

export const DEFAULT_SOURCE = 'github'

/**
 * `source_config` fields the control plane fixes at creation. Sending one on a patch
 * would be refused, so a patch leaves them out, and a value the user set that differs
 * from the deployment's is an error before anything is sent.
 */
const CREATE_ONLY: Array<{ input: InputName; read: (c: SourceConfig | SourceConfigRequest | null | undefined) => string | null | undefined }> = [
  { input: 'integration-id', read: (c) => c?.integration_id },
  { input: 'repo-url', read: (c) => c?.repo_url },
  { input: 'deployment-type', read: (c) => c?.deployment_type },
  { input: 'listener-id', read: (c) => c?.listener_id },
  { input: 'k8s-namespace', read: (c) => c?.listener_config?.k8s_namespace }
]

/** The request this run sends: what the inputs set, plus workflow defaults for github sources. */
export function planDeploy(inputs: DeployInputs, existing: Deployment | undefined, workflow: WorkflowContext): Plan {
  return existing ? planPatch(inputs, existing, workflow) : planCreate(inputs, workflow)
}

function planCreate(inputs: DeployInputs, workflow: WorkflowContext): Plan {
  const name = inputs.name as string
  const source = inputs.source ?? DEFAULT_SOURCE
  const github = source === 'github'
  const sourceConfig: SourceConfigRequest = {
    ...inputs.sourceConfig,
    ...(github && !inputs.sourceConfig.repo_url && workflow.repoUrl ? { repo_url: workflow.repoUrl } : {})
  }
  const sourceRevisionConfig: SourceRevisionConfigRequest = {
    ...inputs.sourceRevisionConfig,
    ...(github && !inputs.sourceRevisionConfig.repo_ref && workflow.repoRef ? { repo_ref: workflow.repoRef } : {})
  }
  const problems = sourceProblemsAfterLookup(inputs, { sourceConfig, sourceRevisionConfig }, source, true)
  // Checked here, not with the inputs: an existing deployment keeps the name it was made with.
  const nameProblem = newDeploymentNameProblem(name)
  if (nameProblem) problems.push(nameProblem)
  if (!isCreatable(source)) {
    problems.push(
      `\`source\` \`${source}\` cannot be created through the API (it takes ${CREATABLE_SOURCES.map((s) => `\`${s}\``).join(', ')}): create the deployment another way, then deploy to it by \`name\``
    )
  }
  if (github && !sourceConfig.repo_url) {
    problems.push('`repo-url` is required to create a `github` deployment outside a GitHub workflow: set it to the repository URL')
  }
  if (problems.length > 0 || !isCreatable(source)) throw new InputError(problems)
  return {
    action: 'create',
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

function planPatch(inputs: DeployInputs, deployment: Deployment, workflow: WorkflowContext): Plan {
  const source = deployment.source ?? inputs.source ?? DEFAULT_SOURCE
  const problems: string[] = []
  if (inputs.source && deployment.source && inputs.source !== deployment.source) {
    problems.push(
      `\`source\` is \`${inputs.source}\` but deployment \`${deployment.name}\` was created with \`${deployment.source}\`, which cannot change: remove \`source\` or deploy under another \`name\``
    )
  }
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
    } else if (comparable(wanted) !== comparable(current)) {
      problems.push(
        `\`${field.input}\` is \`${String(wanted)}\` but deployment \`${deployment.name}\` has \`${String(current)}\`, which cannot change after creation: remove \`${field.input}\` or deploy under another \`name\``
      )
    }
  }
  const { integration_id, repo_url, deployment_type, listener_id, listener_config, ...changeable } = requested
  const revisionSource = inputs.revisionSource ?? source
  const sourceRevisionConfig: SourceRevisionConfigRequest = {
    ...inputs.sourceRevisionConfig,
    ...(revisionSource === 'github' && !inputs.sourceRevisionConfig.repo_ref && workflow.repoRef
      ? { repo_ref: workflow.repoRef }
      : {})
  }
  problems.push(
    ...sourceProblemsAfterLookup(inputs, { sourceConfig: requested, sourceRevisionConfig }, source, false)
  )
  if (problems.length > 0) throw new InputError(problems)

  const body: PatchDeploymentRequest = {
    ...(inputs.revisionSource ? { revision_source: inputs.revisionSource } : {}),
    ...(Object.keys(changeable).length > 0 ? { source_config: changeable } : {}),
    ...(Object.keys(sourceRevisionConfig).length > 0 ? { source_revision_config: sourceRevisionConfig } : {}),
    ...(inputs.secrets ? { secrets: inputs.secrets } : {}),
    ...(inputs.secretReferences ? { secret_references: inputs.secretReferences } : {})
  }
  return Object.keys(body).length > 0 ? { action: 'patch', deployment, body, warnings } : { action: 'none', deployment }
}

/** UUIDs in either case, and `https://host/org/repo` with or without `/` or `.git`, are the same value. */
function comparable(value: unknown): string {
  return String(value).trim().toLowerCase().replace(/\/+$/, '').replace(/\.git$/, '')
}
