import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import { fakeRepoFiles } from './github-files.js'

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
 * @typedef {object} HugeAnswer a hostile or broken GitHub answering far more than any honest answer holds
 * @property {RegExp} path the GETs answered so
 * @property {number} bytes the body's size: streamed as the client reads it, never built whole
 * @property {boolean} [declareLength] send a Content-Length (by default the body is chunked, its size unknown up front)
 *
 * @typedef {object} FakeGitHubOptions
 * @property {string} [token] the only token accepted
 * @property {Forbiddable[]} [forbid] answer 403 as GitHub does for a token without the permission
 * @property {PullFailure} [pullsFail] how reads of pull requests (list and one) fail
 * @property {boolean} [hang] read every request and never answer it (a GitHub API that hangs); the request is
 *   recorded with status 0
 * @property {PullFailure} [gitFail] how reads of commits (compare, and one commit by ref) fail; the same shape as
 *   pullsFail, counted over those reads
 * @property {HugeAnswer} [huge] answer the GETs whose path matches with an endless-seeming JSON body
 * @property {{ limit: number, resetInSeconds?: number }} [gitQuota] a rate limit over the reads of commits
 *   (compare, one commit, a tree): each answer says how many remain (`x-ratelimit-remaining`, and
 *   `x-ratelimit-reset` now + resetInSeconds, default 3600), and a read past the limit is refused as
 *   GitHub refuses it (403)
 * @property {number} [treeLimit] entries a recursive tree listing holds before GitHub cuts it short and says
 *   `truncated: true` (GitHub's own limit is 100,000 entries or 7 MB); 100,000 by default
 * @property {() => number} [now] the clock that ref moves and builds are timed on (a test's virtual clock); Date.now
 *   by default
 *
 * @typedef {{ number: number, state: 'open' | 'closed', title?: string, head?: { sha: string, ref: string } }} FakePull
 *
 * @typedef {{ filename: string, status?: string, previous_filename?: string }} FakeFileChange
 * @typedef {{ sha: string, parents: string[], files: FakeFileChange[], message: string }} FakeCommit
 * @typedef {object} CommitOptions
 * @property {string} [sha] 40 hex digits; made up from a counter by default
 * @property {string[]} [parents] none by default (a root commit)
 * @property {Array<string | FakeFileChange>} [files] the files it changes; a string is a modified file
 * @property {string} [message]
 * @typedef {object} MoveOptions when a ref moves; at once when neither is given
 * @property {number} [at] once the fake's clock (`now`) reaches this time
 * @property {number} [afterRequests] once this many requests (of any kind, counted from now) were answered
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
 * @property {(options?: CommitOptions) => string} addCommit adds a commit to the repository (any repository path
 *   reads this one history); returns its sha
 * @property {(ref: string, files: Array<string | FakeFileChange>, options?: Omit<CommitOptions, 'parents' | 'files'>) => string}
 *   commitOn a new commit on top of the ref's head (a root commit if the ref has none), and the ref moved to it now
 * @property {(ref: string, sha: string, when?: MoveOptions) => void} moveRef points a branch or tag (`main`,
 *   `refs/heads/main`, `v1`, `refs/tags/v1`) at a commit, now or later
 * @property {(ref: string, at?: number) => string | undefined} refHead the commit the ref pointed to at that time
 *   (now by default): what a control plane that builds the ref at that time builds
 * @property {() => void} reset forgets requests, deployments, statuses, comments, pulls, commits and refs, and the
 *   pullsFail, gitFail, hang and huge settings
 * @property {() => number} hugeBytesSent bytes of huge answers written to sockets so far (what the client read, give or
 *   take the sockets' buffers)
 * @property {import('./github-files.js').FakeRepoFiles['setFiles']} setFiles the files at a ref, for the tree listing
 *   and contents reads (github-files.js)
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
  let huge = options.huge
  let hugeBytesSent = 0
  let pullReads = 0
  /** @type {PullFailure | undefined} */
  let gitFail = options.gitFail
  let gitReads = 0
  let treeLimit = options.treeLimit ?? 100_000
  let gitQuota = options.gitQuota
  const now = options.now ?? Date.now
  const repoFiles = fakeRepoFiles((ref) => resolve(ref))
  /** @type {Map<string, FakeCommit>} in the order they were added (oldest first) */
  const commits = new Map()
  /** @type {Map<string, Array<{ sha: string, at: number }>>} each ref's moves, in time order */
  const refs = new Map()
  /** @type {Array<{ ref: string, sha: string, afterRequests: number }>} moves waiting for a request count */
  let pendingMoves = []
  let answered = 0
  let commitCounter = 0
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
    const fileRead = repoFiles.handle(method, path, query)
    if (fileRead) return failing(gitFail, ++gitReads) ?? fileRead
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
    if ((match = /^\/repos\/[^/]+\/[^/]+\/compare\/(.+)$/.exec(path)) && method === 'GET') {
      const basehead = decodeURIComponent(match[1])
      return gitRead(() => compare(basehead))
    }
    if ((match = /^\/repos\/[^/]+\/[^/]+\/git\/trees\/(.+)$/.exec(path)) && method === 'GET') {
      const ref = decodeURIComponent(match[1])
      return gitRead(() => tree(ref, query.recursive !== undefined))
    }
    if ((match = /^\/repos\/[^/]+\/[^/]+\/commits\/(.+)$/.exec(path)) && method === 'GET') {
      const ref = decodeURIComponent(match[1])
      return gitRead(() => {
        const sha = resolve(ref)
        const commit = sha === undefined ? undefined : commits.get(sha)
        // GitHub answers an unknown ref this way, 422 rather than 404.
        if (!commit) return { status: 422, body: { message: `No commit found for SHA: ${ref}`, status: '422' } }
        return {
          status: 200,
          body: {
            sha: commit.sha,
            commit: { message: commit.message },
            parents: commit.parents.map((p) => ({ sha: p })),
            files: commit.files
          }
        }
      })
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
    return {
      number: pull.number,
      state: pull.state,
      title: pull.title ?? `Pull request ${pull.number}`,
      head: pull.head ?? { sha: '0'.repeat(40), ref: `branch-${pull.number}` }
    }
  }

  /**
   * A read of commits: refused as `gitFail` says, or past `gitQuota`; otherwise answered, with the quota's headers.
   * @param {() => { status: number, body?: unknown, headers?: Record<string, string> }} answer
   */
  function gitRead(answer) {
    const failure = failing(gitFail, ++gitReads)
    if (failure) return failure
    if (!gitQuota) return answer()
    const remaining = gitQuota.limit - gitReads
    const headers = {
      'x-ratelimit-limit': String(gitQuota.limit),
      'x-ratelimit-remaining': String(Math.max(0, remaining)),
      'x-ratelimit-used': String(Math.min(gitQuota.limit, gitReads)),
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + (gitQuota.resetInSeconds ?? 3600))
    }
    if (remaining < 0) {
      return {
        status: 403,
        headers,
        body: {
          message: 'API rate limit exceeded for installation.',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
          status: '403'
        }
      }
    }
    const answered = answer()
    return { ...answered, headers: { ...(answered.headers ?? {}), ...headers } }
  }

  /** @returns {{ status: number, body: unknown, headers: Record<string, string> } | undefined} */
  function pullFailure() {
    return failing(pullsFail, ++pullReads)
  }

  /**
   * @param {PullFailure | undefined} failure
   * @param {number} reads the reads of its kind so far, this one included
   * @returns {{ status: number, body: unknown, headers: Record<string, string> } | undefined}
   */
  function failing(failure, reads) {
    if (!failure) return undefined
    const { status, kind, retryAfter, resetInSeconds = 60, times = Infinity, skip = 0 } = failure
    if (reads <= skip || reads > skip + times) return undefined
    /** @type {Record<string, string>} */
    const headers = {}
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter)
    if (kind === 'rate-limit') {
      headers['x-ratelimit-limit'] = '1000'
      headers['x-ratelimit-remaining'] = '0'
      headers['x-ratelimit-used'] = '1000'
      headers['x-ratelimit-reset'] = String(Math.floor(Date.now() / 1000) + resetInSeconds)
      return {
        status,
        headers,
        body: {
          message: 'API rate limit exceeded for installation.',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
          status: String(status)
        }
      }
    }
    if (status === 403) return { status, headers, body: FORBIDDEN }
    return { status, headers, body: { message: 'Server Error', status: String(status) } }
  }

  /** @param {string} ref */
  const refName = (ref) => ref.replace(/^refs\/(heads|tags)\//, '')

  /**
   * @param {string} ref
   * @param {number} [at]
   * @returns {string | undefined}
   */
  function refHead(ref, at = now()) {
    const moves = refs.get(refName(ref)) ?? []
    let sha
    for (const move of moves) if (move.at <= at) sha = move.sha
    return sha
  }

  /**
   * A full sha of a known commit, or a branch or tag name, as GitHub resolves a ref.
   * @param {string} ref
   */
  function resolve(ref) {
    if (commits.has(ref.toLowerCase())) return ref.toLowerCase()
    return refHead(ref)
  }

  /**
   * @param {string} ref
   * @param {string} sha
   * @param {number} at
   */
  function setRef(ref, sha, at) {
    const moves = refs.get(refName(ref)) ?? []
    moves.push({ sha, at })
    moves.sort((a, b) => a.at - b.at)
    refs.set(refName(ref), moves)
  }

  /**
   * @param {string} sha
   * @returns {Set<string>} the commit and every ancestor
   */
  function ancestry(sha) {
    const seen = new Set()
    const queue = [sha]
    while (queue.length > 0) {
      const next = /** @type {string} */ (queue.pop())
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(...(commits.get(next)?.parents ?? []))
    }
    return seen
  }

  /**
   * `GET /repos/{o}/{r}/compare/{base}...{head}`: the status, and the files changed by the commits
   * that head has and base has not (at most 300, as GitHub lists them); 404 when either is unknown.
   * @param {string} basehead
   */
  function compare(basehead) {
    const [baseRef, headRef, ...rest] = basehead.split('...')
    const base = baseRef === undefined ? undefined : resolve(baseRef)
    const head = headRef === undefined ? undefined : resolve(headRef)
    if (rest.length > 0 || !base || !head || !commits.has(base) || !commits.has(head)) {
      return {
        status: 404,
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/commits/commits#compare-two-commits', status: '404' }
      }
    }
    const fromBase = ancestry(base)
    const fromHead = ancestry(head)
    const status = base === head ? 'identical' : fromHead.has(base) ? 'ahead' : fromBase.has(head) ? 'behind' : 'diverged'
    const order = [...commits.keys()]
    const onlyHead = order.filter((sha) => fromHead.has(sha) && !fromBase.has(sha))
    const behindBy = order.filter((sha) => fromBase.has(sha) && !fromHead.has(sha)).length
    /** @type {Map<string, FakeFileChange>} */
    const files = new Map()
    for (const sha of onlyHead) {
      for (const file of /** @type {FakeCommit} */ (commits.get(sha)).files) {
        files.delete(file.filename)
        files.set(file.filename, { status: 'modified', ...file })
      }
    }
    return {
      status: 200,
      body: {
        status,
        ahead_by: onlyHead.length,
        behind_by: behindBy,
        total_commits: onlyHead.length,
        base_commit: { sha: base },
        commits: onlyHead.slice(-250).map((sha) => ({ sha })),
        files: [...files.values()].slice(0, 300)
      }
    }
  }

  /**
   * `GET /repos/{o}/{r}/git/trees/{sha}` (`?recursive=1`): the files of a commit (or a branch or tag's
   * head), as every commit from the root to it left them, with a `tree` entry for each folder, as
   * GitHub lists them. Past `treeLimit` entries the list is cut and `truncated` is true. 404 for an
   * unknown commit. Without `recursive`, only the top level.
   * @param {string} ref
   * @param {boolean} recursive
   */
  function tree(ref, recursive) {
    const sha = resolve(ref)
    if (!sha || !commits.has(sha)) {
      return {
        status: 404,
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/git/trees#get-a-tree', status: '404' }
      }
    }
    const history = ancestry(sha)
    /** @type {Set<string>} */
    const files = new Set()
    for (const [id, commit] of commits) {
      if (!history.has(id)) continue
      for (const file of commit.files) {
        if (file.previous_filename) files.delete(file.previous_filename)
        if (file.status === 'removed') files.delete(file.filename)
        else files.add(file.filename)
      }
    }
    /** @type {Set<string>} */
    const folders = new Set()
    for (const file of files) {
      const parts = file.split('/')
      for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'))
    }
    const entries = [
      ...[...folders].map((path) => ({ path, mode: '040000', type: 'tree', sha: fakeObjectSha(`tree:${path}`) })),
      ...[...files].map((path) => ({ path, mode: '100644', type: 'blob', sha: fakeObjectSha(`blob:${path}`), size: 100 }))
    ]
      .filter((entry) => recursive || !entry.path.includes('/'))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    return {
      status: 200,
      body: {
        sha: fakeObjectSha(`root:${sha}`),
        url: `${baseUrl}/repos/x/y/git/trees/${sha}`,
        tree: entries.slice(0, treeLimit),
        truncated: entries.length > treeLimit
      }
    }
  }

  /** @param {string} seed */
  function fakeObjectSha(seed) {
    return createHash('sha1').update(seed).digest('hex')
  }

  /** Moves waiting for a request count whose count is reached, made now. */
  function movesDue() {
    const due = pendingMoves.filter((move) => move.afterRequests <= answered)
    pendingMoves = pendingMoves.filter((move) => move.afterRequests > answered)
    for (const move of due) setRef(move.ref, move.sha, now())
  }

  /** @param {CommitOptions} [options] */
  function addCommit({ sha, parents = [], files = [], message } = {}) {
    commitCounter++
    const id = (
      sha ??
      createHash('sha1')
        .update(`fake-commit-${commitCounter}-${parents.join(',')}`)
        .digest('hex')
    ).toLowerCase()
    commits.set(id, {
      sha: id,
      parents,
      files: files.map((file) => (typeof file === 'string' ? { filename: file, status: 'modified' } : file)),
      message: message ?? `Commit ${commitCounter}`
    })
    return id
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
        requests.push({
          method: req.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          authorization,
          body,
          status: 0
        })
        return
      }
      const authorized = authorization === `token ${token}` || authorization === `Bearer ${token}`
      if (authorized && huge && req.method === 'GET' && huge.path.test(url.pathname)) {
        requests.push({
          method: req.method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          authorization,
          body,
          status: 200
        })
        answered++
        streamHuge(res, huge)
        return
      }
      const reply = authorized
        ? handle(req.method ?? 'GET', url.pathname, Object.fromEntries(url.searchParams), body)
        : { status: 401, body: { message: 'Bad credentials' } }
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization,
        body,
        status: reply.status
      })
      answered++
      movesDue()
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...('headers' in reply ? reply.headers : {}) })
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body))
    })
  })
  /**
   * A JSON body of `bytes` bytes (one object whose `padding` string fills it), written only as fast as the
   * client reads it, and no further once the client hangs up.
   * @param {import('node:http').ServerResponse} res
   * @param {HugeAnswer} answer
   */
  function streamHuge(res, answer) {
    const head = '{"status":"ahead","files":[],"padding":"'
    const tail = '"}'
    const chunk = Buffer.alloc(64 * 1024, 'x')
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      ...(answer.declareLength ? { 'content-length': String(answer.bytes) } : {})
    })
    let left = answer.bytes - head.length - tail.length
    hugeBytesSent += head.length
    res.write(head)
    const pump = () => {
      while (left > 0 && !res.destroyed) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left)
        left -= piece.length
        hugeBytesSent += piece.length
        if (!res.write(piece)) return void res.once('drain', pump)
      }
      if (!res.destroyed) res.end(tail)
    }
    res.on('close', () => res.off('drain', pump))
    pump()
  }

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
    addCommit,
    commitOn: (ref, files, options = {}) => {
      const parent = refHead(ref)
      const sha = addCommit({ ...options, files, parents: parent ? [parent] : [] })
      setRef(ref, sha, now())
      return sha
    },
    moveRef: (ref, sha, when = {}) => {
      if (when.afterRequests !== undefined) pendingMoves.push({ ref, sha, afterRequests: answered + when.afterRequests })
      else setRef(ref, sha, when.at ?? now())
    },
    refHead,
    hugeBytesSent: () => hugeBytesSent,
    count: (pathPattern) => (pathPattern ? requests.filter((r) => pathPattern.test(r.path)).length : requests.length),
    configure: (next) => {
      token = next.token ?? token
      forbidden = new Set(next.forbid ?? [])
      pullsFail = next.pullsFail
      hang = next.hang ?? false
      huge = next.huge
      gitFail = next.gitFail
      treeLimit = next.treeLimit ?? 100_000
      gitQuota = next.gitQuota
      pullReads = 0
      gitReads = 0
    },
    setFiles: repoFiles.setFiles,
    reset: () => {
      repoFiles.reset()
      pulls.length = 0
      commits.clear()
      refs.clear()
      pendingMoves = []
      answered = 0
      gitFail = undefined
      gitReads = 0
      pullsFail = undefined
      hang = false
      huge = undefined
      hugeBytesSent = 0
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
