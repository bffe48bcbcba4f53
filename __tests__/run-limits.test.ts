import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { ROOT } from '../scripts/run-action.js'

/**
 * The run's limits (its clock, its deadline, its cancel) are declared once, in core/stop.ts's
 * `Stop`, and carried by the run context (core/run-context.ts). An interface, a type literal or a
 * parameter list that names a `deadline` beside a `clock` or a `signal` is a new loose carrier:
 * it should extend `Stop` (or pick from it) and be handed the run's (`run.stop()`, or `run`).
 */
const SRC = join(ROOT, 'src')
const OWNERS = new Set(['core/stop.ts', 'core/run-context.ts'])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return name.endsWith('.ts') ? [path] : []
  })
}

function nameOf(node: ts.Node): string | undefined {
  const name = (node as { name?: ts.Node }).name
  return name && ts.isIdentifier(name) ? name.text : undefined
}

/** Where `text` declares `deadline` beside `clock` or `signal`: the line and what it declares. */
export function looseCarriers(text: string, file = 'x.ts'): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true)
  const found: string[] = []
  const check = (node: ts.Node, members: readonly ts.Node[]) => {
    const names = new Set(members.map(nameOf))
    if (names.has('deadline') && (names.has('clock') || names.has('signal'))) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1
      found.push(`line ${line}: ${[...names].filter((n) => n === 'clock' || n === 'deadline' || n === 'signal').join(', ')}`)
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node) || ts.isClassDeclaration(node)) check(node, node.members)
    else if (ts.isFunctionLike(node)) check(node, node.parameters)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe("the run's limits have one carrier", () => {
  it('no interface, type or parameter list outside core/stop.ts and core/run-context.ts names a deadline beside a clock or a signal', () => {
    const offenders = sourceFiles(SRC).flatMap((path) => {
      const file = relative(SRC, path).split(/[\\/]/).join('/')
      if (OWNERS.has(file)) return []
      return looseCarriers(readFileSync(path, 'utf8'), file).map((where) => `src/${file} ${where}`)
    })
    expect(offenders).toEqual([])
  })

  it('finds the loose carriers it is meant to find', () => {
    expect(looseCarriers('interface A { clock: Clock; deadline: number; log: Log }')).toEqual(['line 1: clock, deadline'])
    expect(looseCarriers('function f(o: { signal?: AbortSignal\n deadline: number }) {}')).toEqual(['line 1: signal, deadline'])
    expect(looseCarriers('function f(clock: Clock, asked: number, deadline: number) {}')).toEqual(['line 1: clock, deadline'])
    expect(looseCarriers('interface A extends Stop { log: Log }')).toEqual([])
    expect(looseCarriers("type B = Pick<Stop, 'clock' | 'deadline'> & { deadline2: number }")).toEqual([])
  })

  it('the request limit falls back to its default in one place', () => {
    const fallbacks = sourceFiles(SRC).filter((path) => /\?\?\s*DEFAULT_REQUEST_LIMIT_MS/.test(readFileSync(path, 'utf8')))
    expect(fallbacks.map((path) => relative(SRC, path).split(/[\\/]/).join('/')).sort()).toEqual(['api/client.ts', 'core/run-context.ts'])
  })
})
