import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { ROOT } from '../scripts/run-action.js'

/**
 * Nothing in the repository cites a document outside it: whoever clones it must find every
 * fact it relies on inside (docs/control-plane.md, docs/architecture.md, and the
 * simulator's copy of the reference document, sim/reference-openapi.json). This fails on a
 * path into the project's shared folder beside the repository (`../shared/spec/...`, or
 * `shared/guides/...` at the start of a path; a fixture's `libs/shared/tools.py` is not one),
 * on the names of the project's outside documents, and on the ways they were cited (the
 * "interface document", its section numbers).
 */
const OUTSIDE = [
  /\.\.\/shared\/(spec|guides|tools|hooks)\b/,
  /(?<![\w./-])shared\/(spec|guides|tools|hooks)\//,
  /(?<![\w./-])guides\//,
  /\binterface document\b/i,
  /§\s*\d/
]

/**
 * Markdown files named in text: `docs/x.md`, `api-facts.md`, `./y.md#anchor`. Only the outside
 * documents' names count: tests and examples name made-up `*.md` files as data.
 */
const MARKDOWN_NAME = /[\w./-]*[\w-]\.md\b/g
const OUTSIDE_DOCUMENTS = new Set(['action-interface.md', 'api-facts.md', 'control-plane-interface.md', 'toolchain.md', 'style-anchors.md'])

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
    const name = basename(match[0])
    if (!written && OUTSIDE_DOCUMENTS.has(name) && !markdownInRepo.has(name)) found.push(match[0])
  }
  return found
}

describe('citations', () => {
  const files = trackedTextFiles()
  const markdown = new Set(files.filter((file) => file.endsWith('.md')).map((file) => basename(file)))

  it("finds the repository's files and its own documents", () => {
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
    expect(outsideCitations('see ../shared/spec/x.json', inRepo)).toContain('../shared/spec')
    expect(outsideCitations('from shared/guides/', inRepo)).toContain('shared/guides/')
    expect(outsideCitations('as guides/architecture.md sketches', inRepo)).toContain('guides/')
    // Fixtures and the example agent's own `../shared` library are not citations.
    expect(outsideCitations('\'libs/shared/shared/tools.py\', "dependencies": [".", "../shared"], \'docs/hello.md\'', inRepo)).toEqual([])
    expect(outsideCitations('as api-facts.md says', inRepo)).toEqual(['api-facts.md'])
    expect(outsideCitations('(interface document 4.2)', inRepo)).toEqual(['interface document'])
    expect(outsideCitations('see docs/control-plane.md and the README.md; write "$RUNNER_TEMP/notes.md"', inRepo)).toEqual([])
  })
})
