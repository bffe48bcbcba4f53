import { formatDuration } from '../../core/clock.js'
import { quote, texts, type CheckKind } from './kind.js'
import { testPattern } from './pattern-test.js'

/** The longest a `matches` pattern may run on one output. */
export const MATCH_LIMIT_MS = 1000

/** Flags a pattern may carry: `g` and `y` make a test depend on the one before, `d` changes nothing a test sees. */
const FLAGS = /^[imsuv]*$/

/**
 * `matches`: a regular expression, JavaScript's syntax, matching the agent's output. Written
 * bare (`^pong\b`: with the `u` flag when the pattern is valid under it, else without, so an
 * escape JavaScript allows only without `u`, `pong\!`, is not refused) or as `/pattern/flags`
 * (`/pong/i` for any letter case). Tested on a worker thread (pattern-test.ts) for at most
 * MATCH_LIMIT_MS per output.
 */
export const matches: CheckKind<RegExp> = {
  name: 'matches',
  negatable: true,
  what: 'a regular expression (JavaScript syntax), bare or as `/pattern/flags`',
  example: '/^pong\\b/i',
  parse(raw, at, problem) {
    const list = texts(raw, at, problem, "a regular expression written as text (quote it: `'^pong\\b'`)")
    if (!list) return undefined
    const patterns: RegExp[] = []
    for (const written of list) {
      const pattern = regularExpression(written, at, problem)
      if (!pattern) return undefined
      patterns.push(pattern)
    }
    return patterns
  },
  async judge(pattern, seen) {
    if (seen.text === '') return { cannot: 'the run added no text' }
    const shown = quote(pattern.flags.replace('u', '') === '' ? pattern.source : `/${pattern.source}/${pattern.flags.replace('u', '')}`)
    const matched = await testPattern(pattern, seen.text, { limitMs: MATCH_LIMIT_MS, timeLeftMs: seen.timeLeftMs, signal: seen.signal })
    if (matched === 'too slow')
      return {
        cannot:
          `${shown} took more than ${formatDuration(MATCH_LIMIT_MS)} on the agent's output ` +
          '(a pattern that backtracks without end); simplify it'
      }
    if (matched === 'stopped') return { cannot: `${shown} was stopped at the suite's time limit, before it could tell` }
    if (matched === 'failed') return { cannot: `${shown} could not be tested (its thread failed)` }
    return { holds: matched, said: `${shown} ${matched ? 'matches' : 'does not match'} the agent's output` }
  }
}

function regularExpression(written: string, at: string, problem: (text: string) => void): RegExp | undefined {
  const slashed = /^\/(.+)\/([a-z]*)$/s.exec(written)
  try {
    if (slashed) {
      const [, source, flags] = slashed
      if (!FLAGS.test(flags) || new Set(flags).size !== flags.length) {
        problem(
          `\`${at}\` has flags a test cannot use: write \`/pattern/\` with any of \`i\`, \`m\`, \`s\`, \`u\`, \`v\`, ` +
            'each once (`g` and `y` would make one test depend on the one before)'
        )
        return undefined
      }
      return new RegExp(source, flags.includes('u') || flags.includes('v') ? flags : withUnicode(source, flags))
    }
    return new RegExp(written, withUnicode(written, ''))
  } catch (error) {
    problem(
      `\`${at}\` is not a valid regular expression (JavaScript ` +
        `syntax): ${(error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '')}; fix it, or escape the ` +
        `characters meant literally with \`\\\``
    )
    return undefined
  }
}

/** `flags` plus `u` when the pattern is valid under it (whole characters, `\p{...}`). */
function withUnicode(source: string, flags: string): string {
  try {
    new RegExp(source, `${flags}u`)
    return `${flags}u`
  } catch {
    return flags
  }
}
