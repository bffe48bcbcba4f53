import { redact } from '../../core/masking.js'
import { quotable } from '../../core/quoted.js'
import { judgeCheck, type RunExpect } from '../../inputs/checks/registry.js'
import type { ServerAnswer } from '../agent-server/agent-server.js'
import { isMapping } from '../../core/mapping.js'
import { agentOutput } from './agent-output.js'

/** One run judged: its verdict, the first check that failed (our words, values in backticks) and what the agent wrote. */
export interface RunJudgement {
  passed: boolean
  /** Every failed check, first first, each naming itself and what was seen. */
  failed: string[]
  /** The HTTP status, when the server answered. */
  status?: number
  /** The agent's output (what the run added: agent-output.ts), secrets redacted; undefined when the run gave none. */
  output?: string
  /** What to show when there is no output: the run's error, or the answer's start (secrets redacted). */
  shown?: string
}

export interface JudgeOptions {
  /** The most real time a check may still spend: the suite's time left. */
  timeLeftMs?: number
  signal?: AbortSignal
  /**
   * A run that added nothing passes when nothing was expected of it: the smoke test's way (a run
   * that answers is its proof). An `evals` case is a question, and a silent agent fails it.
   */
  silentPasses?: boolean
}

/** A server's text inside our sentence, between backticks: one line, shortened. */
const quote = (text: string, max = 60) => `\`${quotable(redact(text), max)}\``

/**
 * Judges one run's answer by the agent's output, never its input: a run passes when the answer is
 * 2xx, JSON (after the keep-alive whitespace the server streams while the run works, whatever
 * its content type), with no top-level `__error__`, a non-null final state, an output (the run
 * added something), and every check of `expect` holds (each judged by its kind: inputs/checks/).
 * A run that added nothing fails every check given, whatever it is (`not-contains`, `value`,
 * `max-duration` too): a silent agent must never pass for one that answered well.
 */
export async function judgeRun(
  answer: ServerAnswer,
  input: Record<string, unknown>,
  expect: RunExpect,
  durationMs: number,
  options: JudgeOptions = {}
): Promise<RunJudgement> {
  if (!answer.answered) return failed([answer.what], answer.status)
  const raw = answer.body
  const start = raw === undefined ? undefined : shownOf(raw)
  if (answer.status === 404)
    return failed(['HTTP 404: the server knows no such assistant (or no agent server answers at this URL)'], answer.status, start)
  if (answer.status < 200 || answer.status > 299) return failed([`HTTP ${answer.status}`], answer.status, start)
  if (raw === undefined) return failed([answer.bodyProblem ?? 'the answer had no body'], answer.status)
  let state: unknown
  try {
    // JSON.parse skips the leading whitespace (the keep-alives).
    state = JSON.parse(raw)
  } catch {
    return failed(['the answer is not JSON'], answer.status, start)
  }
  // Every reader below walks the state recursively: an answer nested deeper than any state a graph
  // returns (under the 1 MiB cap, 200,000 levels fit) would overflow the stack and end the suite.
  if (nestedDeeperThan(state, MAX_NESTING))
    return failed([`the answer is nested more than ${MAX_NESTING} levels deep: no graph's state is; not read`], answer.status)
  if (isMapping(state) && '__error__' in state)
    return failed([`the run failed (\`__error__\`)${runError(state.__error__)}`], answer.status, start)
  if (state === null) return failed(['the final state is `null`: the graph returned nothing'], answer.status)
  const output = agentOutput(input, state)
  const text = redact(output.text)
  const shown = text === '' ? undefined : text
  if (output.added === 0 && !(options.silentPasses && expect.checks.length === 0)) {
    const keys = [...new Set(expect.checks.map((check) => check.key))]
    const why =
      keys.length === 0
        ? ['the run added no output (the final state holds only the input): a case with no `expect` still needs an answer']
        : keys.map((key) => `\`${key}\`: the run added no output`)
    return failed(why, answer.status, start)
  }
  const seen = { text: output.text, state, durationMs, timeLeftMs: options.timeLeftMs ?? Infinity, signal: options.signal }
  const checks: string[] = []
  for (const check of expect.checks) {
    const failure = await judgeCheck(check, seen)
    if (failure !== undefined) checks.push(failure)
  }
  return { passed: checks.length === 0, failed: checks, status: answer.status, ...(shown === undefined ? {} : { output: shown }) }
}

/** Deeper than any agent state (a message's content parts are a few levels): past it, an answer is not read. */
const MAX_NESTING = 256

/** Whether a parsed JSON value nests lists and mappings deeper than `limit`: a walk with its own stack, so it cannot overflow. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [here, depth] = stack.pop() as [unknown, number]
    if (typeof here !== 'object' || here === null) continue
    if (depth >= limit) return true
    for (const child of Array.isArray(here) ? here : Object.values(here)) stack.push([child, depth + 1])
  }
  return false
}

function failed(why: string[], status?: number, shown?: string): RunJudgement {
  return { passed: false, failed: why, ...(status === undefined ? {} : { status }), ...(shown ? { shown } : {}) }
}

/** `: <error>: <message>` from the server's `__error__`, shortened, as code (it is the server's text). */
function runError(error: unknown): string {
  const part = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined)
  let name = part((error as { error?: unknown } | null)?.error)
  let message = part((error as { message?: unknown } | null)?.message)
  // The JS server sends the real error inside `message`, as a JSON string: `{"error": ..., "message": ...}`.
  const inner = message?.trim().startsWith('{') ? parsedOrUndefined(message) : undefined
  if (isMapping(inner) && (typeof inner.error === 'string' || typeof inner.message === 'string')) {
    name = part(inner.error) ?? name
    message = part(inner.message)
  }
  const said = [name, message].filter(Boolean).join(': ')
  return said ? `: ${quote(said, 120)}` : ''
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** An answer as people read it (indented JSON when it is JSON), its secrets redacted, cut at 4 KiB. */
function shownOf(body: string): string {
  let text: string
  try {
    text = JSON.stringify(redactStrings(JSON.parse(body)), null, 2)
  } catch {
    // Not JSON (or nested past what can be walked): shown as sent, its secrets redacted.
    text = redact(body.trim())
  }
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text
}

const SHOWN_CHARS = 4096

/**
 * Every string of a parsed answer (keys too) with the run's secrets replaced, before it is
 * re-serialised and cut: JSON escaping (`"` and `\\` in a secret) or a cut through a secret
 * would otherwise hide it from redaction.
 */
function redactStrings(value: unknown): unknown {
  if (typeof value === 'string') return redact(value)
  if (Array.isArray(value)) return value.map(redactStrings)
  if (isMapping(value)) return Object.fromEntries(Object.entries(value).map(([key, v]) => [redact(key), redactStrings(v)]))
  return value
}
