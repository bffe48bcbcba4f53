import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeArchive } from '../src/operations/archive/build.js'
import { resolveLayout } from '../src/operations/archive/layout.js'
import { selectArchiveFiles } from '../src/operations/archive/select.js'
import { KEY_RULES } from '../src/operations/archive/secret-rules.js'
import { GIT_ENV, writeFiles } from './helpers/git-repo.js'
import { CORPUS, NEAR_MISSES } from './helpers/secret-corpus.js'

/**
 * Keys in source files, found as the best scanners find them (docs/remote-build-archive.md):
 * each kind of the corpus (helpers/secret-corpus.ts) is caught at its file and line with its
 * rule, or its file left out and named; every near-miss is quiet and ships. Checked in real
 * archives (the system's `tar` lists them), in a checkout (the commit's files: one `git grep`
 * picks the files to read) and outside one (every file read): the same findings both ways, so
 * the `git grep` misses no file a rule would judge. The coverage table in the docs is this
 * corpus's, kind by kind.
 */

const temp = mkdtempSync(join(tmpdir(), 'secret-corpus-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const AGENT = 'apps/agent'
const CONFIG = `${AGENT}/langgraph.json`
const FILES = {
  [CONFIG]: JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent_graph.py:graph' } }),
  [`${AGENT}/agent_graph.py`]: 'graph = 1\n',
  ...Object.fromEntries([...CORPUS, ...NEAR_MISSES].map((item) => [`${AGENT}/${item.file}`, item.text]))
}

/** A workspace holding the corpus: committed (a checkout), or not a checkout at all. */
function workspace(committed: boolean): string {
  const root = mkdtempSync(join(temp, committed ? 'checkout-' : 'plain-'))
  writeFiles(root, FILES)
  if (committed) {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, env: GIT_ENV })
    git('init', '-q')
    git('add', '-f', '.')
    git('commit', '-qm', 'corpus')
  }
  return root
}

async function archived(root: string, secretScan?: 'warn' | 'fail' | 'off') {
  const selection = await selectArchiveFiles(await resolveLayout(root, CONFIG), { exclude: [], secretScan })
  const written = await writeArchive(selection.entries, temp)
  const listed = execFileSync('tar', ['-tzf', written.file], { encoding: 'utf8' }).trim().split('\n')
  await written.remove()
  return { shipped: new Set(listed.map((name) => `${AGENT}/${name}`)), selection }
}

describe('the secret corpus, in real archives', () => {
  it.each([
    ['a checkout (git grep picks the files to read)', true],
    ['not a checkout (every file read)', false]
  ])(
    '%s: each kind found at its file and line with its rule, or its file left out and named; each near-miss quiet and shipped',
    async (_label, committed) => {
      const { shipped, selection } = await archived(workspace(committed))
      const findings = selection.keyFindings.map((finding) => `${finding.path}:${finding.line} ${finding.rule}`)
      const leftOut = new Map(selection.leftOut.map((item) => [item.path, item]))
      for (const item of CORPUS) {
        const path = `${AGENT}/${item.file}`
        const seen = {
          kind: item.kind,
          shipped: shipped.has(path),
          found: findings.filter((finding) => finding.startsWith(`${path}:`)),
          leftOutBy: leftOut.get(path)?.rule
        }
        if (item.ours === null) expect(seen).toEqual({ kind: item.kind, shipped: true, found: [], leftOutBy: undefined })
        else if (item.leftOut) expect(seen).toEqual({ kind: item.kind, shipped: false, found: [], leftOutBy: item.ours })
        else expect(seen).toEqual({ kind: item.kind, shipped: true, found: [`${path}:${item.line} ${item.ours}`], leftOutBy: undefined })
      }
      for (const item of NEAR_MISSES) {
        const path = `${AGENT}/${item.file}`
        expect({
          what: item.what,
          shipped: shipped.has(path),
          found: findings.filter((finding) => finding.startsWith(`${path}:`))
        }).toEqual({
          what: item.what,
          shipped: true,
          found: []
        })
      }
      // Named by file, line and rule: never a value.
      const values = CORPUS.flatMap((item) => item.text.match(/[A-Za-z0-9_/+-]{30,}/g) ?? [])
      const said = JSON.stringify([selection.keyFindings, selection.leftOut])
      expect(values.length).toBeGreaterThan(CORPUS.length / 2)
      for (const value of values) expect(said).not.toContain(value)
    }
  )

  it('secret-scan: off finds no key (credential files are still left out)', async () => {
    const { selection, shipped } = await archived(workspace(true), 'off')
    expect(selection.keyFindings).toEqual([])
    expect(shipped.has(`${AGENT}/Dockerfile`)).toBe(false)
    expect(shipped.has(`${AGENT}/llm.py`)).toBe(true)
  })
})

/** The coverage table as the docs give it: kind by kind, who catches it. */
function coverageTable(): string {
  const mark = (rule: string | null) => (rule === null ? '—' : `\`${rule}\``)
  const rows = CORPUS.map((item) => `| ${item.kind} | ${mark(item.gitleaks)} | ${mark(item.trufflehog)} | ${mark(item.ours)} |`)
  const count = (pick: (item: (typeof CORPUS)[number]) => string | null) => CORPUS.filter((item) => pick(item) !== null).length
  const total = `| **${CORPUS.length} kinds** | **${count((item) => item.gitleaks)}** | **${count((item) => item.trufflehog)}** | **${count((item) => item.ours)}** |`
  return ['| Kind | gitleaks (default rules) | trufflehog (detectors) | this action |', '| --- | --- | --- | --- |', ...rows, total].join(
    '\n'
  )
}

describe('coverage against the scanners’ own rules', () => {
  it('catches every kind that gitleaks’ default rules catch', () => {
    const missed = CORPUS.filter((item) => item.gitleaks !== null && item.ours === null).map((item) => item.kind)
    expect(missed).toEqual([])
    // The agent-project kinds the issue names, each caught.
    for (const kind of [
      'OpenAI project',
      'Anthropic API',
      'LangSmith personal',
      'GitHub personal',
      'AWS access key',
      'Slack bot',
      'Stripe live',
      'Google API',
      'JSON Web Token',
      'Private key'
    ])
      expect({ kind, ours: CORPUS.find((item) => item.kind.startsWith(kind))?.ours ?? null }).not.toEqual({ kind, ours: null })
  })

  it('every key rule is exercised by the corpus, and the docs give the table as the corpus has it', () => {
    const used = new Set(CORPUS.map((item) => item.ours))
    expect(KEY_RULES.map((rule) => rule.id).filter((id) => !used.has(id))).toEqual([])
    const docs = readFileSync(fileURLToPath(new URL('../docs/secret-scan.md', import.meta.url)), 'utf8')
    expect(docs).toContain(coverageTable())
  })
})
