import type { Said } from '../../core/outcome.js'

/** Our sentence with its backticked names as code parts, for a summary row (neutralised where it lands). */
export function codeSpans(text: string): Said {
  return text
    .split(/`([^`]*)`/)
    .map((part, i) => (i % 2 === 1 ? { code: part } : part))
    .filter((part) => part !== '')
}
