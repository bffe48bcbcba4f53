import { isMapping } from '../../core/mapping.js'
import { nearestName } from '../../core/similarity.js'
import { contains } from './contains.js'
import { quote, type CheckKind, type RunSeen } from './kind.js'
import { matches } from './matches.js'
import { maxDuration } from './max-duration.js'
import { value } from './value.js'

/**
 * The check kinds of an `evals` case's `expect` (and of `smoke-test`'s, which is `contains`):
 * one module each, one line here. A negatable kind is also a check as `not-<name>`, which holds
 * when the kind does not: no negation is written by hand.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind judges the items its own parse made
export const CHECK_KINDS: ReadonlyArray<CheckKind<any>> = [contains, matches, value, maxDuration]

/** One check of a case: the key as written (`not-contains`), its kind, and one item of its value. */
export interface ExpectCheck {
  key: string
  kind: CheckKind<unknown>
  negated: boolean
  item: unknown
}

/** What one run's answer must show (every check given must hold). */
export interface RunExpect {
  checks: ExpectCheck[]
  /** `expect` as the suite wrote it (for `eval-results`); undefined when the case has none. */
  written?: Record<string, unknown>
}

const BY_KEY = new Map<string, { kind: CheckKind<unknown>; negated: boolean }>(
  CHECK_KINDS.flatMap((kind) => [
    [kind.name, { kind, negated: false }] as const,
    ...(kind.negatable ? [[`not-${kind.name}`, { kind, negated: true }] as const] : [])
  ])
)

/** Every key `expect` takes, in the registry's order. */
export const EXPECT_KEYS: readonly string[] = [...BY_KEY.keys()]

const LISTED = EXPECT_KEYS.map((k) => `\`${k}\``).join(', ')

/** A case's `expect`: a mapping of checks, each read by its kind. Undefined when malformed (its problems said). */
export function parseExpect(raw: unknown, at: string, problem: (text: string) => void): RunExpect | undefined {
  if (raw === undefined || raw === null) return { checks: [] }
  if (!isMapping(raw)) {
    // `expect: pong` is the smoke test's way; a case's `expect` is a mapping of checks.
    const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : undefined
    const hint =
      text !== undefined && text !== '' && !/[\r\n]/.test(text) && text.length <= 60
        ? `; for text in the agent's output, write \`expect: {contains: ${quote(text).slice(1, -1)}}\``
        : ''
    problem(`\`${at}\` must be a mapping of checks (${LISTED})${hint}`)
    return undefined
  }
  const checks: ExpectCheck[] = []
  let ok = true
  for (const [key, given] of Object.entries(raw)) {
    const found = BY_KEY.get(key)
    if (!found) {
      const nearest = key.trim() === '' ? undefined : nearestName(key, EXPECT_KEYS)
      problem(
        key.trim() === ''
          ? `an empty key in \`${at}\` is not a known key: remove it (the keys are ${LISTED})`
          : `\`${at}.${key}\` is not a known key: ${nearest ? `did you mean \`${nearest}\`?` : `the keys are ${LISTED}`}`
      )
      ok = false
      continue
    }
    const items = found.kind.parse(given, `${at}.${key}`, problem)
    if (!items) {
      ok = false
      continue
    }
    for (const item of items) checks.push({ key, kind: found.kind, negated: found.negated, item })
  }
  return ok ? { checks, written: raw } : undefined
}

/** One check against one run: undefined when it holds, else what failed, naming the check and what was seen. */
export async function judgeCheck(check: ExpectCheck, seen: RunSeen): Promise<string | undefined> {
  const judged = await check.kind.judge(check.item, seen)
  if ('cannot' in judged) return `\`${check.key}\`: ${judged.cannot}`
  return judged.holds === check.negated ? `\`${check.key}\`: ${judged.said}` : undefined
}

/** `contains` of each text, under the key the step calls it (`smoke-test`'s `expect`): how code, not a suite, asks for text. */
export function expectContaining(wanted: readonly string[], key = 'contains'): RunExpect {
  return { checks: wanted.map((item) => ({ key, kind: contains, negated: false, item })) }
}
