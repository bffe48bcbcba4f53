/**
 * Text from the control plane or GitHub (status messages, log lines, URLs, names, error
 * details) is hostile: it may carry workflow commands, line breaks, `@mentions`, HTML,
 * markdown links or images. These functions make it inert for the place it is written
 * to. Pure, and importing nothing of the action's but core's rule for URLs (loopback.ts), so any layer
 * can use them.
 */

import { isHttpsOrLoopbackHttp } from './loopback.js'

/**
 * Everything that ends a line somewhere: CR, LF, vertical tab, form feed, NEL (U+0085),
 * and the Unicode line and paragraph separators (U+2028, U+2029). The runner splits
 * on CR and LF; browsers and markdown renderers on more. Exported for `replace` (global:
 * stateful with `test`), so other escapers (report/markdown.ts) strip the same set.
 */
export const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g

/** Other control characters (C0 except tab, DEL, C1), and bidi overrides that reorder what a reader sees. */
export const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f\u0080-\u0084\u0086-\u009f\u202a-\u202e\u2066-\u2069]/g

/** A zero-width joiner: placed after `@`, it stops GitHub from reading a mention but reads the same. */
const ZWJ = '\u200d'

/**
 * One log line. Line breaks become ` ⏎ ` so one message stays one line, and a line that
 * would start a workflow command (`::`, after any leading spaces) is prefixed so it cannot.
 * `%` is left alone: the runner decodes `%0A` only inside workflow commands, which a
 * line can no longer start. Mentions are harmless in logs (no one is notified), so kept.
 */
export function forLog(text: string): string {
  const line = text.replace(LINE_BREAKS, ' ⏎ ').replace(CONTROLS, '')
  return /^\s*::/.test(line) ? `> ${line}` : line
}

/**
 * An output value: one line, no control characters. Outputs are read by later steps,
 * often pasted into shell or other commands, so a line break must not pass.
 */
export function forOutput(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(CONTROLS, '').trim()
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text for the job summary or a PR comment (markdown that allows HTML): shown as it
 * reads, never rendered as something we did not build. HTML is escaped; markdown
 * syntax that makes links, images, emphasis, code or tables is backslash-escaped;
 * `@name` and `@org/team` get a zero-width joiner after the `@` so no one is notified,
 * and bare URLs one before their `:` so GitHub does not link them;
 * `#123` references are left (they link, but notify no one). One line: a line
 * break in a table cell or a list item would break the layout.
 */
export function forMarkdown(text: string): string {
  return (
    text
      .replace(LINE_BREAKS, ' ')
      .replace(CONTROLS, '')
      .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
      .replace(/[\\`*_[\]()!|~]/g, (c) => `\\${c}`)
      .replace(/@(?=[A-Za-z0-9])/g, `@${ZWJ}`)
      // GitHub links bare `https://…` and `www.…` by itself: a joiner inside stops that too.
      .replace(/\b(https?|ftp|mailto|javascript|data|vbscript):/gi, `$1${ZWJ}:`)
      .replace(/\bwww\./gi, `www${ZWJ}.`)
  )
}

export interface SafeUrlOptions {
  /** Accept http:// for localhost, 127.0.0.0/8 and [::1] (the simulator, tests). */
  allowLoopbackHttp?: boolean
}

/**
 * The URL, normalised, if it is one the action may use as a link, an output or a GitHub
 * `environment_url`: it parses, is https:// (or loopback http:// when allowed), has no
 * whitespace or control characters anywhere in the raw text, and no user name or
 * password. Otherwise undefined, and the caller shows the raw text as code instead.
 */
export function safeUrl(raw: string, options: SafeUrlOptions = {}): string | undefined {
  if (/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]/.test(raw)) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return undefined
  }
  if (url.username || url.password) return undefined
  const allowed = options.allowLoopbackHttp ? isHttpsOrLoopbackHttp(url) : url.protocol === 'https:'
  if (allowed) return url.href
  return undefined
}
