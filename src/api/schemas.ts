import { z } from 'zod'

/**
 * One schema per resource of the interface document (sections 2.1-2.6) plus the
 * revision and list responses of api-facts.md. Types come from these schemas.
 *
 * Responses are read leniently: unknown fields pass through and enum-like fields
 * are plain strings, because servers send values no document lists. Only what the
 * action relies on is required.
 *
 * ResourceSpec (and the Kubernetes shapes inside it) is also what users write in
 * the `resource-spec` input, where an unknown key is a mistake to report. So those
 * schemas are built by one function in two modes: `loose` for responses, `strict`
 * for input.
 */

export const SOURCES = ['github', 'external_docker', 'internal_docker', 'internal_source', 'internal_template'] as const
export type Source = (typeof SOURCES)[number]
/** Sources the reference API accepts in a create request. */
export const CREATABLE_SOURCES = ['github', 'external_docker', 'internal_docker', 'internal_source'] as const
export const REVISION_SOURCES = ['github', 'internal_docker', 'internal_source'] as const
export type RevisionSource = (typeof REVISION_SOURCES)[number]
/** Sources that build from source code and so need `graph_config_path` on create. */
export const BUILDABLE_SOURCES: readonly string[] = ['github', 'internal_source']
export const DEPLOYMENT_TYPES = ['dev', 'prod', 'dev_free'] as const
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number]

type Mode = 'loose' | 'strict'

function objectIn(mode: Mode) {
  return mode === 'strict' ? z.strictObject : z.looseObject
}

const freeForm = z.record(z.string(), z.unknown())
const cores = (max: number) => z.number().min(0.1).max(max)

function kubernetesSchemas(mode: Mode) {
  const object = objectIn(mode)
  const volumeMount = object({
    name: z.string().optional(),
    mountPath: z.string().optional(),
    subPath: z.string().nullish(),
    mountPropagation: z.string().nullish(),
    subPathExpr: z.string().nullish(),
    readOnly: z.boolean().nullish()
  })
  const volume = object({
    name: z.string().optional(),
    configMap: freeForm.nullish(),
    secret: freeForm.nullish(),
    emptyDir: freeForm.nullish(),
    persistentVolumeClaim: freeForm.nullish(),
    nfs: freeForm.nullish(),
    projected: freeForm.nullish(),
    downwardAPI: freeForm.nullish(),
    csi: freeForm.nullish()
  })
  const container = object({
    name: z.string(),
    image: z.string(),
    imagePullPolicy: z.string().nullish(),
    workingDir: z.string().nullish(),
    restartPolicy: z.string().nullish(),
    command: z.array(z.string()).nullish(),
    args: z.array(z.string()).nullish(),
    env: z
      .array(object({ name: z.string(), value: z.string().nullish(), valueFrom: freeForm.nullish() }))
      .nullish(),
    envFrom: z.array(freeForm).nullish(),
    resources: object({
      limits: z.record(z.string(), z.string()).nullish(),
      requests: z.record(z.string(), z.string()).nullish()
    }).nullish(),
    volumeMounts: z.array(volumeMount).nullish(),
    securityContext: freeForm.nullish()
  })
  return { volumeMount, volume, container }
}

function resourceSpecSchema(mode: Mode) {
  const { volumeMount, volume, container } = kubernetesSchemas(mode)
  const int = z.number().int().nullish()
  return objectIn(mode)({
    min_scale: int,
    max_scale: int,
    cpu: cores(8).nullish(),
    cpu_limit: cores(16).nullish(),
    memory_mb: int,
    memory_limit_mb: int,
    queue_min_scale: int,
    queue_max_scale: int,
    queue_cpu: cores(8).nullish(),
    queue_cpu_limit: cores(16).nullish(),
    queue_memory_mb: int,
    queue_memory_limit_mb: int,
    redis_cpu: cores(8).nullish(),
    redis_cpu_limit: cores(16).nullish(),
    redis_memory_mb: int,
    redis_memory_limit_mb: int,
    labels: z.record(z.string(), z.string()).nullish(),
    annotations: z.record(z.string(), z.string()).nullish(),
    service_account_name: z.string().nullish(),
    image_pull_secrets: z.array(objectIn(mode)({ name: z.string() })).nullish(),
    volumes: z.array(volume).nullish(),
    volume_mounts: z.array(volumeMount).nullish(),
    init_containers: z.array(container).nullish(),
    sidecars: z.array(container).nullish(),
    db_cpu: z.number().nullish(),
    db_cpu_limit: z.number().nullish(),
    db_memory_mb: int,
    db_memory_limit_mb: int,
    db_storage_gi: int,
    db_max_connections: int
  })
}

/** ResourceSpec as users write it in `resource-spec`: unknown keys are errors. */
export const ResourceSpecInput = resourceSpecSchema('strict')
export type ResourceSpec = z.infer<typeof ResourceSpecInput>
export const ResourceSpecSchema = resourceSpecSchema('loose')

export const SecretSchema = z.looseObject({ name: z.string(), value: z.string() })
export type Secret = { name: string; value: string }

export const SecretReferenceSchema = z.looseObject({
  name: z.string(),
  secret_name: z.string(),
  secret_key: z.string()
})
/** `secret-references` as users write it: each item exactly these three strings. */
export const SecretReferencesInput = z.array(
  z.strictObject({ name: z.string().min(1), secret_name: z.string().min(1), secret_key: z.string().min(1) })
)
export type SecretReference = z.infer<typeof SecretReferencesInput>[number]

export const SourceConfigSchema = z.looseObject({
  integration_id: z.string().nullish(),
  repo_url: z.string().nullish(),
  deployment_type: z.string().nullish(),
  build_on_push: z.boolean().nullish(),
  custom_url: z.string().nullish(),
  resource_spec: ResourceSpecSchema.nullish(),
  listener_id: z.string().nullish(),
  listener_config: z.looseObject({ k8s_namespace: z.string().nullish() }).nullish(),
  install_command: z.string().nullish(),
  build_command: z.string().nullish()
})
export type SourceConfig = z.infer<typeof SourceConfigSchema>

export const SourceRevisionConfigSchema = z.looseObject({
  repo_ref: z.string().nullish(),
  graph_config_path: z.string().nullish(),
  image_uri: z.string().nullish(),
  source_tarball_path: z.string().nullish(),
  repo_commit_sha: z.string().nullish()
})
export type SourceRevisionConfig = z.infer<typeof SourceRevisionConfigSchema>

export const DeploymentSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  // The list operation's items lack `source` and `status`; a GET by id has them.
  source: z.string().optional(),
  status: z.string().optional(),
  source_config: SourceConfigSchema.nullish(),
  source_revision_config: SourceRevisionConfigSchema.nullish(),
  secrets: z.array(SecretSchema).nullish(),
  secret_references: z.array(SecretReferenceSchema).nullish(),
  tenant_id: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  latest_revision_id: z.string().nullable(),
  active_revision_id: z.string().nullish(),
  image_version: z.string().nullish(),
  url: z.string().nullish()
})
export type Deployment = z.infer<typeof DeploymentSchema>

export const DeploymentsListSchema = z.looseObject({
  resources: z.array(DeploymentSchema),
  offset: z.number().int().nonnegative()
})
export type DeploymentsList = z.infer<typeof DeploymentsListSchema>

export const RevisionSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().min(1),
  status_message: z.string().nullish(),
  source: z.string().nullish(),
  source_revision_config: SourceRevisionConfigSchema.nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish()
})
export type Revision = z.infer<typeof RevisionSchema>

export const RevisionsListSchema = z.looseObject({
  resources: z.array(RevisionSchema),
  offset: z.number().int().nonnegative()
})

export const ValidationErrorSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string()
})
export const HttpValidationErrorSchema = z.looseObject({ detail: z.array(ValidationErrorSchema) })
export const DetailTextSchema = z.looseObject({ detail: z.string() })

/** Request bodies, typed from the reference API's DeploymentCreateRequest and DeploymentPatchRequest. */
export type SourceConfigRequest = Partial<{
  integration_id: string
  repo_url: string
  deployment_type: DeploymentType
  build_on_push: boolean
  custom_url: string
  resource_spec: ResourceSpec
  listener_id: string
  listener_config: { k8s_namespace: string }
  install_command: string
  build_command: string
}>
export type SourceRevisionConfigRequest = Partial<{
  repo_ref: string
  graph_config_path: string
  image_uri: string
  source_tarball_path: string
}>
export interface CreateDeploymentRequest {
  name: string
  source: Source
  source_config: SourceConfigRequest
  source_revision_config: SourceRevisionConfigRequest
  secrets: Secret[]
  secret_references?: SecretReference[]
}
export interface PatchDeploymentRequest {
  revision_source?: RevisionSource
  source_config?: SourceConfigRequest
  source_revision_config?: SourceRevisionConfigRequest
  secrets?: Secret[]
  secret_references?: SecretReference[]
}
