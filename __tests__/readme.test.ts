import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { reservedSecretProblems } from '../src/inputs/reserved-secrets.js'
import { ROOT } from '../scripts/run-action.js'

/**
 * The README is read by newcomers in a few minutes and copied from: it stays short, starts with
 * the commands that work on a fresh clone, and what it says about the examples and the reserved
 * secret names stays true to the files and the code.
 */
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const exampleFiles = readdirSync(join(ROOT, 'examples'))
  .filter((file) => file.endsWith('.yml'))
  .sort()
const example = (file: string): string => readFileSync(join(ROOT, 'examples', file), 'utf8')

/** The rows of the README's Markdown table whose header row starts with `| <first> |`. */
function tableRows(first: string): string[][] {
  const lines = readme.split('\n')
  const start = lines.findIndex((line) => line.startsWith(`| ${first} |`))
  if (start < 0) return []
  const rows: string[][] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim())
    )
  }
  return rows
}

describe('the README', () => {
  it('is under 30 KB', () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThan(30_000)
  })

  it('starts with the two commands that work on a fresh clone, and they are package scripts', () => {
    const firstBlock = /^# [^\n]+\n\n```sh\n([\s\S]*?)```/.exec(readme)
    expect(
      firstBlock?.[1]
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('#')[0].trim())
    ).toEqual(['npm ci && npm start', 'npm ci && npm test'])
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts
    expect([typeof scripts.start, typeof scripts.test]).toEqual(['string', 'string'])
  })

  it('numbers the examples as their files do, each number once', () => {
    const numbered = exampleFiles.map((file) => [Number(/^# (\d+)\. /.exec(example(file))?.[1]), file] as const)
    expect(numbered.map(([n]) => n).sort((a, b) => a - b)).toEqual(exampleFiles.map((_, i) => i + 1))
    const rows = tableRows('#').map(([n, file]) => [Number(n), /\(examples\/([^)]+)\)/.exec(file)?.[1]] as const)
    expect(rows.sort(([a], [b]) => a - b)).toEqual([...numbered].sort(([a], [b]) => a - b))
  })

  it('lists every secret and variable the examples use, and no other', () => {
    const used = new Set(
      exampleFiles.flatMap((file) => [...example(file).matchAll(/\$\{\{\s*(?:secrets|vars)\.([A-Z0-9_]+)/g)].map((m) => m[1]))
    )
    used.delete('GITHUB_TOKEN')
    expect(used.size).toBeGreaterThan(5)
    const listed = tableRows('name').map(([name]) => name.replace(/`/g, ''))
    expect(listed.sort()).toEqual([...used].sort())
  })

  it('follows its own advice in the examples: no workflow `paths` filter on a deploy', () => {
    const filtered = exampleFiles.filter((file) => {
      const triggers = (parse(example(file)) as { on?: unknown }).on
      if (typeof triggers !== 'object' || triggers === null) return false
      return Object.values(triggers).some(
        (trigger) => typeof trigger === 'object' && trigger !== null && ('paths' in trigger || 'paths-ignore' in trigger)
      )
    })
    expect(filtered).toEqual([])
  })
})

describe('docs/commands.md on reserved secret names', () => {
  const text = readFileSync(join(ROOT, 'docs', 'commands.md'), 'utf8').replace(/\s+/g, ' ')
  const paragraph = /A few more \((.*?)\) are reserved except on a self-hosted control plane/.exec(text)?.[1] ?? ''
  const named = [...paragraph.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])

  it('names only names the code reserves except on a self-hosted control plane, and no wildcard', () => {
    expect(named.length).toBeGreaterThan(5)
    const secret = (name: string) => [{ name, value: 'x' }]
    expect(named.filter((name) => reservedSecretProblems(secret(name), 'github').length === 0)).toEqual([])
    expect(named.filter((name) => reservedSecretProblems(secret(name), 'external_docker').length > 0)).toEqual([])
    // A wildcard would claim names the code lets through.
    expect(paragraph).not.toMatch(/\*/)
    expect(reservedSecretProblems(secret('LSD_MY_FLAG'), 'github')).toEqual([])
  })
})
