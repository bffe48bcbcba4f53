import { authenticate } from './auth.js'
import { issuePushToken } from './cli-endpoints.js'
import { ApiError } from './errors.js'
import { revisionLogsPage } from './logs.js'
import { deploymentListItem, deploymentResource, deploymentStatus, revisionResource } from './resources.js'
import { checkAnswer, validateRequest } from './validation.js'

/**
 * @typedef {import('./store.js').Store} Store
 * @typedef {import('./validation.js').ReceivedBody} ReceivedBody
 * @typedef {import('./auth.js').Credentials & {
 *   pageOffset: 'next' | 'echo',
 *   selfHostedEnterprise: boolean
 * }} ServerConfig
 * @typedef {{ params: Record<string, any>, body: any, workspaceId: string, store: Store, config: ServerConfig }} HandlerContext
 * @typedef {{ status: number, body?: unknown }} Reply
 * @typedef {(context: HandlerContext) => Reply} Handler
 * @typedef {{ method: string, pathname: string, query: Record<string, string>, queryLists?: Record<string, string[]>,
 *   headers: Record<string, string>, body: ReceivedBody }} ParsedRequest
 */

/**
 * Servers differ on what `offset` they return; `config.pageOffset` picks one so that clients
 * can be tested against both.
 * @template T
 * @param {T[]} items
 * @param {Record<string, any>} page validated `limit` and `offset`, defaults applied
 * @param {ServerConfig} config
 * @param {(item: T) => unknown} render
 * @returns {Reply}
 */
function paginate(items, { limit, offset }, config, render) {
  const resources = items.slice(offset, offset + limit).map(render)
  return { status: 200, body: { resources, offset: config.pageOffset === 'next' ? offset + resources.length : offset } }
}

/**
 * Empty filter values are ignored, as Python's truthiness does on the real server.
 * @param {string | undefined} list comma-separated
 * @returns {Set<string> | undefined}
 */
function commaSet(list) {
  return list ? new Set(list.split(',').map((item) => item.trim().toLowerCase())) : undefined
}

/** @type {Handler} */
function listDeployments({ params, store, config }) {
  const now = store.now()
  const nameContains = params.name_contains?.toLowerCase()
  const ids = commaSet(params.deployment_ids)
  const matches = store
    .ordered()
    .filter(
      (deployment) =>
        (!nameContains || deployment.name.toLowerCase().includes(nameContains)) &&
        (!ids || ids.has(deployment.id)) &&
        (!params.deployment_type || deployment.sourceConfig.deployment_type === params.deployment_type) &&
        (!params.image_version || deployment.imageVersion === params.image_version) &&
        (!params.status || deploymentStatus(deployment, now) === params.status)
    )
  return paginate(matches, params, config, (deployment) => deploymentListItem(deployment, now))
}

/** @type {Handler} */
function createDeployment({ body, store }) {
  return { status: 201, body: deploymentResource(store.create(body), store.now()) }
}

/** @type {Handler} */
function getDeployment({ params, store }) {
  return { status: 200, body: deploymentResource(store.deployment(params.deployment_id), store.now()) }
}

/** @type {Handler} */
function patchDeployment({ params, body, store }) {
  return { status: 200, body: deploymentResource(store.patch(params.deployment_id, body), store.now()) }
}

/** @type {Handler} */
function deleteDeployment({ params, store }) {
  store.remove(params.deployment_id, params.delete_tracing_project)
  return { status: 204 }
}

/**
 * Bulk delete. The reference documents 200 (all deleted) and 207 (some deleted) with an
 * unspecified body and 404 `Deployment ID <id> not found.`; the body shape here, and answering
 * 404 only when none of the ids exists, are the simulator's choices. No delete_tracing_project:
 * the tracing projects are kept.
 * @type {Handler}
 */
function deleteDeployments({ params, store }) {
  const { deleted, missing } = store.removeMany(params.deployment_ids)
  if (deleted.length === 0) throw new ApiError(404, `Deployment ID ${missing[0]} not found.`)
  return {
    status: missing.length === 0 ? 200 : 207,
    body: { deleted, failed: missing.map((id) => ({ id, detail: `Deployment ID ${id} not found.` })) }
  }
}

/** @type {Handler} */
function redeployRevision({ params, store }) {
  return { status: 200, body: deploymentResource(store.redeploy(params.deployment_id, params.revision_id), store.now()) }
}

/**
 * Not in the reference document (the platform's own command-line client calls it for a remote
 * build): no body; a signed URL on the storage host and the object path the next patch names.
 * Only for `internal_source` deployments, since only they build an uploaded archive.
 * @type {Handler}
 */
function requestUploadUrl({ params, store }) {
  const deployment = store.deployment(params.deployment_id)
  store.refuseWhileDeleting(deployment)
  if (deployment.source !== 'internal_source') {
    throw new ApiError(400, `Upload URLs are only available for 'internal_source' source deployments, not '${deployment.source}'.`)
  }
  if (!store.uploads) throw new ApiError(503, 'No storage host is configured.')
  return { status: 200, body: store.uploads.signedUrl(deployment.id) }
}

/** @type {Handler} */
function pushToken({ params, store }) {
  const issued = issuePushToken(store.deployment(params.deployment_id))
  store.pushTokens.push(issued)
  return { status: 200, body: { token: issued.token, registry_url: issued.registryUrl } }
}

/** @type {Handler} */
function getListener({ params, store, config, workspaceId }) {
  refuseWithoutEnterprise(config, workspaceId)
  const listener = store.listener(params.listener_id)
  const at = new Date(listener.createdAt).toISOString()
  return {
    status: 200,
    body: {
      id: listener.id,
      version: null,
      compute_type: 'k8s',
      compute_id: `sim-cluster-${listener.id.slice(0, 8)}`,
      compute_config: { k8s_namespaces: ['default'] },
      created_at: at,
      updated_at: at
    }
  }
}

/**
 * @param {ServerConfig} config
 * @param {string} workspaceId
 */
function refuseWithoutEnterprise(config, workspaceId) {
  if (!config.selfHostedEnterprise) {
    throw new ApiError(
      403,
      `Listeners cannot be created for workspace ID '${workspaceId}'. ` +
        'Creating listeners is only allowed for organizations with self-hosted enterprise plans.'
    )
  }
}

/** @type {Handler} */
function listRevisions({ params, store, config }) {
  const now = store.now()
  const statuses = params.status ? new Set(params.status.split(',').map((/** @type {string} */ s) => s.trim())) : undefined
  const revisions = store
    .deployment(params.deployment_id)
    .revisions.map((revision) => revisionResource(revision, now))
    .filter((revision) => !statuses || statuses.has(revision.status))
    .reverse()
  return paginate(revisions, params, config, (revision) => revision)
}

/** @type {Handler} */
function getRevision({ params, store }) {
  return { status: 200, body: revisionResource(store.revision(params.deployment_id, params.revision_id), store.now()) }
}

/** @type {Handler} */
function getRevisionLogs({ params, store }) {
  const revision = store.revision(params.deployment_id, params.revision_id)
  return { status: 200, body: revisionLogsPage(revision, /** @type {any} */ (params), store.now()) }
}

/** @type {Handler} */
function deleteListener({ params, store, config, workspaceId }) {
  refuseWithoutEnterprise(config, workspaceId)
  store.removeListener(params.listener_id)
  return { status: 204 }
}

/**
 * @param {string} template an OpenAPI path of the reference document
 * @param {Record<string, Handler>} handlers by lower-case method
 */
function route(template, handlers) {
  /** @type {string[]} */
  const names = []
  const source = template.replace(/\{(\w+)\}/g, (_, name) => {
    names.push(name)
    return '([^/]+)'
  })
  return { template, pattern: new RegExp(`^${source}$`), names, handlers }
}

const ROUTES = [
  route('/v2/deployments', { get: listDeployments, post: createDeployment, delete: deleteDeployments }),
  route('/v2/deployments/{deployment_id}', { get: getDeployment, patch: patchDeployment, delete: deleteDeployment }),
  route('/v2/deployments/{deployment_id}/revisions', { get: listRevisions }),
  route('/v2/deployments/{deployment_id}/revisions/{revision_id}', { get: getRevision }),
  route('/v2/deployments/{deployment_id}/revisions/{revision_id}/logs', { get: getRevisionLogs }),
  route('/v2/deployments/{deployment_id}/revisions/{revision_id}/redeploy', { post: redeployRevision }),
  route('/v2/deployments/{deployment_id}/push-token', { post: pushToken }),
  route('/v2/deployments/{deployment_id}/upload-url', { post: requestUploadUrl }),
  route('/v2/listeners/{listener_id}', { get: getListener, delete: deleteListener })
]

/** @param {string} segment */
function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * FastAPI's order: routing (404, 405), then the auth dependency (401, 403), then parameter and
 * body validation (422), then the endpoint.
 * @param {ParsedRequest} request
 * @param {Store} store
 * @param {ServerConfig} config
 * @returns {Reply}
 */
export function dispatch(request, store, config) {
  const method = request.method.toLowerCase()
  /** @type {string | undefined} */
  let matched
  const reply = answer(request, store, config, (template) => (matched = template))
  const wrong = checkAnswer(matched, method, reply)
  if (!wrong) return reply
  // The simulator's own mistake: said loudly, recorded for the test that caused it, and never passed off as an answer.
  const what = `${request.method.toUpperCase()} ${request.pathname} → ${reply.status}: ${wrong}`
  store.answerViolations.push(what)
  reportAnswerViolation(what)
  return { status: 500, body: { detail: `The simulator's answer is not valid against the reference document: ${what}` } }
}

/** Where the tests look for violations (__tests__/setup/sim-answers.js): one list per test, made by the test setup. */
const VIOLATIONS = Symbol.for('agent-server-sim.answer-violations')

/** @param {string} what */
function reportAnswerViolation(what) {
  const list = /** @type {Record<symbol, unknown>} */ (globalThis)[VIOLATIONS]
  if (Array.isArray(list)) list.push(what)
  else console.error(`control-plane simulator: an answer not valid against the reference: ${what}`)
}

/**
 * @param {ParsedRequest} request
 * @param {Store} store
 * @param {ServerConfig} config
 * @param {(template: string) => void} matched
 * @returns {Reply}
 */
function answer(request, store, config, matched) {
  const method = request.method.toLowerCase()
  try {
    for (const { template, pattern, names, handlers } of ROUTES) {
      const match = pattern.exec(request.pathname)
      if (!match) continue
      matched(template)
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
      if (!handler) return { status: 405, body: { detail: 'Method Not Allowed' } }
      const workspaceId = authenticate(request.headers, config)
      const pathParams = Object.fromEntries(names.map((name, i) => [name, decodeSegment(match[i + 1] ?? '')]))
      const { params, body } = validateRequest(template, method, {
        pathParams,
        query: request.query,
        queryLists: request.queryLists,
        body: request.body
      })
      return handler({ params, body, workspaceId, store, config })
    }
    return { status: 404, body: { detail: 'Not Found' } }
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: { detail: error.detail } }
    throw error
  }
}
