import { isObject } from './problem.js'

/** The extensions the client's `_is_node_graph` reads as Node.js; any other is Python. */
const NODE_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']

/** A graph's import string (`./src/agent.py:graph`, or `agent.graphs:graph`), or undefined when the entry has none. */
export function importString(spec: unknown): string | undefined {
  const value = isObject(spec) ? spec.path : spec
  return typeof value === 'string' ? value : undefined
}

/** `_is_node_graph`: the extension of the part before the first `:`. */
export function isNodeGraph(spec: string): boolean {
  const file = spec.split(':')[0]
  const base = file.slice(file.lastIndexOf('/') + 1)
  const dot = base.lastIndexOf('.')
  // Python's splitext: a leading dot (`.ts`) is a name, not an extension.
  const extension = dot > 0 ? base.slice(dot) : ''
  return NODE_EXTENSIONS.includes(extension)
}

/** Python's `str.partition(':')`: module and attribute, the attribute empty when there is no `:`. */
export function splitImport(spec: string): { module: string; attribute: string; hasColon: boolean } {
  const at = spec.indexOf(':')
  return at < 0
    ? { module: spec, attribute: '', hasColon: false }
    : { module: spec.slice(0, at), attribute: spec.slice(at + 1), hasColon: true }
}

/** A module string that the client reads as a file path: it has a `/` or a `\`. */
export function isFilePath(module: string): boolean {
  return module.includes('/') || module.includes('\\')
}
