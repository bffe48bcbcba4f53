import { createServer } from 'node:http'
import { lifecycles } from './lifecycle.js'
import { deploymentResource, revisionResource } from './resources.js'
import { dispatch } from './routes.js'
import { Store } from './store.js'

export { lifecycles }

/**
 * @typedef {import('./lifecycle.js').Lifecycle} Lifecycle
 * @typedef {import('./lifecycle.js').Scenario} Scenario
 * @typedef {import('./store.js').SeedOptions} SeedOptions
 * @typedef {import('./store.js').JsonObject} JsonObject
 * @typedef {import('./validation.js').ReceivedBody} ReceivedBody
 *
 * @typedef {object} SimulatorOptions
 * @property {string[]} [apiKeys] keys accepted alone in X-Api-Key
 * @property {string[]} [orgApiKeys] organization keys, accepted only with X-Tenant-Id
 * @property {string[]} [bearerTokens] accepted with X-Tenant-Id or X-Organization-Id
 * @property {string} [tenantId] the one workspace that exists
 * @property {'next' | 'echo'} [pageOffset] whether lists return the next page's offset or the requested one
 * @property {Scenario} [scenario] how revisions created from now on progress
 * @property {() => number} [now] the clock statuses and timestamps are derived from
 * @property {boolean} [selfHostedEnterprise] false makes listener deletion answer 403
 * @property {number} [port] 0 (the default) picks a free port
 *
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} query
 * @property {Record<string, string>} headers lower-cased names
 * @property {unknown} body parsed JSON, else the raw text, undefined when empty
 * @property {number} status what the simulator answered
 *
 * @typedef {object} Simulator
 * @property {string} url
 * @property {string} apiKey
 * @property {string} tenantId
 * @property {RecordedRequest[]} requests
 * @property {() => JsonObject[]} deployments newest first, as GET returns each
 * @property {(deploymentId: string) => JsonObject[]} revisions newest first; empty for an unknown deployment
 * @property {(options: SeedOptions) => JsonObject} seedDeployment
 * @property {(id?: string) => string} seedListener
 * @property {(scenario: Scenario) => void} setScenario
 * @property {() => void} reset
 * @property {() => Promise<void>} stop
 */

const DEFAULT_TENANT_ID = '5f0c9a3e-7b21-4d8e-9c46-1a2b3c4d5e6f'

/** @param {string} contentType */
function isJsonType(contentType) {
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  return mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'))
}

/**
 * @param {string} text
 * @returns {{ ok: true, value: unknown } | { ok: false, position: number, message: string }}
 */
function parseJson(text) {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const position = /position (\d+)/.exec(message)?.[1]
    return { ok: false, position: position === undefined ? text.length : Number(position), message }
  }
}

/**
 * Like FastAPI: JSON is parsed when the content type says so or is missing; any other content
 * type leaves the body as text, which then fails validation.
 * @param {string} text
 * @param {string | undefined} contentType
 * @returns {ReceivedBody}
 */
function receivedBody(text, contentType) {
  if (text === '') return { kind: 'absent' }
  if (contentType && !isJsonType(contentType)) return { kind: 'text', value: text }
  const parsed = parseJson(text)
  return parsed.ok ? { kind: 'json', value: parsed.value } : { kind: 'invalid', ...parsed }
}

/** @param {import('node:http').IncomingHttpHeaders} headers */
function flatHeaders(headers) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value ?? ''])
  )
}

/**
 * @param {SimulatorOptions} [options]
 * @returns {Promise<Simulator>}
 */
export async function startSimulator(options = {}) {
  const config = {
    apiKeys: options.apiKeys ?? ['sim-api-key'],
    orgApiKeys: options.orgApiKeys ?? [],
    bearerTokens: options.bearerTokens ?? ['sim-bearer-token'],
    tenantId: options.tenantId ?? DEFAULT_TENANT_ID,
    pageOffset: options.pageOffset ?? 'next',
    selfHostedEnterprise: options.selfHostedEnterprise ?? true
  }
  const now = options.now ?? Date.now
  const store = new Store({ tenantId: config.tenantId, now, scenario: options.scenario ?? lifecycles.deployed() })
  /** @type {RecordedRequest[]} */
  const requests = []

  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://simulator')
      const headers = flatHeaders(req.headers)
      const query = Object.fromEntries(url.searchParams)
      const text = Buffer.concat(chunks).toString('utf8')
      let reply
      try {
        const body = receivedBody(text, req.headers['content-type'])
        reply = dispatch({ method: req.method ?? 'GET', pathname: url.pathname, query, headers, body }, store, config)
      } catch (error) {
        console.error('control-plane simulator:', error)
        reply = { status: 500, body: { detail: 'Internal Server Error' } }
      }
      const parsed = text === '' ? undefined : parseJson(text)
      // Recorded before answering, so a client that awaited its response always finds it here.
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query,
        headers,
        body: parsed && (parsed.ok ? parsed.value : text),
        status: reply.status
      })
      const payload = reply.body === undefined ? '' : JSON.stringify(reply.body)
      res.writeHead(reply.status, payload ? { 'content-type': 'application/json' } : {})
      res.end(payload)
    })
  })

  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined))
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: config.apiKeys[0] ?? '',
    tenantId: config.tenantId,
    requests,
    deployments: () => store.ordered().map((deployment) => deploymentResource(deployment, now())),
    revisions: (deploymentId) =>
      (store.deployments.get(deploymentId)?.revisions ?? []).map((revision) => revisionResource(revision, now())).reverse(),
    seedDeployment: (seed) => deploymentResource(store.seed(seed), now()),
    seedListener: (id) => store.addListener(id),
    setScenario: (scenario) => {
      store.scenario = scenario
    },
    reset: () => {
      store.reset()
      requests.length = 0
    },
    stop: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Clients keep connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections()
      })
  }
}
