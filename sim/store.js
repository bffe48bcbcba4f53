import { createHash, randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import { ApiError } from './errors.js'
import { missingGraphFile } from './graph-files.js'
import { lifecycleFor, lifecycles, revisionState } from './lifecycle.js'
import { refuseReservedSecrets } from './reserved-secrets.js'
import { checkCreateSources, checkPatchSources } from './source-rules.js'

/**
 * @typedef {Record<string, any>} JsonObject
 * @typedef {import('./lifecycle.js').Lifecycle} Lifecycle
 * @typedef {import('./lifecycle.js').Scenario} Scenario
 *
 * @typedef {import('./lifecycle.js').TimedRevision & {
 *   id: string,
 *   source: string,
 *   config: JsonObject
 *   pendingCommit?: { at: number, resolve: () => string }
 * }} RevisionRecord `config` holds only the non-null fields, plus repo_commit_sha; `pendingCommit`: the commit
 *   is fixed when the build starts (`at`), from the connected GitHub's ref (see Store.commitSource)
 *
 * @typedef {{ refHead: (ref: string, at?: number) => string | undefined }} CommitSource a repository's refs over
 *   time: the fake GitHub (sim/github.js)
 *
 * @typedef {object} DeploymentRecord
 * @property {string} id
 * @property {string} tenantId
 * @property {string} name
 * @property {string} source
 * @property {JsonObject} sourceConfig only the non-null fields
 * @property {JsonObject[]} secrets the deployment's one environment map, as `{name, value}` entries
 * @property {JsonObject[] | null} secretReferences
 * @property {boolean} [hidesSecretValues] a deliberate deviation, for tests only: GET names the secrets without
 *   their values (see SeedOptions.hideSecretValues)
 * @property {string | null} imageVersion
 * @property {string | undefined} statusOverride
 * @property {number} createdAt
 * @property {number} updatedAt
 * @property {RevisionRecord[]} revisions oldest first
 * @property {number} [goneAt] when a deleted deployment stops being listed; AWAITING_DELETE until then
 * @property {string} healthUrl the loopback URL under which the simulator answers `GET <healthUrl>/ok`
 * @property {string | undefined} hostedUrl where the control plane serves a deployment it builds (github,
 *   internal_source); a github one reports it as its custom_url too
 * @property {boolean} loopbackUrl whether the resource's `url` is healthUrl (else custom_url, or hostedUrl)
 * @property {string | undefined} agentServerUrl an agent server outside the simulator (a real one on loopback) that the
 *   resource's `url` names instead of any of those
 * @property {import('./validation.js').InvalidOnPurpose} [invalidOnPurpose] a seed's deliberately invalid values
 *
 * @typedef {object} SeedOptions
 * @property {string} name
 * @property {string} [source]
 * @property {JsonObject} [source_config] merged over defaults that suit the source
 * @property {JsonObject} [source_revision_config] merged over defaults that suit the source
 * @property {JsonObject[]} [secrets] the environment, as if set in the UI, by a CLI or by Terraform
 * @property {boolean} [hideSecretValues] DELIBERATE DEVIATION from the reference (whose `Secret` requires `value`) and
 *   from the owners' clients (whose GET returns every value): the deployment's answers name each secret without its
 *   value, so that a client's refusal to merge what it cannot read can be tested. Answers of such a deployment are not
 *   valid against the reference's response schemas; `Simulator.hidesSecretValues(id)` says which to exempt.
 * @property {JsonObject[]} [secret_references] the references the deployment has (`external_docker`)
 * @property {string} [status] a fixed deployment status (e.g. UNUSED) instead of the derived one
 * @property {string} [revisionOutcome] final status of the seeded revision, DEPLOYED by default
 * @property {string | null} [image_version]
 * @property {SeedRevision[]} [revisions] oldest first; replaces the one revision seeded by default. The
 *   deployment is as old as its first revision.
 * @property {number} [ageMs] how long ago the deployment (and its default revision) was created; 0 by default
 * @property {import('./validation.js').InvalidOnPurpose} [invalidOnPurpose] what in its answers is deliberately not
 *   valid against the reference (a seeded value no document lists), and why: let through there only (sim/README.md)
 *
 * @typedef {object} SeedRevision
 * @property {string} [status] its status from now on (DEPLOYED by default); an in-progress status stays
 *   forever (lifecycles.stuck)
 * @property {Lifecycle} [lifecycle] instead of `status`: progresses from created_at like a real revision
 * @property {number} [ageMs] how long ago it was created (its created_at); 0 by default
 * @property {JsonObject} [source_revision_config] merged over the source's defaults
 *
 * @typedef {object} ListenerRecord
 * @property {string} id
 * @property {number} createdAt
 */

export const SOURCE_CONFIG_FIELDS = [
  'integration_id',
  'repo_url',
  'deployment_type',
  'build_on_push',
  'custom_url',
  'resource_spec',
  'listener_id',
  'listener_config',
  'install_command',
  'build_command'
]
export const REVISION_CONFIG_FIELDS = ['repo_ref', 'graph_config_path', 'image_uri', 'source_tarball_path']
/** source_config fields whose change makes a revision (the owners' provider counts them as revision inputs), with `configRevisions`. */
const REVISION_INPUTS = ['resource_spec', 'install_command', 'build_command']
const CREATE_ONLY_FIELDS = ['integration_id', 'repo_url', 'deployment_type', 'listener_id', 'listener_config']
const BUILDABLE_SOURCES = new Set(['github', 'internal_source'])
// INTERRUPTED and UNKNOWN are not final (the owners' clients keep waiting through both): a revision seeded with
// either stays in it.
export const FINAL_STATUSES = new Set(['DEPLOYED', 'CREATE_FAILED', 'BUILD_FAILED', 'DEPLOY_FAILED', 'SKIPPED'])
const SEED_INTEGRATION_ID = '0b7e4c1a-9d2f-4e63-8a15-3c6f2d9b8e40'

/** @type {Record<string, (name: string) => { config: JsonObject, revision: JsonObject }>} */
const SEED_DEFAULTS = {
  github: (name) => ({
    config: { integration_id: SEED_INTEGRATION_ID, repo_url: `https://github.com/sim-org/${name}`, deployment_type: 'dev' },
    revision: { repo_ref: 'main', graph_config_path: 'graph.json' }
  }),
  internal_source: (name) => ({
    config: {},
    revision: { graph_config_path: 'graph.json', source_tarball_path: `uploads/${name}.tar.gz` }
  }),
  external_docker: (name) => ({ config: {}, revision: { image_uri: `registry.sim.example/${name}:latest` } }),
  internal_docker: (name) => ({ config: {}, revision: { image_uri: `registry.sim.example/${name}:latest` } })
}

/**
 * Whether a new deployment's revision settings say what to build: github always (its repository),
 * internal_source an uploaded archive, the docker sources an image.
 * @param {string} source
 * @param {JsonObject} revisionConfig
 */
function namesWhatToBuild(source, revisionConfig) {
  if (source === 'internal_source') return revisionConfig.source_tarball_path !== undefined
  if (source === 'internal_docker') return revisionConfig.image_uri !== undefined
  return true
}

/**
 * Pydantic drops unknown fields and the API treats null as "not given", so only known,
 * non-null fields are kept.
 * @param {JsonObject | null | undefined} object
 * @param {string[]} fields
 * @returns {JsonObject}
 */
function pickNonNull(object, fields) {
  /** @type {JsonObject} */
  const picked = {}
  for (const field of fields) {
    if (object?.[field] != null) picked[field] = object[field]
  }
  return picked
}

/**
 * @param {DeploymentRecord} a
 * @param {DeploymentRecord} b
 */
function newestFirst(a, b) {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
}

/**
 * @param {string} source
 * @param {JsonObject} config
 * @param {JsonObject} revisionConfig
 */
function checkCreateRules(source, config, revisionConfig) {
  // Required on create for github only: the platform's client creates internal_* deployments empty and builds them with a later patch.
  if (source === 'github' && !revisionConfig.graph_config_path) {
    throw new ApiError(400, `source_revision_config.graph_config_path is required for source '${source}'.`)
  }
  if (!BUILDABLE_SOURCES.has(source) && revisionConfig.graph_config_path !== undefined) {
    throw new ApiError(400, `source_revision_config.graph_config_path must be null for source '${source}'.`)
  }
  if (source === 'github') {
    for (const field of ['integration_id', 'repo_url']) {
      if (!config[field]) throw new ApiError(400, `source_config.${field} is required for source 'github'.`)
    }
  }
}

/** The deployment types that may scale to zero; the type a create that names none gets (for the sources that take one). */
const SCALE_TO_ZERO_TYPES = new Set(['dev_zero', 'dev_free_zero'])
const DEFAULT_TYPE = 'prod'
const TYPED_SOURCES = new Set(['github', 'internal_source', 'internal_docker'])

/**
 * "Only `dev_zero` deployment types may scale to 0" (the owners' provider; `dev_free_zero` is the
 * free tier's zero type): a resource_spec with min_scale 0 on a deployment of another type is a 400.
 * @param {JsonObject} config the source_config sent
 * @param {unknown} type the deployment's type (on a create, the one sent or the default)
 */
function checkScaleToZero(config, type) {
  if (config.resource_spec?.min_scale !== 0 || typeof type !== 'string' || SCALE_TO_ZERO_TYPES.has(type)) return
  throw new ApiError(
    400,
    `resource_spec.min_scale cannot be 0 for deployment type '${type}': only dev_zero and dev_free_zero deployments may scale to 0.`
  )
}

export class Store {
  /**
   * @param {{ tenantId: string, now: () => number, scenario: Scenario, deleteDelayMs?: number }} options
   */
  constructor({ tenantId, now, scenario, deleteDelayMs = 0 }) {
    this.tenantId = tenantId
    this.now = now
    this.scenario = scenario
    /** How long a deleted deployment stays listed, with status AWAITING_DELETE. */
    this.deleteDelayMs = deleteDelayMs
    /** @type {Map<string, DeploymentRecord>} */
    this.deployments = new Map()
    /** @type {Set<string>} */
    this.tracingProjects = new Set()
    /** @type {Map<string, ListenerRecord>} */
    this.listeners = new Map()
    /** @type {string | undefined} where the simulator serves each deployment's health endpoint, once listening */
    this.healthBase = undefined
    /** whether a deployment's `url` is its loopback health URL rather than its custom_url */
    this.loopbackUrls = false
    /** @type {Map<string, string>} by deployment name: the URL of an agent server outside the simulator to report as its `url` */
    this.agentServerUrls = new Map()
    /** @type {DeploymentRecord[] | undefined} sorted lazily: list requests outnumber writes */
    this.sorted = undefined
    /** @type {Map<string, string>} the commit each repo_ref's head is at, when a test set it; else a made-up sha per revision */
    this.branchHeads = new Map()
    /** a control plane that does not refuse a second deployment of a name (two creates racing); false as the real one */
    this.duplicateNames = false
    /** @type {string | undefined} the commit new github revisions report when no branch head is set (the workflow's commit) */
    this.defaultCommit = undefined
    /**
     * @type {CommitSource | undefined} when set, a github revision builds the commit its repo_ref points to
     * when its build starts (so a branch that moves during the build is built at its new head); kept by reset()
     */
    this.commitSource = undefined
    /** @type {import('./cli-endpoints.js').IssuedPushToken[]} every push token handed out, in order */
    this.pushTokens = []
    /** @type {import('./storage.js').Storage | undefined} where upload-url's signed URLs point; remote builds read their archive there */
    this.uploads = undefined
    /** @type {string[]} every answer that was not valid against the reference (answered 500 instead): the simulator's mistakes */
    this.answerViolations = []
    /** whether a change of a revision input in source_config (REVISION_INPUTS) makes a new revision; kept by reset() */
    this.configRevisions = false
  }

  reset() {
    this.answerViolations = []
    this.deployments.clear()
    this.tracingProjects.clear()
    this.branchHeads.clear()
    this.duplicateNames = false
    this.pushTokens = []
    this.listeners.clear()
    this.sorted = undefined
  }

  /** @returns {DeploymentRecord[]} newest first */
  ordered() {
    this.purgeDeleted()
    this.sorted ??= [...this.deployments.values()].sort(newestFirst)
    return this.sorted
  }

  /** Drops deleted deployments whose AWAITING_DELETE time is over. */
  purgeDeleted() {
    const now = this.now()
    for (const [id, deployment] of this.deployments) {
      if (deployment.goneAt !== undefined && now >= deployment.goneAt) {
        this.deployments.delete(id)
        this.sorted = undefined
      }
    }
  }

  /**
   * @param {string} id
   * @returns {DeploymentRecord}
   */
  deployment(id) {
    this.purgeDeleted()
    const deployment = this.deployments.get(id)
    if (!deployment) throw new ApiError(404, `Deployment ID ${id} not found.`)
    return deployment
  }

  /**
   * @param {string} deploymentId
   * @param {string} revisionId
   * @returns {RevisionRecord}
   */
  revision(deploymentId, revisionId) {
    const revision = this.deployment(deploymentId).revisions.find((r) => r.id === revisionId)
    if (!revision) throw new ApiError(404, `Revision ID ${revisionId} not found.`)
    return revision
  }

  /**
   * @param {JsonObject} body a DeploymentCreateRequest that passed schema validation
   * @returns {DeploymentRecord}
   */
  create(body) {
    checkCreateSources(body)
    refuseReservedSecrets(body.secrets, body.source)
    const config = pickNonNull(body.source_config, SOURCE_CONFIG_FIELDS)
    const revisionConfig = pickNonNull(body.source_revision_config, REVISION_CONFIG_FIELDS)
    checkCreateRules(body.source, config, revisionConfig)
    // A create that names no type gets the service's default, and reads it back.
    if (TYPED_SOURCES.has(body.source)) config.deployment_type ??= DEFAULT_TYPE
    checkScaleToZero(config, config.deployment_type)
    if (this.tracingProjects.has(body.name) && !this.duplicateNames) {
      throw new ApiError(409, `A tracing project named '${body.name}' already exists. Delete it or choose another deployment name.`)
    }
    const deployment = this.insert({
      name: body.name,
      source: body.source,
      config,
      secrets: body.secrets,
      secretReferences: body.secret_references ?? null
    })
    // An internal_* deployment created without what to build (an uploaded archive, a pushed image) has no revision until a patch names it.
    if (namesWhatToBuild(body.source, revisionConfig)) {
      this.addRevision(deployment, body.source, revisionConfig, this.buildLifecycle(body.source, revisionConfig, deployment.name, 0))
    }
    return deployment
  }

  /**
   * The scenario's lifecycle, unless the revision builds an uploaded archive that the build
   * cannot use: none was uploaded at its path, it is not a gzip'd tar, the config path is not
   * in it, or a graph file the config names is not (graph-files.js). Then the build fails, and its status message and last build-log line say why.
   * @param {string} source the revision's source
   * @param {JsonObject} config
   * @param {string} deploymentName
   * @param {number} revisionIndex
   * @returns {Lifecycle}
   */
  buildLifecycle(source, config, deploymentName, revisionIndex) {
    const scenario = lifecycleFor(this.scenario, deploymentName, revisionIndex)
    if (source !== 'internal_source' || !this.uploads) return scenario
    const path = config.source_tarball_path
    const object = this.uploads.objects.get(path)
    /** @param {string} why */
    const failed = (why) => ({ ...lifecycles.buildFailed(), statusMessage: why })
    if (!object) return failed(`Source archive not found at ${path}: nothing was uploaded there (upload it through upload-url first).`)
    if (object.problem) return failed(`Cannot read the source archive at ${path}: ${object.problem}.`)
    if (!object.names.has(config.graph_config_path)) {
      return failed(`Graph configuration ${config.graph_config_path} is not in the uploaded archive ${path}.`)
    }
    const missing = missingGraphFile(object.texts, object.names, String(config.graph_config_path))
    // Found by the build itself: after the scenario's phases up to and through BUILDING.
    if (missing) {
      const building = scenario.phases.findIndex((phase) => phase.status === 'BUILDING')
      return {
        phases: building < 0 ? lifecycles.buildFailed().phases : scenario.phases.slice(0, building + 1),
        outcome: 'BUILD_FAILED',
        statusMessage: missing
      }
    }
    return scenario
  }

  /**
   * @param {string} id
   * @param {JsonObject} body a DeploymentPatchRequest that passed schema validation
   * @returns {DeploymentRecord}
   */
  patch(id, body) {
    const deployment = this.deployment(id)
    this.refuseWhileDeleting(deployment)
    checkPatchSources(body, deployment.source)
    refuseReservedSecrets(body.secrets, deployment.source)
    const config = pickNonNull(body.source_config, SOURCE_CONFIG_FIELDS)
    for (const field of CREATE_ONLY_FIELDS) {
      if (field in config && !isDeepStrictEqual(config[field], deployment.sourceConfig[field])) {
        throw new ApiError(400, `${field} cannot be changed after the deployment is created.`)
      }
    }
    // resource_spec, like every field, is replaced whole: what a partial spec leaves out goes back to nothing.
    checkScaleToZero(config, deployment.sourceConfig.deployment_type)
    const revisionInputChanged =
      this.configRevisions &&
      REVISION_INPUTS.some((field) => field in config && !isDeepStrictEqual(config[field], deployment.sourceConfig[field]))
    Object.assign(deployment.sourceConfig, config)
    // One environment map per deployment: a `secrets` list replaces it whole, an empty one leaves it
    // unchanged (as the owners' provider reads the service), and no `secrets` keeps it.
    const environmentChanged = body.secrets != null && body.secrets.length > 0
    if (environmentChanged) deployment.secrets = body.secrets
    // An empty list of references removes them all (the owners' provider documents `[]` so).
    if (body.secret_references != null) deployment.secretReferences = body.secret_references

    const revisionConfig = pickNonNull(body.source_revision_config, REVISION_CONFIG_FIELDS)
    // The reference says a non-null resource_spec in a PATCH "will trigger creation of a new
    // revision", and the owners' provider counts resource_spec, install_command and build_command
    // among the revision inputs: with `configRevisions`, a change of one of them makes a revision.
    // Without it (the default) none does, which __tests__/integration.test.ts ("reports a patch that
    // made no new revision") relies on. The action copes with either: it waits on whatever
    // latest_revision_id says, and never resends such a change blindly.
    if (Object.keys(revisionConfig).length > 0 || environmentChanged || body.secret_references != null || revisionInputChanged) {
      const { repo_commit_sha: _previousSha, ...previous } = deployment.revisions.at(-1)?.config ?? {}
      const source = body.revision_source ?? deployment.source
      const merged = { ...previous, ...revisionConfig }
      this.addRevision(deployment, source, merged, this.buildLifecycle(source, merged, deployment.name, deployment.revisions.length))
    }
    deployment.updatedAt = this.now()
    return deployment
  }

  /**
   * A deployment being deleted takes no more changes.
   * @param {DeploymentRecord} deployment
   */
  refuseWhileDeleting(deployment) {
    if (deployment.goneAt !== undefined || deployment.statusOverride === 'AWAITING_DELETE') {
      throw new ApiError(400, `Deployment ID ${deployment.id} is being deleted (status AWAITING_DELETE) and cannot be changed.`)
    }
  }

  /**
   * A new revision from an existing revision's source, source_revision_config and commit; it becomes
   * latest_revision_id and progresses through the scenario's lifecycle like any other.
   * @param {string} deploymentId
   * @param {string} revisionId
   * @returns {DeploymentRecord}
   */
  redeploy(deploymentId, revisionId) {
    const deployment = this.deployment(deploymentId)
    const revision = this.revision(deploymentId, revisionId)
    this.refuseWhileDeleting(deployment)
    // The same commit again, wherever the branch has moved since: a redeploy rebuilds that revision.
    this.addRevision(
      deployment,
      revision.source,
      { ...settledConfig(revision, this.now()) },
      lifecycleFor(this.scenario, deployment.name, deployment.revisions.length)
    )
    deployment.updatedAt = this.now()
    return deployment
  }

  /**
   * @param {string[]} ids
   * @returns {{ deleted: string[], missing: string[] }}
   */
  removeMany(ids) {
    /** @type {string[]} */
    const deleted = []
    /** @type {string[]} */
    const missing = []
    for (const id of new Set(ids)) {
      this.purgeDeleted()
      if (!this.deployments.has(id)) {
        missing.push(id)
        continue
      }
      this.remove(id, false)
      deleted.push(id)
    }
    return { deleted, missing }
  }

  /**
   * @param {string} id
   * @param {boolean} deleteTracingProject
   */
  remove(id, deleteTracingProject) {
    const deployment = this.deployment(id)
    if (deleteTracingProject) this.tracingProjects.delete(deployment.name)
    if (deployment.goneAt !== undefined) return
    if (this.deleteDelayMs > 0) {
      deployment.goneAt = this.now() + this.deleteDelayMs
      deployment.statusOverride = 'AWAITING_DELETE'
      return
    }
    this.deployments.delete(id)
    this.sorted = undefined
  }

  /**
   * Inserts without validation so that tests can build large fixtures quickly.
   * @param {SeedOptions} options
   * @returns {DeploymentRecord}
   */
  seed({
    name,
    source = 'github',
    source_config,
    source_revision_config,
    secrets,
    hideSecretValues,
    secret_references,
    status,
    revisionOutcome,
    image_version,
    revisions,
    ageMs,
    invalidOnPurpose
  }) {
    if (this.tracingProjects.has(name) && !this.duplicateNames) {
      throw new Error(`seedDeployment: a tracing project named '${name}' already exists`)
    }
    const defaults = SEED_DEFAULTS[source]?.(name) ?? { config: {}, revision: {} }
    const baseRevision = { ...defaults.revision, ...pickNonNull(source_revision_config, REVISION_CONFIG_FIELDS) }
    /** @type {SeedRevision[]} */
    const seeds = revisions ?? [{ status: revisionOutcome ?? 'DEPLOYED', ageMs }]
    if (seeds.length === 0) throw new Error('seedDeployment: revisions must not be empty')
    const now = this.now()
    const deployment = this.insert({
      createdAt: now - Math.max(...seeds.map((seed) => seed.ageMs ?? 0)),
      name,
      source,
      config: { ...defaults.config, ...pickNonNull(source_config, SOURCE_CONFIG_FIELDS) },
      secrets: secrets ?? [],
      secretReferences: secret_references ?? null,
      imageVersion: image_version ?? null,
      statusOverride: status
    })
    if (hideSecretValues) deployment.hidesSecretValues = true
    if (invalidOnPurpose) deployment.invalidOnPurpose = invalidOnPurpose
    for (const seed of seeds) {
      const finalStatus = seed.status ?? 'DEPLOYED'
      const lifecycle =
        seed.lifecycle ?? (FINAL_STATUSES.has(finalStatus) ? { phases: [], outcome: finalStatus } : lifecycles.stuck(finalStatus))
      const config = { ...baseRevision, ...pickNonNull(seed.source_revision_config, REVISION_CONFIG_FIELDS) }
      // Seeded revisions keep the statuses asked for: none supersedes another.
      this.pushRevision(deployment, source, config, lifecycle, now - (seed.ageMs ?? 0))
    }
    return deployment
  }

  /**
   * @param {string} [id]
   * @returns {string}
   */
  addListener(id = randomUUID()) {
    this.listeners.set(id, { id, createdAt: this.now() })
    return id
  }

  /**
   * @param {string} id
   * @returns {ListenerRecord}
   */
  listener(id) {
    const listener = this.listeners.get(id)
    if (!listener) throw new ApiError(404, `Listener ID ${id} not found.`)
    return listener
  }

  /**
   * @param {string} id
   */
  removeListener(id) {
    if (!this.listeners.delete(id)) throw new ApiError(404, `Listener ID ${id} not found.`)
  }

  /**
   * @param {{ name: string, source: string, config: JsonObject, secrets: JsonObject[],
   *   secretReferences: JsonObject[] | null, imageVersion?: string | null, statusOverride?: string, createdAt?: number }} fields
   * @returns {DeploymentRecord}
   */
  insert({ name, source, config, secrets, secretReferences, imageVersion = null, statusOverride, createdAt }) {
    const id = randomUUID()
    const now = createdAt ?? this.now()
    // The reference sets custom_url for github deployments only (read only); a remote build
    // (internal_source) is hosted the same way, so its `url` is such an address too.
    // An https address on the simulator's own loopback port, where no agent server answers: a
    // request the action sends there (the revision proof, by default) fails its TLS handshake at
    // once, a failure no retry mends, and no test ever asks a name server for a made-up host.
    const hostedUrl = BUILDABLE_SOURCES.has(source)
      ? `${(this.healthBase ?? 'http://127.0.0.1').replace(/^http:/, 'https:')}/hosted/${name}-${id.slice(0, 8)}`
      : undefined
    if (source === 'github') config.custom_url = hostedUrl
    /** @type {DeploymentRecord} */
    const deployment = {
      id,
      tenantId: this.tenantId,
      name,
      source,
      sourceConfig: config,
      secrets,
      secretReferences,
      imageVersion,
      statusOverride,
      createdAt: now,
      updatedAt: now,
      revisions: [],
      healthUrl: `${this.healthBase ?? 'http://127.0.0.1'}/deployments/${id}`,
      hostedUrl,
      loopbackUrl: this.loopbackUrls,
      agentServerUrl: this.agentServerUrls.get(name)
    }
    this.deployments.set(id, deployment)
    this.tracingProjects.add(name)
    this.sorted = undefined
    return deployment
  }

  /**
   * @param {DeploymentRecord} deployment
   * @param {string} source
   * @param {JsonObject} config
   * @param {Lifecycle} lifecycle
   */
  addRevision(deployment, source, config, lifecycle) {
    const now = this.now()
    const id = randomUUID()
    for (const earlier of deployment.revisions) {
      if (!revisionState(earlier, now).final) {
        earlier.supersededAt = now
        earlier.supersededBy = id
      }
    }
    this.pushRevision(deployment, source, config, lifecycle, now, id)
  }

  /**
   * @param {DeploymentRecord} deployment
   * @param {string} source
   * @param {JsonObject} config
   * @param {Lifecycle} lifecycle
   * @param {number} createdAt
   * @param {string} [id]
   */
  pushRevision(deployment, source, config, lifecycle, createdAt, id = randomUUID()) {
    const ref = typeof config.repo_ref === 'string' ? config.repo_ref : undefined
    const madeUp = () =>
      createHash('sha1')
        .update(`${deployment.sourceConfig.repo_url}${ref ?? ''}${id}`)
        .digest('hex')
    // A full commit SHA as the ref names that commit, and the build is of it, whatever any branch does meanwhile.
    const pinned = ref !== undefined && /^[0-9a-f]{40}$/i.test(ref) ? ref.toLowerCase() : undefined
    const built = source === 'github' && typeof config.repo_commit_sha !== 'string' && ref !== undefined && !pinned && this.commitSource
    const at = built ? buildStart(lifecycle, createdAt) : undefined
    const sha =
      source !== 'github'
        ? null
        : typeof config.repo_commit_sha === 'string'
          ? config.repo_commit_sha
          : pinned
            ? pinned
            : built
              ? null
              : ((ref !== undefined ? this.branchHeads.get(ref) : undefined) ?? this.defaultCommit ?? madeUp())
    /** @type {RevisionRecord} */
    const revision = { id, createdAt, source, config: { ...config, repo_commit_sha: sha }, lifecycle }
    const commits = this.commitSource
    if (built && commits && ref !== undefined && at !== undefined) {
      // A ref the repository does not have still builds, as before a GitHub was connected: a made-up commit.
      revision.pendingCommit = { at, resolve: () => commits.refHead(ref, at) ?? this.defaultCommit ?? madeUp() }
    }
    deployment.revisions.push(revision)
  }
}

/**
 * When a revision's build starts: the commit its ref points to then is what it builds. Undefined
 * for one that never builds (its creation fails); one that shows no BUILDING phase (a seeded
 * revision) was built when it was created.
 * @param {Lifecycle} lifecycle
 * @param {number} createdAt
 * @returns {number | undefined}
 */
function buildStart(lifecycle, createdAt) {
  let at = createdAt
  for (const phase of lifecycle.phases) {
    if (phase.status === 'BUILDING') return at
    at += phase.ms
  }
  return lifecycle.outcome === 'CREATE_FAILED' ? undefined : createdAt
}

/**
 * The revision's config as of `now`: once its build has started, the commit it builds is fixed
 * (and kept, so that a later move of the ref changes nothing). A revision superseded before its
 * build never builds, and reports no commit.
 * @param {RevisionRecord} revision
 * @param {number} now
 * @returns {JsonObject}
 */
export function settledConfig(revision, now) {
  const pending = revision.pendingCommit
  if (pending && now >= pending.at) {
    const neverBuilt = revision.supersededAt !== undefined && revision.supersededAt <= pending.at
    revision.config.repo_commit_sha = neverBuilt ? null : pending.resolve()
    delete revision.pendingCommit
  }
  return revision.config
}
