import { plainText } from '../../core/quoted.js'
import type { RichText } from '../../core/outcome.js'

/**
 * One thing wrong with the config: the file it is in, the key (`graphs.agent`), what is
 * wrong and the fix, in our words with the config's values as `{ code }` parts (a config
 * read from GitHub is text from elsewhere: neutralised where it is shown).
 */
export interface ConfigProblem {
  file: string
  key: string
  what: RichText
  fix: RichText
  /** Refused under every `config-check` mode: nothing can ship it (a directory outside the workspace). */
  always?: true
}

/** The config as JSON gave it: a mapping of anything. */
export type RawConfig = Record<string, unknown>

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Python's truthiness, which the client's `if config.get(...)` tests use: empty strings, lists and mappings, 0 and null are false. */
export function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  if (isObject(value)) return Object.keys(value).length > 0
  return true
}

/** The problem as one line of the log and of the `::error::`. */
export function problemText(problem: ConfigProblem): string {
  return `\`${problem.file}\` \`${problem.key}\`: ${plainText(problem.what)} ${plainText(problem.fix)}`
}

/** The problem as the reports show it: the key (after its file, when not the config named above it), what is wrong and the fix. */
export function problemSaid(problem: ConfigProblem, configPath: string): RichText {
  const file: RichText = problem.file === configPath ? [] : [{ code: problem.file }, ' ']
  return [...file, { code: problem.key }, ': ', ...problem.what, ' ', ...problem.fix]
}
