import { readFileSync } from 'node:fs'
import { CLI_PATHS } from './cli-endpoints.js'
import { compiledValidators, ERROR_SCHEMAS, pointerTo, RESPONSE } from './compiled-validators.js'
import { ApiError } from './errors.js'

/**
 * @typedef {import('ajv').ErrorObject} AjvError
 * @typedef {{ type: string, loc: (string | number)[], msg: string, input?: unknown, ctx?: Record<string, unknown> }} FieldError
 * @typedef {{ kind: 'absent' }
 *   | { kind: 'json', value: unknown }
 *   | { kind: 'text', value: string }
 *   | { kind: 'invalid', position: number, message: string }} ReceivedBody
 */

/** @type {{ paths: Record<string, Record<string, any>>, components: { schemas: Record<string, any> } }} */
export const referenceDocument = JSON.parse(readFileSync(new URL('./reference-openapi.json', import.meta.url), 'utf8'))

/**
 * The reference's schemas say nothing about additionalProperties, and pydantic's default would
 * drop unknown fields silently. Refusing them is OUR choice (issue 8): a client that sends a
 * field the reference does not have (a misspelling, the response-only `repo_commit_sha` in a
 * patch) must fail here, not pass because the server ignored it. So every schema that lists its
 * properties is closed, in a copy used only to validate requests; free-form maps (no
 * `properties`: labels, annotations, volume sources) stay open.
 * @param {any} node
 * @returns {any}
 */
function closed(node) {
  if (Array.isArray(node)) return node.map(closed)
  if (typeof node !== 'object' || node === null) return node
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, closed(value)]))
  if (copy.properties && typeof copy.properties === 'object' && copy.additionalProperties === undefined && !('$ref' in copy)) {
    copy.additionalProperties = false
  }
  return copy
}
// The command-line client's endpoints are validated the same way; where the reference has them, as it writes them.
const doc = { ...referenceDocument, paths: { ...CLI_PATHS, ...referenceDocument.paths }, components: closed(referenceDocument.components) }

// Answers are checked against the reference as it is: its components open (an answer may carry a field it lacks, such as `url`).
// Only the operations the simulator serves: compiling the others' answers would cost every test file their load.
const SERVED = /^\/v2\/(deployments|listeners)(\/|$)/
const responseDoc = {
  ...referenceDocument,
  paths: Object.fromEntries(Object.entries({ ...CLI_PATHS, ...referenceDocument.paths }).filter(([template]) => SERVED.test(template)))
}

const validators = await compiledValidators(doc, responseDoc)

/** @param {(string | number)[]} segments */
function validatorAt(...segments) {
  const validate = validators[pointerTo(...segments)]
  if (!validate) throw new Error(`no validator compiled for ${segments.join(' ')}`)
  return validate
}

/**
 * @param {any} schema
 * @returns {Set<string>}
 */
function schemaTypes(schema) {
  return new Set([schema.type, ...(schema.anyOf ?? []).map((/** @type {any} */ branch) => branch.type)])
}

const BOOLEAN_WORDS = new Map([
  ...['true', '1', 'yes', 'on', 't', 'y'].map((word) => /** @type {const} */ ([word, true])),
  ...['false', '0', 'no', 'off', 'f', 'n'].map((word) => /** @type {const} */ ([word, false]))
])

/**
 * Query and path values arrive as strings; FastAPI converts them to the declared type first,
 * and leaves them as strings (to fail validation) when they do not convert.
 * @param {string} raw
 * @param {any} schema
 * @returns {unknown}
 */
function coerce(raw, schema) {
  const types = schemaTypes(schema)
  const trimmed = raw.trim()
  if (types.has('integer') && /^[+-]?\d+$/.test(trimmed)) return Number(trimmed)
  if (types.has('number') && trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed)
  if (types.has('boolean') && BOOLEAN_WORDS.has(trimmed.toLowerCase())) return BOOLEAN_WORDS.get(trimmed.toLowerCase())
  return raw
}

/** @param {string} value */
function canonicalUuid(value) {
  const hex = value.replaceAll('-', '').toLowerCase()
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** @param {unknown[]} values as pydantic lists expected literals: 'a', 'b' or 'c' */
function literalList(values) {
  const quoted = values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value)))
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted.join('')
}

/** @type {Record<string, [string, string]>} */
const TYPE_ERRORS = {
  string: ['string_type', 'Input should be a valid string'],
  integer: ['int_type', 'Input should be a valid integer'],
  number: ['float_type', 'Input should be a valid number'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  array: ['list_type', 'Input should be a valid list'],
  object: ['dict_type', 'Input should be a valid dictionary']
}

/** @type {Record<string, [string, string]>} */
const PARSING_ERRORS = {
  integer: ['int_parsing', 'Input should be a valid integer, unable to parse string as an integer'],
  number: ['float_parsing', 'Input should be a valid number, unable to parse string as a number'],
  boolean: ['bool_parsing', 'Input should be a valid boolean, unable to interpret input']
}

/**
 * @param {AjvError} error
 * @param {boolean} fromString whether the value came from a query string or path
 * @returns {Pick<FieldError, 'type' | 'msg' | 'ctx'>}
 */
function describe(error, fromString) {
  const { keyword, params } = error
  switch (keyword) {
    case 'required':
      return { type: 'missing', msg: 'Field required' }
    case 'additionalProperties':
      return { type: 'extra_forbidden', msg: 'Extra inputs are not permitted' }
    case 'maxItems':
      return {
        type: 'too_long',
        msg: `List should have at most ${params.limit} items after validation, not ${/** @type {any} */ (error.data)?.length ?? 'more'}`,
        ctx: { field_type: 'List', max_length: params.limit }
      }
    case 'type': {
      if (params.type === 'object' && error.parentSchema?.properties) {
        return { type: 'model_attributes_type', msg: 'Input should be a valid dictionary or object to extract fields from' }
      }
      const [type, msg] = (fromString && PARSING_ERRORS[params.type]) || TYPE_ERRORS[params.type] || ['type_error', error.message ?? '']
      return { type, msg }
    }
    case 'minimum':
      return { type: 'greater_than_equal', msg: `Input should be greater than or equal to ${params.limit}`, ctx: { ge: params.limit } }
    case 'maximum':
      return { type: 'less_than_equal', msg: `Input should be less than or equal to ${params.limit}`, ctx: { le: params.limit } }
    case 'enum': {
      const expected = literalList(params.allowedValues)
      return { type: 'enum', msg: `Input should be ${expected}`, ctx: { expected } }
    }
    case 'const': {
      const expected = literalList([params.allowedValue])
      return { type: 'literal_error', msg: `Input should be ${expected}`, ctx: { expected } }
    }
    case 'format':
      if (params.format === 'uuid') return { type: 'uuid_parsing', msg: 'Input should be a valid UUID, unable to parse string as a UUID' }
      return { type: 'datetime_from_date_parsing', msg: 'Input should be a valid datetime' }
    default:
      return { type: 'value_error', msg: `Value error, ${error.message ?? keyword}` }
  }
}

/**
 * @param {unknown} root
 * @param {string} instancePath
 * @returns {{ loc: (string | number)[], value: unknown }}
 */
function locate(root, instancePath) {
  /** @type {(string | number)[]} */
  const loc = []
  /** @type {any} */
  let node = root
  for (const escaped of instancePath.split('/').slice(1)) {
    const segment = escaped.replaceAll('~1', '/').replaceAll('~0', '~')
    const key = Array.isArray(node) ? Number(segment) : segment
    loc.push(key)
    node = node?.[key]
  }
  return { loc, value: node }
}

/**
 * Ajv reports a failed `anyOf: [X, null]` three times (X's error, "must be null", "must match a
 * schema in anyOf"); pydantic reports only X's error, once per location.
 * @param {AjvError[]} errors
 * @param {(string | number)[]} base
 * @param {unknown} root
 * @param {boolean} fromString
 * @returns {FieldError[]}
 */
function fieldErrors(errors, base, root, fromString) {
  /** @type {Map<string, FieldError>} */
  const byLocation = new Map()
  for (const error of errors) {
    if (error.keyword === 'anyOf' || (error.keyword === 'type' && error.params.type === 'null')) continue
    const { loc, value: located } = locate(root, error.instancePath)
    let value = located
    if (error.keyword === 'required') loc.push(error.params.missingProperty)
    if (error.keyword === 'additionalProperties') {
      loc.push(error.params.additionalProperty)
      value = /** @type {any} */ (located)?.[error.params.additionalProperty]
    }
    const key = JSON.stringify(loc)
    if (byLocation.has(key)) continue
    const { type, msg, ctx } = describe(error, fromString)
    byLocation.set(key, { type, loc: [...base, ...loc], msg, input: value, ...(ctx && { ctx }) })
  }
  return [...byLocation.values()]
}

/**
 * Validates a request against its OpenAPI operation the way FastAPI does: every problem in the
 * path, query and body is reported in one 422.
 * @param {string} template the OpenAPI path, e.g. /v2/deployments/{deployment_id}
 * @param {string} method lower case
 * @param {{ pathParams: Record<string, string>, query: Record<string, string>, queryLists?: Record<string, string[]>,
 *   body: ReceivedBody }} request `queryLists`: every value of a repeated query parameter, for array parameters
 * @returns {{ params: Record<string, any>, body: any }} params converted, canonical and defaulted
 */
export function validateRequest(template, method, request) {
  const operation = doc.paths[template][method]
  /** @type {FieldError[]} */
  const errors = []
  /** @type {Record<string, any>} */
  const params = {}
  for (const [index, parameter] of (operation.parameters ?? []).entries()) {
    const values = parameter.in === 'path' ? request.pathParams : request.query
    if (!Object.hasOwn(values, parameter.name)) {
      if (parameter.required) errors.push({ type: 'missing', loc: [parameter.in, parameter.name], msg: 'Field required', input: null })
      else if (parameter.schema.default !== undefined) params[parameter.name] = parameter.schema.default
      continue
    }
    // An array parameter is the parameter repeated (`?ids=a&ids=b`), as FastAPI reads a List query.
    const isList = parameter.schema.type === 'array'
    const value = isList
      ? (request.queryLists?.[parameter.name] ?? [values[parameter.name]]).map((item) => coerce(String(item), parameter.schema.items))
      : coerce(values[parameter.name], parameter.schema)
    const validate = validatorAt('paths', template, method, 'parameters', index, 'schema')
    if (validate(value)) {
      params[parameter.name] = isList
        ? /** @type {unknown[]} */ (value).map((item) => (parameter.schema.items?.format === 'uuid' ? canonicalUuid(String(item)) : item))
        : parameter.schema.format === 'uuid'
          ? canonicalUuid(String(value))
          : value
    } else {
      errors.push(...fieldErrors(validate.errors ?? [], [parameter.in, parameter.name], value, true))
    }
  }

  let body
  if (!operation.requestBody && request.body.kind !== 'absent') {
    // An operation that takes no body (a redeploy, a push token) refuses one, as unknown fields are refused.
    errors.push({ type: 'extra_forbidden', loc: ['body'], msg: 'This operation takes no body', input: null })
  } else if (operation.requestBody) {
    const received = request.body
    if (received.kind === 'absent') {
      if (operation.requestBody.required) errors.push({ type: 'missing', loc: ['body'], msg: 'Field required', input: null })
    } else if (received.kind === 'invalid') {
      errors.push({
        type: 'json_invalid',
        loc: ['body', received.position],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: received.message }
      })
    } else {
      const validate = validatorAt('paths', template, method, 'requestBody', 'content', 'application/json', 'schema')
      if (validate(received.value)) body = received.value
      else errors.push(...fieldErrors(validate.errors ?? [], ['body'], received.value, false))
    }
  }

  if (errors.length > 0) throw new ApiError(422, errors)
  return { params, body }
}

/**
 * A deliberately invalid answer, let through by name and place (sim/README.md, "Answers checked
 * against the reference"): `why` says why the simulator answers so; each of `errors` is one
 * schema error it may cause, at `at` (a JSON pointer relative to the object marked; `*` matches
 * any one segment) for `keyword` (and, for `required`, only `missingProperty`). Any other error
 * in the same answer still counts.
 * @typedef {{ why: string, errors: Array<{ at: string, keyword: string, missingProperty?: string }> }} InvalidOnPurpose
 */

/** @type {WeakMap<object, InvalidOnPurpose>} */
const ON_PURPOSE = new WeakMap()

/**
 * Marks `object` (an answer's body, or an object inside it) as deliberately invalid in the ways
 * `exemption` names; returns it.
 * @template {object} T
 * @param {T} object
 * @param {InvalidOnPurpose} exemption
 * @returns {T}
 */
export function invalidOnPurpose(object, exemption) {
  ON_PURPOSE.set(object, exemption)
  return object
}

/**
 * @param {AjvError} error
 * @param {unknown} body
 */
function exempted(error, body) {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
  /** @type {any} */
  let node = body
  for (let depth = 0; depth <= segments.length; depth++) {
    const exemption = node !== null && typeof node === 'object' ? ON_PURPOSE.get(node) : undefined
    const rest = segments.slice(depth)
    const allowed = exemption?.errors.some(
      (entry) =>
        entry.keyword === error.keyword &&
        (entry.missingProperty === undefined || entry.missingProperty === error.params.missingProperty) &&
        samePlace(entry.at, rest)
    )
    if (allowed) return true
    if (depth < segments.length) node = node?.[/** @type {string} */ (segments[depth])]
  }
  return false
}

/**
 * @param {string} pattern
 * @param {string[]} segments
 */
function samePlace(pattern, segments) {
  const wanted = pattern === '' ? [] : pattern.split('/').slice(1)
  return wanted.length === segments.length && wanted.every((segment, i) => segment === '*' || segment === segments[i])
}

/**
 * Ajv reports a failed `anyOf` branch with the branch's error, "must be null" and "must match a
 * schema in anyOf": only the first says what is wrong.
 * @param {AjvError} error
 */
const isWrapper = (error) =>
  error.keyword === 'anyOf' || error.keyword === 'oneOf' || (error.keyword === 'type' && error.params.type === 'null')

/**
 * Whether an answer of the simulator is one the reference allows: a JSON body against the
 * schema the operation lists for its status; an error status the operation does not list,
 * against the reference's error body (`{detail}`); a status a success of the operation is not
 * listed with, as a violation. Returns what is wrong, or undefined when nothing is.
 * @param {string | undefined} template the OpenAPI path matched; undefined when none was (a 404 or 405 of the router)
 * @param {string} method lower case
 * @param {{ status: number, body?: unknown }} reply
 * @returns {string | undefined}
 */
export function checkAnswer(template, method, reply) {
  const operation = template ? responseDoc.paths[template]?.[method] : undefined
  const listed = operation?.responses?.[String(reply.status)]
  const schema = listed?.content?.['application/json']?.schema
  /** @type {string | undefined} */
  let key
  if (schema)
    key =
      RESPONSE +
      pointerTo(
        'paths',
        /** @type {string} */ (template),
        method,
        'responses',
        String(reply.status),
        'content',
        'application/json',
        'schema'
      )
  else if (reply.status >= 400) key = RESPONSE + (reply.status === 422 ? ERROR_SCHEMAS.validation : ERROR_SCHEMAS.detail)
  // A status the operation's text names ("- 207: Some deployments deleted successfully") is listed too.
  else if (operation && !listed && !new RegExp(`\\b${reply.status}:`).test(String(operation.description ?? '')))
    return `${reply.status} is not an answer the reference lists for ${method.toUpperCase()} ${template}`
  else if (reply.status === 204 && reply.body !== undefined) return `a 204 answer carries a body`
  if (!key) return undefined
  const validate = validators[key]
  if (!validate) return `no schema compiled for ${key}`
  if (validate(reply.body)) return undefined
  const wrong = (validate.errors ?? []).filter((error) => !isWrapper(error) && !exempted(error, reply.body))
  if (wrong.length === 0) return undefined
  return wrong
    .slice(0, 5)
    .map(
      (error) =>
        `${error.instancePath || '(body)'} ${error.message ?? error.keyword}${error.keyword === 'enum' ? ` (${JSON.stringify(error.data)})` : ''}`
    )
    .join('; ')
}
