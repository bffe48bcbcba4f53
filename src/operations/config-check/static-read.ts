/**
 * Whether a graph's module defines its variable, by reading the text, never running it: for
 * a warning only (a variable made another way, e.g. by `globals()` or a re-export we cannot
 * follow, is not a problem). Undefined when the text cannot tell (`from x import *`, `export *`).
 */
export function definesName(text: string, name: string, language: 'python' | 'node'): boolean | undefined {
  return language === 'python' ? pythonDefines(text, name) : nodeDefines(text, name)
}

function escape(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A top-level assignment, `def`, `class` or import of the name (the statement starts at column 0). */
function pythonDefines(text: string, name: string): boolean | undefined {
  const n = escape(name)
  const patterns = [
    new RegExp(`^(?:async\\s+)?def\\s+${n}\\b`, 'm'),
    new RegExp(`^class\\s+${n}\\b`, 'm'),
    // `graph = ...`, `graph: T = ...`, `a, graph = ...`, `graph = other = ...`
    new RegExp(`^(?:[A-Za-z_][\\w]*\\s*(?:,|=)\\s*)*${n}\\s*(?::[^=\\n]*)?=(?!=)`, 'm'),
    // `import x as graph`, `from m import a, graph`, `from m import (a,\n graph)`
    new RegExp(`^(?:from\\s+\\S+\\s+)?import\\b[^;\\n]*?(?:\\(|,|\\s)\\s*(?:[\\w.]+\\s+as\\s+)?${n}\\b(?!\\.)`, 'm'),
    new RegExp(`^from\\s+\\S+\\s+import\\s*\\([^)]*\\b${n}\\b[^)]*\\)`, 'm')
  ]
  if (patterns.some((pattern) => pattern.test(text))) return true
  return /^from\s+\S+\s+import\s+\*/m.test(text) ? undefined : false
}

/** An export of the name: a declaration, a list (`export { a as graph }`), or `default`. */
function nodeDefines(text: string, name: string): boolean | undefined {
  const n = escape(name)
  if (name === 'default' && /\bexport\s+default\b/.test(text)) return true
  const patterns = [
    new RegExp(`\\bexport\\s+(?:declare\\s+)?(?:const|let|var|function\\*?|async\\s+function\\*?|class|abstract\\s+class)\\s+${n}\\b`),
    new RegExp(`\\bexport\\s*\\{[^}]*\\b${n}\\s*(?:,|\\}|$)`, 'm'),
    // CommonJS: `exports.graph =`, `module.exports.graph =`, `module.exports = { graph }`
    new RegExp(`\\bexports\\.${n}\\s*=`),
    new RegExp(`\\bmodule\\.exports\\s*=\\s*\\{[^}]*\\b${n}\\b`)
  ]
  if (patterns.some((pattern) => pattern.test(text))) return true
  return /\bexport\s*\*\s*from\b/.test(text) ? undefined : false
}
