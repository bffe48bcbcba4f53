export const id = 164;
export const ids = [164];
export const modules = {

/***/ 8164:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CreateDeploymentRequestSchema: () => (/* binding */ CreateDeploymentRequestSchema),
/* harmony export */   DeploymentSchema: () => (/* binding */ DeploymentSchema),
/* harmony export */   DeploymentsListSchema: () => (/* binding */ DeploymentsListSchema),
/* harmony export */   HttpValidationErrorSchema: () => (/* binding */ HttpValidationErrorSchema),
/* harmony export */   ListenerSchema: () => (/* binding */ ListenerSchema),
/* harmony export */   LogsPageSchema: () => (/* binding */ LogsPageSchema),
/* harmony export */   PatchDeploymentRequestSchema: () => (/* binding */ PatchDeploymentRequestSchema),
/* harmony export */   PushTokenSchema: () => (/* binding */ PushTokenSchema),
/* harmony export */   ResourceSpecInput: () => (/* binding */ ResourceSpecInput),
/* harmony export */   RevisionSchema: () => (/* binding */ RevisionSchema),
/* harmony export */   RevisionsListSchema: () => (/* binding */ RevisionsListSchema),
/* harmony export */   SecretReferenceSchema: () => (/* binding */ SecretReferenceSchema),
/* harmony export */   SecretReferencesInput: () => (/* binding */ SecretReferencesInput),
/* harmony export */   SecretSchema: () => (/* binding */ SecretSchema),
/* harmony export */   SourceConfigRequestSchema: () => (/* binding */ SourceConfigRequestSchema),
/* harmony export */   SourceConfigSchema: () => (/* binding */ SourceConfigSchema),
/* harmony export */   SourceRevisionConfigRequestSchema: () => (/* binding */ SourceRevisionConfigRequestSchema),
/* harmony export */   SourceRevisionConfigSchema: () => (/* binding */ SourceRevisionConfigSchema),
/* harmony export */   UploadUrlSchema: () => (/* binding */ UploadUrlSchema),
/* harmony export */   ValidationErrorSchema: () => (/* binding */ ValidationErrorSchema)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8816);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2997);


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
const freeForm = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J());
const cores = (max) => zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().min(0.1).max(max);
// Kubernetes quantities are strings in the API; YAML users write `cpu: 1`.
const quantities = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().transform(String)]));
const VolumeMountSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    mountPath: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    subPath: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    mountPropagation: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    subPathExpr: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    readOnly: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish()
});
const VolumeSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    configMap: freeForm.nullish(),
    secret: freeForm.nullish(),
    emptyDir: freeForm.nullish(),
    persistentVolumeClaim: freeForm.nullish(),
    nfs: freeForm.nullish(),
    projected: freeForm.nullish(),
    downwardAPI: freeForm.nullish(),
    csi: freeForm.nullish()
});
const ContainerSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    image: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    imagePullPolicy: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    workingDir: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    restartPolicy: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    command: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).nullish(),
    args: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).nullish(),
    env: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({ name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), value: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(), valueFrom: freeForm.nullish() })).nullish(),
    envFrom: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(freeForm).nullish(),
    resources: zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({ limits: quantities.nullish(), requests: quantities.nullish() }).nullish(),
    volumeMounts: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(VolumeMountSchema).nullish(),
    securityContext: freeForm.nullish()
});
const int = zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullish();
/** ResourceSpec as users write it in `resource-spec`, with the reference API's bounds. */
const ResourceSpecInput = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
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
    labels: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).nullish(),
    annotations: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).nullish(),
    service_account_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    image_pull_secrets: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({ name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() })).nullish(),
    volumes: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(VolumeSchema).nullish(),
    volume_mounts: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(VolumeMountSchema).nullish(),
    init_containers: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(ContainerSchema).nullish(),
    sidecars: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(ContainerSchema).nullish(),
    db_cpu: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    db_cpu_limit: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    db_memory_mb: int,
    db_memory_limit_mb: int,
    db_storage_gi: int,
    db_max_connections: int
});
const SecretSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({ name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), value: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() });
const SecretReferenceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    secret_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    secret_key: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1)
});
/** `secret-references` as users write it. */
const SecretReferencesInput = zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(SecretReferenceSchema);
const SourceConfigSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    integration_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    repo_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    deployment_type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    build_on_push: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    custom_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    // Passed along, never relied on.
    resource_spec: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional(),
    listener_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    listener_config: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ k8s_namespace: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish() }).nullish(),
    install_command: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    build_command: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const SourceRevisionConfigSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    repo_ref: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    graph_config_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    image_uri: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    source_tarball_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    repo_commit_sha: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const DeploymentSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    // The list operation's items lack `source` and `status`; a GET by id has them.
    source: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    source_config: SourceConfigSchema.nullish(),
    source_revision_config: SourceRevisionConfigSchema.nullish(),
    // Passed along, never relied on; and values the action must not echo.
    secrets: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()).nullish(),
    secret_references: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()).nullish(),
    tenant_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    created_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    updated_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    latest_revision_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    active_revision_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    image_version: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const DeploymentsListSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    resources: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(DeploymentSchema),
    offset: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative()
});
const RevisionSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    status_message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    source: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    source_revision_config: SourceRevisionConfigSchema.nullish(),
    created_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    updated_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const RevisionsListSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    resources: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(RevisionSchema),
    offset: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative()
});
/** A listener (GET /v2/listeners/{listener_id}): only its id is relied on, to say it exists. */
const ListenerSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1) });
/**
 * A push token (`POST /v2/deployments/{id}/push-token`, not in the reference document; the
 * shape the official client relies on): a registry password, and where the registry is.
 */
const PushTokenSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ token: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1), registry_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1) });
/** A page of a revision's logs. The shape of one entry is not documented: read it as anything. */
const LogsPageSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    logs: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()).nullish(),
    next_offset: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const ValidationErrorSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    loc: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig()])),
    msg: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()
});
const HttpValidationErrorSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ detail: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(ValidationErrorSchema) });
/** Request bodies (the reference API's DeploymentCreateRequest and DeploymentPatchRequest). */
const SourceConfigRequestSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    integration_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    repo_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    deployment_type: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .DEPLOYMENT_TYPES */ ._o),
    build_on_push: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    custom_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    resource_spec: ResourceSpecInput,
    listener_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    listener_config: zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({ k8s_namespace: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() }),
    install_command: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    build_command: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()
})
    .partial();
const SourceRevisionConfigRequestSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({ repo_ref: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), graph_config_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), image_uri: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), source_tarball_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() })
    .partial();
const CreateDeploymentRequestSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    source: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .CREATABLE_SOURCES */ .Jh),
    source_config: SourceConfigRequestSchema,
    source_revision_config: SourceRevisionConfigRequestSchema,
    secrets: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(SecretSchema),
    secret_references: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(SecretReferenceSchema).optional()
});
const PatchDeploymentRequestSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    revision_source: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .REVISION_SOURCES */ .Jy),
    source_config: SourceConfigRequestSchema,
    source_revision_config: SourceRevisionConfigRequestSchema,
    secrets: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(SecretSchema),
    secret_references: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(SecretReferenceSchema)
})
    .partial();
/** `POST .../upload-url` (not in the reference; the platform's client relies on these two fields). */
const UploadUrlSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ upload_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1), object_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1) });


/***/ })

};

//# sourceMappingURL=164.index.js.map