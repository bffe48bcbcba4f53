/**
 * Parsers for single input values. Each returns the value or throws a plain Error
 * whose message completes the sentence "input `x` ...", so the caller can name the
 * input and collect every problem before reporting.
 */

import { isHttpsOrLoopbackHttp, isLoopbackHost } from '../core/loopback.js'

const SHOWN_LENGTH = 60

/**
 * A rejected value as an error message quotes it: control characters escaped (a
 * newline must not start a new log line, let alone a workflow command) and long
 * values cut; an empty one in words. Only non-secret inputs are ever quoted.
 */
export function shown(raw: string): string {
  // An empty code span renders as two backticks, or as nothing: say it in words.
  if (raw === '') return 'an empty value'
  const escaped = JSON.stringify(raw).slice(1, -1).replace(/`/g, "'")
  return `\`${escaped.length > SHOWN_LENGTH ? `${escaped.slice(0, SHOWN_LENGTH)}…` : escaped}\``
}

/**
 * A key or name the user wrote, as a code span; an empty one (a YAML `: x` line) in words,
 * since an empty code span renders as two backticks or as nothing.
 */
export function codeOrEmpty(text: string, empty: string): string {
  return text === '' ? empty : `\`${text}\``
}

export function parseBoolean(raw: string): boolean {
  const value = raw.toLowerCase()
  if (value === 'true') return true
  if (value === 'false') return false
  throw new Error(`must be \`true\` or \`false\`, got ${shown(raw)}`)
}

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** Seconds (`900`) or a number with a unit (`500ms`, `90s`, `15m`, `1h`, `7d`), in milliseconds. */
export function parseDuration(raw: string): number {
  const match = DURATION.exec(raw.trim())
  if (!match) {
    throw new Error(`must be a duration such as \`900\` (seconds), \`90s\`, \`15m\`, \`1h\` or \`7d\`, got ${shown(raw)}`)
  }
  const ms = Math.round(Number(match[1]) * UNIT_MS[match[2] ?? 's'])
  if (ms <= 0) throw new Error(`must be longer than zero, got ${shown(raw)}`)
  return ms
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function parseUuid(raw: string): string {
  if (!UUID.test(raw)) {
    throw new Error(`must be a UUID such as \`123e4567-e89b-12d3-a456-426614174000\`, got ${shown(raw)}`)
  }
  return raw.toLowerCase()
}

export function parseEnum<T extends string>(raw: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(raw)) return raw as T
  throw new Error(`must be one of ${allowed.map((a) => `\`${a}\``).join(', ')}, got ${shown(raw)}`)
}

/** The control plane's base URL, without a trailing slash. */
export function parseControlPlaneUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`must be an absolute URL such as \`https://api.example.com\`, got ${shown(raw)}`)
  }
  if (!isHttpsOrLoopbackHttp(url)) {
    throw new Error(
      `must use https:// (http:// is allowed only for localhost, 127.0.0.0/8 and [::1]), got \`${url.protocol}//${url.host}\``
    )
  }
  if (url.username || url.password) {
    throw new Error('must not contain a user name or password; pass credentials with `api-key` or `bearer-token`')
  }
  if (url.search || url.hash) {
    throw new Error('must not contain a query string or fragment; give the base URL only')
  }
  return url.toString().replace(/\/+$/, '')
}

/**
 * A credential goes into a request header: printable ASCII on one line. Anything
 * else would be refused by Node's HTTP client, or split the header. The message
 * never shows the value.
 */
export function parseHeaderValue(raw: string): string {
  if (!/^[\x20-\x7e]+$/.test(raw)) {
    throw new Error(
      'must be printable ASCII on one line (no line breaks, tabs or other control or non-ASCII characters); copy the credential again'
    )
  }
  return raw
}

/** A value that goes into a request header or path must be a single line. */
export function parseSingleLine(raw: string): string {
  if (/[\r\n\0]/.test(raw)) throw new Error('must be a single line of text')
  return raw
}

/** A whole number, at least 1 (`max-deletions`). */
export function parseCount(raw: string): number {
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw new Error(`must be a whole number from 1 to 999999, got ${shown(raw)}`)
  return Number(raw)
}

/**
 * The shortest `poll-interval`: 1 s, so that a typo (`1ms` for `1m`) cannot flood a
 * shared control plane with status checks; 50 ms against a loopback control plane
 * (the simulator, tests), where the only one waiting is the test.
 */
export const MIN_POLL_INTERVAL_MS = 1_000
export const MIN_LOOPBACK_POLL_INTERVAL_MS = 50

/** The problem with a `poll-interval` below the floor for this control plane, if any. */
export function pollIntervalProblem(intervalMs: number, baseUrl: string): string | undefined {
  const loopback = isLoopbackHost(new URL(baseUrl).hostname)
  const floor = loopback ? MIN_LOOPBACK_POLL_INTERVAL_MS : MIN_POLL_INTERVAL_MS
  if (intervalMs >= floor) return undefined
  return loopback
    ? `\`poll-interval\` must be at least 50ms, got ${intervalMs}ms`
    : `\`poll-interval\` must be at least 1s, so that status checks cannot flood the control plane, got ${intervalMs}ms; write minutes as \`1m\``
}

/**
 * The lines of a one-item-a-line input that say something: blank lines and `#` comments
 * (indented or not) left out, trailing white space cut; leading white space is kept, for the
 * parser to judge (it is meaningful in a `.gitignore` pattern).
 */
export function meaningfulLines(raw: string): string[] {
  return raw
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
}
