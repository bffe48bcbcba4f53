import { revisionState } from './lifecycle.js'
import { REVISION_CONFIG_FIELDS, SOURCE_CONFIG_FIELDS, settledConfig } from './store.js'
import { invalidOnPurpose, referenceDocument } from './validation.js'

/**
 * @typedef {import('./store.js').DeploymentRecord} DeploymentRecord
 * @typedef {import('./store.js').RevisionRecord} RevisionRecord
 * @typedef {import('./store.js').JsonObject} JsonObject
 */

const REVISION_RESPONSE_FIELDS = [...REVISION_CONFIG_FIELDS, 'repo_commit_sha']

/** @param {number} ms */
const iso = (ms) => new Date(ms).toISOString()

/** @param {string} schema */
const statusesOf = (schema) => new Set(/** @type {string[]} */ (referenceDocument.components.schemas[schema].properties.status.enum))
const LISTED_DEPLOYMENT_STATUSES = statusesOf('Deployment')
const LISTED_REVISION_STATUSES = statusesOf('Revision')

/**
 * A status the reference does not list, answered on purpose: the owners list AWAITING_FINAL_DELETE
 * for deployments, and servers send statuses no document lists (the `unknown-status` scenario's
 * AWAITING_CAPACITY), which clients must survive.
 */
const UNLISTED_STATUS = { why: 'a status the reference does not list, as servers send', errors: [{ at: '/status', keyword: 'enum' }] }

/**
 * Responses carry every field of the schema, null when unset, as the real server's do.
 * @param {string[]} fields
 * @param {JsonObject} values
 * @returns {JsonObject}
 */
function withNulls(fields, values) {
  return Object.fromEntries(fields.map((field) => [field, values[field] ?? null]))
}

/**
 * @param {DeploymentRecord} deployment
 * @param {number} now
 */
export function activeRevision(deployment, now) {
  // The revision serving is the one that most recently reached DEPLOYED (older revisions keep the
  // status they ended with), so a redeploy of an old revision makes its new copy the active one.
  /** @type {RevisionRecord | undefined} */
  let active
  let activeSince = -Infinity
  for (const revision of deployment.revisions) {
    const state = revisionState(revision, now)
    if (state.status === 'DEPLOYED' && state.since >= activeSince) {
      active = revision
      activeSince = state.since
    }
  }
  return active
}

/**
 * @param {DeploymentRecord} deployment
 * @param {number} now
 * @returns {string}
 */
export function deploymentStatus(deployment, now) {
  return deployment.statusOverride ?? (activeRevision(deployment, now) ? 'READY' : 'AWAITING_DATABASE')
}

/**
 * @param {DeploymentRecord} deployment
 * @param {number} now
 * @returns {JsonObject}
 */
export function deploymentResource(deployment, now) {
  const sourceConfig = withNulls(SOURCE_CONFIG_FIELDS, deployment.sourceConfig)
  const latest = deployment.revisions.at(-1)
  const status = deploymentStatus(deployment, now)
  /** @type {JsonObject} */
  const resource = {
    name: deployment.name,
    source: deployment.source,
    source_config: sourceConfig,
    source_revision_config: withNulls(REVISION_RESPONSE_FIELDS, latest ? settledConfig(latest, now) : {}),
    // GET returns each secret's name and value, as the owners' clients read it. `hidesSecretValues`: a deliberate
    // deviation for tests (store.js, SeedOptions.hideSecretValues), not valid against the reference's `Secret`.
    secrets: deployment.hidesSecretValues ? deployment.secrets.map(({ name }) => ({ name })) : deployment.secrets,
    secret_references: deployment.secretReferences,
    id: deployment.id,
    tenant_id: deployment.tenantId,
    created_at: iso(deployment.createdAt),
    updated_at: iso(deployment.updatedAt),
    status,
    latest_revision_id: latest?.id ?? null,
    active_revision_id: activeRevision(deployment, now)?.id ?? null,
    image_version: deployment.imageVersion,
    url:
      deployment.agentServerUrl ??
      (deployment.loopbackUrl ? deployment.healthUrl : (sourceConfig.custom_url ?? deployment.hostedUrl ?? null))
  }
  const exemption = joined([
    deployment.invalidOnPurpose ?? (LISTED_DEPLOYMENT_STATUSES.has(status) ? undefined : UNLISTED_STATUS),
    deployment.hidesSecretValues ? HIDDEN_VALUES : undefined
  ])
  return exemption ? invalidOnPurpose(resource, exemption) : resource
}

/**
 * One exemption of several, or undefined when none applies.
 * @param {Array<import('./validation.js').InvalidOnPurpose | undefined>} exemptions
 * @returns {import('./validation.js').InvalidOnPurpose | undefined}
 */
function joined(exemptions) {
  const given = exemptions.filter((exemption) => exemption !== undefined)
  if (given.length === 0) return undefined
  return { why: given.map((exemption) => exemption.why).join('; '), errors: given.flatMap((exemption) => exemption.errors) }
}

/** A deployment seeded with `hideSecretValues` names its secrets without the values the reference's `Secret` requires. */
const HIDDEN_VALUES = {
  why: 'seeded with hideSecretValues: GET names the secrets without their values, to test the refusal of a merge',
  errors: [{ at: '/secrets/*', keyword: 'required', missingProperty: 'value' }]
}

/**
 * The reference's schema requires `source` and `status` of a list item, but its own example of a
 * list and the real server leave them out: clients must not rely on them there.
 */
const LIST_ITEM = {
  why: 'list items lack source and status, as the real server and the reference example have them',
  errors: [
    { at: '', keyword: 'required', missingProperty: 'source' },
    { at: '', keyword: 'required', missingProperty: 'status' }
  ]
}

/**
 * The list's sample item lacks these two fields, so clients must not rely on them there.
 * @param {DeploymentRecord} deployment
 * @param {number} now
 * @returns {JsonObject}
 */
export function deploymentListItem(deployment, now) {
  const { source: _source, status: _status, ...item } = deploymentResource(deployment, now)
  const exemption = joined([LIST_ITEM, deployment.invalidOnPurpose, deployment.hidesSecretValues ? HIDDEN_VALUES : undefined])
  return invalidOnPurpose(item, /** @type {import('./validation.js').InvalidOnPurpose} */ (exemption))
}

/**
 * @param {RevisionRecord} revision
 * @param {number} now
 * @returns {JsonObject}
 */
export function revisionResource(revision, now) {
  const state = revisionState(revision, now)
  const resource = {
    id: revision.id,
    created_at: iso(revision.createdAt),
    updated_at: iso(state.since),
    status: state.status,
    source: revision.source,
    source_revision_config: withNulls(REVISION_RESPONSE_FIELDS, settledConfig(revision, now)),
    ...(state.statusMessage !== undefined && { status_message: state.statusMessage })
  }
  return LISTED_REVISION_STATUSES.has(state.status) ? resource : invalidOnPurpose(resource, UNLISTED_STATUS)
}
