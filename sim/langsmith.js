import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { FORMATS } from './formats.js'

/**
 * A stand-in for the LangSmith API's one operation the action uses, `POST
 * /api/v1/datasets/upload-experiment`, on its own loopback port (another host than the control
 * plane's, as LangSmith is), for the tests and `npm start -- --scenario evals-langsmith`.
 *
 * Strict as the operation's schemas, as LangSmith publishes them (kept in
 * __tests__/fixtures/langsmith/, where their source is said): the body is validated against
 * `ExperimentResultsUpload` (422 `HTTPValidationError` listing every problem; fields the schema
 * does not list are refused too, our choice as for the control plane's simulator), the key in
 * `X-Api-Key` must be this one's (401), an `X-Tenant-Id` must name its workspace (403), the
 * dataset is named by `dataset_id` (404 when none has it) or `dataset_name` (made on first use),
 * and an experiment's name is taken once (409). It answers `ExperimentResultsUploadResult`: the
 * dataset and the experiment, their ids UUIDs and the workspace's `tenant_id`. Rows with the same
 * `row_id` are one example of the dataset, whichever experiment sent them, and however many rows of
 * one experiment carry it (`repeat`): one example with several runs, as LangSmith shows its own
 * evaluations' repetitions. The upload guide does not say so: our reading (docs/langsmith.md).
 *
 * It records every request (headers and body) for the tests, and fails as told: an answer of a
 * status, a hang (held on the clock given, until the client gives up), an answer larger than any
 * client should read, a reset connection.
 *
 * @typedef {object} LangSmithRequest
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} headers lower-cased names, as received (credentials included, for tests to check)
 * @property {unknown} body parsed JSON, else the raw text; undefined when empty
 * @property {number} status answered; 0 when it hung or reset the connection
 *
 * @typedef {object} LangSmithFault
 * @property {{ status: number, body?: unknown }} [respond] answer this instead; nothing is recorded as made
 * @property {true} [hang] never answer: the request is held (on the clock's `holdOn`) until the client gives up
 * @property {number} [delayMs] answer as usual once this much time has passed on the clock (a slow LangSmith)
 * @property {true} [huge] answer 200 with a body of 2 MiB
 * @property {true} [reset] reset the connection once the body has arrived
 * @property {true} [lost] do what was asked (the experiment is made), then reset the connection instead of answering
 * @property {number} [skip] let this many requests through first
 * @property {number} [times] how many requests it affects (default 1)
 *
 * @typedef {object} Experiment
 * @property {string} id
 * @property {string} name
 * @property {string} datasetId
 * @property {any} body the request that made it
 *
 * @typedef {object} LangSmithOptions
 * @property {string} [apiKey]
 * @property {string} [tenantId] the workspace the key belongs to
 * @property {number} [port]
 * @property {() => number} [now] for timestamps
 * @property {import('./index.js').HoldTimer} [holdOn] how a hung request is held: on a test's virtual clock, so
 *   that the client's limit passes in no real time; real time by default
 *
 * @typedef {object} LangSmithStandIn
 * @property {string} url the endpoint to give `langsmith-endpoint`
 * @property {string} apiKey
 * @property {string} tenantId
 * @property {LangSmithRequest[]} requests every request, in order
 * @property {Experiment[]} experiments every experiment made, in order
 * @property {Map<string, { id: string, name: string, examples: Set<string> }>} datasets by id
 * @property {(fault: LangSmithFault) => void} addFault applied to the next requests, in order
 * @property {() => number} holding the requests a hang holds now (a client that gave up closed its own)
 * @property {() => void} reset forgets everything but the key and the workspace
 * @property {() => Promise<void>} stop
 */

/** The operation's schemas as LangSmith publishes them. */
export const langsmithDocument = JSON.parse(
  readFileSync(new URL('../__tests__/fixtures/langsmith/upload-experiment.openapi.json', import.meta.url), 'utf8')
)

const UPLOAD_PATH = '/api/v1/datasets/upload-experiment'
const DEFAULT_TENANT = '9b4e2c71-3d5a-4f86-a0b1-c2d3e4f5a6b7'

/**
 * A copy of the document whose object schemas refuse fields they do not list (the published
 * ones leave that open, and pydantic would drop them silently): a misspelt field must fail here.
 * Free-form maps (`additionalProperties: true`: inputs, outputs, metadata) stay open.
 * @param {any} node
 * @returns {any}
 */
function closed(node) {
  if (Array.isArray(node)) return node.map(closed)
  if (typeof node !== 'object' || node === null) return node
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, closed(value)]))
  if (copy.properties && typeof copy.properties === 'object' && copy.additionalProperties === undefined) copy.additionalProperties = false
  return copy
}

/** @type {Map<string, import('ajv').ValidateFunction>} */
const compiled = new Map()

/**
 * The validator of one of the document's schemas, by name (`ExperimentResultsUpload`, …);
 * `strict` closes the object schemas (for requests), as the stand-in judges them.
 * @param {string} name
 * @param {{ strict?: boolean }} [options]
 * @returns {Promise<import('ajv').ValidateFunction>}
 */
export async function langsmithSchema(name, options = {}) {
  const key = `${options.strict ? 'strict' : 'as-published'}:${name}`
  const known = compiled.get(key)
  if (known) return known
  const { default: Ajv2020Module } = await import('ajv/dist/2020.js')
  const ajv = new Ajv2020Module.default({ strict: false, allErrors: true })
  for (const [format, check] of Object.entries(FORMATS)) ajv.addFormat(format, check)
  const doc = options.strict ? { ...langsmithDocument, components: closed(langsmithDocument.components) } : langsmithDocument
  ajv.addSchema({ ...doc, $id: 'langsmith' })
  const validate = ajv.compile({ $ref: `langsmith#/components/schemas/${name}` })
  compiled.set(key, validate)
  return validate
}

/**
 * Ajv's errors as FastAPI's `detail` list: `{loc, msg, type}`, the location from `body`.
 * @param {import('ajv').ErrorObject[]} errors
 */
function detailOf(errors) {
  /** @type {Map<string, { loc: (string | number)[], msg: string, type: string }>} */
  const byLocation = new Map()
  for (const error of errors) {
    if (error.keyword === 'anyOf' || (error.keyword === 'type' && error.params.type === 'null')) continue
    const loc = [
      'body',
      ...error.instancePath
        .split('/')
        .slice(1)
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
    ]
    if (error.keyword === 'required') loc.push(error.params.missingProperty)
    if (error.keyword === 'additionalProperties') loc.push(error.params.additionalProperty)
    const type = error.keyword === 'required' ? 'missing' : error.keyword === 'additionalProperties' ? 'extra_forbidden' : error.keyword
    const msg =
      error.keyword === 'required'
        ? 'Field required'
        : error.keyword === 'additionalProperties'
          ? 'Extra inputs are not permitted'
          : (error.message ?? '')
    const at = JSON.stringify(loc)
    if (!byLocation.has(at)) byLocation.set(at, { loc, msg, type })
  }
  return [...byLocation.values()]
}

/**
 * @param {LangSmithOptions} [options]
 * @returns {Promise<LangSmithStandIn>}
 */
export async function startLangSmith(options = {}) {
  const apiKey = options.apiKey ?? 'sim-langsmith-key'
  const tenantId = options.tenantId ?? DEFAULT_TENANT
  const now = options.now ?? Date.now
  /** @type {import('./index.js').HoldTimer} */
  const holdOn =
    options.holdOn ??
    ((ms, then) => {
      const timer = setTimeout(then, ms)
      timer.unref()
      return () => clearTimeout(timer)
    })
  const validateUpload = await langsmithSchema('ExperimentResultsUpload', { strict: true })
  /** @type {LangSmithRequest[]} */
  const requests = []
  /** @type {Experiment[]} */
  const experiments = []
  /** @type {Map<string, { id: string, name: string, description: string | null, createdAt: string, examples: Set<string> }>} */
  const datasets = new Map()
  /** @type {LangSmithFault[]} */
  const faults = []
  /** @type {Set<() => void>} */
  const held = new Set()

  /** @param {any} dataset */
  const datasetAnswer = (dataset) => ({
    name: dataset.name,
    description: dataset.description,
    created_at: dataset.createdAt,
    externally_managed: true,
    data_type: 'kv',
    id: dataset.id,
    tenant_id: tenantId,
    example_count: dataset.examples.size,
    session_count: experiments.filter((e) => e.datasetId === dataset.id).length,
    modified_at: new Date(now()).toISOString(),
    last_session_start_time: null,
    metadata: null
  })

  /**
   * @param {Record<string, string>} headers
   * @param {unknown} body
   * @returns {{ status: number, body: unknown }}
   */
  const upload = (headers, body) => {
    if (headers['x-api-key'] !== apiKey) return { status: 401, body: { detail: 'Invalid token' } }
    if (headers['x-tenant-id'] !== undefined && headers['x-tenant-id'].toLowerCase() !== tenantId)
      return { status: 403, body: { detail: 'Forbidden' } }
    if (!validateUpload(body)) return { status: 422, body: { detail: detailOf(validateUpload.errors ?? []) } }
    const sent = /** @type {any} */ (body)
    let dataset
    if (sent.dataset_id) {
      dataset = datasets.get(String(sent.dataset_id).toLowerCase())
      if (!dataset) return { status: 404, body: { detail: 'Dataset not found' } }
    } else if (sent.dataset_name) {
      dataset = [...datasets.values()].find((d) => d.name === sent.dataset_name)
      if (!dataset) {
        dataset = {
          id: randomUUID(),
          name: sent.dataset_name,
          description: sent.dataset_description ?? null,
          createdAt: new Date(now()).toISOString(),
          examples: new Set()
        }
        datasets.set(dataset.id, dataset)
      }
    } else {
      return { status: 400, body: { detail: 'Either dataset_id or dataset_name must be provided' } }
    }
    if (experiments.some((e) => e.name === sent.experiment_name))
      return { status: 409, body: { detail: `Experiment with name ${sent.experiment_name} already exists` } }
    for (const row of sent.results) dataset.examples.add(row.row_id ?? randomUUID())
    const experiment = { id: randomUUID(), name: sent.experiment_name, datasetId: dataset.id, body: sent }
    experiments.push(experiment)
    return {
      status: 200,
      body: {
        dataset: datasetAnswer(dataset),
        experiment: {
          start_time: sent.experiment_start_time,
          end_time: sent.experiment_end_time,
          extra: { metadata: sent.experiment_metadata ?? {} },
          name: sent.experiment_name,
          description: sent.experiment_description ?? null,
          default_dataset_id: null,
          reference_dataset_id: dataset.id,
          trace_tier: 'longlived',
          id: experiment.id,
          run_count: sent.results.length,
          tenant_id: tenantId,
          feedback_stats: null
        }
      }
    }
  }

  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let body
      try {
        body = text === '' ? undefined : JSON.parse(text)
      } catch {
        body = text
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')])
      )
      /** @type {LangSmithRequest} */
      const entry = { method: req.method ?? '', path: new URL(req.url ?? '/', 'http://langsmith').pathname, headers, body, status: 0 }
      requests.push(entry)
      /** @param {number} status @param {unknown} answer */
      const answer = (status, answer) => {
        entry.status = status
        if (res.destroyed) return
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(typeof answer === 'string' ? answer : JSON.stringify(answer))
      }
      /** The operation itself, once any fault has let the request through. */
      const serve = () => {
        if (entry.path !== UPLOAD_PATH) return answer(404, { detail: 'Not Found' })
        if (req.method !== 'POST') return answer(405, { detail: 'Method Not Allowed' })
        if (typeof body === 'string') return answer(422, { detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] })
        const result = upload(headers, body ?? null)
        answer(result.status, result.body)
      }
      const fault = faults[0]
      if (!fault) return serve()
      if (fault.skip) {
        fault.skip--
        return serve()
      }
      fault.times = (fault.times ?? 1) - 1
      if (fault.times <= 0) faults.shift()
      if (fault.respond) return answer(fault.respond.status, fault.respond.body ?? { detail: 'Internal Server Error' })
      if (fault.huge) return answer(200, `{"detail": "${'x'.repeat(2 * 1024 * 1024)}"}`)
      if (fault.reset) return void req.socket.destroy()
      if (fault.lost) {
        if (entry.path === UPLOAD_PATH && req.method === 'POST' && typeof body !== 'string') upload(headers, body ?? null)
        return void req.socket.destroy()
      }
      if (!fault.hang && fault.delayMs === undefined) return serve()
      // Held on the clock: a hang until the client gives up (or a day), a delay until it has passed.
      const drop = () => {
        cancel()
        req.socket.destroy()
        held.delete(drop)
      }
      held.add(drop)
      const cancel = holdOn(
        fault.hang ? 24 * 3_600_000 : (fault.delayMs ?? 0),
        () => {
          held.delete(drop)
          if (fault.hang) drop()
          else serve()
        },
        () => !req.socket.destroyed
      )
      req.socket.once('close', () => {
        cancel()
        held.delete(drop)
      })
    })
  })
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined)))
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  return {
    url: `http://127.0.0.1:${address.port}`,
    apiKey,
    tenantId,
    requests,
    experiments,
    datasets,
    addFault: (fault) => void faults.push({ ...fault }),
    holding: () => held.size,
    reset: () => {
      requests.length = 0
      experiments.length = 0
      datasets.clear()
      faults.length = 0
      for (const drop of [...held]) drop()
    },
    stop: async () => {
      for (const drop of [...held]) drop()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(() => resolve(undefined)))
    }
  }
}
