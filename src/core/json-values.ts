import { isMapping } from './mapping.js'

/** The text in a value: its strings, numbers and booleans, one a line; never a key. */
export function valueText(value: unknown): string {
  const out: string[] = []
  const walk = (v: unknown, depth: number) => {
    if (depth > 64) return
    if (typeof v === 'string') out.push(v)
    else if (typeof v === 'number' || typeof v === 'boolean') out.push(String(v))
    else if (Array.isArray(v)) v.forEach((item) => walk(item, depth + 1))
    else if (isMapping(v)) Object.values(v).forEach((item) => walk(item, depth + 1))
  }
  walk(value, 0)
  return out.join('\n')
}

/** Equal as JSON (key order aside): how an input's value and a state's are compared, and `value`'s `equals`. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]))
  if (isMapping(a) && isMapping(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined)
    const other = Object.keys(b).filter((k) => b[k] !== undefined)
    return keys.length === other.length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]))
  }
  return false
}
