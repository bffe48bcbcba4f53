/**
 * JSON as the official client reads a config (Python's `json.load`): standard JSON plus the
 * bare constants `NaN`, `Infinity` and `-Infinity`, which JavaScript's `JSON.parse` refuses.
 * Everything else is JSON's own rules (a BOM, a trailing comma, a comment: refused by both).
 */
export function parsePythonJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const marked = markConstants(text)
    if (marked === text) throw error
    try {
      return JSON.parse(marked, (_key, value: unknown) => (typeof value === 'string' && value in CONSTANTS ? CONSTANTS[value] : value))
    } catch {
      // The constants were not the problem: say what the plain read said.
      throw error
    }
  }
}

/** Placeholders no config holds (a NUL in a string is refused by JSON itself, never written by anyone). */
const CONSTANTS: Record<string, number> = { '\u0000NaN': NaN, '\u0000Infinity': Infinity, '\u0000-Infinity': -Infinity }

/** The text with each bare constant outside a string replaced by a string placeholder. */
function markConstants(text: string): string {
  let out = ''
  let inString = false
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (inString) {
      out += char
      if (char === '\\') out += text[++at] ?? ''
      else if (char === '"') inString = false
      continue
    }
    if (char === '"') {
      inString = true
      out += char
      continue
    }
    const constant = ['-Infinity', 'Infinity', 'NaN'].find((name) => text.startsWith(name, at))
    if (constant) {
      out += JSON.stringify(`\u0000${constant}`)
      at += constant.length - 1
    } else out += char
  }
  return out
}
