import { quote, texts, type CheckKind } from './kind.js'

/**
 * `contains`: a text (or each of a list) in the agent's output, exactly as written: case-sensitive,
 * as a reviewer reads `pong` (for any case, `matches: /pong/i`). A failure says when the text is
 * there in other letter case, so the rule is never a puzzle.
 */
export const contains: CheckKind<string> = {
  name: 'contains',
  negatable: true,
  what: "text in the agent's output (case-sensitive)",
  example: 'pong',
  parse: (raw, at, problem) => texts(raw, at, problem, 'text'),
  judge(wanted, seen) {
    if (seen.text === '') return { cannot: 'the run added no text' }
    if (seen.text.includes(wanted)) return { holds: true, said: `${quote(wanted)} is in the agent's output` }
    const otherCase = seen.text.toLowerCase().includes(wanted.toLowerCase())
    return {
      holds: false,
      said: `${quote(wanted)} is not in the agent's output${otherCase ? ' (it is in other letter case: `contains` is case-sensitive; `matches: /…/i` is not)' : ''}`
    }
  }
}
