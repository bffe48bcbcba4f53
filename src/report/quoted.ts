import type { Said } from '../core/outcome.js'

/**
 * Our words with names quoted in backticks (as our messages write them), as Said: each
 * quoted name a code part, so every reporter shows it as code its own way. Split before
 * anything is escaped, so a name that markdown would escape (`MY_SECRET`) is still one
 * part. A backtick without its pair, or an empty pair, stays text.
 */
export function quoted(text: string): Said {
  const parts = text.split('`')
  // An odd number of backticks leaves the last one unpaired: it stays text.
  const spans = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)}\`${parts.at(-1)}`]
  return spans.map((part, i) => (i % 2 === 0 ? part : part === '' ? '``' : { code: part }))
}
