import picomatch from 'picomatch'
import { meaningfulLines } from './parsers.js'

/**
 * `paths`: file patterns with the syntax of a workflow's `on.push.paths`, one a line. A file
 * is under `paths` when the last pattern that matches it is not a `!` one (a later pattern
 * overrides an earlier one); a file no pattern matches is not.
 */
export interface PathFilter {
  /** The patterns as written, in order. */
  readonly patterns: readonly string[]
  matches(file: string): boolean
  /**
   * The set judged against a commit's `files`, in order, as GitHub applies it: the patterns
   * (not `!` ones) that keep no file, because they match none (a typo, a moved folder) or because
   * a later `!` pattern removes every file they match (`agents/support/**` then `!agents/**`);
   * either would make every change "outside `paths`", and a skip on it would last for ever. A `!`
   * pattern that matches nothing excludes nothing, which can only deploy more.
   */
  judge(files: readonly string[]): PathsJudged
}

/** What a set of patterns keeps of a commit's files. */
export interface PathsJudged {
  /** Patterns that keep no file, each with why, in the order written. */
  dead: Array<{ pattern: string; why: 'matches-none' | 'all-excluded' }>
  /** No file of the commit is under `paths` at all. */
  keepsNone: boolean
}

/** A path pattern longer than this is a mistake (a pasted file, perhaps), not a path. */
const MAX_PATTERN_LENGTH = 500

/**
 * Matching is picomatch's, with `dot: true` (GitHub's filters match `.github/...` and other
 * dot files like any other) and GitHub's syntax translated where the two differ:
 * - `?` in GitHub's syntax makes the character (or `[...]` class) before it optional
 *   (`*.jsx?` matches `page.js` and `page.jsx`); in picomatch it stands for any one
 *   character. It becomes picomatch's `?(x)`. `+` (one or more of the character before it)
 *   becomes `+(x)` the same way.
 * - `**` in GitHub's syntax matches any characters, `/` included, wherever it stands
 *   (`**.js` matches `src/js/app.js`); picomatch treats a `**` that shares its path segment
 *   with other characters as a `*`. Such a `**` becomes `*{,/**\/}*`: within one segment,
 *   or across any number of them.
 * - Parentheses, `@` and a `!` after the first character mean nothing in GitHub's syntax:
 *   they are escaped, so that only the translations above use picomatch's extended globs.
 * `[...]` classes mean the same in both; they are how a pattern matches a special character
 *   literally (`[?]`, `[,]`), since backslashes are refused (patternProblem).
 */
export function parsePaths(raw: string): PathFilter {
  const patterns = meaningfulLines(raw).map((line) => line.trim())
  if (patterns.length === 0) throw new Error('has no pattern: list file patterns one a line, e.g. `agents/support/**`')
  const compiled = patterns.map((pattern) => {
    const negative = pattern.startsWith('!')
    const body = negative ? pattern.slice(1) : pattern
    const problem = patternProblem(body)
    if (problem) throw new Error(`pattern \`${pattern}\` ${problem}`)
    return { pattern, negative, test: picomatch(toPicomatch(body), { dot: true }) }
  })
  if (compiled.every((p) => p.negative)) {
    throw new Error(
      'has only `!` patterns, which exclude files from nothing: list what to include first (e.g. `**`), then the `!` patterns'
    )
  }
  return {
    patterns,
    matches(file) {
      let under = false
      for (const { negative, test } of compiled) if (test(file)) under = !negative
      return under
    },
    judge(files) {
      const matched = compiled.map(() => false)
      const kept = compiled.map(() => false)
      let keepsNone = true
      for (const file of files) {
        const hits = compiled.map(({ test }) => test(file))
        let under = false
        hits.forEach((hit, i) => {
          if (hit) under = !compiled[i].negative
        })
        if (under) keepsNone = false
        hits.forEach((hit, i) => {
          if (!hit) return
          matched[i] = true
          if (under) kept[i] = true
        })
      }
      const dead = compiled.flatMap(({ pattern, negative }, i) =>
        negative || kept[i] ? [] : [{ pattern, why: matched[i] ? ('all-excluded' as const) : ('matches-none' as const) }]
      )
      return { dead, keepsNone }
    }
  }
}

/**
 * Patterns that GitHub's syntax does not have, or that cannot be meant as written, each with
 * its fix: they would match nothing (or something else than meant) and, silently, the deploy
 * would never (or always) happen. A literal special character is still matched with a class.
 */
function patternProblem(body: string): string | undefined {
  if (body === '') return 'excludes nothing: a `!` must be followed by a pattern'
  if (body.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters`
  if (/^-\s/.test(body))
    return (
      `starts with a YAML list marker (\`- \`): \`paths\` is a block of text, one pattern a line; write ` +
      `\`${body.replace(/^-\s+/, '')}\` without the \`- \` (e.g. \`paths: |\` then one pattern a line)`
    )
  if (body.includes('\\'))
    return (
      "has a `\\`: paths are written with `/` (as GitHub lists them, on every runner), and GitHub's syntax has no backslash " +
      'escapes; use `/`, and a class such as `[*]` to match a special character literally'
    )
  if (body.startsWith('/') || /^[A-Za-z]:/.test(body))
    return "is an absolute path: paths are relative to the repository's root, without a leading `/`"
  if (/^\.\.?\//.test(body))
    return (
      `starts with \`${body.startsWith('../') ? '../' : './'}\`: paths are relative to the repository's root and never start ` +
      `with \`./\` or \`../\`; write it from the root (e.g. \`agents/support/**\`)`
    )
  if (body.endsWith('/')) return `ends with \`/\`: patterns match files, never a directory; write \`${body}**\` for everything under it`
  let atom = false
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (c === '[') {
      const end = body.indexOf(']', i + 2)
      if (end === -1) return 'has a `[` without its `]`'
      i = end
      atom = true
    } else if (c === ',') {
      return 'has a `,`: patterns are not separated by commas; write one pattern a line (`[,]` matches a comma in a file name)'
    } else if (c === '{' || c === '}') {
      return "has braces: GitHub's syntax has no `{a,b}` alternatives; write each alternative as a pattern of its own, one a line (`[{]` matches a brace in a file name)"
    } else if (c === '?' || c === '+') {
      if (!atom) return `has a \`${c}\` with no character before it to repeat (write \`[${c}]\` to match it literally)`
      atom = false
    } else {
      atom = c !== '*' && c !== '/'
    }
  }
  return undefined
}

/** GitHub's syntax in picomatch's; `body` is valid (patternProblem). */
function toPicomatch(body: string): string {
  let out = ''
  /** Where the last atom (a character or a class) starts in `out`, for `?` and `+`. */
  let atomAt = -1
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (c === '[') {
      const end = body.indexOf(']', i + 2)
      atomAt = out.length
      out += body.slice(i, end + 1)
      i = end
    } else if (c === '?' || c === '+') {
      out = `${out.slice(0, atomAt)}${c}(${out.slice(atomAt)})`
      atomAt = -1
    } else if (c === '*') {
      let run = 1
      while (body[i + run] === '*') run++
      const alone = (i === 0 || body[i - 1] === '/') && (i + run === body.length || body[i + run] === '/')
      out += run === 1 ? '*' : alone ? '**' : '*{,/**/}*'
      i += run - 1
      atomAt = -1
    } else if ('()@!|'.includes(c)) {
      atomAt = out.length
      out += `\\${c}`
    } else {
      atomAt = c === '/' ? -1 : out.length
      out += c
    }
  }
  return out
}
