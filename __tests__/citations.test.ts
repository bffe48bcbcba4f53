import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { ROOT } from '../scripts/run-action.js'

/**
 * Nothing in the repository cites a document outside it: whoever clones it must find every
 * fact it relies on inside (docs/control-plane.md, docs/architecture.md, and the
 * simulator's copy of the reference document, sim/reference-openapi.json). This fails on a
 * path out of the repository, on the names of the project's outside specification
 * documents, and on any `*.md` file named that the repository does not have.
 */
const OUTSIDE = [/\.\.\/shared\b/, /\bshared\/(spec|guides|tools|hooks)\b/, /\bguides\//, /\binterface document\b/i, /§\s*\d/]

/** Markdown files named in text: `docs/x.md`, `api-facts.md`, `./y.md#anchor`. */
const MARKDOWN_NAME = /[\w./-]*[\w-]\.md\b/g

function trackedTextFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`)
  return listed.stdout
    .split('\0')
    .filter(Boolean)
    .filter((file) => !file.startsWith('dist/') && file !== 'package-lock.json' && /\.(ts|js|cjs|mjs|json|md|ya?ml|sh)$|^\.ci\//.test(file))
    .filter((file) => existsSync(join(ROOT, file)))
}

/** What in `text` cites outside the repository, given the repository's markdown files' names. */
export function outsideCitations(text: string, markdownInRepo: ReadonlySet<string>): string[] {
  const found: string[] = []
  for (const pattern of OUTSIDE) {
    const match = pattern.exec(text)
    if (match) found.push(match[0])
  }
  for (const match of text.matchAll(MARKDOWN_NAME)) {
    // A file a script writes (`$RUNNER_TEMP/notes.md`) is not a citation.
    const written = /[$}]$/.test(text.slice(0, match.index).slice(-2))
    if (!written && !markdownInRepo.has(basename(match[0]))) found.push(match[0])
  }
  return found
}

describe('citations', () => {
  const files = trackedTextFiles()
  const markdown = new Set(files.filter((file) => file.endsWith('.md')).map((file) => basename(file)))

  it('finds the repository\'s files and its own documents', () => {
    expect(files.length).toBeGreaterThan(100)
    expect([...markdown]).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'architecture.md', 'control-plane.md']))
  })

  it('cites no document outside the repository', () => {
    const self = join('__tests__', 'citations.test.ts')
    const problems = files
      .filter((file) => file !== self)
      .flatMap((file) => outsideCitations(readFileSync(join(ROOT, file), 'utf8'), markdown).map((cited) => `${file}: ${cited}`))
    expect(problems).toEqual([])
  })

  it('detects a citation outside the repository (the check can fail)', () => {
    const inRepo = new Set(['README.md', 'control-plane.md'])
    expect(outsideCitations('see ../shared/spec/x.json', inRepo)).toContain('../shared')
    expect(outsideCitations('from shared/guides/', inRepo)).toContain('shared/guides')
    expect(outsideCitations('as api-facts.md says', inRepo)).toEqual(['api-facts.md'])
    expect(outsideCitations('(interface document 4.2)', inRepo)).toEqual(['interface document'])
    expect(outsideCitations('see docs/control-plane.md and the README.md; write "$RUNNER_TEMP/notes.md"', inRepo)).toEqual([])
  })
})
