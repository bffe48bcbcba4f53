import { createServer } from 'node:http'
import { lifecycles } from './lifecycle.js'
import { deploymentResource, revisionResource } from './resources.js'
import { dispatch } from './routes.js'
import { FaultInjector, endlessListAnswer, hugeListBody, malformedAnswer, replacementAnswer } from './faults.js'
import { HealthBoard } from './health.js'
import { AgentBoard } from './agent-server.js'
import { activeRevision } from './resources.js'
import { revisionState } from './lifecycle.js'
import { Storage } from './storage.js'
import { Store } from './store.js'

export { lifecycles }

/**
 * @typedef {import('./lifecycle.js').Lifecycle} Lifecycle
 * @typedef {import('./lifecycle.js').Scenario} Scenario
 * @typedef {import('./store.js').SeedOptions} SeedOptions
 * @typedef {import('./store.js').JsonObject} JsonObject
 * @typedef {import('./validation.js').ReceivedBody} ReceivedBody
 * @typedef {import('./routes.js').Reply} Reply
 * @typedef {import('./faults.js').FaultRule} FaultRule
 * @typedef {import('./faults.js').FaultResponse} FaultResponse
 * @typedef {import('./faults.js').FaultEffect} FaultEffect
 * @typedef {import('./faults.js').FaultLogEntry} FaultLogEntry
 * @typedef {import('./faults.js').MalformedKind} MalformedKind
 * @typedef {import('./faults.js').Answer} Answer
 * @typedef {import('./health.js').HealthBehaviour} HealthBehaviour
 * @typedef {import('./health.js').HealthRequest} HealthRequest
 * @typedef {import('./agent-server.js').AgentBehaviour} AgentBehaviour
 * @typedef {import('./store.js').SeedRevision} SeedRevision
 *
 * @typedef {object} SimulatorOptions
 * @property {string[]} [apiKeys] keys accepted alone in X-Api-Key
 * @property {string[]} [orgApiKeys] organization keys, accepted only with X-Tenant-Id
 * @property {string[]} [bearerTokens] accepted with X-Tenant-Id or X-Organization-Id
 * @property {string} [tenantId] the one workspace that exists
 * @property {'next' | 'echo'} [pageOffset] whether lists return the next page's offset or the requested one
 * @property {Scenario} [scenario] how revisions created from now on progress
 * @property {() => number} [now] the clock statuses and timestamps are derived from
 * @property {HoldTimer} [holdOn] how a `delayMs` fault waits out its delay: on the clock `now` reads when given
 *   (a test's virtual clock, so a held request costs no real time); real time by default
 * @property {boolean} [selfHostedEnterprise] false makes listener deletion answer 403
 * @property {number} [deleteDelayMs] how long a deleted deployment stays listed with status AWAITING_DELETE (0: gone at once)
 * @property {number} [port] 0 (the default) picks a free port
 * @property {FaultRule[]} [faults] added as addFault would, in order
 * @property {boolean} [loopbackUrls] make each deployment's `url` its loopback health URL
 *   (`<url>/deployments/<id>`) instead of its custom_url; false by default, so existing tests keep https URLs
 * @property {Record<string, string>} [agentServerUrls] by deployment name: the URL of an agent server outside the
 *   simulator (e.g. the official one on loopback, scripts/real-agent-server.js) that the deployment of that name, once
 *   created or seeded, reports as its `url`, so the checks after DEPLOYED talk to it instead of the simulator's
 * @property {HealthBehaviour} [health] how every deployment's `GET <healthUrl>/ok` answers; healthy by default
 * @property {AgentBehaviour} [agent] how every deployment's `GET <healthUrl>/info` and `POST <healthUrl>/runs/wait`
 *   answer (sim/agent-server.js); by default /info names the serving revision a moment after it is DEPLOYED, and runs echo
 * @property {string} [commit] the `repo_commit_sha` new github revisions report when no branch head was set for
 *   their `repo_ref` (e.g. the workflow's GITHUB_SHA, so a local run sees the commit it ran for built); without
 *   it, each revision reports a made-up sha of its own
 * @property {number} [uploadUrlTtlMs] how long an upload URL is valid, on the simulator's clock (15 minutes by default)
 * @property {boolean} [keepUploads] keep each uploaded archive's bytes (`storage.objects.get(path).body`); true by default
 * @property {boolean} [configRevisions] a PATCH that changes `resource_spec`, `install_command` or `build_command` makes
 *   a new revision, as the control plane's owners count them among the revision inputs (their Terraform provider) and
 *   the reference says of `resource_spec`; false by default, where only `source_revision_config`, `secrets` and
 *   `secret_references` do
 *
 * @callback HoldTimer calls `then` once `ms` have passed; `waitedOn` says whether the client still waits for the
 *   answer (a clock may move on once every request in flight is held); returns what cancels it
 * @param {number} ms
 * @param {() => void} then
 * @param {() => boolean} waitedOn
 * @returns {() => void}
 *
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} query
 * @property {Record<string, string>} headers lower-cased names
 * @property {unknown} body parsed JSON, else the raw text, undefined when empty
 * @property {number} status what the simulator answered; 0 when it reset the connection instead
 * @property {FaultEffect} [fault] the fault injected into this request, if any
 *
 * @typedef {object} Simulator
 * @property {string} url
 * @property {string} apiKey
 * @property {string} tenantId
 * @property {RecordedRequest[]} requests
 * @property {() => JsonObject[]} deployments newest first, as GET returns each
 * @property {(deploymentId: string) => JsonObject[]} revisions newest first; empty for an unknown deployment
 * @property {(options: SeedOptions) => JsonObject} seedDeployment
 * @property {(id: string) => boolean} hidesSecretValues whether the deployment was seeded with `hideSecretValues`: its
 *   answers deliberately lack secret values, so a check of answers against the reference's schemas must exempt them
 * @property {(seeds: SeedOptions[]) => void} seedDeployments many at once, without building responses
 *   (2,000 in well under a second)
 * @property {(deploymentId: string) => string} healthUrl the loopback URL the deployment's health endpoint is under
 * @property {(behaviour: HealthBehaviour, deploymentName?: string) => void} setHealth for one deployment (by
 *   name, before or after it exists), or for all when no name is given (which also clears per-name settings);
 *   resets cold-start counts
 * @property {HealthRequest[]} healthRequests every request to a health URL, in order
 * @property {(behaviour: AgentBehaviour, deploymentName?: string) => void} setAgent how /info and /runs/wait answer,
 *   for one deployment (by name) or all
 * @property {Array<{ deploymentId: string, assistantId: unknown, taken: boolean }>} agentRuns every `POST /runs/wait`, in order
 * @property {Map<string, number>} agentRunsInFlight the most `POST /runs/wait` answered at once, by deployment id (counted by the server)
 * @property {(id?: string) => string} seedListener
 * @property {() => string[]} listeners ids of the listeners that exist
 * @property {(scenario: Scenario) => void} setScenario
 * @property {(ref: string, sha: string) => void} setBranchHead github revisions made from now on with this
 *   `repo_ref` report `repo_commit_sha` = sha (the branch's head when the control plane built it); until
 *   reset(). Without it, each revision reports a made-up sha of its own
 * @property {(commits: import('./store.js').CommitSource | undefined) => void} connectGitHub github revisions made
 *   from now on build the commit their `repo_ref` points to in this repository (the fake GitHub of sim/github.js)
 *   when their build starts, so a branch that moves during a build is built at its new head; kept by reset(),
 *   undefined disconnects. A ref it does not know builds a made-up commit, as without it
 * @property {(allow: boolean) => void} allowDuplicateNames true: a control plane that does not refuse a
 *   second deployment of a name (creates and seeds both go through); until reset()
 * @property {() => import('./cli-endpoints.js').IssuedPushToken[]} pushTokens every push token handed out (`POST
 *   .../push-token`), oldest first; emptied by reset()
 * @property {() => void} reset empties the store, the request log, the fault rules and the fault log, the
 *   health settings and log, and drops requests that a delayMs, trickleMs or hang fault or a slow health
 *   answer still holds (a held delayMs request is never applied)
 * @property {(rule: FaultRule) => number} addFault matched against each request before authentication
 *   and validation, as a proxy in front of the API would; returns the id the fault log uses
 * @property {() => void} clearFaults removes every rule; keeps the fault log
 * @property {FaultLogEntry[]} faultLog every fault injected, in order
 * @property {import('./storage.js').Storage} storage the storage host that upload URLs point to (its own loopback
 *   port): `url`, `requests` (every request with its headers), `objects` (by object path: bytes, sha256, names,
 *   body), `addFault({respond | reset | expire, skip?, times?})`; reset() empties it
 * @property {() => Promise<void>} stop
 *
 * @typedef {object} EchoRequest
 * @property {string} method
 * @property {string} path without the query
 * @property {Record<string, string>} query
 * @property {Record<string, string>} headers lower-cased names
 * @property {string} body the raw text, empty when there was none
 *
 * @typedef {object} EchoServer
 * @property {string} url
 * @property {EchoRequest[]} requests every request received, in order
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
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]))
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
  /** @type {HoldTimer} */
  const holdOn =
    options.holdOn ??
    ((ms, then) => {
      const timer = setTimeout(then, ms)
      return () => clearTimeout(timer)
    })
  const store = new Store({
    tenantId: config.tenantId,
    now,
    scenario: options.scenario ?? lifecycles.deployed(),
    deleteDelayMs: options.deleteDelayMs
  })
  store.loopbackUrls = options.loopbackUrls ?? false
  store.agentServerUrls = new Map(Object.entries(options.agentServerUrls ?? {}))
  store.defaultCommit = options.commit
  store.configRevisions = options.configRevisions ?? false
  const storage = new Storage({ now, ttlMs: options.uploadUrlTtlMs, keepBodies: options.keepUploads })
  await storage.listen()
  store.uploads = storage
  const health = new HealthBoard()
  if (options.health) health.set(options.health)
  const agent = new AgentBoard()
  if (options.agent) agent.set(options.agent)
  /** @type {RecordedRequest[]} */
  const requests = []

  const faults = new FaultInjector()
  /** @type {FaultLogEntry[]} */
  const faultLog = []
  /** @type {Set<() => void>} how to drop each request still held (delayMs, trickleMs, hang, slow health); reset() and stop() call them */
  const held = new Set()
  /**
   * @param {import('node:net').Socket} socket
   * @param {ReturnType<typeof setTimeout> | ReturnType<typeof setInterval>} [timer]
   * @returns {() => void} to call when the request is no longer held
   */
  const hold = (socket, timer) => {
    const drop = () => {
      clearTimeout(timer)
      clearInterval(timer)
      socket.destroy()
      held.delete(drop)
    }
    held.add(drop)
    // A client that gives up ends the hold: no timer keeps trickling to a closed socket.
    socket.once('close', () => {
      clearTimeout(timer)
      clearInterval(timer)
      held.delete(drop)
    })
    return () => held.delete(drop)
  }

  /**
   * `GET <healthUrl>/ok`, `GET <healthUrl>/info`, `POST <healthUrl>/runs/wait`, and anything else under a
   * deployment's URL: the agent server, not the API.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} deploymentId
   * @param {string} rest
   * @param {string} text the request body
   */
  const serveHealth = (req, res, deploymentId, rest, text) => {
    const at = now()
    store.purgeDeleted()
    const deployment = store.deployments.get(deploymentId)
    /** @type {HealthRequest} */
    const entry = { deploymentId, method: req.method ?? '', path: rest || '/', headers: flatHeaders(req.headers), status: 0, at }
    health.requests.push(entry)
    const write = (/** @type {number} */ status, /** @type {string} */ body, /** @type {Record<string, string>} */ headers = {}) => {
      entry.status = status
      if (res.destroyed) return
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(body)
    }
    /** @param {{ status: number, body: string, delayMs?: number }} answer */
    const answerWith = (answer) => {
      if (answer.delayMs === undefined) {
        write(answer.status, answer.body)
        return
      }
      const timer = setTimeout(() => {
        release()
        write(answer.status, answer.body)
      }, answer.delayMs)
      const release = hold(req.socket, timer)
    }
    /**
     * A run's answer: a delay waits on the simulator's clock (`holdOn`: a test's virtual one), as
     * a run that works does; with `keepAliveMs`, the status goes at once and a `\n` follows every
     * `keepAliveMs` of real time until the answer, as the real server streams keep-alives.
     * @param {import('./agent-server.js').AgentAnswer} answer
     */
    const answerRun = (answer) => {
      agent.started(deploymentId)
      const done = () => agent.ended(deploymentId)
      if (answer.delayMs === undefined) {
        done()
        write(answer.status, answer.body, answer.headers)
        return
      }
      /** @type {ReturnType<typeof setInterval> | undefined} */
      let keepAlive
      // Held on the clock only once a keep-alive has gone out after the headers: the client has seen the status by then.
      let kept = answer.keepAliveMs === undefined
      if (answer.keepAliveMs !== undefined) {
        entry.status = answer.status
        res.writeHead(answer.status, { 'content-type': 'application/json' })
        res.write('\n')
        keepAlive = setInterval(() => {
          kept = true
          res.write('\n')
        }, answer.keepAliveMs)
      }
      const drop = () => {
        clearInterval(keepAlive)
        cancel()
        done()
        req.socket.destroy()
        held.delete(drop)
      }
      held.add(drop)
      req.socket.once('close', () => {
        if (!held.has(drop)) return
        clearInterval(keepAlive)
        cancel()
        done()
        held.delete(drop)
      })
      const cancel = holdOn(
        answer.delayMs,
        () => {
          held.delete(drop)
          clearInterval(keepAlive)
          done()
          if (res.destroyed) return
          if (keepAlive !== undefined) res.end(answer.body)
          else write(answer.status, answer.body)
        },
        () => kept && !req.socket.destroyed
      )
    }
    const serving = deployment && activeRevision(deployment, at)
    const since = serving && revisionState(serving, at).since
    if (deployment && rest === '/ok' && req.method === 'GET') {
      const answer = health.answer(deployment, since, at)
      answerWith({ ...answer, body: JSON.stringify(answer.body) })
    } else if (deployment && rest === '/info' && req.method === 'GET') {
      const before = serving && since !== undefined ? activeRevision(deployment, since - 1) : undefined
      answerWith(agent.info(deployment, serving && since !== undefined ? { id: serving.id, since } : undefined, before?.id, at))
    } else if (deployment && rest === '/runs/wait' && req.method === 'POST') {
      answerRun(agent.run(deployment, serving !== undefined, text))
    } else {
      write(404, JSON.stringify({ detail: 'Not Found' }))
    }
  }
  for (const rule of options.faults ?? []) faults.add(rule)

  /** @type {import('./faults.js').OtherClient} another client, for a fault's `meanwhile` */
  const otherClient = {
    send: (method, path, body) => {
      const url = new URL(path, 'http://simulator')
      /** @type {Record<string, string[]>} */
      const queryLists = {}
      for (const name of url.searchParams.keys()) queryLists[name] = url.searchParams.getAll(name)
      const reply = dispatch(
        {
          method,
          pathname: url.pathname,
          query: Object.fromEntries(url.searchParams),
          queryLists,
          headers: { 'x-api-key': config.apiKeys[0] ?? '' },
          body: body === undefined ? { kind: 'absent' } : { kind: 'json', value: body }
        },
        store,
        config
      )
      if (reply.status < 200 || reply.status > 299)
        throw new Error(`other client: ${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`)
      return reply
    }
  }

  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const method = req.method ?? ''
      const url = new URL(req.url ?? '/', 'http://simulator')
      const healthMatch = /^\/deployments\/([^/]+)(\/.*)?$/.exec(url.pathname)
      if (healthMatch) {
        serveHealth(req, res, healthMatch[1] ?? '', healthMatch[2] ?? '', Buffer.concat(chunks).toString('utf8'))
        return
      }
      const headers = flatHeaders(req.headers)
      const query = Object.fromEntries(url.searchParams)
      /** @type {Record<string, string[]>} */
      const queryLists = {}
      for (const name of url.searchParams.keys()) queryLists[name] = url.searchParams.getAll(name)
      const text = Buffer.concat(chunks).toString('utf8')

      /** @returns {Reply} */
      const apply = () => {
        try {
          const body = receivedBody(text, req.headers['content-type'])
          return dispatch({ method: method || 'GET', pathname: url.pathname, query, queryLists, headers, body }, store, config)
        } catch (error) {
          console.error('control-plane simulator:', error)
          return { status: 500, body: { detail: 'Internal Server Error' } }
        }
      }
      /** @type {FaultRule['meanwhile']} a fault's companion, run once when its request is recorded */
      let meanwhile
      /**
       * Recorded before answering, so a client that awaited its response always finds it here.
       * @param {number} status 0 when the connection was reset
       * @param {FaultEffect} [fault]
       */
      const record = (status, fault) => {
        const other = meanwhile
        meanwhile = undefined
        try {
          other?.(otherClient)
        } catch (error) {
          // A hook that fails is the test's mistake: said, and the request still answered.
          console.error("control-plane simulator: a fault's meanwhile hook failed:", error)
        }
        const parsed = text === '' ? undefined : parseJson(text)
        requests.push({
          method,
          path: url.pathname,
          query,
          headers,
          body: parsed && (parsed.ok ? parsed.value : text),
          status,
          ...(fault && { fault })
        })
      }
      /** @param {Answer} answer */
      const send = ({ status, headers: answerHeaders, payload }) => {
        if (res.destroyed) return
        res.writeHead(status, answerHeaders)
        res.end(payload)
      }
      /**
       * @param {Reply} reply
       * @returns {Answer}
       */
      const jsonAnswer = (reply) => {
        const payload = reply.body === undefined ? '' : JSON.stringify(reply.body)
        return { status: reply.status, headers: payload ? { 'content-type': 'application/json' } : {}, payload }
      }
      // A RST rather than a FIN, so that clients see ECONNRESET as they would from a dropped connection.
      const resetConnection = () => req.socket.resetAndDestroy()

      const fault = faults.match(method, url.pathname)
      if (!fault) {
        const reply = apply()
        record(reply.status)
        send(jsonAnswer(reply))
        return
      }
      const { id, rule, effect } = fault
      meanwhile = rule.meanwhile
      faultLog.push({ id, method, path: url.pathname, effect, at: now() })
      switch (effect) {
        case 'respond': {
          const answer = replacementAnswer(/** @type {FaultResponse} */ (rule.respond), rule.retryAfter)
          record(answer.status, effect)
          send(answer)
          return
        }
        case 'resetBefore':
          record(0, effect)
          resetConnection()
          return
        case 'redirectTo': {
          const location = String(rule.redirectTo).replace(/\/+$/, '') + (req.url ?? '/')
          record(307, effect)
          send({ status: 307, headers: { location }, payload: '' })
          return
        }
        case 'applyThen': {
          apply()
          if (rule.applyThen === 'reset') {
            record(0, effect)
            resetConnection()
          } else {
            const answer = replacementAnswer(/** @type {FaultResponse} */ (rule.applyThen))
            record(answer.status, effect)
            send(answer)
          }
          return
        }
        case 'malformed': {
          const answer = malformedAnswer(/** @type {MalformedKind} */ (rule.malformed), apply())
          record(answer.status, effect)
          send(answer)
          return
        }
        case 'delayMs': {
          const cancel = holdOn(
            /** @type {number} */ (rule.delayMs),
            () => {
              release()
              const reply = apply()
              record(reply.status, effect)
              send(jsonAnswer(reply))
            },
            () => !req.socket.destroyed
          )
          // Unlike the other holds, a client giving up does not cancel this one: the request is still applied.
          /** @type {() => void} */
          const drop = () => {
            cancel()
            req.socket.destroy()
            held.delete(drop)
          }
          const release = () => held.delete(drop)
          held.add(drop)
          return
        }
        case 'endlessList': {
          const answer = endlessListAnswer(query, config.pageOffset)
          record(answer.status, effect)
          send(answer)
          return
        }
        case 'hugeBody': {
          const payload = hugeListBody(/** @type {number} */ (rule.hugeBody))
          record(200, effect)
          send({ status: 200, headers: { 'content-type': 'application/json', 'content-length': String(payload.length) }, payload })
          return
        }
        case 'hang':
          record(0, effect)
          hold(req.socket)
          return
        case 'trickleMs': {
          const reply = apply()
          record(reply.status, effect)
          const { status, headers: answerHeaders, payload } = jsonAnswer(reply)
          const bytes = Buffer.from(payload)
          res.writeHead(status, { ...answerHeaders, 'content-length': String(bytes.length) })
          let sent = 0
          const timer = setInterval(() => {
            if (res.destroyed || sent >= bytes.length) {
              release()
              clearInterval(timer)
              if (!res.destroyed) res.end()
              return
            }
            res.write(bytes.subarray(sent, sent + 1))
            sent++
          }, rule.trickleMs)
          const release = hold(req.socket, timer)
          return
        }
      }
    })
  })

  const cancelHeld = () => {
    for (const drop of [...held]) drop()
    held.clear()
  }

  const url = await listen(server, options.port ?? 0)
  store.healthBase = url

  return {
    url,
    apiKey: config.apiKeys[0] ?? '',
    tenantId: config.tenantId,
    requests,
    deployments: () => store.ordered().map((deployment) => deploymentResource(deployment, now())),
    revisions: (deploymentId) =>
      (store.deployments.get(deploymentId)?.revisions ?? []).map((revision) => revisionResource(revision, now())).reverse(),
    seedDeployment: (seed) => deploymentResource(store.seed(seed), now()),
    hidesSecretValues: (id) => store.deployments.get(id)?.hidesSecretValues === true,
    seedDeployments: (seeds) => {
      for (const seed of seeds) store.seed(seed)
    },
    healthUrl: (deploymentId) => `${url}/deployments/${deploymentId}`,
    setHealth: (behaviour, deploymentName) => health.set(behaviour, deploymentName),
    healthRequests: health.requests,
    setAgent: (behaviour, deploymentName) => agent.set(behaviour, deploymentName),
    agentRuns: agent.runs,
    agentRunsInFlight: agent.maxInFlight,
    seedListener: (id) => store.addListener(id),
    listeners: () => [...store.listeners.keys()],
    setScenario: (scenario) => {
      store.scenario = scenario
    },
    setBranchHead: (ref, sha) => {
      store.branchHeads.set(ref, sha)
    },
    connectGitHub: (commits) => {
      store.commitSource = commits
    },
    allowDuplicateNames: (allow) => {
      store.duplicateNames = allow
    },
    pushTokens: () => [...store.pushTokens],
    reset: () => {
      cancelHeld()
      store.reset()
      requests.length = 0
      faults.clear()
      faultLog.length = 0
      health.reset()
      if (options.health) health.set(options.health)
      agent.reset()
      if (options.agent) agent.set(options.agent)
      storage.reset()
    },
    addFault: (rule) => faults.add(rule),
    clearFaults: () => faults.clear(),
    faultLog,
    storage,
    stop: async () => {
      cancelHeld()
      await storage.stop()
      return close(server)
    }
  }
}

/**
 * @param {import('node:http').Server} server
 * @param {number} port
 * @returns {Promise<string>} the server's URL
 */
async function listen(server, port) {
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(undefined))
  })
  const address = server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}

/**
 * @param {import('node:http').Server} server
 * @returns {Promise<void>}
 */
function close(server) {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    // Clients keep connections alive; without this, close() would wait for them to time out.
    server.closeAllConnections()
  })
}

/**
 * Another origin on loopback that records what reaches it and answers every request with an empty
 * deployment list, so that tests can see which credentials a client carries across a redirect.
 * @returns {Promise<EchoServer>}
 */
export async function startEchoServer() {
  /** @type {EchoRequest[]} */
  const requests = []
  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://echo')
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: flatHeaders(req.headers),
        body: Buffer.concat(chunks).toString('utf8')
      })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ resources: [], offset: 0 }))
    })
  })
  const url = await listen(server, 0)
  return { url, requests, stop: () => close(server) }
}
