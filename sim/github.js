import { createServer } from 'node:http'

/**
 * A fake of the few GitHub REST endpoints the action calls, on loopback, so that tests
 * run the bundled action with GITHUB_API_URL pointing here and assert the calls made.
 *
 * @typedef {'deployments' | 'comments' | 'pulls'} Forbiddable
 *
 * @typedef {object} PullFailure a way reading pull requests fails
 * @property {number} status 403, 429, 5xx...
 * @property {'rate-limit'} [kind] answer as GitHub's rate limit does: x-ratelimit-remaining: 0, x-ratelimit-reset
 *   (epoch seconds, now + resetInSeconds) and the rate-limit message
 * @property {number} [retryAfter] seconds, sent as retry-after
 * @property {number} [resetInSeconds] with kind rate-limit (default 60)
 * @property {number} [times] how many pull request reads fail (default Infinity)
 * @property {number} [skip] let this many pull request reads through first (default 0)
 *
 * @typedef {object} FakeGitHubOptions
 * @property {string} [token] the only token accepted
 * @property {Forbiddable[]} [forbid] answer 403 as GitHub does for a token without the permission
 * @property {PullFailure} [pullsFail] how reads of pull requests (list and one) fail
 * @property {boolean} [hang] read every request and never answer it (a GitHub API that hangs); the request is
 *   recorded with status 0
 *
 * @typedef {{ number: number, state: 'open' | 'closed', title?: string, head?: { sha: string, ref: string } }} FakePull
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
 * @property {FakePull[]} pulls the repository's pull requests (any repository path reads this one list); push or
 *   assign; `GET .../pulls?state=open&per_page=N&page=P` lists the open ones by number descending, paged with a
 *   Link header; `GET .../pulls/{n}` reads one, 404 when absent
 * @property {(pathPattern?: RegExp) => number} count requests so far, or those whose path matches
 * @property {(options: FakeGitHubOptions) => void} configure replaces the options given at start
 * @property {() => void} reset forgets requests, deployments, statuses, comments, pulls and the pullsFail and hang settings
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
  /** @type {PullFailure | undefined} */
  let pullsFail = options.pullsFail
  let hang = options.hang ?? false
  let pullReads = 0
  /** @type {FakePull[]} */
  const pulls = []
  let baseUrl = ''
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
   * @returns {{ status: number, body?: unknown, headers?: Record<string, string> }}
   */
  function handle(method, path, query, body) {
    /** @type {RegExpExecArray | null} */
    let match
    if ((match = /^\/repos\/([^/]+)\/([^/]+)\/pulls(?:\/(\d+))?$/.exec(path)) && method === 'GET') {
      if (forbidden.has('pulls')) return { status: 403, body: FORBIDDEN }
      const failure = pullFailure()
      if (failure) return failure
      if (match[3] !== undefined) {
        const pull = pulls.find((p) => p.number === Number(match?.[3]))
        return pull ? { status: 200, body: pullResource(pull) } : { status: 404, body: { message: 'Not Found', status: '404' } }
      }
      const state = query.state ?? 'open'
      const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 30) || 30))
      const page = Math.max(1, Number(query.page ?? 1) || 1)
      const matching = pulls.filter((p) => state === 'all' || p.state === state).sort((a, b) => b.number - a.number)
      const last = Math.max(1, Math.ceil(matching.length / perPage))
      /** @type {Record<string, string>} */
      const headers = {}
      if (last > 1) {
        const link = (/** @type {number} */ n) => {
          const params = new URLSearchParams({ ...query, page: String(n) })
          return `${baseUrl}${path}?${params}`
        }
        const parts = []
        if (page < last) parts.push(`<${link(page + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`)
        if (page > 1) parts.push(`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`)
        headers.link = parts.join(', ')
      }
      return { status: 200, body: matching.slice((page - 1) * perPage, page * perPage).map(pullResource), headers }
    }
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

  /** @param {FakePull} pull */
  function pullResource(pull) {
    return { number: pull.number, state: pull.state, title: pull.title ?? `Pull request ${pull.number}`, head: pull.head ?? { sha: '0'.repeat(40), ref: `branch-${pull.number}` } }
  }

  /** @returns {{ status: number, body: unknown, headers: Record<string, string> } | undefined} */
  function pullFailure() {
    pullReads++
    if (!pullsFail) return undefined
    const { status, kind, retryAfter, resetInSeconds = 60, times = Infinity, skip = 0 } = pullsFail
    if (pullReads <= skip || pullReads > skip + times) return undefined
    /** @type {Record<string, string>} */
    const headers = {}
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter)
    if (kind === 'rate-limit') {
      headers['x-ratelimit-limit'] = '1000'
      headers['x-ratelimit-remaining'] = '0'
      headers['x-ratelimit-used'] = '1000'
      headers['x-ratelimit-reset'] = String(Math.floor(Date.now() / 1000) + resetInSeconds)
      return { status, headers, body: { message: 'API rate limit exceeded for installation.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api', status: String(status) } }
    }
    if (status === 403) return { status, headers, body: FORBIDDEN }
    return { status, headers, body: { message: 'Server Error', status: String(status) } }
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
      if (hang) {
        // No answer, ever: the socket stays open until the client gives up or stop() closes it.
        requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), authorization, body, status: 0 })
        return
      }
      const authorized = authorization === `token ${token}` || authorization === `Bearer ${token}`
      const reply = authorized ? handle(req.method ?? 'GET', url.pathname, Object.fromEntries(url.searchParams), body) : { status: 401, body: { message: 'Bad credentials' } }
      requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), authorization, body, status: reply.status })
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...('headers' in reply ? reply.headers : {}) })
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body))
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(undefined))
  })
  const address = server.address()
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    url: baseUrl,
    get token() {
      return token
    },
    requests,
    deployments,
    statuses,
    comments,
    pulls,
    count: (pathPattern) => (pathPattern ? requests.filter((r) => pathPattern.test(r.path)).length : requests.length),
    configure: (next) => {
      token = next.token ?? token
      forbidden = new Set(next.forbid ?? [])
      pullsFail = next.pullsFail
      hang = next.hang ?? false
      pullReads = 0
    },
    reset: () => {
      pulls.length = 0
      pullsFail = undefined
      hang = false
      pullReads = 0
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
