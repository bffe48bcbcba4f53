/**
 * Faults that a proxy or a flaky network in front of the control plane would cause, injected
 * per request before the simulator authenticates or validates anything.
 *
 * @typedef {object} FaultResponse
 * @property {number} status
 * @property {string} [body] sent as is; empty when absent
 * @property {Record<string, string>} [headers] without a content-type, a body that parses as JSON
 *   is sent as application/json and any other as text/plain
 *
 * @typedef {'html' | 'truncated' | 'not-json' | 'missing-fields' | 'empty'} MalformedKind
 *
 * @typedef {object} FaultRule
 * @property {string} [method] 'POST' etc., any case; any method when absent
 * @property {string | RegExp} [path] the exact path (no query), or a RegExp tested against it; any when absent
 * @property {number} [skip] let the first `skip` matching requests through (default 0); every request that
 *   matches method and path counts, including one that an earlier rule affected
 * @property {number} [times] how many requests after the skipped ones to affect (default 1; Infinity allowed);
 *   only requests this rule actually affected count
 * @property {FaultResponse} [respond] answer this instead; the request is not applied
 * @property {true} [resetBefore] reset the connection without answering; the request is not applied
 * @property {'reset' | FaultResponse} [applyThen] apply the request, then reset the connection or answer this instead
 * @property {number} [delayMs] hold the request this long (real time, or the simulator's `holdOn` clock), then apply and answer it; it is applied
 *   even if the client gave up meanwhile
 * @property {MalformedKind} [malformed] apply the request, then answer its real status with a broken body
 * @property {string} [redirectTo] answer 307 with Location = redirectTo + the original path and query;
 *   the request is not applied
 * @property {string} [retryAfter] with `respond` only: adds a Retry-After header (seconds or an HTTP date)
 * @property {true} [endlessList] answer a list request with a full page (`limit`, default 20) of deployments
 *   never seen before, named `<name_contains>-endless-<n>`, and an offset that moves on (either
 *   convention): a list that never ends. The request is not applied. Use with times: Infinity.
 * @property {number} [trickleMs] apply the request, then send the real answer's body one byte every
 *   `trickleMs` (real time; Content-Length announces the whole body) until it is sent or the client goes
 * @property {number} [hugeBody] answer 200 with a deployment list page whose body is about this many bytes
 *   (built once per size and cached; every item a valid list item with its own name); not applied
 * @property {true} [hang] never answer: the connection stays open until the client gives up, or reset()
 *   or stop() closes it. The request is not applied.
 * @property {(other: OtherClient) => void} [meanwhile] not an effect but a companion to one: called once per
 *   affected request, after the effect applied it (or did not), before the answer (or the reset) goes out:
 *   another client's change landing right then, as when two runs deploy at once. `other` sends requests
 *   straight to the store, authenticated, past the fault rules.
 *
 * @typedef {object} OtherClient
 * @property {(method: string, path: string, body?: unknown) => { status: number, body?: any }} send the
 *   simulator's answer; throws unless it is 2xx
 *
 * @typedef {'respond' | 'resetBefore' | 'applyThen' | 'delayMs' | 'malformed' | 'redirectTo' | 'endlessList'
 *   | 'trickleMs' | 'hugeBody' | 'hang'} FaultEffect
 *
 * @typedef {object} FaultLogEntry
 * @property {number} id the rule's id, as addFault returned it
 * @property {string} method
 * @property {string} path without the query
 * @property {FaultEffect} effect
 * @property {number} at the simulator's clock (its `now` option) when the fault was injected; for
 *   delayMs, when the hold began
 *
 * @typedef {{ id: number, rule: FaultRule, effect: FaultEffect }} InjectedFault
 * @typedef {{ status: number, headers: Record<string, string>, payload: string | Buffer }} Answer what goes on the wire
 */

/** @type {FaultEffect[]} */
const EFFECTS = [
  'respond',
  'resetBefore',
  'applyThen',
  'delayMs',
  'malformed',
  'redirectTo',
  'endlessList',
  'trickleMs',
  'hugeBody',
  'hang'
]
const MALFORMED_KINDS = ['html', 'truncated', 'not-json', 'missing-fields', 'empty']

export const PROXY_ERROR_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><h1>Proxy error</h1>' +
  '<p>The proxy server received an invalid response from an upstream server.</p></body></html>'
const NOT_JSON_TEXT = 'upstream connect error or disconnect/reset before headers. reset reason: connection termination'

/**
 * @param {unknown} value
 * @param {string} what
 */
function checkCount(value, what) {
  if (value === undefined) return
  if (typeof value !== 'number' || !(value === Infinity || (Number.isInteger(value) && value >= 0))) {
    throw new TypeError(`fault rule: ${what} must be a non-negative integer or Infinity, got ${String(value)}`)
  }
}

/**
 * @param {unknown} response
 * @param {string} what
 */
function checkResponse(response, what) {
  const r = /** @type {Partial<FaultResponse> | null} */ (response)
  if (typeof r !== 'object' || r === null || !Number.isInteger(r.status) || Number(r.status) < 100 || Number(r.status) > 599) {
    throw new TypeError(`fault rule: ${what} needs an integer status from 100 to 599`)
  }
  if (r.body !== undefined && typeof r.body !== 'string') throw new TypeError(`fault rule: ${what}.body must be a string`)
  if (r.headers !== undefined && (typeof r.headers !== 'object' || r.headers === null)) {
    throw new TypeError(`fault rule: ${what}.headers must be an object`)
  }
}

/**
 * Refuses a rule that would silently do something else than its author meant.
 * @param {FaultRule} rule
 * @returns {FaultEffect}
 */
function effectOf(rule) {
  if (typeof rule !== 'object' || rule === null) throw new TypeError('fault rule must be an object')
  const effects = EFFECTS.filter((effect) => rule[effect] !== undefined)
  if (effects.length !== 1) {
    throw new TypeError(`fault rule needs exactly one of ${EFFECTS.join(', ')}; got ${effects.join(', ') || 'none'}`)
  }
  const effect = /** @type {FaultEffect} */ (effects[0])
  if (rule.method !== undefined && typeof rule.method !== 'string') throw new TypeError('fault rule: method must be a string')
  if (rule.path !== undefined && typeof rule.path !== 'string' && !(rule.path instanceof RegExp)) {
    throw new TypeError('fault rule: path must be a string or a RegExp')
  }
  checkCount(rule.skip, 'skip')
  checkCount(rule.times, 'times')
  if (rule.retryAfter !== undefined && (effect !== 'respond' || typeof rule.retryAfter !== 'string')) {
    throw new TypeError('fault rule: retryAfter is a string, and goes only with respond')
  }
  if (effect === 'respond') checkResponse(rule.respond, 'respond')
  if (effect === 'resetBefore' && rule.resetBefore !== true) throw new TypeError('fault rule: resetBefore must be true')
  if (effect === 'applyThen' && rule.applyThen !== 'reset') checkResponse(rule.applyThen, 'applyThen')
  if (effect === 'delayMs' && !(typeof rule.delayMs === 'number' && Number.isFinite(rule.delayMs) && rule.delayMs >= 0)) {
    throw new TypeError('fault rule: delayMs must be a finite number of milliseconds, 0 or more')
  }
  if (effect === 'malformed' && !MALFORMED_KINDS.includes(/** @type {string} */ (rule.malformed))) {
    throw new TypeError(`fault rule: malformed must be one of ${MALFORMED_KINDS.join(', ')}`)
  }
  if (effect === 'redirectTo' && typeof rule.redirectTo !== 'string') throw new TypeError('fault rule: redirectTo must be a string')
  if (effect === 'endlessList' && rule.endlessList !== true) throw new TypeError('fault rule: endlessList must be true')
  if (effect === 'hang' && rule.hang !== true) throw new TypeError('fault rule: hang must be true')
  if (rule.meanwhile !== undefined && typeof rule.meanwhile !== 'function') throw new TypeError('fault rule: meanwhile must be a function')
  if (effect === 'trickleMs' && !(typeof rule.trickleMs === 'number' && Number.isFinite(rule.trickleMs) && rule.trickleMs > 0)) {
    throw new TypeError('fault rule: trickleMs must be a finite number of milliseconds above 0')
  }
  if (effect === 'hugeBody' && !(Number.isInteger(rule.hugeBody) && Number(rule.hugeBody) > 0 && Number(rule.hugeBody) <= 1024 ** 3)) {
    throw new TypeError('fault rule: hugeBody must be a whole number of bytes from 1 to 1 GiB')
  }
  return effect
}

/**
 * The rules in the order they were added. Each counts the requests that match its method and path
 * on its own; when several are due for one request, the earliest added wins.
 */
export class FaultInjector {
  constructor() {
    /** @type {{ id: number, rule: FaultRule, effect: FaultEffect, method?: string, path?: string | RegExp, seen: number, injected: number }[]} */
    this.rules = []
    this.nextId = 1
  }

  /**
   * @param {FaultRule} rule
   * @returns {number} the id its injections are logged under
   */
  add(rule) {
    const effect = effectOf(rule)
    const id = this.nextId++
    // A global or sticky RegExp would remember lastIndex between requests.
    const path = rule.path instanceof RegExp ? new RegExp(rule.path.source, rule.path.flags.replace(/[gy]/g, '')) : rule.path
    this.rules.push({ id, rule: { ...rule }, effect, method: rule.method?.toUpperCase(), path, seen: 0, injected: 0 })
    return id
  }

  clear() {
    this.rules.length = 0
  }

  /**
   * Counts the request against every rule it matches and picks the fault to inject, if any.
   * @param {string} method
   * @param {string} path without the query
   * @returns {InjectedFault | undefined}
   */
  match(method, path) {
    /** @type {InjectedFault | undefined} */
    let chosen
    for (const entry of this.rules) {
      if (entry.method !== undefined && entry.method !== method.toUpperCase()) continue
      if (entry.path !== undefined && (typeof entry.path === 'string' ? entry.path !== path : !entry.path.test(path))) continue
      entry.seen++
      if (chosen || entry.seen <= (entry.rule.skip ?? 0) || entry.injected >= (entry.rule.times ?? 1)) continue
      entry.injected++
      chosen = { id: entry.id, rule: entry.rule, effect: entry.effect }
    }
    return chosen
  }
}

/**
 * @param {FaultResponse} response
 * @param {string} [retryAfter]
 * @returns {Answer}
 */
export function replacementAnswer({ status, body = '', headers = {} }, retryAfter) {
  /** @type {Record<string, string>} */
  const all = { ...headers }
  const named = (/** @type {string} */ name) => Object.keys(all).some((key) => key.toLowerCase() === name)
  if (body !== '' && !named('content-type')) {
    let json = true
    try {
      JSON.parse(body)
    } catch {
      json = false
    }
    all['content-type'] = json ? 'application/json' : 'text/plain; charset=utf-8'
  }
  if (retryAfter !== undefined) all['retry-after'] = retryAfter
  return { status, headers: all, payload: body }
}

/**
 * @param {unknown} body
 * @returns {unknown}
 */
function withoutIdentifiers(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  if (Array.isArray(/** @type {Record<string, unknown>} */ (body).resources)) {
    const { resources: _resources, ...rest } = /** @type {Record<string, unknown>} */ (body)
    return rest
  }
  const { id: _id, latest_revision_id: _latest, ...rest } = /** @type {Record<string, unknown>} */ (body)
  return rest
}

/**
 * The real status with a body that a client cannot use.
 * @param {MalformedKind} kind
 * @param {{ status: number, body?: unknown }} reply
 * @returns {Answer}
 */
export function malformedAnswer(kind, reply) {
  const json = { 'content-type': 'application/json' }
  const payload = reply.body === undefined ? '' : JSON.stringify(reply.body)
  switch (kind) {
    case 'html':
      return { status: reply.status, headers: { 'content-type': 'text/html; charset=utf-8' }, payload: PROXY_ERROR_PAGE }
    case 'truncated':
      return { status: reply.status, headers: json, payload: payload.slice(0, Math.floor(payload.length / 2)) }
    case 'not-json':
      return { status: reply.status, headers: { 'content-type': 'text/plain; charset=utf-8' }, payload: NOT_JSON_TEXT }
    case 'missing-fields':
      return { status: reply.status, headers: json, payload: JSON.stringify(withoutIdentifiers(reply.body)) ?? '' }
    case 'empty':
      return { status: reply.status, headers: json, payload: '' }
  }
}

/**
 * A list item of the shape the simulator lists, with its own name and ids.
 * @param {string} name
 * @param {string} id
 * @param {string} at an ISO date
 */
function syntheticListItem(name, id, at) {
  return {
    name,
    source_config: {
      integration_id: null,
      repo_url: null,
      deployment_type: null,
      build_on_push: null,
      custom_url: null,
      resource_spec: null,
      listener_id: null,
      listener_config: null,
      install_command: null,
      build_command: null
    },
    source_revision_config: {
      repo_ref: null,
      graph_config_path: null,
      image_uri: `registry.sim.example/${name}:latest`,
      source_tarball_path: null,
      repo_commit_sha: null
    },
    secrets: [],
    secret_references: null,
    id,
    tenant_id: '00000000-0000-4000-8000-000000000000',
    created_at: at,
    updated_at: at,
    latest_revision_id: id,
    active_revision_id: id,
    image_version: null,
    url: null
  }
}

/** @param {number} n */
const uuidFor = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

let endlessCounter = 0

/**
 * One page of a list that never ends: every item is new, and the offset always moves on.
 * @param {Record<string, string>} query
 * @param {'next' | 'echo'} pageOffset
 * @returns {Answer}
 */
export function endlessListAnswer(query, pageOffset) {
  const limit = Math.min(100, Math.max(1, Number.parseInt(query.limit ?? '20', 10) || 20))
  const offset = Math.max(0, Number.parseInt(query.offset ?? '0', 10) || 0)
  const prefix = query.name_contains || 'agent'
  const at = new Date(0).toISOString()
  const resources = Array.from({ length: limit }, () => {
    const n = ++endlessCounter
    return syntheticListItem(`${prefix}-endless-${n}`, uuidFor(n), at)
  })
  const body = { resources, offset: pageOffset === 'next' ? offset + limit : offset }
  return { status: 200, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }
}

/** @type {Map<number, Buffer>} built once per size: tests of a 50 MB body should not spend their time building it */
const hugeBodies = new Map()

/**
 * A list page of about `bytes` bytes, built by joining serialised items (linear in the size).
 * @param {number} bytes
 * @returns {Buffer}
 */
export function hugeListBody(bytes) {
  const cached = hugeBodies.get(bytes)
  if (cached) return cached
  const at = new Date(0).toISOString()
  const itemSize = JSON.stringify(syntheticListItem('huge-0000000', uuidFor(0), at)).length + 1
  const count = Math.max(1, Math.round((bytes - 30) / itemSize))
  /** @type {string[]} */
  const items = new Array(count)
  for (let i = 0; i < count; i++) items[i] = JSON.stringify(syntheticListItem(`huge-${String(i).padStart(7, '0')}`, uuidFor(i + 1), at))
  const body = Buffer.from(`{"resources":[${items.join(',')}],"offset":${count}}`)
  hugeBodies.set(bytes, body)
  return body
}
