import { redact } from '../../core/masking.js'
import { quotable } from '../../core/quoted.js'

/**
 * One kind of `evals` check (`contains`, `matches`, ...): its name, how its value is read from a
 * suite, and how a run is judged by it. Both halves live in the kind's own module, so the suite
 * parser (inputs/evals.ts) and the judge (operations/evals/judge.ts) cannot disagree about a
 * kind, and a new kind is one module and one line of registry.ts.
 */
export interface CheckKind<T = unknown> {
  /** The key in `expect`. */
  name: string
  /** Whether `not-<name>` is a check too: it holds when this one does not. */
  negatable: boolean
  /** What a value of this kind is, for the message on a malformed one and the list of checks. */
  what: string
  /** A valid value, as a suite writes it: the registry's test parses and judges it. */
  example: unknown
  /**
   * The check's value as the suite wrote it, read into items each judged alone (a list of texts is
   * one item each); undefined when malformed, after `problem` said why (naming `at`, never the value).
   */
  parse(raw: unknown, at: string, problem: (text: string) => void): T[] | undefined
  /** One item against one run: whether it holds and what was seen, or why it could not be told. */
  judge(item: T, seen: RunSeen): Judged | Promise<Judged>
}

/** A run as a check sees it. */
export interface RunSeen {
  /** The agent's output (operations/evals/agent-output.ts): what the run added, as text. */
  text: string
  /** The final state, as parsed. */
  state: unknown
  /** The run's wall time. */
  durationMs: number
  /** The most real time a check may still spend (the suite's time left). */
  timeLeftMs: number
  /** The workflow's cancellation. */
  signal?: AbortSignal
}

/**
 * A check's finding. `said` is true of the run whichever way it went (`pong` is / is not in the
 * agent's output), so `not-<name>` reports the same words when it fails. `cannot`: nothing
 * could be told (a pattern stopped at its limit), which fails the check and its negation alike.
 */
export type Judged = { holds: boolean; said: string } | { cannot: string }

/** A server's text (or the suite's) inside our sentence, between backticks: one line, shortened, secrets redacted. */
export const quote = (text: string, max = 60) => `\`${quotable(redact(text), max)}\``

/** Text, or a list of texts: the items of `contains` and `matches`. */
export function texts(raw: unknown, at: string, problem: (text: string) => void, what: string): string[] | undefined {
  const list = Array.isArray(raw) ? raw : [raw]
  if (list.length === 0 || list.some((t) => typeof t !== 'string' || t === '')) {
    problem(`\`${at}\` must be ${what}, or a list of them (quote one that looks like a number)`)
    return undefined
  }
  return list as string[]
}
