import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { archiveVerdict } from '../src/commands/deploy/gates/archive-config-check.js'
import { resolveLayout } from '../src/operations/archive/layout.js'
import { selectArchiveFiles } from '../src/operations/archive/select.js'
import { openBlobReads } from '../src/operations/git/blob-stream.js'
import { commitFiles } from '../src/operations/config-check/commit-files.js'
import { checkConfigFromCommit, commitReads, readNow } from '../src/operations/config-check/commit-reads.js'
import { checkoutOf, listTree } from '../src/operations/git/git-tree.js'
import { GIT_ENV } from './helpers/git-repo.js'
import { SILENT_LOG } from './helpers/silent-log.js'

/**
 * Git is run a constant number of times for a remote build's archive and its config check,
 * whatever the number of files read (docs/remote-build.md), and every git process ends with the
 * run: a cancel or the step's deadline kills it. Git here is the real one, behind a stand-in
 * first on PATH that records each command, or hangs on one.
 */

const temp = mkdtempSync(join(tmpdir(), 'archive-git-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
const silent = SILENT_LOG
const realClock = { now: () => Date.now(), sleep: async () => undefined }

function repo(dir: string, files: Record<string, string>) {
  const git = (...args: string[]) => execFileSync(REAL_GIT, args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' })
  mkdirSync(dir, { recursive: true })
  git('init', '-q')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  git('add', '-f', '.')
  git('commit', '-qm', 'first')
  return { dir, git }
}

/** Runs `work` with a `git` first on PATH made of `script` (a shell case on "$*", then the real git). */
async function withGit<T>(script: string, work: () => Promise<T>): Promise<T> {
  const bin = mkdtempSync(join(temp, 'bin-'))
  writeFileSync(join(bin, 'git'), `#!/bin/sh\n${script}\nexec ${REAL_GIT} "$@"\n`, { mode: 0o755 })
  const saved = process.env.PATH
  process.env.PATH = `${bin}:${saved}`
  try {
    return await work()
  } finally {
    process.env.PATH = saved
  }
}

/**
 * A uv workspace of `count` members (each with a `pyproject.toml` and a `.dockerignore`) and an
 * agent with `count` graphs, each in its own module; beside it, a pip agent with `count` graphs
 * and `count` local dependencies that a step removed from the disk (committed folders: they still
 * ship). Graph 2's module lacks its variable, and member 2's `pyproject.toml` is not TOML: the
 * checks must have read both.
 */
function workspace(name: string, count: number) {
  const files: Record<string, string> = {
    'pyproject.toml': '[project]\nname = "root"\n[tool.uv.workspace]\nmembers = ["apps/*", "libs/*"]\n',
    'uv.lock': 'version = 1\n',
    // Attributes files add their two commands (`update-index`, `check-attr`) once per repository, whatever the number of files.
    '.gitattributes': '*.log export-ignore\n',
    'apps/agent/pyproject.toml': '[project]\nname = "agent"\n'
  }
  const graphs: Record<string, string> = {}
  const dependencies = ['.']
  for (let n = 1; n <= count; n++) {
    graphs[`g${n}`] = `./src/g${n}.py:graph`
    files[`apps/agent/src/g${n}.py`] = n === 2 ? 'other = 1\n' : 'graph = 1\n'
    files[`apps/pip/src/g${n}.py`] = n === 2 ? 'other = 1\n' : 'graph = 1\n'
    files[`libs/l${n}/pyproject.toml`] = n === 2 ? '[project\n' : `[project]\nname = "l${n}"\n`
    files[`libs/l${n}/.dockerignore`] = 'cache/\n'
    files[`libs/l${n}/cache/c.txt`] = 'left out\n'
    files[`extra/d${n}/x.py`] = 'x = 1\n'
    dependencies.push(`../../extra/d${n}`)
  }
  files[UV] = JSON.stringify({ python_version: '3.12', graphs, source: { kind: 'uv', root: '../..' } })
  files[PIP] = JSON.stringify({ python_version: '3.12', graphs, dependencies })
  const made = repo(join(temp, name), files)
  rmSync(join(made.dir, 'extra'), { recursive: true, force: true })
  return made
}
const UV = 'apps/agent/langgraph.json'
const PIP = 'apps/pip/langgraph.json'

/** The archive's selection and its config check, as a remote build runs them, and the `github` check of the same commit. */
async function checkBoth(dir: string, config: string) {
  const stop = { clock: realClock, deadline: Date.now() + 60_000 }
  const layout = await resolveLayout(dir, config, stop)
  const selection = await selectArchiveFiles(layout, { exclude: [], include: [], stop })
  const archived = await archiveVerdict(selection, 'warn', { log: silent, ...stop }, layout.problems)
  const checkout = await checkoutOf(dir, stop)
  const tree = await listTree(checkout!.top, checkout!.commit, [''], stop, false)
  const blobs = openBlobReads(stop)
  try {
    const files = commitFiles(checkout!.top, tree, commitReads(blobs))
    const report = await checkConfigFromCommit((await readNow(files, config))!, config, files)
    return { layout, selection, archived, github: { problems: report.problems, warnings: report.warnings } }
  } finally {
    blobs.close()
  }
}

/** The git commands each run, by their first word after git's own options (`cat-file --batch`, `ls-tree`...). */
function commandsIn(asked: string): string[] {
  return readFileSync(asked, 'utf8')
    .trim()
    .split('\n')
    .map((line) => /--literal-pathspecs (.*)$/.exec(line)?.[1] ?? line)
    .map((line) =>
      line
        .split(' ')
        .slice(0, line.startsWith('cat-file') ? 2 : 1)
        .join(' ')
    )
    .sort()
}

describe('git runs a constant number of times, whatever the number of files read', () => {
  it('30 graphs, uv members, ignore files and removed folders start as many git processes as 3', async () => {
    const counted = async (count: number) => {
      const { dir } = workspace(`files-${count}`, count)
      const asked = join(temp, `asked-${count}`)
      const uv = await withGit(`echo "$*" >> '${asked}'`, () => checkBoth(dir, UV))
      const pip = await withGit(`echo "$*" >> '${asked}'`, () => checkBoth(dir, PIP))
      return { uv, pip, commands: commandsIn(asked) }
    }
    const few = await counted(3)
    const many = await counted(30)
    expect(many.commands).toEqual(few.commands)
    expect(many.commands).toContain('check-attr')
    // Every file was read: each module, each member, and the removed folders ship from the commit.
    for (const report of [many.uv.archived, many.uv.github, many.pip.archived, many.pip.github])
      expect(JSON.stringify(report)).toContain('graphs.g2')
    for (const report of [many.uv.archived, many.uv.github]) expect(JSON.stringify(report)).toContain('libs/l2/pyproject.toml')
    expect(many.pip.layout.problems).toEqual([])
    expect(many.pip.selection.entries.map((entry) => entry.workspacePath)).toContain('extra/d30/x.py')
    expect(many.uv.selection.leftOut).toContainEqual(expect.objectContaining({ path: 'libs/l30/cache/', rule: 'libs/l30/.dockerignore' }))
    // One batch reader per step that reads files, for each config: the archive's check, the commit's check; and the uv one's ignore files.
    // (The secret scan's one `git grep` names no file here, so it reads none.)
    expect(many.commands.filter((command) => command === 'cat-file --batch')).toHaveLength(2 * 2 + 1)
    if (process.env.GIT_COMMANDS_REPORT) process.stdout.write(`${many.commands.join('\n')}\n`)
  }, 60_000)
})

describe('a git that does not answer ends with the run', () => {
  /** A stand-in that records its process id, then hangs, when its command matches `pattern` (a shell case pattern). */
  const hangOn = (pattern: string, pids: string) => `case "$*" in ${pattern}) echo $$ >> '${pids}'; exec sleep 600;; esac`
  const readIfThere = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '')
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }

  const steps: Array<[string, string, string]> = [
    ['finding the checkout (`git rev-parse`)', '*rev-parse*', PIP],
    ['listing the commit (`git ls-tree`)', '*ls-tree*', PIP],
    ['asking which removed folders are committed (`git cat-file --batch-check`)', '*batch-check*', PIP],
    ["reading the commit's ignore files (`git cat-file --batch`)", '*"cat-file --batch"', UV],
    ["reading the config's files (`git cat-file --batch`)", '*"cat-file --batch"', UV]
  ]
  it.each(steps)(
    '%s: a cancel kills it',
    async (what, pattern, config) => {
      const { dir } = workspace(`hang-${pattern.replace(/\W/g, '')}-${Math.random().toString(36).slice(2)}`, 2)
      const pids = join(temp, `pids-${Math.random().toString(36).slice(2)}`)
      const cancel = new AbortController()
      const stop = { signal: cancel.signal, clock: realClock, deadline: Date.now() + 600_000 }
      // The config check's reads are the only ones to hang in its case: the archive is selected first, with the real git.
      const selected = what.includes("config's files")
        ? await selectArchiveFiles(await resolveLayout(dir, config), { exclude: [] })
        : undefined
      const running = withGit(hangOn(pattern, pids), async () => {
        const work = selected
          ? archiveVerdict(selected, 'warn', { log: silent, ...stop })
          : resolveLayout(dir, config, stop).then((layout) => selectArchiveFiles(layout, { exclude: [], stop }))
        const waited = Date.now()
        // A whole line, not just the file: the shell opens it before it writes the number, and a
        // cancel between the two left it empty, read as process 0 (this process's group: "alive").
        while (!/^\d+\n/.test(readIfThere(pids)) && Date.now() - waited < 20_000) await new Promise((resolve) => setTimeout(resolve, 20))
        cancel.abort()
        return work
      })
      await expect(running).rejects.toMatchObject({ kind: 'cancelled' })
      const hung = [...readFileSync(pids, 'utf8').matchAll(/^(\d+)\n/gm)].map((m) => Number(m[1]))
      expect(hung.length).toBeGreaterThan(0)
      // Killed, not left running: the stand-in was the sleep itself (exec).
      const waited = Date.now()
      while (hung.some(alive) && Date.now() - waited < 5_000) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(hung.filter(alive)).toEqual([])
    },
    30_000
  )

  it("the step's deadline ends a hung `git ls-tree` too, as out of time", async () => {
    const { dir } = workspace('deadline', 2)
    const pids = join(temp, 'pids-deadline')
    const stop = { clock: realClock, deadline: Date.now() + 1_500 }
    const running = withGit(hangOn('*ls-tree*', pids), async () =>
      selectArchiveFiles(await resolveLayout(dir, PIP, stop), { exclude: [], stop })
    )
    // One stop, one wording: git's end at the deadline reads as the archive's own (archive.test.ts).
    await expect(running).rejects.toMatchObject({
      kind: 'timed-out',
      message: expect.stringMatching(/^Gave up reading the checkout: the step's `timeout` ran out/)
    })
  }, 30_000)
})

describe('in a checkout, only the ignore files that ship apply', () => {
  const AGENT = {
    'apps/agent/langgraph.json': JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }),
    'apps/agent/agent.py': 'graph = 1\n',
    'apps/agent/prompts/p.txt': 'be brief\n'
  }

  it('a `.dockerignore` a step left beside the commit leaves out nothing, and does not ship', async () => {
    const { dir } = repo(join(temp, 'stray-dockerignore'), AGENT)
    writeFileSync(join(dir, 'apps/agent/.dockerignore'), 'prompts/\n')
    const selection = await selectArchiveFiles(await resolveLayout(dir, 'apps/agent/langgraph.json'), { exclude: [], include: [] })
    const shipped = selection.entries.map((entry) => entry.workspacePath)
    expect(shipped).toContain('apps/agent/prompts/p.txt')
    expect(shipped).not.toContain('apps/agent/.dockerignore')
    expect(selection.leftOut).toEqual([expect.objectContaining({ path: 'apps/agent/.dockerignore', reason: 'untracked' })])
  })

  it('one that `archive-include` ships applies, as a committed one does', async () => {
    const { dir } = repo(join(temp, 'included-dockerignore'), AGENT)
    writeFileSync(join(dir, 'apps/agent/.dockerignore'), 'prompts/\n')
    const selection = await selectArchiveFiles(await resolveLayout(dir, 'apps/agent/langgraph.json'), {
      exclude: [],
      include: ['apps/agent/.dockerignore']
    })
    const shipped = selection.entries.map((entry) => entry.workspacePath)
    expect(shipped).toContain('apps/agent/.dockerignore')
    expect(shipped).not.toContain('apps/agent/prompts/p.txt')
    expect(selection.leftOut).toEqual([
      expect.objectContaining({ path: 'apps/agent/prompts/', reason: 'ignored', rule: 'apps/agent/.dockerignore' })
    ])
  })

  it('one that `archive-include` names but `archive-exclude` leaves out does not apply', async () => {
    const { dir } = repo(join(temp, 'excluded-dockerignore'), AGENT)
    writeFileSync(join(dir, 'apps/agent/.dockerignore'), 'prompts/\n')
    const selection = await selectArchiveFiles(await resolveLayout(dir, 'apps/agent/langgraph.json'), {
      exclude: ['apps/agent/.dockerignore'],
      include: ['apps/agent/.dockerignore']
    })
    const shipped = selection.entries.map((entry) => entry.workspacePath)
    expect(shipped).toContain('apps/agent/prompts/p.txt')
    expect(shipped).not.toContain('apps/agent/.dockerignore')
  })
})
