import { shown } from './parsers.js'

/** Where the pull request's number stands in `name-pattern` (and `github-environment`). */
export const PR_PLACEHOLDER = '{pr}'

/**
 * A pull request number as GitHub writes it: no sign, no leading zero. `agent-pr-012` is
 * not a name the deploy makes for pull request 12, so it is not a preview to prune.
 * Ten digits at most: GitHub numbers fit in 32 bits, and a longer run of digits is not one.
 */
const PR_DIGITS = '[1-9][0-9]{0,9}'

export interface NamePattern {
  /** As the user wrote it. */
  readonly source: string
  /** The pull request number a deployment name stands for, or undefined when the whole name does not match. */
  prOf(name: string): number | undefined
  /** The pattern with the number filled in: a preview's name, or its GitHub environment. */
  fill(pr: number): string
  /**
   * A literal part of every matching name, for the list's `name_contains` filter (a
   * substring, case-insensitive on the server): the longest one, to narrow the walk most.
   */
  readonly contains: string
}

/**
 * Parses `name-pattern` (or a `github-environment` with `{pr}`). Throws a plain Error
 * completing "input `x` ...", as the other parsers do, so that a bad pattern is refused
 * with the other input problems, before any request.
 */
export function parseNamePattern(raw: string): NamePattern {
  if (/[\r\n\0]/.test(raw)) throw new Error('must be a single line of text')
  if (!raw.includes(PR_PLACEHOLDER)) {
    throw new Error(
      `must contain \`${PR_PLACEHOLDER}\` where the pull request number stands, e.g. \`support-agent-pr-{pr}\`, got ${shown(raw)}: ` +
        'without it every deployment whose name matches would be pruned'
    )
  }
  const parts = raw.split(PR_PLACEHOLDER)
  // Any other brace is a misspelt placeholder (`{PR}`, `{pr_number}`): refuse rather than match it literally.
  if (parts.some((part) => /[{}]/.test(part))) {
    throw new Error(`may contain \`{\` and \`}\` only as \`${PR_PLACEHOLDER}\`, got ${shown(raw)}`)
  }
  // `{pr}{pr}` could split `123` several ways: which pull request a name stands for would be a guess.
  if (parts.slice(1, -1).some((part) => part === '')) {
    throw new Error(`must have text between two \`${PR_PLACEHOLDER}\`, got ${shown(raw)}`)
  }
  const literals = parts.filter((part) => part !== '')
  if (literals.length === 0) {
    throw new Error(
      `must contain text besides \`${PR_PLACEHOLDER}\` (a pattern of digits alone would select unrelated deployments), got ${shown(raw)}`
    )
  }
  // The first {pr} captures the number; any later one must repeat it exactly.
  const regex = new RegExp(`^${backReferenced(parts)}$`)
  return {
    source: raw,
    prOf(name) {
      const match = regex.exec(name)
      if (!match?.groups) return undefined
      const pr = Number(match.groups.pr)
      return pr <= 0x7fffffff ? pr : undefined
    },
    fill: (pr) => parts.join(String(pr)),
    contains: literals.reduce((longest, part) => (part.length > longest.length ? part : longest), '')
  }
}

/** `a{pr}b{pr}c` → `a(?<pr>digits)b\k<pr>c`, every literal escaped. */
function backReferenced(parts: string[]): string {
  return parts.map(escapeRegExp).reduce((pattern, part, index) => {
    if (index === 0) return part
    return `${pattern}${index === 1 ? `(?<pr>${PR_DIGITS})` : '\\k<pr>'}${part}`
  }, '')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
