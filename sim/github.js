import { createServer } from 'node:http'

/**
 * A fake of the few GitHub REST endpoints the action calls, on loopback, so that tests
 * run the bundled action with GITHUB_API_URL pointing here and assert the calls made.
 *
 * @typedef {'deployments' | 'comments'} Forbiddable
 *
 * @typedef {object} FakeGitHubOptions
 * @property {string} [token] the only token accepted
 * @property {Forbiddable[]} [forbid] answer 403 as GitHub does for a token without the permission
 *
 * @typedef {object} GitHubRequest
 * @property {string} method
 * @property {string} path without the query
 * @property {Record<string, string>} query
 * @property {string | undefined} authorization
 * @property {any} body parsed JSON, undefined when empty
 * @property {number} status
 *
 * @typedef {{ id: number, ref: string, environment: string, transient_environment: boolean, auto_merge: boolean, required_contexts: string[], description?: string }} FakeDeployment
 * @typedef {{ id: number, deployment_id: number, state: string, environment_url?: string, log_url?: string, description?: string }} FakeStatus
 * @typedef {{ id: number, issue_number: number, body: string }} FakeComment
 *
 * @typedef {object} FakeGitHub
 * @property {string} url the API base URL, for GITHUB_API_URL
 * @property {string} token
 * @property {GitHubRequest[]} requests
 * @property {FakeDeployment[]} deployments
 * @property {FakeStatus[]} statuses
 * @property {FakeComment[]} comments
 * @property {(options: FakeGitHubOptions) => void} configure replaces the options given at start
 * @property {() => void} reset forgets requests, deployments, statuses and comments
 * @property {() => Promise<void>} stop
 */

const FORBIDDEN = {
  message: 'Resource not accessible by integration',
  documentation_url: 'https://docs.github.com/rest',
  status: '403'
}

/**
 * @param {FakeGitHubOptions} [options]
 * @returns {Promise<FakeGitHub>}
 */
export async function startFakeGitHub(options = {}) {
  let token = options.token ?? 'ghs_fake_workflow_token'
  /** @type {Set<Forbiddable>} */
  let forbidden = new Set(options.forbid ?? [])
  /** @type {GitHubRequest[]} */
  const requests = []
  /** @type {FakeDeployment[]} */
  const deployments = []
  /** @type {FakeStatus[]} */
  const statuses = []
  /** @type {FakeComment[]} */
  const comments = []
  let nextId = 1000

  /**
   * @param {string} method
   * @param {string} path
   * @param {Record<string, string>} query
   * @param {any} body
   * @returns {{ status: number, body?: unknown }}
   */
  function handle(method, path, query, body) {
    /** @type {RegExpExecArray | null} */
    let match
    if ((match = /^\/repos\/[^/]+\/[^/]+\/deployments(?:\/(\d+)\/statuses)?$/.exec(path))) {
      if (forbidden.has('deployments')) return { status: 403, body: FORBIDDEN }
      const deploymentId = match[1] === undefined ? undefined : Number(match[1])
      if (deploymentId === undefined && method === 'POST') {
        const deployment = { id: nextId++, ...body }
        deployments.push(deployment)
        return { status: 201, body: deployment }
      }
      if (deploymentId === undefined && method === 'GET') {
        // Newest first, as GitHub lists them.
        return { status: 200, body: deployments.filter((d) => !query.environment || d.environment === query.environment).reverse() }
      }
      if (deploymentId !== undefined && method === 'POST') {
        if (!deployments.some((d) => d.id === deploymentId)) return { status: 404, body: { message: 'Not Found' } }
        const status = { id: nextId++, deployment_id: deploymentId, ...body }
        statuses.push(status)
        return { status: 201, body: status }
      }
    }
    if ((match = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path))) {
      if (forbidden.has('comments')) return { status: 403, body: FORBIDDEN }
      const issueNumber = Number(match[1])
      if (method === 'GET') return { status: 200, body: comments.filter((c) => c.issue_number === issueNumber) }
      if (method === 'POST') {
        const comment = { id: nextId++, issue_number: issueNumber, body: body.body }
        comments.push(comment)
        return { status: 201, body: comment }
      }
    }
    if ((match = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path)) && method === 'PATCH') {
      if (forbidden.has('comments')) return { status: 403, body: FORBIDDEN }
      const comment = comments.find((c) => c.id === Number(match?.[1]))
      if (!comment) return { status: 404, body: { message: 'Not Found' } }
      comment.body = body.body
      return { status: 200, body: comment }
    }
    return { status: 404, body: { message: 'Not Found' } }
  }

  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://github')
      const text = Buffer.concat(chunks).toString('utf8')
      const body = text ? JSON.parse(text) : undefined
      const authorization = req.headers.authorization
      const authorized = authorization === `token ${token}` || authorization === `Bearer ${token}`
      const reply = authorized ? handle(req.method ?? 'GET', url.pathname, Object.fromEntries(url.searchParams), body) : { status: 401, body: { message: 'Bad credentials' } }
      requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), authorization, body, status: reply.status })
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' })
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body))
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(undefined))
  })
  const address = server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    get token() {
      return token
    },
    requests,
    deployments,
    statuses,
    comments,
    configure: (next) => {
      token = next.token ?? token
      forbidden = new Set(next.forbid ?? [])
    },
    reset: () => {
      requests.length = 0
      deployments.length = 0
      statuses.length = 0
      comments.length = 0
    },
    stop: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
  }
}
