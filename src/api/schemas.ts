import { z } from 'zod'
import { CREATABLE_SOURCES, DEPLOYMENT_TYPES, REVISION_SOURCES } from './constants.js'

/**
 * One schema per control-plane resource, request and list response the action uses
 * (docs/control-plane.md; sim/reference-openapi.json). Types come from these schemas.
 *
 * Responses are read leniently: unknown fields pass through, enum-like fields are
 * plain strings (servers send values no document lists), and only what the action
 * relies on is checked. What it only passes along (resource specs, secrets) is not
 * checked at all, so that a value the action would never send cannot fail a lookup.
 *
 * Requests are what users write in the inputs and what the reference API accepts:
 * there an unknown key is a mistake to report, so those schemas are strict.
 */

const freeForm = z.record(z.string(), z.unknown())
const cores = (max: number) => z.number().min(0.1).max(max)
// Kubernetes quantities are strings in the API; YAML users write `cpu: 1`.
const quantities = z.record(z.string(), z.union([z.string(), z.number().transform(String)]))

const VolumeMountSchema = z.strictObject({
  name: z.string().optional(),
  mountPath: z.string().optional(),
  subPath: z.string().nullish(),
  mountPropagation: z.string().nullish(),
  subPathExpr: z.string().nullish(),
  readOnly: z.boolean().nullish()
})

const VolumeSchema = z.strictObject({
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

const ContainerSchema = z.strictObject({
  name: z.string(),
  image: z.string(),
  imagePullPolicy: z.string().nullish(),
  workingDir: z.string().nullish(),
  restartPolicy: z.string().nullish(),
  command: z.array(z.string()).nullish(),
  args: z.array(z.string()).nullish(),
  env: z.array(z.strictObject({ name: z.string(), value: z.string().nullish(), valueFrom: freeForm.nullish() })).nullish(),
  envFrom: z.array(freeForm).nullish(),
  resources: z.strictObject({ limits: quantities.nullish(), requests: quantities.nullish() }).nullish(),
  volumeMounts: z.array(VolumeMountSchema).nullish(),
  securityContext: freeForm.nullish()
})

const int = z.number().int().nullish()

/** ResourceSpec as users write it in `resource-spec`, with the reference API's bounds. */
export const ResourceSpecInput = z.strictObject({
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
  image_pull_secrets: z.array(z.strictObject({ name: z.string() })).nullish(),
  volumes: z.array(VolumeSchema).nullish(),
  volume_mounts: z.array(VolumeMountSchema).nullish(),
  init_containers: z.array(ContainerSchema).nullish(),
  sidecars: z.array(ContainerSchema).nullish(),
  db_cpu: z.number().nullish(),
  db_cpu_limit: z.number().nullish(),
  db_memory_mb: int,
  db_memory_limit_mb: int,
  db_storage_gi: int,
  db_max_connections: int
})
export type ResourceSpec = z.infer<typeof ResourceSpecInput>

export const SecretSchema = z.strictObject({ name: z.string(), value: z.string() })
export type Secret = z.infer<typeof SecretSchema>

export const SecretReferenceSchema = z.strictObject({
  name: z.string().min(1),
  secret_name: z.string().min(1),
  secret_key: z.string().min(1)
})
export type SecretReference = z.infer<typeof SecretReferenceSchema>
/** `secret-references` as users write it. */
export const SecretReferencesInput = z.array(SecretReferenceSchema)

export const SourceConfigSchema = z.looseObject({
  integration_id: z.string().nullish(),
  repo_url: z.string().nullish(),
  deployment_type: z.string().nullish(),
  build_on_push: z.boolean().nullish(),
  custom_url: z.string().nullish(),
  // Passed along, never relied on.
  resource_spec: z.unknown().optional(),
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
  // Passed along, never relied on; and values the action must not echo.
  secrets: z.array(z.unknown()).nullish(),
  secret_references: z.array(z.unknown()).nullish(),
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
export type RevisionsList = z.infer<typeof RevisionsListSchema>

/** A listener (GET /v2/listeners/{listener_id}): only its id is relied on, to say it exists. */
export const ListenerSchema = z.looseObject({ id: z.string().min(1) })
export type Listener = z.infer<typeof ListenerSchema>

/**
 * A push token (`POST /v2/deployments/{id}/push-token`, not in the reference document; the
 * shape the official client relies on): a registry password, and where the registry is.
 */
export const PushTokenSchema = z.looseObject({ token: z.string().min(1), registry_url: z.string().min(1) })
export type PushToken = z.infer<typeof PushTokenSchema>

/** A page of a revision's logs. The shape of one entry is not documented: read it as anything. */
export const LogsPageSchema = z.looseObject({
  logs: z.array(z.unknown()).nullish(),
  next_offset: z.string().nullish()
})
export type LogsPage = z.infer<typeof LogsPageSchema>

export const ValidationErrorSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string()
})
export const HttpValidationErrorSchema = z.looseObject({ detail: z.array(ValidationErrorSchema) })

/** Request bodies (the reference API's DeploymentCreateRequest and DeploymentPatchRequest). */
export const SourceConfigRequestSchema = z
  .strictObject({
    integration_id: z.string(),
    repo_url: z.string(),
    deployment_type: z.enum(DEPLOYMENT_TYPES),
    build_on_push: z.boolean(),
    custom_url: z.string(),
    resource_spec: ResourceSpecInput,
    listener_id: z.string(),
    listener_config: z.strictObject({ k8s_namespace: z.string() }),
    install_command: z.string(),
    build_command: z.string()
  })
  .partial()
export type SourceConfigRequest = z.infer<typeof SourceConfigRequestSchema>

export const SourceRevisionConfigRequestSchema = z
  .strictObject({ repo_ref: z.string(), graph_config_path: z.string(), image_uri: z.string(), source_tarball_path: z.string() })
  .partial()
export type SourceRevisionConfigRequest = z.infer<typeof SourceRevisionConfigRequestSchema>

export const CreateDeploymentRequestSchema = z.strictObject({
  name: z.string(),
  source: z.enum(CREATABLE_SOURCES),
  source_config: SourceConfigRequestSchema,
  source_revision_config: SourceRevisionConfigRequestSchema,
  secrets: z.array(SecretSchema),
  secret_references: z.array(SecretReferenceSchema).optional()
})
export type CreateDeploymentRequest = z.infer<typeof CreateDeploymentRequestSchema>

export const PatchDeploymentRequestSchema = z
  .strictObject({
    revision_source: z.enum(REVISION_SOURCES),
    source_config: SourceConfigRequestSchema,
    source_revision_config: SourceRevisionConfigRequestSchema,
    secrets: z.array(SecretSchema),
    secret_references: z.array(SecretReferenceSchema)
  })
  .partial()
export type PatchDeploymentRequest = z.infer<typeof PatchDeploymentRequestSchema>

/** `POST .../upload-url` (not in the reference; the platform's client relies on these two fields). */
export const UploadUrlSchema = z.looseObject({ upload_url: z.string().min(1), object_path: z.string().min(1) })
export type UploadUrl = z.infer<typeof UploadUrlSchema>
