/**
 * Python's `int()` of a string: optional whitespace and sign, digits of any script (`２０`),
 * `_` between digits. Undefined when Python would raise, or when a digit's value cannot be read
 * here (a script whose digits do not fold to ASCII: the image tag refuses those anyway).
 */
export function pythonInt(text: string): number | undefined {
  const match = /^\s*([+-]?)(\p{Nd}+(?:_\p{Nd}+)*)\s*$/u.exec(text)
  if (!match) return undefined
  const digits = match[2].replace(/_/g, '').normalize('NFKC')
  if (!/^\d+$/.test(digits)) return undefined
  return Number(`${match[1]}${digits}`)
}

/**
 * Python's `str()` of a JSON value, as the client's f-strings write it into the image's tag
 * (`None`, `True`, `3.12`, `nan`); lists and mappings only need to be recognisably not a tag.
 */
export function pythonStr(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'nan'
    if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf'
    return Number.isInteger(value) && !Object.is(value, -0) ? String(value) : pythonFloat(value)
  }
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

function pythonFloat(value: number): string {
  const text = String(value)
  return text.includes('.') || text.includes('e') ? text : `${text}.0`
}

/**
 * The value a fix proposes for a refused version: the plain-digit form of what was written
 * when it is a valid one (`３.１２` → `3.12`, the number `3.12` → `3.12`, `3.11.4` → `3.11`, ` 20 `
 * → `20`), else the default. Never the refused value itself.
 */
export function versionFix(value: unknown, language: 'python' | 'node', fallback: string): string {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : ''
  const folded = text.normalize('NFKC').trim().replace(/^\+/, '').replace(/_/g, '')
  const candidate = language === 'python' ? /^(\d+)\.(\d+)/.exec(folded)?.slice(1, 3).join('.') : /^\d+$/.exec(folded)?.[0]
  if (!candidate || candidate === value) return fallback
  if (language === 'python') {
    const [major, minor] = candidate.split('.').map(Number)
    return major === 3 && minor >= 11 ? candidate : fallback
  }
  return Number(candidate) >= Number(fallback) ? candidate : fallback
}
