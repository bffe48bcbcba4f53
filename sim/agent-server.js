/**
 * What the agent server behind each simulated deployment answers besides `GET /ok` (health.js):
 * `GET /info`, which names the revision it runs (`host.host_revision_id`), and `POST /runs/wait`,
 * a stateless run of an echo graph, the way the LangGraph API server answers them. The serving
 * revision switches a moment after it reaches DEPLOYED (on the simulator's clock): until then the
 * server still names the revision that served before, as a rolling switch would.
 *
 * @typedef {{ kind: 'reports', switchMs?: number }
 *   | { kind: 'stuck' }
 *   | { kind: 'selfHosted' }
 *   | { kind: 'noHost' }
 *   | { kind: 'names', id: string }
 *   | { kind: 'status', status: number }
 *   | { kind: 'huge' }} InfoBehaviour
 *   reports: names the serving revision, `switchMs` (3 s by default) after it reached DEPLOYED; the one before
 *   until then. stuck: always the one that served before the newest DEPLOYED one. selfHosted:
 *   `host_revision_id` null, and `revision_id` (the server's build) equal to the serving revision's id. noHost: no `host`
 *   (a server that does not report its revision, as one run locally). names: this id, whatever serves (a
 *   hostile or foreign one). status: that status with an error body. huge: 200 with a 50 MB body.
 *
 * @typedef {{ kind: 'echo' }
 *   | { kind: 'answers', text: string }
 *   | { kind: 'error', message?: string }
 *   | { kind: 'slow', delayMs: number, keepAliveMs?: number }
 *   | { kind: 'unready', status?: number, times: number, retryAfter?: string }
 *   | { kind: 'says', body: unknown }
 *   | { kind: 'huge' }
 *   | { kind: 'suite', answers: Record<string, CaseAnswer>, otherwise?: CaseAnswer }} RunsBehaviour
 *   echo: answers the run's final state as a real server does: the input's messages (as the server stores them:
 *   `{"type": "human", "content", "id", ...}`) and then its own, `{"type": "ai", "content": "echo: <last>"}`.
 *   answers: the same, the agent's own message saying `text`. error: 200 with `{ "__error__": ... }` (a failed run).
 *   slow: the echo after `delayMs` (on the simulator's clock: `holdOn`); with `keepAliveMs`, the status and headers at
 *   once and a `\n` every `keepAliveMs` of real time until the answer, as the real server streams keep-alives.
 *   unready: `status` (503 by default) for the first `times` runs, without taking them (with a `Retry-After` header when given); then the echo.
 *   says: 200 with this body. huge: 200 with a 50 MB body.
 *   suite: an agent for an `evals` suite: each run's answer is chosen by its input: the first key of `answers` found in
 *   the last input message's content (else `otherwise`, else the echo).
 *
 * @typedef {{ says: string, delayMs?: number }
 *   | { error: string, delayMs?: number }
 *   | { hostile: true }
 *   | { huge: true }
 *   | { status: number }
 *   | { turns: CaseAnswer[] }} CaseAnswer
 *   says: the agent writes this (after `delayMs` on the simulator's clock). error: a failed run (`__error__` in a 200).
 *   hostile: the agent writes markup, mentions and workflow commands. huge: 200 with a 50 MB body. status: that status.
 *   turns: a flaky case, deterministically: its runs get these answers in turn (counted per `turns` object).
 *
 * @typedef {{ info?: InfoBehaviour, runs?: RunsBehaviour }} AgentBehaviour
 *
 * @typedef {{ status: number, body: string, delayMs?: number, keepAliveMs?: number, headers?: Record<string, string> }} AgentAnswer
 *
 * @typedef {{ id: string, name: string, revisions: Array<{ id: string }> }} AgentDeployment
 */
import { BehaviourBoard } from './behaviour-board.js'

const DEFAULT_SWITCH_MS = 3_000
/** A body no honest /info or run answers with: the client must stop reading long before its end. */
export const HUGE_BYTES = 50 * 1024 * 1024

const INFO_KINDS = ['reports', 'stuck', 'selfHosted', 'noHost', 'names', 'status', 'huge']
const RUNS_KINDS = ['echo', 'answers', 'error', 'slow', 'unready', 'says', 'huge', 'suite']

/** What a hostile agent writes: every kind of text that must stay inert in a log, a summary and a comment. */
export const HOSTILE_TEXT = '<script>alert(1)</script> @octocat | ::error::owned ``` ](https://evil.example) <img src=x> #1'

/** @param {AgentBehaviour} behaviour */
function checkBehaviour(behaviour) {
  if (typeof behaviour !== 'object' || behaviour === null) throw new TypeError('agent behaviour must be { info?, runs? }')
  if (behaviour.info && !INFO_KINDS.includes(behaviour.info.kind)) throw new TypeError(`info behaviour needs kind ${INFO_KINDS.join(', ')}`)
  if (behaviour.runs && !RUNS_KINDS.includes(behaviour.runs.kind)) throw new TypeError(`runs behaviour needs kind ${RUNS_KINDS.join(', ')}`)
}

/** @extends {BehaviourBoard<AgentBehaviour>} */
export class AgentBoard extends BehaviourBoard {
  constructor() {
    super(() => ({}), checkBehaviour)
    /** @type {Array<{ deploymentId: string, assistantId: unknown, taken: boolean }>} every run asked for; `taken`: the graph ran */
    this.runs = []
    /** @type {Map<string, number>} runs being answered now, by deployment id */
    this.inFlight = new Map()
    /** @type {Map<string, number>} the most runs answered at once, by deployment id */
    this.maxInFlight = new Map()
  }

  reset() {
    super.reset()
    this.runs.length = 0
    this.inFlight.clear()
    this.maxInFlight.clear()
  }

  /** A run's answer started (counted in flight until `ended`). @param {string} deploymentId */
  started(deploymentId) {
    const now = (this.inFlight.get(deploymentId) ?? 0) + 1
    this.inFlight.set(deploymentId, now)
    this.maxInFlight.set(deploymentId, Math.max(now, this.maxInFlight.get(deploymentId) ?? 0))
  }

  /** @param {string} deploymentId */
  ended(deploymentId) {
    this.inFlight.set(deploymentId, Math.max(0, (this.inFlight.get(deploymentId) ?? 0) - 1))
  }

  /**
   * `GET /info`.
   * @param {AgentDeployment} deployment
   * @param {{ id: string, since: number } | undefined} serving the serving revision and when it reached DEPLOYED
   * @param {string | undefined} before the revision that served before it
   * @param {number} now
   * @returns {AgentAnswer}
   */
  info(deployment, serving, before, now) {
    const behaviour = this.behaviourOf(deployment).info ?? { kind: 'reports' }
    if (behaviour.kind === 'status') return json(behaviour.status, { detail: 'Internal Server Error' })
    if (behaviour.kind === 'huge') return { status: 200, body: hugeBody() }
    if (!serving) return json(503, { detail: 'No revision is serving yet.' })
    const base = { version: '0.4.20', langgraph_py_version: '0.6.4', flags: { assistants: true, crons: true } }
    // `revision_id` is the server software's own build, never the deployment's revision: a self-hosted
    // server here sets it to the serving revision's id, a trap for a client that compares the wrong field.
    const host = (/** @type {string | null} */ id) => ({
      kind: id === null ? 'self-hosted' : 'saas',
      project_id: deployment.id,
      host_revision_id: id,
      revision_id: id === null ? serving.id : `build-${serving.id.slice(0, 8)}`,
      tenant_id: 'sim-tenant'
    })
    switch (behaviour.kind) {
      case 'noHost':
        return json(200, base)
      case 'selfHosted':
        return json(200, { ...base, host: host(null) })
      case 'names':
        return json(200, { ...base, host: host(behaviour.id) })
      case 'stuck':
        return json(200, { ...base, host: host(before ?? serving.id) })
      case 'reports': {
        const switched = now >= serving.since + (behaviour.switchMs ?? DEFAULT_SWITCH_MS)
        return json(200, { ...base, host: host(switched || !before ? serving.id : before) })
      }
    }
  }

  /**
   * `POST /runs/wait`: a stateless run of the echo graph.
   * @param {AgentDeployment} deployment
   * @param {boolean} serving whether a revision serves
   * @param {string} text the request body
   * @returns {AgentAnswer}
   */
  run(deployment, serving, text) {
    /** @type {any} */
    let request
    try {
      request = JSON.parse(text)
    } catch {
      return json(422, { detail: 'Invalid JSON body' })
    }
    if (
      typeof request !== 'object' ||
      request === null ||
      typeof request.assistant_id !== 'string' ||
      typeof request.input !== 'object' ||
      request.input === null ||
      Array.isArray(request.input)
    ) {
      return json(422, { detail: [{ loc: ['body'], msg: 'assistant_id (string) and input (object) are required', type: 'value_error' }] })
    }
    const behaviour = this.behaviourOf(deployment).runs ?? { kind: 'echo' }
    const entry = { deploymentId: deployment.id, assistantId: request.assistant_id, taken: false }
    this.runs.push(entry)
    if (!serving) return json(503, { detail: 'No revision is serving yet.' })
    if (behaviour.kind === 'unready') {
      const refused = this.counted(deployment.id)
      if (refused < behaviour.times) {
        this.count(deployment.id)
        const answer = json(behaviour.status ?? 503, { detail: 'Service Unavailable' })
        return behaviour.retryAfter === undefined ? answer : { ...answer, headers: { 'retry-after': behaviour.retryAfter } }
      }
    }
    entry.taken = true
    switch (behaviour.kind) {
      case 'error':
        return json(200, { __error__: { error: 'ValueError', message: behaviour.message ?? 'The graph raised an error.' } })
      case 'says':
        return json(200, behaviour.body)
      case 'huge':
        return { status: 200, body: hugeBody() }
      case 'slow':
        return {
          ...json(200, echo(request.input)),
          delayMs: behaviour.delayMs,
          ...(behaviour.keepAliveMs ? { keepAliveMs: behaviour.keepAliveMs } : {})
        }
      case 'answers':
        return json(200, echo(request.input, behaviour.text))
      case 'suite':
        return caseAnswer(request.input, behaviour)
      default:
        return json(200, echo(request.input))
    }
  }
}

/** How many runs each `turns` answer has given. */
const TURNS = new WeakMap()

/**
 * An `evals` suite's agent: the answer chosen by the run's input.
 * @param {Record<string, any>} input
 * @param {{ answers: Record<string, CaseAnswer>, otherwise?: CaseAnswer }} behaviour
 * @returns {AgentAnswer}
 */
function caseAnswer(input, behaviour) {
  const messages = Array.isArray(input.messages) ? input.messages : []
  const last = messages.at(-1)
  const text = typeof last === 'string' ? last : typeof last?.content === 'string' ? last.content : JSON.stringify(input)
  const key = Object.keys(behaviour.answers).find((k) => text.includes(k))
  const chosen = key === undefined ? behaviour.otherwise : behaviour.answers[key]
  /** @type {Exclude<CaseAnswer, { turns: CaseAnswer[] }> | undefined} */
  let answer
  if (chosen && 'turns' in chosen) {
    const turn = TURNS.get(chosen) ?? 0
    TURNS.set(chosen, turn + 1)
    // One level: a turn is a plain answer.
    answer = /** @type {Exclude<CaseAnswer, { turns: CaseAnswer[] }>} */ (chosen.turns[turn % chosen.turns.length])
  } else answer = chosen
  if (!answer) return json(200, echo(input))
  if ('status' in answer) return json(answer.status, { detail: 'Internal Server Error' })
  if ('huge' in answer) return { status: 200, body: hugeBody() }
  if ('hostile' in answer) return json(200, echo(input, HOSTILE_TEXT))
  const delay = answer.delayMs === undefined ? {} : { delayMs: answer.delayMs }
  if ('error' in answer) return { ...json(200, { __error__: { error: 'ValueError', message: answer.error } }), ...delay }
  return { ...json(200, echo(input, answer.says)), ...delay }
}

/**
 * The echo graph's final state, as a LangGraph server returns it: the input's messages as it
 * stores them (a `role` becomes a `type`, each gets an id), then the agent's own answer:
 * `text`, or `echo: <the last message's content>`.
 * @param {Record<string, any>} input
 * @param {string} [text]
 */
export function echo(input, text) {
  const messages = Array.isArray(input.messages) ? input.messages : []
  const last = messages.at(-1)
  const said = typeof last === 'string' ? last : typeof last?.content === 'string' ? last.content : JSON.stringify(input)
  const stored = messages.map((m, i) => storedMessage(m, i))
  return { ...input, messages: [...stored, aiMessage(text ?? `echo: ${said}`, stored.length)] }
}

const ROLE_TYPES = /** @type {Record<string, string>} */ ({
  user: 'human',
  human: 'human',
  assistant: 'ai',
  ai: 'ai',
  system: 'system',
  tool: 'tool'
})

/** @param {unknown} message @param {number} i */
function storedMessage(message, i) {
  if (typeof message === 'string')
    return { content: message, additional_kwargs: {}, response_metadata: {}, type: 'human', name: null, id: `msg-in-${i}`, example: false }
  const m = /** @type {Record<string, any>} */ (message ?? {})
  const type = ROLE_TYPES[m.type ?? m.role] ?? 'human'
  const { role: _role, ...rest } = m
  return { content: '', additional_kwargs: {}, response_metadata: {}, name: null, id: `msg-in-${i}`, example: false, ...rest, type }
}

/** @param {string} text @param {number} i */
function aiMessage(text, i) {
  return {
    content: text,
    additional_kwargs: {},
    response_metadata: {},
    type: 'ai',
    name: null,
    id: `run-msg-${i}`,
    example: false,
    tool_calls: [],
    invalid_tool_calls: [],
    usage_metadata: null
  }
}

/** @returns {AgentAnswer} */
function json(/** @type {number} */ status, /** @type {unknown} */ body) {
  return { status, body: JSON.stringify(body) }
}

/** One JSON string of 50 MB, built once per answer (the simulator is a test tool). */
function hugeBody() {
  return `{"messages":["${'x'.repeat(HUGE_BYTES)}"]}`
}
