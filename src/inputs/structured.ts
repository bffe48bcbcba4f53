import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml'
import type { z } from 'zod'
import { codeOrEmpty } from './parsers.js'

/**
 * Reads a YAML (or JSON, which is YAML) input. Error texts give positions, never
 * the text that failed to parse: these inputs can hold secret values.
 */
export interface ParsedYaml {
  value: unknown
  /** The keys of a top-level mapping in order, duplicates included (`value` keeps only the last). */
  topLevelKeys: string[]
  lineOf: (path: readonly PropertyKey[]) => number | undefined
}

export function parseYaml(raw: string): ParsedYaml {
  const lineCounter = new LineCounter()
  const doc = parseDocument(raw, { lineCounter, uniqueKeys: false, prettyErrors: false })
  const [first] = doc.errors
  if (first) {
    const line = lineCounter.linePos(first.pos[0]).line
    throw new Error(`not valid YAML or JSON (line ${line}): ${first.code.toLowerCase().replace(/_/g, ' ')}`)
  }
  const contents = doc.contents
  return {
    value: doc.toJS({ maxAliasCount: 100 }),
    topLevelKeys: isMap(contents) ? contents.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key)) : [],
    lineOf: (path) => {
      const node = doc.getIn(path as unknown[], true) as { range?: [number, number, number] } | undefined
      return node?.range ? lineCounter.linePos(node.range[0]).line : undefined
    }
  }
}

/** `a.b[0].c`, the way users write paths into their YAML. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`
    return out ? `${out}.${String(key)}` : String(key)
  }, '')
}

/** A YAML/JSON input checked against a schema: its value, or the problems, each naming a path. */
export function parseChecked<T>(raw: string, schema: z.ZodType<T>): { data?: T; problems: string[] } {
  let value: unknown
  try {
    value = parseYaml(raw).value
  } catch (error) {
    return { problems: [(error as Error).message] }
  }
  return schemaProblems(schema, value)
}

/**
 * Validates a parsed input against a strict zod schema and returns one message per
 * problem, each naming the path. Unknown keys are reported by name.
 */
export function schemaProblems<T>(schema: z.ZodType<T>, value: unknown): { data?: T; problems: string[] } {
  const result = schema.safeParse(value)
  if (result.success) return { data: result.data, problems: [] }
  const problems = result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${codeOrEmpty(formatPath([...issue.path, key]), 'an empty key')} is not a known key`)
    }
    if (issue.path.length === 0 && issue.code === 'invalid_type') {
      return [issue.expected === 'array' ? 'must be a YAML or JSON list' : 'must be a YAML or JSON mapping (`key: value` lines)']
    }
    const where = `\`${formatPath(issue.path)}\``
    if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return [`${where} is required`]
    return [`${where}: ${issue.message}`]
  })
  return { problems }
}

/**
 * The keys written twice in one mapping, anywhere in a YAML (or JSON) text, each with its path
 * and lines. YAML's reader keeps the last and drops the first silently: a suite with two `cases:`
 * would lose a whole list. Positions only, never a value.
 */
export function duplicateKeys(raw: string): Array<{ path: string; lines: number[] }> {
  const lineCounter = new LineCounter()
  const doc = parseDocument(raw, { lineCounter, uniqueKeys: false, prettyErrors: false })
  const found: Array<{ path: string; lines: number[] }> = []
  const lineAt = (node: unknown) => {
    const range = (node as { range?: [number, number, number] } | null)?.range
    return range ? lineCounter.linePos(range[0]).line : 0
  }
  const walk = (node: unknown, path: PropertyKey[], depth: number) => {
    if (depth > 64) return
    if (isMap(node)) {
      const seen = new Map<string, number[]>()
      for (const pair of node.items) {
        const key = String(isScalar(pair.key) ? pair.key.value : pair.key)
        seen.set(key, [...(seen.get(key) ?? []), lineAt(pair.key)])
        walk(pair.value, [...path, key], depth + 1)
      }
      for (const [key, lines] of seen) if (lines.length > 1) found.push({ path: formatPath([...path, key]), lines })
    } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...path, i], depth + 1))
  }
  if (doc.errors.length === 0) walk(doc.contents, [], 0)
  return found
}
