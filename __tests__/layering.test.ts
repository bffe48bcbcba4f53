import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { ROOT } from '../scripts/run-action.js'

/**
 * The layers of src/, bottom first (docs/architecture.md). A module may import from
 * its own layer or any layer below, never from one above. Commands are also kept apart
 * from each other: only the registry (and their shared types) may name them.
 */
const LAYERS = ['core', 'api', 'inputs', 'operations', 'commands', 'report', 'github', 'main'] as const
type Layer = (typeof LAYERS)[number]

const SRC = join(ROOT, 'src')

function layerOf(file: string): Layer {
  const top = relative(SRC, file).split(/[\\/]/)[0]
  if (top === 'main.ts' || top === 'index.ts' || top === 'post.ts') return 'main'
  if (!(LAYERS as readonly string[]).includes(top))
    throw new Error(`${relative(ROOT, file)} is in no layer: put it in one of ${LAYERS.join(', ')}`)
  return top as Layer
}

/** The command directory a file is in (src/commands/<name>/...), if any. */
function commandOf(file: string): string | undefined {
  const parts = relative(SRC, file).split(/[\\/]/)
  return parts[0] === 'commands' && parts.length > 2 ? parts[1] : undefined
}

/** Every relative import of a source text: static, re-exports, and dynamic `import()`. */
export function importsOf(text: string): string[] {
  const found: string[] = []
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm
  for (const match of text.matchAll(pattern)) found.push(match[1])
  return found
}

/** What is wrong with `file` importing `specifier`, or undefined when it looks down. */
export function violation(file: string, specifier: string): string | undefined {
  const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts')
  const from = layerOf(file)
  const to = layerOf(target)
  const name = `${relative(SRC, file)} imports ${relative(SRC, target)}`
  if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) return `${name}: ${from}/ may not look up at ${to}/`
  const [a, b] = [commandOf(file), commandOf(target)]
  if (a && b && a !== b) return `${name}: one command may not import another`
  return undefined
}

/**
 * The relative imports of a source text that load with it: `import … from`, `export … from`
 * and bare `import '…'`, type-only ones included; not `import()`, which loads on demand.
 * Type-only imports count for circles: they are erased at run time, but two files that
 * name each other's types still cannot be read, changed or moved one without the other,
 * and that is what a circle costs here (the inputs circle of v1.1 was closed by two).
 */
export function staticImportsOf(text: string): string[] {
  const found: string[] = []
  const pattern = /(?:^\s*(?:import|export)\b[^'";]*?\bfrom\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm
  for (const match of text.matchAll(pattern)) found.push(match[1])
  return found
}

/**
 * The import circles among files of one folder, each as `a.ts → b.ts → a.ts` (paths from
 * src/): strongly connected components of the folder's static import graph (Tarjan).
 */
export function circlesIn(files: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[] = []
  const sameFolder = (file: string) => (files.get(file) ?? []).filter((target) => dirname(target) === dirname(file) && files.has(target))
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const target of sameFolder(file)) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.unshift(member)
    } while (member !== file)
    if (component.length > 1 || sameFolder(file).includes(file))
      circles.push([...component, component[0]].map((f) => relative(SRC, f)).join(' → '))
  }
  for (const file of [...files.keys()].sort()) if (!index.has(file)) visit(file)
  return circles
}

/**
 * The circles between folders: `a → b → a` when a file of folder `a` imports one of `b` and a file
 * of `b` (or of a folder `b` leads to) imports one of `a`; each circle once, from its first folder.
 */
export function folderCircles(files: ReadonlyMap<string, readonly string[]>): string[] {
  const edges = new Map<string, Set<string>>()
  for (const [file, targets] of files) {
    for (const target of targets) {
      if (dirname(target) === dirname(file)) continue
      const from = relative(SRC, dirname(file))
      edges.set(from, (edges.get(from) ?? new Set()).add(relative(SRC, dirname(target))))
    }
  }
  const circles = new Set<string>()
  const walk = (path: string[]) => {
    for (const next of edges.get(path[path.length - 1]) ?? []) {
      if (next === path[0]) circles.add([...path, next].join(' → '))
      else if (!path.includes(next) && next > path[0]) walk([...path, next])
    }
  }
  for (const folder of [...edges.keys()].sort()) walk([folder])
  return [...circles]
}

/** Each file's static imports, resolved to .ts paths. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => [file, staticImportsOf(readFileSync(file, 'utf8')).map((s) => resolve(dirname(file), s).replace(/\.js$/, '.ts'))])
  )
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : []
  })
}

describe('layering', () => {
  const files = sourceFiles(SRC)

  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(30)
    const edges = files.flatMap((file) => importsOf(readFileSync(file, 'utf8')))
    expect(edges.length).toBeGreaterThan(100)
  })

  it('has no import that runs back up a layer, and no command importing another', () => {
    const problems = files.flatMap((file) => importsOf(readFileSync(file, 'utf8')).flatMap((specifier) => violation(file, specifier) ?? []))
    expect(problems).toEqual([])
  })

  it('keeps core/ free of anything of ours above it', () => {
    const core = files.filter((file) => layerOf(file) === 'core')
    expect(core.length).toBeGreaterThan(5)
    for (const file of core) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) expect(resolve(dirname(file), specifier)).toContain(join(SRC, 'core'))
    }
  })

  it('has no import circle inside a folder, type-only imports included', () => {
    expect(circlesIn(importGraph(files))).toEqual([])
  })

  it('has no circle between the folders of operations/ (a folder, not only a file, is read, changed and moved as a whole)', () => {
    const operations = join(SRC, 'operations')
    // Loaded on demand too: a folder that loads another later still depends on it.
    const graph = new Map(
      files
        .filter((file) => dirname(file).startsWith(`${operations}`))
        .map((file) => [file, importsOf(readFileSync(file, 'utf8')).map((s) => resolve(dirname(file), s).replace(/\.js$/, '.ts'))])
    )
    // Known, type-only both ways (the config check reads the archive's selection; the archive's layout reads the config's
    // dependencies): to be untied by moving the shared types down, not here.
    const KNOWN = ['operations/archive → operations/config-check → operations/archive']
    expect(folderCircles(graph).filter((circle) => !KNOWN.includes(circle))).toEqual([])
    // The check can fail: checks/ → langsmith/ → checks/ (LangSmith's upload once took the checks' back-off).
    const [run, upload, backOff] = ['checks/evals-run.ts', 'langsmith/upload.ts', 'checks/back-off.ts'].map((f) => join(operations, f))
    expect(
      folderCircles(
        new Map([
          [run, [upload]],
          [upload, [backOff]],
          [backOff, []]
        ])
      )
    ).toEqual(['operations/checks → operations/langsmith → operations/checks'])
  })

  it('detects an import circle inside a folder, and only inside one (the check can fail)', () => {
    const text = "import type { A } from './a.js'\nexport { B } from './b.js'\nimport './c.js'\nconst later = await import('./d.js')\n"
    expect(staticImportsOf(text)).toEqual(['./a.js', './b.js', './c.js'])
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => join(SRC, 'inputs', `${name}.ts`))
    const other = join(SRC, 'api', 'e.ts')
    expect(
      circlesIn(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
          [d, [a]]
        ])
      )
    ).toEqual(['inputs/a.ts → inputs/b.ts → inputs/c.ts → inputs/a.ts'])
    // Through another folder is a layering question, not a knot inside a folder.
    expect(
      circlesIn(
        new Map([
          [a, [other]],
          [other, [a]]
        ])
      )
    ).toEqual([])
    expect(
      circlesIn(
        new Map([
          [a, [b]],
          [b, []]
        ])
      )
    ).toEqual([])
  })

  it('detects a known-bad import (the check can fail)', () => {
    const client = join(SRC, 'api', 'client.ts')
    const text = "import type { Connection } from '../inputs/read.js'\nconst s = await import('../report/view.js')\n"
    expect(importsOf(text)).toEqual(['../inputs/read.js', '../report/view.js'])
    expect(violation(client, '../inputs/read.js')).toBe('api/client.ts imports inputs/read.ts: api/ may not look up at inputs/')
    expect(violation(join(SRC, 'core', 'outcome.ts'), '../api/schemas.js')).toMatch(/core\/ may not look up at api\//)
    expect(violation(join(SRC, 'commands', 'deploy', 'command.ts'), '../delete/command.js')).toMatch(/one command may not import another/)
    expect(violation(join(SRC, 'report', 'view.ts'), '../core/outcome.js')).toBeUndefined()
  })
})
