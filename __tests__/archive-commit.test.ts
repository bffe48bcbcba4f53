import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { archiveVerdict } from '../src/commands/deploy/gates/archive-config-check.js'
import { writeArchive } from '../src/operations/archive/build.js'
import { describeSelection } from '../src/operations/archive/describe.js'
import { resolveLayout } from '../src/operations/archive/layout.js'
import { selectArchiveFiles } from '../src/operations/archive/select.js'
import type { Log } from '../src/core/log.js'
import { GIT_ENV, writeFiles as write } from './helpers/git-repo.js'
import { SILENT_LOG as silentLog } from './helpers/silent-log.js'

/**
 * In a git checkout, the archive holds exactly the commit (docs/remote-build.md): tracked files
 * from git's objects for `HEAD`, whatever the working tree holds (a sparse checkout, a file a
 * step deleted or changed), submodules at their own commit, and a checkout in a subfolder of the
 * workspace found from the config's folder. Each archive is listed by the system's `tar` and
 * compared with `git ls-tree` of the commit.
 */

const temp = mkdtempSync(join(tmpdir(), 'archive-commit-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

function repo(dir: string, files: Record<string, string>) {
  mkdirSync(dir, { recursive: true })
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' })
  git('init', '-q')
  write(dir, files)
  git('add', '-f', '.')
  git('commit', '-qm', 'first')
  return { dir, git, head: () => git('rev-parse', 'HEAD').trim() }
}

const AGENT = {
  'apps/agent/langgraph.json': JSON.stringify({ dependencies: ['.', '../../libs/shared'], graphs: { agent: './agent.py:graph' } }),
  'apps/agent/agent.py': 'graph = 1\n',
  'apps/agent/prompts/system.txt': 'be brief\n',
  'apps/agent/run.sh': '#!/bin/sh\necho run\n',
  'libs/shared/shared.py': 'x = 1\n',
  'libs/shared/data/table.csv': 'a,b\n',
  'docs/guide.md': 'not archived\n'
}

/** The archive of `configPath` in `workspace`, as the system's tar lists it (files only, sorted), with the selection and what the log said. */
async function archive(workspace: string, configPath = 'apps/agent/langgraph.json', include: string[] = []) {
  const selection = await selectArchiveFiles(await resolveLayout(workspace, configPath), { exclude: [], include })
  const said: string[] = []
  const keep = (line: string) => void said.push(line)
  const log: Log = { info: keep, warn: keep, notice: keep, debug: keep, startGroup: keep, endGroup: () => undefined }
  describeSelection(selection, log)
  const written = await writeArchive(selection.entries, temp)
  const file = join(temp, `a-${Math.random().toString(36).slice(2)}.tar.gz`)
  writeFileSync(file, readFileSync(written.file))
  await written.remove()
  const listed = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter((name) => !name.endsWith('/'))
  return { listed: listed.sort(), selection, said, file, sha256: written.sha256 }
}

/** What the commit holds under the archived folders, paths from the archive's root (`apps/` and `libs/`' common ancestor here). */
function committed(git: (...args: string[]) => string, dirs = ['apps/agent', 'libs/shared'], strip = ''): string[] {
  return git('ls-tree', '-r', '--name-only', '-z', 'HEAD', '--', ...dirs)
    .split('\0')
    .filter(Boolean)
    .map((path) => path.slice(strip.length))
    .sort()
}

const contentOf = (file: string, name: string) => execFileSync('tar', ['-xzOf', file, name], { encoding: 'utf8' })

describe('a checkout ships its commit, from git objects', () => {
  it('a clean checkout: the archive is `git ls-tree` of the commit, modes as committed', async () => {
    const { dir, git } = repo(join(temp, 'clean'), AGENT)
    chmodSync(join(dir, 'apps/agent/run.sh'), 0o755)
    git('add', '.')
    git('commit', '-qm', 'executable')
    const { listed, file } = await archive(dir)
    expect(listed).toEqual(committed(git))
    const verbose = execFileSync('tar', ['-tvzf', file], { encoding: 'utf8' })
    expect(verbose).toMatch(/-rwxr-xr-x .* apps\/agent\/run\.sh/)
    expect(verbose).toMatch(/-rw-r--r-- .* apps\/agent\/agent\.py/)
  })

  it('a sparse checkout: files outside the cone ship as committed, and nothing warns (git marks them)', async () => {
    const { dir, git } = repo(join(temp, 'sparse'), AGENT)
    git('sparse-checkout', 'set', 'apps/agent')
    expect(() => readFileSync(join(dir, 'libs/shared/shared.py'))).toThrow()
    const { listed, selection, file } = await archive(dir)
    expect(listed).toEqual(committed(git))
    expect(contentOf(file, 'libs/shared/shared.py')).toBe('x = 1\n')
    expect(selection.changedSinceCommit).toEqual([])
  })

  it('a sparse checkout made as actions/checkout makes it (a partial clone): the files outside the cone are fetched in one go, and ship', async () => {
    const origin = repo(join(temp, 'partial-origin'), AGENT)
    origin.git('config', 'uploadpack.allowFilter', 'true')
    origin.git('config', 'uploadpack.allowAnySHA1InWant', 'true')
    const clone = join(temp, 'partial')
    execFileSync('git', ['clone', '-q', '--filter=blob:none', '--no-checkout', `file://${origin.dir}`, clone], { env: GIT_ENV })
    const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, env: GIT_ENV, encoding: 'utf8' })
    git('sparse-checkout', 'set', 'apps/agent')
    git('checkout', '-q')
    expect(
      git('rev-list', '--objects', '--missing=print', 'HEAD')
        .split('\n')
        .filter((line) => line.startsWith('?'))
    ).toHaveLength(3)
    // A git first on PATH that records the commands the action runs.
    const bin = mkdtempSync(join(temp, 'bin-'))
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
    writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${join(bin, 'asked')}'\nexec ${realGit} "$@"\n`, { mode: 0o755 })
    const savedPath = process.env.PATH
    process.env.PATH = `${bin}:${savedPath}`
    try {
      const { listed, file } = await archive(clone)
      expect(listed).toEqual(committed(origin.git))
      expect(contentOf(file, 'libs/shared/data/table.csv')).toBe('a,b\n')
      const asked = readFileSync(join(bin, 'asked'), 'utf8').trim().split('\n')
      expect(asked.filter((line) => / fetch /.test(line))).toHaveLength(1)
      // Nothing outside the archived folders was fetched (git fetches a missing file on its own when a command reads it).
      expect(
        git('rev-list', '--objects', '--missing=print', 'HEAD')
          .split('\n')
          .filter((line) => line.startsWith('?'))
      ).toHaveLength(1)
    } finally {
      process.env.PATH = savedPath
    }
  })

  it('a file a step deleted and one it changed ship as committed, each named in the warning', async () => {
    const { dir, git } = repo(join(temp, 'changed'), AGENT)
    unlinkSync(join(dir, 'apps/agent/prompts/system.txt'))
    writeFileSync(join(dir, 'apps/agent/agent.py'), 'graph = "rewritten by a step"\n')
    const { listed, selection, said, file } = await archive(dir)
    expect(listed).toEqual(committed(git))
    expect(contentOf(file, 'apps/agent/agent.py')).toBe('graph = 1\n')
    expect(contentOf(file, 'apps/agent/prompts/system.txt')).toBe('be brief\n')
    expect(selection.changedSinceCommit).toEqual([
      { path: 'apps/agent/agent.py', gone: false },
      { path: 'apps/agent/prompts/system.txt', gone: true }
    ])
    expect(said.join('\n')).toContain('`apps/agent/agent.py`, `apps/agent/prompts/system.txt` (deleted). The committed version ships')
  })

  it('untracked files stay out unless archive-include names them, and then come from the disk; a committed link never ships', async () => {
    const { dir, git } = repo(join(temp, 'untracked'), AGENT)
    symlinkSync('agent.py', join(dir, 'apps/agent/alias.py'))
    git('add', '.')
    git('commit', '-qm', 'a link')
    write(dir, { 'apps/agent/dist/app.js': 'built', 'apps/agent/notes.txt': 'scratch' })
    const { listed, selection } = await archive(dir, undefined, ['apps/agent/dist/'])
    const expected = [...committed(git).filter((path) => path !== 'apps/agent/alias.py'), 'apps/agent/dist/app.js'].sort()
    expect(listed).toEqual(expected)
    expect(selection.leftOut.map((item) => `${item.path} ${item.reason}`).sort()).toEqual([
      'apps/agent/alias.py link',
      'apps/agent/notes.txt untracked'
    ])
  })

  it('the same commit gives the same digest, whatever the working tree holds', async () => {
    const { dir } = repo(join(temp, 'digest'), AGENT)
    const first = await archive(dir)
    writeFileSync(join(dir, 'apps/agent/agent.py'), 'changed\n')
    unlinkSync(join(dir, 'libs/shared/shared.py'))
    const second = await archive(dir)
    expect(second.sha256).toBe(first.sha256)
  })
})

describe('Git LFS files', () => {
  const POINTER = 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a2146\nsize 11\n'

  it("ship the file the checkout fetched (git says it is the commit's), or else the pointer, named in a warning", async () => {
    const { dir, git } = repo(join(temp, 'lfs'), { ...AGENT, 'apps/agent/.gitattributes': 'model.bin filter=lfs-like\n' })
    // A stand-in for git-lfs's filters: the commit stores the pointer, the working tree holds the file.
    git('config', 'filter.lfs-like.clean', `sh -c 'cat >/dev/null; printf "${POINTER.replace(/\n/g, '\\n')}"'`)
    git('config', 'filter.lfs-like.smudge', 'sh -c \'cat >/dev/null; printf "model bytes"\'')
    write(dir, { 'apps/agent/model.bin': 'model bytes' })
    git('add', '.')
    git('commit', '-qm', 'a model in LFS')
    expect(git('cat-file', '-p', 'HEAD:apps/agent/model.bin')).toBe(POINTER)
    const fetched = await archive(dir)
    expect(contentOf(fetched.file, 'apps/agent/model.bin')).toBe('model bytes')
    expect(fetched.selection.lfsPointersShipped).toEqual([])
    // Not fetched (the working tree holds the pointer itself): the pointer ships, and is named.
    writeFileSync(join(dir, 'apps/agent/model.bin'), POINTER)
    const notFetched = await archive(dir)
    expect(contentOf(notFetched.file, 'apps/agent/model.bin')).toBe(POINTER)
    expect(notFetched.said.join('\n')).toContain(
      'Git LFS files not in the checkout, so their pointers ship, not the files: `apps/agent/model.bin`'
    )
  })

  it('a file the checkout fetched is scanned for secrets as it ships, not as the pointer the commit holds', async () => {
    const KEY = '{"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n"}'
    const { dir, git } = repo(join(temp, 'lfs-secret'), { ...AGENT, 'apps/agent/.gitattributes': 'sa.json filter=lfs-like\n' })
    git('config', 'filter.lfs-like.clean', `sh -c 'cat >/dev/null; printf "${POINTER.replace(/\n/g, '\\n')}"'`)
    git('config', 'filter.lfs-like.smudge', 'cat')
    write(dir, { 'apps/agent/sa.json': KEY })
    git('add', '.')
    git('commit', '-qm', 'a service account in LFS')
    const { listed, selection } = await archive(dir)
    expect(listed).not.toContain('apps/agent/sa.json')
    expect(selection.leftOut.filter((item) => item.path === 'apps/agent/sa.json').map((item) => item.reason)).toEqual(['secret'])
  })
})

describe('`export-ignore` in `.gitattributes`', () => {
  it("leaves out what `git archive` leaves out, by the commit's attributes files (above the folders too), not the working tree's", async () => {
    const { dir, git } = repo(join(temp, 'export-ignore'), {
      ...AGENT,
      '.gitattributes': 'apps/agent/prompts export-ignore\n*.csv export-ignore\n',
      'apps/agent/.gitattributes': 'run.sh export-ignore\n',
      'apps/agent/tests/test_agent.py': 'x = 1\n',
      'libs/shared/.gitattributes': '/tests/ export-ignore\n',
      // A folder named with a trailing `/`: git matches it only against a path that ends in one.
      'libs/shared/tests/test_tools.py': 'x = 1\n'
    })
    // A step's change to an attributes file does not count: the commit's does.
    writeFileSync(join(dir, 'apps/agent/.gitattributes'), 'run.sh export-ignore\nagent.py export-ignore\n')
    const { listed, selection } = await archive(dir)
    const file = join(temp, 'export-ignore.tar')
    git('archive', '-o', file, 'HEAD', 'apps/agent', 'libs/shared')
    const byGit = execFileSync('tar', ['-tf', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter((name) => !name.endsWith('/'))
      .sort()
    expect(listed).toEqual(byGit)
    expect(listed).toContain('apps/agent/agent.py')
    expect(listed).not.toContain('apps/agent/run.sh')
    expect(listed).not.toContain('apps/agent/prompts/system.txt')
    expect(listed).not.toContain('libs/shared/data/table.csv')
    expect(listed).not.toContain('libs/shared/tests/test_tools.py')
    expect(selection.leftOut).toContainEqual(
      expect.objectContaining({ path: 'apps/agent/prompts/', reason: 'ignored', rule: '.gitattributes' })
    )
  })
})

describe('submodules', () => {
  function withSubmodule(name: string) {
    const lib = repo(join(temp, `${name}-lib`), { 'tool.py': 'tool = 1\n', 'nested/data.txt': 'data\n' })
    const main = repo(join(temp, name), AGENT)
    main.git('submodule', 'add', '-q', lib.dir, 'apps/agent/vendor/lib')
    main.git('commit', '-qm', 'a submodule')
    return { main, lib }
  }

  it('an initialised submodule ships the commit its parent records, read from its own objects', async () => {
    const { main, lib } = withSubmodule('sub-init')
    writeFileSync(join(main.dir, 'apps/agent/vendor/lib/tool.py'), 'changed on disk\n')
    const { listed, file } = await archive(main.dir)
    const fromLib = lib
      .git('ls-tree', '-r', '--name-only', 'HEAD')
      .trim()
      .split('\n')
      .map((path) => `apps/agent/vendor/lib/${path}`)
    const expected = [...committed(main.git).filter((path) => path !== 'apps/agent/vendor/lib'), ...fromLib].sort()
    expect(listed).toEqual(expected)
    expect(contentOf(file, 'apps/agent/vendor/lib/tool.py')).toBe('tool = 1\n')
  })

  it("one whose checkout moved to another commit ships the recorded commit's files, with the same digest", async () => {
    const { main } = withSubmodule('sub-moved')
    const before = await archive(main.dir)
    const recorded = before.listed.filter((path) => path.startsWith('apps/agent/vendor/lib/'))
    expect(recorded).toEqual(['apps/agent/vendor/lib/nested/data.txt', 'apps/agent/vendor/lib/tool.py'])
    // A step moves the submodule's checkout on: a new file, and a changed one, that the recorded commit lacks.
    const sub = join(main.dir, 'apps/agent/vendor/lib')
    const inSub = (...args: string[]) => execFileSync('git', args, { cwd: sub, env: GIT_ENV, encoding: 'utf8' })
    write(sub, { 'later.py': 'later = 1\n', 'tool.py': 'tool = 2\n' })
    inSub('add', '.')
    inSub('commit', '-qm', 'later')
    const after = await archive(main.dir)
    expect(after.listed).toEqual(before.listed)
    expect(contentOf(after.file, 'apps/agent/vendor/lib/tool.py')).toBe('tool = 1\n')
    expect(after.sha256).toBe(before.sha256)
    // What is on disk and differs from the recorded commit is named, as for the checkout's own files.
    expect(after.selection.changedSinceCommit.map((item) => item.path)).toEqual(['apps/agent/vendor/lib/tool.py'])
  })

  it('one whose objects do not hold the recorded commit is refused, naming it and `git submodule update`', async () => {
    const { main, lib } = withSubmodule('sub-missing')
    // The parent records a commit of the library that the submodule never fetched.
    write(lib.dir, { 'newer.py': 'newer = 1\n' })
    lib.git('add', '.')
    lib.git('commit', '-qm', 'newer')
    main.git('update-index', '--cacheinfo', `160000,${lib.head()},apps/agent/vendor/lib`)
    main.git('commit', '-qm', 'record a commit the submodule lacks')
    await expect(archive(main.dir)).rejects.toMatchObject({
      kind: 'bad-input',
      message: expect.stringContaining(`The submodule \`apps/agent/vendor/lib\` is checked out at`),
      hint: expect.stringContaining('git submodule update')
    })
  })

  it('one not initialised is named in a warning, and its folder is left out', async () => {
    const lib = repo(join(temp, 'sub-bare-lib'), { 'tool.py': 'tool = 1\n' })
    const origin = repo(join(temp, 'sub-bare-origin'), AGENT)
    origin.git('submodule', 'add', '-q', lib.dir, 'apps/agent/vendor/lib')
    origin.git('commit', '-qm', 'a submodule')
    // A clone without `--recurse-submodules`: the submodule's folder is empty.
    const clone = join(temp, 'sub-bare')
    execFileSync('git', ['clone', '-q', origin.dir, clone], { env: GIT_ENV })
    const { listed, selection, said } = await archive(clone)
    expect(listed).toEqual(committed(origin.git).filter((path) => path !== 'apps/agent/vendor/lib' && path !== '.gitmodules'))
    expect(selection.uninitialisedSubmodules).toEqual(['apps/agent/vendor/lib'])
    expect(selection.leftOut).toContainEqual(
      expect.objectContaining({ path: 'apps/agent/vendor/lib/', reason: 'other', rule: 'submodule not initialised' })
    )
    expect(said.join('\n')).toContain('Not archived: `apps/agent/vendor/lib/`: submodule of the commit not initialised')
  })
})

describe('a local dependency that would ship empty', () => {
  it('lives in another checkout inside the workspace: a config-check problem naming it, not a pass', async () => {
    const workspace = mkdtempSync(join(temp, 'other-checkout-'))
    repo(join(workspace, 'agent'), {
      'apps/agent/langgraph.json': JSON.stringify({ dependencies: ['.', '../../../shared'], graphs: { agent: './agent.py:graph' } }),
      'apps/agent/agent.py': 'graph = 1\n'
    })
    // actions/checkout with `path: shared`: a checkout of its own, whose files the agent's commit does not hold.
    repo(join(workspace, 'shared'), { 'shared/__init__.py': 'x = 1\n', 'pyproject.toml': '[project]\nname = "shared"\n' })
    const layout = await resolveLayout(workspace, 'agent/apps/agent/langgraph.json')
    const selection = await selectArchiveFiles(layout, { exclude: [] })
    expect(selection.entries.filter((entry) => entry.workspacePath.startsWith('shared/') && entry.type === 'file')).toEqual([])
    const verdict = await archiveVerdict(selection, 'error', { log: silentLog }, layout.problems)
    expect(verdict.status).toBe('failed')
    const said = JSON.stringify(verdict)
    expect(said).toContain('dependencies[1]')
    expect(said).toContain('would ship empty')
  })

  it('a dependency with committed files passes', async () => {
    const { dir } = repo(join(temp, 'dependency-committed'), AGENT)
    const layout = await resolveLayout(dir, 'apps/agent/langgraph.json')
    const verdict = await archiveVerdict(await selectArchiveFiles(layout, { exclude: [] }), 'error', { log: silentLog }, layout.problems)
    expect(JSON.stringify(verdict)).not.toContain('would ship empty')
  })
})

describe('a checkout in a subfolder of the workspace (actions/checkout with `path:`)', () => {
  it('is a checkout: its commit ships, and a stray file beside it does not', async () => {
    const workspace = mkdtempSync(join(temp, 'ws-'))
    const { git, head } = repo(join(workspace, 'src'), AGENT)
    write(workspace, { 'src/apps/agent/id_stray.txt': 'untracked', 'src/apps/agent/cache/blob': 'junk' })
    const { listed, selection } = await archive(workspace, 'src/apps/agent/langgraph.json')
    expect(selection.tiedToCommit).toBe(head())
    expect(listed).toEqual(committed(git))
    expect(selection.leftOut.map((item) => `${item.path} ${item.reason}`).sort()).toEqual([
      'src/apps/agent/cache/ untracked',
      'src/apps/agent/id_stray.txt untracked'
    ])
  })
})

describe('a checkout whose objects are not all there', () => {
  it('is refused before anything is sent, naming the file git does not have', async () => {
    const { dir, git } = repo(join(temp, 'broken'), AGENT)
    const oid = git('rev-parse', 'HEAD:apps/agent/agent.py').trim()
    rmSync(join(dir, '.git/objects', oid.slice(0, 2), oid.slice(2)))
    await expect(selectArchiveFiles(await resolveLayout(dir, 'apps/agent/langgraph.json'), { exclude: [] })).rejects.toMatchObject({
      kind: 'bad-input',
      message: expect.stringContaining(`git has no file \`${oid}\` (\`apps/agent/agent.py\`) in this checkout's objects`)
    })
  })
})

describe('reading from git ends with the run', () => {
  it('a cancel while git does not answer ends the archive (git is stopped), and leaves no file behind', async () => {
    const { dir } = repo(join(temp, 'hang'), AGENT)
    const selection = await selectArchiveFiles(await resolveLayout(dir, 'apps/agent/langgraph.json'), { exclude: [], include: [] })
    // A git first on PATH whose `cat-file --batch` and `grep` never answer (a hung filesystem).
    const bin = mkdtempSync(join(temp, 'bin-'))
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
    writeFileSync(
      join(bin, 'git'),
      `#!/bin/sh\ncase "$*" in *"cat-file --batch"*|*" grep "*) exec sleep 600;; esac\nexec ${realGit} "$@"\n`,
      { mode: 0o755 }
    )
    const savedPath = process.env.PATH
    process.env.PATH = `${bin}:${savedPath}`
    const out = mkdtempSync(join(temp, 'hang-out-'))
    const cancel = new AbortController()
    try {
      const writing = writeArchive(selection.entries, out, undefined, {
        signal: cancel.signal,
        clock: { now: () => 0, sleep: async () => undefined },
        deadline: 60_000
      })
      setTimeout(() => cancel.abort(), 100)
      await expect(writing).rejects.toMatchObject({ kind: 'cancelled' })
      expect(readdirSync(out)).toEqual([])
      // The secret scan searches through git too (`git grep`), before anything is written: a cancel ends it as well.
      const scanCancel = new AbortController()
      const selecting = selectArchiveFiles(await resolveLayout(dir, 'apps/agent/langgraph.json'), {
        exclude: [],
        stop: { signal: scanCancel.signal, clock: { now: () => 0, sleep: async () => undefined }, deadline: 60_000 }
      })
      setTimeout(() => scanCancel.abort(), 300)
      await expect(selecting).rejects.toMatchObject({ kind: 'cancelled' })
    } finally {
      process.env.PATH = savedPath
    }
  })
})
