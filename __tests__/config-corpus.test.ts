import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { archiveVerdict } from '../src/commands/deploy/gates/archive-config-check.js'
import { ActionError } from '../src/core/errors.js'
import { resolveLayout } from '../src/operations/archive/layout.js'
import { selectArchiveFiles } from '../src/operations/archive/select.js'
import { openBlobReads } from '../src/operations/git/blob-stream.js'
import { commitFiles } from '../src/operations/config-check/commit-files.js'
import { checkConfigFromCommit, commitReads, readNow } from '../src/operations/config-check/commit-reads.js'
import { listTree } from '../src/operations/git/git-tree.js'
import { SILENT_LOG } from './helpers/silent-log.js'

/*
 * The official client's verdict on every recorded case (__tests__/fixtures/config-corpus/, made
 * by scripts/dev/client-verdicts.sh from the client's own code: its validation, its archive and
 * its Dockerfile generation on what the action ships). The action's check of a remote build is
 * held to it: never a refusal where the client and its build pass, and a miss only where the
 * rule needs what no one can read before the build (KNOWABLE_ONLY_AT_BUILD).
 */

interface Verdict {
  accepted: boolean
  stage?: string
  category?: string
}
interface CorpusCase {
  name: string
  origin: string
  config: string
  files: Record<string, string>
  /** Files recorded as bytes (base64): a config that is not UTF-8. */
  bytes?: Record<string, string>
  verdict: { client: Verdict; shipped: Verdict }
}

const CORPUS = fileURLToPath(new URL('./fixtures/config-corpus/', import.meta.url))
const cases: CorpusCase[] = readdirSync(CORPUS)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .flatMap((name) => (JSON.parse(readFileSync(join(CORPUS, name), 'utf8')) as { cases: CorpusCase[] }).cases)

/**
 * What the build fails on that nothing before it can read: which releases of the agent server
 * PyPI lists (an `api_version` range no release matches). docs/config-check.md names these.
 */
const KNOWABLE_ONLY_AT_BUILD = ['pypi-no-match']

const temp = mkdtempSync(join(tmpdir(), 'config-corpus-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const silent = SILENT_LOG

let trees = 0
function workspace(files: Record<string, string>, bytes: Record<string, string> = {}): string {
  const root = join(temp, `ws-${++trees}`, 'repo')
  mkdirSync(root, { recursive: true })
  for (const [path, text] of Object.entries(files)) {
    if (path.endsWith('/')) {
      mkdirSync(join(root, path), { recursive: true })
      continue
    }
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  for (const [path, base64] of Object.entries(bytes)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), Buffer.from(base64, 'base64'))
  }
  return root
}

/** The action's config check of a remote build of this case (error mode): refused, and why. */
async function actionVerdict(item: CorpusCase): Promise<{ refused: boolean; said: string }> {
  const root = workspace(item.files, item.bytes)
  try {
    const layout = await resolveLayout(root, item.config)
    const selection = await selectArchiveFiles(layout, { exclude: [] })
    const verdict = await archiveVerdict(selection, 'error', { log: silent }, layout.problems)
    return { refused: verdict.status === 'failed', said: JSON.stringify(verdict.problems ?? verdict.detail) }
  } catch (error) {
    if (error instanceof ActionError) return { refused: true, said: error.message }
    throw error
  }
}

/** Recorded groups: published projects, the client's unit tests, mutations of every key, uv sources. */
const groups = [...new Set(cases.map((item) => item.name.split('/')[0]))]

describe('the config check against the official client, case by case', () => {
  it('the corpus is well over 200 cases, from every origin', () => {
    expect(cases.length).toBeGreaterThan(200)
    expect(groups.sort()).toEqual(['client-test', 'example', 'mutation', 'uv'])
  })

  // Hundreds of small trees written and read: more time than a unit test, none of it waiting.
  it.each(groups)(
    '%s: no refusal where the client and its build pass, a miss only where the build alone can tell',
    async (group) => {
      const falseRefusals: string[] = []
      const misses: string[] = []
      let agreed = 0
      const mine = cases.filter((item) => item.name.split('/')[0] === group)
      for (const item of mine) {
        const { refused, said } = await actionVerdict(item)
        const expected = !item.verdict.shipped.accepted
        if (refused === expected) agreed++
        else if (refused) falseRefusals.push(`${item.name}: ${said}`)
        else if (!KNOWABLE_ONLY_AT_BUILD.includes(item.verdict.shipped.category ?? ''))
          misses.push(`${item.name}: the client says ${JSON.stringify(item.verdict.shipped)}`)
      }
      if (process.env.CORPUS_REPORT)
        process.stdout.write(
          `${group}: agreed ${agreed}/${mine.length}; false refusals ${falseRefusals.length}; misses ${misses.length}\n${[...falseRefusals, ...misses].join('\n')}\n`
        )
      expect(falseRefusals).toEqual([])
      expect(misses).toEqual([])
    },
    120_000
  )

  it.each(groups)(
    '%s, as a `github` build reads it (the commit holding every file, read from git as the action reads it): never stricter than the client',
    async (group) => {
      const accepted = cases.filter((each) => each.name.split('/')[0] === group && each.verdict.shipped.accepted)
      const { top, commits } = commitCases(group, accepted)
      const refused: string[] = []
      const blobs = openBlobReads()
      try {
        for (const [index, item] of accepted.entries()) {
          // What production reads: the commit's tree from `git ls-tree`, its files from git's objects (commit-files.ts).
          const files = commitFiles(top, await listTree(top, commits[index], [''], undefined, false), commitReads(blobs))
          const text = await readNow(files, item.config)
          if (text === undefined) {
            refused.push(`${item.name}: the config could not be read from the commit`)
            continue
          }
          const report = await checkConfigFromCommit(text, item.config, files)
          if (report.problems.length > 0) refused.push(`${item.name}: ${JSON.stringify(report.problems)}`)
        }
      } finally {
        blobs.close()
      }
      expect(refused).toEqual([])
    },
    120_000
  )
})

/**
 * Every case committed in one repository, each as a root commit of its own (its files only),
 * in one `git fast-import`: the commits a `github` build would fetch. A folder with nothing in
 * it is not in a commit, as git holds none.
 */
function commitCases(group: string, items: readonly CorpusCase[]): { top: string; commits: string[] } {
  const top = join(temp, `commits-${group}`)
  mkdirSync(top, { recursive: true })
  execFileSync('git', ['init', '-q'], { cwd: top, stdio: 'pipe' })
  const stream: Buffer[] = []
  items.forEach((item, index) => {
    stream.push(Buffer.from(`commit refs/heads/case-${index}\nmark :${index + 1}\ncommitter t <t@example.com> 0 +0000\ndata 0\n`))
    const recorded = Object.entries(item.files).map(([path, text]): [string, Buffer] => [path, Buffer.from(text)])
    for (const [path, base64] of Object.entries(item.bytes ?? {})) recorded.push([path, Buffer.from(base64, 'base64')])
    for (const [path, bytes] of recorded) {
      if (path.endsWith('/')) continue
      stream.push(Buffer.from(`M 100644 inline ${path}\ndata ${bytes.length}\n`), bytes, Buffer.from('\n'))
    }
    stream.push(Buffer.from('\n'))
  })
  const marks = join(top, 'marks')
  execFileSync('git', ['fast-import', '--quiet', `--export-marks=${marks}`], {
    cwd: top,
    input: Buffer.concat(stream),
    stdio: ['pipe', 'pipe', 'pipe']
  })
  const byMark = new Map(
    readFileSync(marks, 'utf8')
      .trim()
      .split('\n')
      .map((line) => [line.split(' ')[0], line.split(' ')[1]] as const)
  )
  return { top, commits: items.map((_item, index) => byMark.get(`:${index + 1}`) ?? '') }
}
