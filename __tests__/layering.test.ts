import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { ROOT } from '../scripts/run-action.js'

/**
 * The layers of src/, bottom first (guides/architecture.md). A module may import from
 * its own layer or any layer below, never from one above. Commands are also kept apart
 * from each other: only the registry (and their shared types) may name them.
 */
const LAYERS = ['core', 'api', 'inputs', 'operations', 'commands', 'report', 'github', 'main'] as const
type Layer = (typeof LAYERS)[number]

const SRC = join(ROOT, 'src')

function layerOf(file: string): Layer {
  const top = relative(SRC, file).split(/[\\/]/)[0]
  if (top === 'main.ts' || top === 'index.ts') return 'main'
  if (!(LAYERS as readonly string[]).includes(top)) throw new Error(`${relative(ROOT, file)} is in no layer: put it in one of ${LAYERS.join(', ')}`)
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
    const problems = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8')).flatMap((specifier) => violation(file, specifier) ?? [])
    )
    expect(problems).toEqual([])
  })

  it('keeps core/ free of anything of ours above it', () => {
    const core = files.filter((file) => layerOf(file) === 'core')
    expect(core.length).toBeGreaterThan(5)
    for (const file of core) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) expect(resolve(dirname(file), specifier)).toContain(join(SRC, 'core'))
    }
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
