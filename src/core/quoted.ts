import type { RichText } from './outcome.js'

/**
 * Our words with names quoted in backticks (as our messages write them), as RichText: each
 * quoted name a code part, so every reporter shows it as code its own way. Split before
 * anything is escaped, so a name that markdown would escape (`MY_SECRET`) is still one
 * part. A backtick without its pair, or an empty pair, stays text. Used for our sentences that
 * quote a server's words in backticks (their own backticks made apostrophes first).
 */
export function quoted(text: string): RichText {
  const parts = text.split('`')
  // An odd number of backticks leaves the last one unpaired: it stays text.
  const spans = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)}\`${parts.at(-1)}`]
  return spans.map((part, i) => (i % 2 === 0 ? part : part === '' ? '``' : { code: part })).filter((part) => part !== '')
}

/** Rich text as our plain text, its code parts in backticks: for a log line or an error, which neutralise it where they land. */
export function plainText(said: RichText): string {
  return said.map((part) => (typeof part === 'string' ? part : `\`${part.code}\``)).join('')
}

/**
 * A server's text made fit to stand between backticks in our sentence (then quoted() makes it a
 * code part): on one line, its own backticks made apostrophes (one would end the quote early),
 * and cut to `maxChars` with an ellipsis.
 */
export function quotable(text: string, maxChars: number): string {
  const plain = text.replace(/[\r\n]+/g, ' ').replace(/`/g, "'")
  return plain.length > maxChars ? `${plain.slice(0, maxChars)}…` : plain
}
