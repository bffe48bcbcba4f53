import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { InputError } from '../src/core/errors.js'
import { writeArchive } from '../src/operations/archive/build.js'
import { resolveLayout } from '../src/operations/archive/layout.js'
import { prepareArchive } from '../src/operations/archive/prepare.js'
import { compareUtf8, walkLayout } from '../src/operations/archive/walk.js'
import { agentTree, AGENT_TREE_ARCHIVED, copyWithOtherTimes } from './helpers/agent-tree.js'
import { SILENT_LOG } from './helpers/silent-log.js'

const tree = agentTree()
const temp = mkdtempSync(join(tmpdir(), 'archive-test-'))
afterAll(() => {
  tree.remove()
  rmSync(temp, { recursive: true, force: true })
})

async function archiveOf(workspace: string, exclude: string[] = []) {
  const layout = await resolveLayout(workspace, 'apps/agent/langgraph.json')
  const walked = await walkLayout(layout, { exclude, include: [] })
  const written = await writeArchive(walked.entries, temp)
  return { layout, walked, written }
}

describe('the archive of a remote build', () => {
  it('lays out the config directory and its local dependencies from their common ancestor', async () => {
    const layout = await resolveLayout(tree.workspace, 'apps/agent/langgraph.json')
    expect(layout.configPath).toBe('apps/agent/langgraph.json')
    expect(layout.included.map((dir) => dir.slice(layout.root.length + 1))).toEqual(['apps/agent', 'libs/shared'])
  })

  it("ships a uv source's `source.root`: the workspace's `uv.lock`, `pyproject.toml` and members", async () => {
    const ws = mkdtempSync(join(tmpdir(), 'uv-layout-'))
    const files: Record<string, string> = {
      'pyproject.toml': '[project]\nname = "root"\n[tool.uv.workspace]\nmembers = ["apps/*", "libs/*"]\n',
      'uv.lock': 'version = 1\n',
      'apps/agent/langgraph.json': JSON.stringify({
        python_version: '3.12',
        graphs: { agent: './src/agent/graph.py:graph' },
        source: { kind: 'uv', root: '../..' }
      }),
      'apps/agent/pyproject.toml': '[project]\nname = "agent"\n',
      'apps/agent/src/agent/graph.py': 'graph = None\n',
      'libs/shared/pyproject.toml': '[project]\nname = "shared"\n'
    }
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(ws, path, '..'), { recursive: true })
      writeFileSync(join(ws, path), text)
    }
    const layout = await resolveLayout(ws, 'apps/agent/langgraph.json')
    expect(layout.problems).toEqual([])
    const shipped = (await walkLayout(layout, { exclude: [], include: [] })).entries.map((entry) => entry.path)
    expect(shipped).toEqual(
      expect.arrayContaining(['uv.lock', 'pyproject.toml', 'libs/shared/pyproject.toml', 'apps/agent/langgraph.json'])
    )
    // Without the uv source, as the client's own archive does: the config's directory alone, no uv.lock.
    writeFileSync(
      join(ws, 'apps/agent/langgraph.json'),
      JSON.stringify({ python_version: '3.12', graphs: { agent: './src/agent/graph.py:graph' }, dependencies: ['.'] })
    )
    expect((await resolveLayout(ws, 'apps/agent/langgraph.json')).included).toEqual([join(realpathSync(ws), 'apps/agent')])
    rmSync(ws, { recursive: true, force: true })
  })

  it('holds what goes, and says what it left out and why', async () => {
    const { walked, written } = await archiveOf(tree.workspace)
    const listed = execFileSync('tar', ['-tzf', written.file], { encoding: 'utf8' }).trim().split('\n')
    expect(listed).toEqual([...AGENT_TREE_ARCHIVED].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))))
    expect(walked.leftOut.map((e) => `${e.path}: ${e.reason} ${e.rule ?? ''}`).sort()).toEqual([
      'apps/agent/.env.production: secret .env.*',
      'apps/agent/.env: secret .env',
      'apps/agent/.venv/: ignored .venv/',
      'apps/agent/__pycache__/: ignored __pycache__/',
      'apps/agent/debug.log: ignored apps/agent/.gitignore',
      'apps/agent/readme-link.md: link ',
      'apps/agent/scratch/: ignored apps/agent/.gitignore',
      'libs/shared/node_modules/: ignored node_modules/',
      'libs/shared/tests/: ignored libs/shared/.dockerignore'
    ])
    await written.remove()
  })

  it('writes fixed times, owners and modes', async () => {
    const { written } = await archiveOf(tree.workspace)
    const verbose = execFileSync('tar', ['-tvzf', written.file, '--numeric-owner'], { encoding: 'utf8' }).trim().split('\n')
    expect(verbose.find((line) => line.endsWith(' apps/agent/run.sh'))).toMatch(/^-rwxr-xr-x 0\/0 .* 2000-01-01 00:00 apps\/agent\/run.sh$/)
    expect(verbose.find((line) => line.endsWith(' apps/agent/agent.py'))).toMatch(
      /^-rw-r--r-- 0\/0 .* 2000-01-01 00:00 apps\/agent\/agent.py$/
    )
    expect(verbose.find((line) => line.endsWith(' libs/shared/'))).toMatch(/^drwxr-xr-x 0\/0 .* 2000-01-01 00:00 libs\/shared\/$/)
    // gzip header: no name flag, no time, as `gzip -n` writes.
    const header = readFileSync(written.file).subarray(0, 10)
    expect(header[3]).toBe(0)
    expect(header.readUInt32LE(4)).toBe(0)
    await written.remove()
  })

  it("writes the gzip header's OS byte as 255 (unknown) on every runner, and the digest covers it; gzip and tar still read it", async () => {
    const { written } = await archiveOf(tree.workspace)
    const bytes = readFileSync(written.file)
    expect(bytes[9]).toBe(255)
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(written.sha256)
    execFileSync('gzip', ['-t', written.file])
    expect(execFileSync('tar', ['-tzf', written.file], { encoding: 'utf8' })).toContain('apps/agent/langgraph.json')
    await written.remove()
  })

  it('gives the same bytes for the same files: twice, and from a copy elsewhere with other times', async () => {
    const first = (await archiveOf(tree.workspace)).written
    const second = (await archiveOf(tree.workspace)).written
    const copy = copyWithOtherTimes(tree.workspace)
    const third = (await archiveOf(copy.workspace)).written
    copy.remove()
    expect(first.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(second.sha256).toBe(first.sha256)
    expect(third.sha256).toBe(first.sha256)
    expect(readFileSync(third.file).equals(readFileSync(first.file))).toBe(true)
    await Promise.all([first, second, third].map((a) => a.remove()))
  })

  it('leaves out what archive-exclude names, relative to the workspace', async () => {
    const { walked, written } = await archiveOf(tree.workspace, ['apps/agent/data/', '*.txt', '!libs/nothing'])
    await written.remove()
    expect(walked.entries.map((e) => e.path)).not.toContain('apps/agent/data/big.bin')
    expect(walked.leftOut).toEqual(
      expect.arrayContaining([
        { path: 'apps/agent/data/', reason: 'excluded', rule: 'archive-exclude', why: '`archive-exclude`' },
        { path: 'apps/agent/prompts/system.txt', reason: 'excluded', rule: 'archive-exclude', why: '`archive-exclude`' }
      ])
    )
  })

  it('takes a directory whose name starts with `..` (`..shared`) as inside the workspace', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'dotdot-'))
    mkdirSync(join(ws, '..shared'))
    mkdirSync(join(ws, 'agent'))
    writeFileSync(join(ws, 'agent/langgraph.json'), JSON.stringify({ dependencies: ['.', '../..shared'] }))
    writeFileSync(join(ws, '..shared/util.py'), 'x')
    const layout = await resolveLayout(ws, 'agent/langgraph.json')
    expect(layout.configPath).toBe('agent/langgraph.json')
    expect((await walkLayout(layout, { exclude: [], include: [] })).entries.map((e) => e.path)).toContain('..shared/util.py')
    // From `agent/` as the workspace, `../..shared` really is outside: a problem nothing can archive.
    expect((await resolveLayout(join(ws, 'agent'), 'langgraph.json')).problems).toEqual([
      expect.objectContaining({ key: 'dependencies[1]', always: true })
    ])
    rmSync(ws, { recursive: true, force: true })
  })

  it('refuses a missing config file as bad input; a dependency outside the workspace is a config problem naming its key', async () => {
    await expect(resolveLayout(tree.workspace, 'apps/nope/langgraph.json')).rejects.toThrow(InputError)
    await expect(resolveLayout(tree.workspace, 'apps/nope/langgraph.json')).rejects.toThrow(
      /`graph-config-path` `apps\/nope\/langgraph.json` is not a file in the workspace/
    )
    const outside = await resolveLayout(join(tree.workspace, 'apps'), 'agent/langgraph.json')
    expect(outside.problems.map((problem) => [problem.key, problem.always])).toEqual([['dependencies[1]', true]])
  })
})

describe("the archive's order", () => {
  it('is the order of the paths in UTF-8, byte by byte, for names of every width (astral, U+E000 to U+FFFF, ASCII)', () => {
    // One character from each range where UTF-16 and UTF-8 orders differ, and ones where they agree.
    const characters = [
      'a',
      'Z',
      '/',
      '.',
      'é',
      '\u07ff',
      '\u0800',
      '\ud7ff',
      '\ue000',
      '\uff01',
      '\uffff',
      '😀',
      '\u{10000}',
      '\u{10ffff}'
    ]
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    const paths = Array.from({ length: 400 }, () =>
      Array.from({ length: 1 + (next() % 6) }, () => characters[next() % characters.length]).join('')
    )
    const byBytes = [...paths].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    expect([...paths].sort(compareUtf8)).toEqual(byBytes)
    // The case UTF-16 orders the other way: a character above U+FFFF after U+FFFF.
    expect(compareUtf8('😀', '\uffff')).toBeGreaterThan(0)
    expect('😀' < '\uffff').toBe(true)
  })
})

describe('the size limits', () => {
  const log = () => {
    const lines = { info: [] as string[], warn: [] as string[] }
    return {
      lines,
      log: {
        info: (l: string) => lines.info.push(l),
        warn: (l: string) => lines.warn.push(l),
        notice: () => undefined,
        debug: () => undefined,
        startGroup: () => undefined,
        endGroup: () => undefined
      }
    }
  }
  // Incompressible data: the compressed size is what the limits are about.
  const big = mkdtempSync(join(tmpdir(), 'archive-big-'))
  afterAll(() => rmSync(big, { recursive: true, force: true }))
  writeFileSync(join(big, 'langgraph.json'), '{"dependencies":["."]}')
  writeFileSync(join(big, 'weights.bin'), randomBytes(300_000))
  writeFileSync(join(big, 'data.bin'), randomBytes(120_000))

  it('warns over the warning limit, naming the largest files', async () => {
    const { lines, log: sink } = log()
    const archive = await prepareArchive(await resolveLayout(big, 'langgraph.json'), {
      exclude: [],
      tempRoot: temp,
      log: sink,
      limits: { warnBytes: 100_000, refuseBytes: 1_000_000 }
    })
    await archive.remove()
    expect(lines.warn.filter((line) => line.startsWith('The source archive'))).toEqual([
      expect.stringMatching(
        /^The source archive is \d+ KiB compressed \(over 98 KiB\): the remote build will be slow\. Largest files: `weights.bin` \(293 KiB\), `data.bin` \(117 KiB\), `langgraph.json` \(22 bytes\)\./
      )
    ])
  })

  it('refuses over the upload limit, naming the input and the largest files, and leaves no file behind', async () => {
    const { log: sink } = log()
    const attempt = prepareArchive(await resolveLayout(big, 'langgraph.json'), {
      exclude: [],
      tempRoot: temp,
      log: sink,
      limits: { warnBytes: 100_000, refuseBytes: 200_000 }
    })
    await expect(attempt).rejects.toThrow(
      /^The source archive of `graph-config-path` `langgraph.json` is over 195 KiB compressed, more than the upload takes\. Largest files: `weights.bin` \(293 KiB\)/
    )
    expect(readdirSync(temp)).toEqual([])
  })
})

describe('a file that changes while it is archived', () => {
  it('fails with the file named, ends the whole pipeline, and leaves no file behind (not "tar entry destroyed")', async () => {
    const dir = mkdtempSync(join(temp, 'shrunk-'))
    const out = mkdtempSync(join(temp, 'out-'))
    writeFileSync(join(dir, 'a.py'), 'print(1)\n')
    writeFileSync(join(dir, 'b.py'), 'x = 1\n')
    // b.py was listed at 4 KiB and is 6 bytes by the time it is read: the tar header would lie.
    const entries = [
      { path: 'a.py', workspacePath: 'a.py', type: 'file' as const, absPath: join(dir, 'a.py'), size: 9, executable: false },
      { path: 'b.py', workspacePath: 'b.py', type: 'file' as const, absPath: join(dir, 'b.py'), size: 4096, executable: false }
    ]
    await expect(writeArchive(entries, out)).rejects.toThrow('`b.py` changed while it was archived (Size mismatch)')
    expect(readdirSync(out)).toEqual([])
  })
})

describe('ignore files', () => {
  const project = (gitignore?: string) => {
    const ws = mkdtempSync(join(temp, 'ignore-'))
    mkdirSync(join(ws, 'a'))
    writeFileSync(join(ws, 'a/langgraph.json'), JSON.stringify({ dependencies: ['.'] }))
    if (gitignore !== undefined) writeFileSync(join(ws, 'a/.gitignore'), gitignore)
    return ws
  }
  const paths = async (ws: string, exclude: string[] = []) =>
    (await walkLayout(await resolveLayout(ws, 'a/langgraph.json'), { exclude, include: [] })).entries.map((e) => e.path)

  it('match case exactly, as git on Linux does: `/Data/` and `NOTES.md` leave `data/` and `notes.md` in', async () => {
    const ws = project('/Data/\nNOTES.md\n')
    mkdirSync(join(ws, 'a/data'))
    writeFileSync(join(ws, 'a/data/prompts.py'), 'x')
    writeFileSync(join(ws, 'a/notes.md'), 'x')
    writeFileSync(join(ws, 'a/agent.py'), 'x')
    writeFileSync(join(ws, 'a/NOTES.md'), 'x')
    const archived = await paths(ws, ['Agent.py'])
    expect(archived).toEqual(expect.arrayContaining(['data/prompts.py', 'notes.md', 'agent.py']))
    expect(archived).not.toContain('NOTES.md')
  })

  it('a .gitignore that is a symbolic link (here to a file outside the workspace) is not read, and is warned about', async () => {
    const ws = project()
    const outside = mkdtempSync(join(temp, 'outside-'))
    writeFileSync(join(outside, 'rules'), 'agent.py\n')
    writeFileSync(join(ws, 'a/agent.py'), 'x')
    symlinkSync(join(outside, 'rules'), join(ws, 'a/.gitignore'))
    expect(await paths(ws)).toContain('agent.py')
    const warned: string[] = []
    const sink = {
      info: () => undefined,
      warn: (l: string) => warned.push(l),
      notice: () => undefined,
      debug: () => undefined,
      startGroup: () => undefined,
      endGroup: () => undefined
    }
    const archive = await prepareArchive(await resolveLayout(ws, 'a/langgraph.json'), { exclude: [], tempRoot: temp, log: sink })
    await archive.remove()
    expect(warned).toContain('The ignore file `a/.gitignore` is a symbolic link: not read; its patterns do not apply.')
  })

  it('a FIFO named .gitignore is not opened (the walk does not wait on it)', async () => {
    const ws = project()
    writeFileSync(join(ws, 'a/agent.py'), 'x')
    execFileSync('mkfifo', [join(ws, 'a/.gitignore')])
    const walked = await walkLayout(await resolveLayout(ws, 'a/langgraph.json'), { exclude: [], include: [] })
    expect(walked.unreadIgnoreFiles).toEqual(['`a/.gitignore` is not a regular file: not read'])
    expect(walked.entries.map((e) => e.path)).toContain('agent.py')
  })

  it('one over 1 MiB is not read', async () => {
    const ws = project(`agent.py\n${'#'.repeat(1024 * 1024)}\n`)
    writeFileSync(join(ws, 'a/agent.py'), 'x')
    const walked = await walkLayout(await resolveLayout(ws, 'a/langgraph.json'), { exclude: [], include: [] })
    expect(walked.unreadIgnoreFiles).toEqual(['`a/.gitignore` is over 1 MiB: not read'])
    expect(walked.entries.map((e) => e.path)).toContain('agent.py')
  })
})

describe('archiving ends with the run', () => {
  const quiet = SILENT_LOG
  const clock = { now: () => 1_000, sleep: async () => undefined }

  it('stops when the workflow was cancelled: a cancelled error, no file left behind', async () => {
    const out = mkdtempSync(join(temp, 'cancelled-'))
    const signal = AbortSignal.abort()
    const attempt = prepareArchive(await resolveLayout(tree.workspace, 'apps/agent/langgraph.json'), {
      exclude: [],
      tempRoot: out,
      log: quiet,
      stop: { signal, clock, deadline: 60_000 }
    })
    await expect(attempt).rejects.toMatchObject({ kind: 'cancelled' })
    expect(readdirSync(out)).toEqual([])
  })

  it('stops at the step deadline: a timed-out error, no file left behind', async () => {
    const out = mkdtempSync(join(temp, 'late-'))
    const attempt = prepareArchive(await resolveLayout(tree.workspace, 'apps/agent/langgraph.json'), {
      exclude: [],
      tempRoot: out,
      log: quiet,
      stop: { clock, deadline: 999 }
    })
    await expect(attempt).rejects.toMatchObject({
      kind: 'timed-out',
      message: expect.stringMatching(/^Gave up reading the checkout: the step's `timeout` ran out/)
    })
    expect(readdirSync(out)).toEqual([])
  })

  it('the writing stops too, between entries and as bytes go out, and removes what it wrote', async () => {
    const { walked } = await archiveOf(tree.workspace)
    const out = mkdtempSync(join(temp, 'write-'))
    const signal = AbortSignal.abort()
    await expect(writeArchive(walked.entries, out, undefined, { signal, clock, deadline: 60_000 })).rejects.toMatchObject({
      kind: 'cancelled'
    })
    await expect(writeArchive(walked.entries, out, undefined, { clock, deadline: 0 })).rejects.toMatchObject({ kind: 'timed-out' })
    expect(readdirSync(out)).toEqual([])
  })

  it('a cancel while writing ends the pipeline', async () => {
    const { walked } = await archiveOf(tree.workspace)
    const out = mkdtempSync(join(temp, 'write-live-'))
    const cancel = new AbortController()
    const writing = writeArchive(walked.entries, out, undefined, { signal: cancel.signal, clock, deadline: 60_000 })
    cancel.abort()
    await expect(writing).rejects.toMatchObject({ kind: 'cancelled' })
    expect(readdirSync(out)).toEqual([])
  })
})

describe('archive-exclude, read one pattern a line', () => {
  it('skips blank lines and comments, indented ones too, and refuses an indented pattern', async () => {
    const { parseArchiveExclude } = await import('../src/inputs/archive-exclude.js')
    expect(parseArchiveExclude('# data\n  # and notes\n\ndata/\n*.ipynb  ')).toEqual(['data/', '*.ipynb'])
    expect(() => parseArchiveExclude('  data/')).toThrow('has a pattern with leading spaces (`  data/`)')
  })
})
