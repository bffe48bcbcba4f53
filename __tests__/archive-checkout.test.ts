import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { archiveWarning } from '../src/operations/archive/describe.js'
import { execFileSync } from 'node:child_process'
import { chmodSync, linkSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lifecycles, type Simulator } from '../sim/index.js'
import { resolveLayout } from '../src/operations/archive/layout.js'
import { selectArchiveFiles } from '../src/operations/archive/select.js'
import { errorLines } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'
import { GIT_ENV, writeFiles as write } from './helpers/git-repo.js'

/**
 * What a remote build ships from a git checkout (docs/remote-build.md): the files git tracks,
 * read from the working tree; never what it does not track, unless `archive-include` names it;
 * never a secret file; and what is outside a checkout.
 */

const temp = mkdtempSync(join(tmpdir(), 'archive-checkout-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/** A new checkout whose one commit holds `tracked` (`git add -f`: an ignore file does not stop a tracked file); returns it and its commit. */
function checkout(tracked: Record<string, string>): { workspace: string; head: string; git: (...args: string[]) => string } {
  const workspace = mkdtempSync(join(temp, 'ws-'))
  const git = (...args: string[]) => execFileSync('git', args, { cwd: workspace, env: GIT_ENV, encoding: 'utf8' })
  git('init', '-q')
  write(workspace, tracked)
  git('add', '-f', '.')
  git('commit', '-qm', 'first')
  return { workspace, head: git('rev-parse', 'HEAD').trim(), git }
}

const CONFIG = 'apps/agent/langgraph.json'
const AGENT = {
  [CONFIG]: JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }),
  'apps/agent/agent.py': 'graph = 1\n',
  'apps/agent/prompts/system.txt': 'be brief\n',
  'README.md': 'repo\n'
}

async function select(workspace: string, options: { exclude?: string[]; include?: string[] } = {}) {
  return selectArchiveFiles(await resolveLayout(workspace, CONFIG), { exclude: options.exclude ?? [], include: options.include ?? [] })
}
const files = (selection: Awaited<ReturnType<typeof select>>) =>
  selection.entries.filter((e) => e.type === 'file').map((e) => e.workspacePath)
const leftOut = (selection: Awaited<ReturnType<typeof select>>) =>
  selection.leftOut.map((item) => `${item.path} ${item.reason}${item.rule ? ` ${item.rule}` : ''}`).sort()

describe('a git checkout ships what git tracks', () => {
  it('leaves out untracked files and directories whatever the ignore files say, and counts them', async () => {
    const { workspace, head } = checkout(AGENT)
    write(workspace, {
      'apps/agent/notes.txt': 'scratch',
      'apps/agent/agent.egg-info/PKG-INFO': 'junk',
      'apps/agent/.pytest_cache/v/cache': 'junk',
      'apps/agent/prompts/draft.txt': 'not committed'
    })
    const selection = await select(workspace)
    expect(selection.tiedToCommit).toBe(head)
    expect(files(selection)).toEqual(['apps/agent/agent.py', CONFIG, 'apps/agent/prompts/system.txt'])
    // A directory git knows nothing of is one item, not entered.
    expect(leftOut(selection)).toEqual([
      'apps/agent/.pytest_cache/ untracked',
      'apps/agent/agent.egg-info/ untracked',
      'apps/agent/notes.txt untracked',
      'apps/agent/prompts/draft.txt untracked'
    ])
    expect(selection.changedSinceCommit).toEqual([])
  })

  it('ships a tracked file that a .gitignore names (git tracks it), and still applies .dockerignore, archive-exclude and the fixed exclusions to tracked files', async () => {
    const { workspace } = checkout({
      ...AGENT,
      'apps/agent/.gitignore': '*.csv\n',
      'apps/agent/data.csv': 'tracked anyway',
      'apps/agent/.dockerignore': 'tests/\n',
      'apps/agent/tests/test_agent.py': 'tracked',
      'apps/agent/docs/guide.md': 'tracked',
      'apps/agent/node_modules/x/index.js': 'tracked by mistake'
    })
    const selection = await select(workspace, { exclude: ['apps/agent/docs/'] })
    expect(files(selection)).toEqual([
      'apps/agent/.dockerignore',
      'apps/agent/.gitignore',
      'apps/agent/agent.py',
      'apps/agent/data.csv',
      CONFIG,
      'apps/agent/prompts/system.txt'
    ])
    expect(leftOut(selection)).toEqual([
      'apps/agent/docs/ excluded archive-exclude',
      'apps/agent/node_modules/ ignored node_modules/',
      'apps/agent/tests/ ignored apps/agent/.dockerignore'
    ])
  })

  it('archive-include ships untracked files it names (a build output in an untracked directory), and nothing else untracked', async () => {
    const { workspace } = checkout(AGENT)
    write(workspace, { 'apps/agent/dist/app.js': 'built', 'apps/agent/dist/app.js.map': 'map', 'apps/agent/tmp/x': 'junk' })
    const selection = await select(workspace, { include: ['apps/agent/dist/*.js'] })
    expect(files(selection)).toContain('apps/agent/dist/app.js')
    expect(files(selection)).not.toContain('apps/agent/dist/app.js.map')
    expect(leftOut(selection)).toEqual(['apps/agent/dist/app.js.map untracked', 'apps/agent/tmp/ untracked'])
  })

  it('names tracked files changed or deleted since the commit (those that would ship), and none once they are back', async () => {
    const { workspace, git } = checkout({ ...AGENT, 'apps/agent/old.py': 'x = 1\n', 'apps/agent/.npmrc': 'registry=x\n' })
    writeFileSync(join(workspace, 'apps/agent/agent.py'), 'graph = 2\n')
    unlinkSync(join(workspace, 'apps/agent/old.py'))
    // A secret file changed: it does not ship either way, so it is not named.
    writeFileSync(join(workspace, 'apps/agent/.npmrc'), 'registry=y\n')
    // Outside the archived directories: not the archive's business.
    writeFileSync(join(workspace, 'README.md'), 'changed\n')
    expect((await select(workspace)).changedSinceCommit).toEqual([
      { path: 'apps/agent/agent.py', gone: false },
      { path: 'apps/agent/old.py', gone: true }
    ])
    git('checkout', '--', '.')
    expect((await select(workspace)).changedSinceCommit).toEqual([])
  })

  it('archives a hard link as the file it is', async () => {
    const { workspace, git } = checkout(AGENT)
    linkSync(join(workspace, 'apps/agent/agent.py'), join(workspace, 'apps/agent/prompts/agent-copy.py'))
    git('add', '.')
    git('commit', '-qm', 'a hard link')
    expect(files(await select(workspace))).toContain('apps/agent/prompts/agent-copy.py')
  })
})

// As root, the one user who can hand a checkout to another: a container job's workspace belongs to the runner's user.
const asRoot = process.getuid?.() === 0 ? it : it.skip
asRoot('lists the tracked files of a checkout that belongs to another user (git would call it dubious ownership)', async () => {
  const { workspace, head } = checkout(AGENT)
  write(workspace, { 'apps/agent/junk.txt': 'untracked' })
  execFileSync('chown', ['-R', '12345:12345', workspace])
  expect(() => execFileSync('git', ['ls-files'], { cwd: workspace, stdio: 'pipe' })).toThrow(/dubious ownership/)
  const selection = await select(workspace)
  expect(selection.tiedToCommit).toBe(head)
  expect(files(selection)).toEqual(['apps/agent/agent.py', CONFIG, 'apps/agent/prompts/system.txt'])
})

describe('secret files never ship', () => {
  const SECRETS = [
    '.env',
    '.ENV.local',
    '.env-prod',
    '.envrc',
    '.env.d/prod',
    '.npmrc',
    '.PyPIrc',
    '.netrc',
    '.git-credentials',
    '.docker/config.json',
    'id_rsa',
    'id_dsa',
    'id_ecdsa',
    'ID_ED25519',
    'keys/server.pem',
    'keys/tls.KEY',
    'keys/cert.p12',
    'keys/cert.pfx'
  ]

  it('tracked or not, whatever their case, each with its rule; a public key and look-alikes ship', async () => {
    const tracked = Object.fromEntries(SECRETS.map((path) => [`apps/agent/${path}`, 'secret']))
    const { workspace } = checkout({
      ...AGENT,
      ...tracked,
      'apps/agent/id_rsa.pub': 'public',
      'apps/agent/environment.py': 'ok',
      'apps/agent/keys/README': 'ok'
    })
    write(workspace, { 'apps/agent/.env.untracked': 'secret' })
    // A wildcard in archive-include does not bring a secret file in.
    const selection = await select(workspace, { include: ['*.untracked'] })
    expect(files(selection)).toEqual(
      expect.arrayContaining(['apps/agent/id_rsa.pub', 'apps/agent/environment.py', 'apps/agent/keys/README'])
    )
    for (const path of SECRETS) expect(files(selection)).not.toContain(`apps/agent/${path}`)
    const secrets = selection.leftOut.filter((item) => item.reason === 'secret')
    expect(secrets.map((item) => item.path).sort()).toEqual(
      [...SECRETS.filter((path) => !path.startsWith('.env.d/')), '.env.d/', '.env.untracked'].map((path) => `apps/agent/${path}`).sort()
    )
    expect(Object.fromEntries(secrets.map((item) => [item.path.slice('apps/agent/'.length), item.rule]))).toMatchObject({
      '.envrc': '.envrc',
      '.env.d/': '.env.*',
      '.PyPIrc': '.pypirc',
      '.docker/config.json': '.docker/config.json',
      ID_ED25519: 'id_ed25519',
      'keys/tls.KEY': '*.key'
    })
  })

  it('ships one only when archive-include names its exact path', async () => {
    const { workspace } = checkout({
      ...AGENT,
      'apps/agent/.npmrc': 'registry=https://registry.example/\n',
      'apps/agent/tls.key': 'secret'
    })
    const wildcard = await select(workspace, { include: ['*.key', 'apps/agent/.npm*'] })
    expect(files(wildcard)).not.toEqual(expect.arrayContaining(['apps/agent/.npmrc']))
    expect(files(wildcard)).not.toContain('apps/agent/tls.key')
    const named = await select(workspace, { include: ['apps/agent/.npmrc'] })
    expect(files(named)).toContain('apps/agent/.npmrc')
    expect(files(named)).not.toContain('apps/agent/tls.key')
    // Never by its name alone (which would match at any depth).
    expect(files(await select(workspace, { include: ['.npmrc'] }))).not.toContain('apps/agent/.npmrc')
  })

  it('a folder named in archive-include ships its files, never the secret files inside it', async () => {
    const { workspace } = checkout(AGENT)
    write(workspace, { 'apps/agent/dist/app.js': 'x', 'apps/agent/dist/.env': 'KEY=1', 'apps/agent/dist/keys/id_rsa': 'k' })
    for (const include of [['apps/agent/dist'], ['apps/agent/dist/'], ['dist']]) {
      const shipped = files(await select(workspace, { include }))
      expect({ include, shipped: shipped.filter((f) => f.includes('dist/')) }).toEqual({ include, shipped: ['apps/agent/dist/app.js'] })
    }
  })
})

describe('outside a git checkout', () => {
  it('applies every .gitignore from the workspace down, the root one too for an agent in a subfolder', async () => {
    const workspace = mkdtempSync(join(temp, 'plain-'))
    write(workspace, {
      ...AGENT,
      '.gitignore': '*.log\nbuild/\n',
      'apps/.gitignore': 'cache/\n',
      'apps/agent/run.log': 'x',
      'apps/agent/build/out.js': 'x',
      'apps/agent/cache/c': 'x'
    })
    const selection = await select(workspace)
    expect(selection.tiedToCommit).toBeUndefined()
    expect(files(selection)).toEqual(['apps/agent/agent.py', CONFIG, 'apps/agent/prompts/system.txt'])
    expect(leftOut(selection)).toEqual([
      'apps/agent/build/ ignored .gitignore',
      'apps/agent/cache/ ignored apps/.gitignore',
      'apps/agent/run.log ignored .gitignore'
    ])
    // archive-include ships what a .gitignore names; never what archive-exclude does.
    const included = await select(workspace, { include: ['apps/agent/build/out.js', 'apps/agent/run.log'], exclude: ['*.log'] })
    expect(files(included)).toContain('apps/agent/build/out.js')
    expect(files(included)).not.toContain('apps/agent/run.log')
  })
})

describe('in a run', () => {
  let sim: Simulator
  const runnerTemp = mkdtempSync(join(tmpdir(), 'runner-temp-'))
  beforeAll(async () => {
    sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(40) })
  })
  afterAll(async () => {
    await sim.stop()
    rmSync(runnerTemp, { recursive: true, force: true })
  })
  beforeEach(() => sim.reset())

  const deploy = (workspace: string, extra: Record<string, string> = {}) =>
    runInProcess({
      inputs: {
        'control-plane-url': sim.url,
        'api-key': sim.apiKey,
        name: 'checkout-agent',
        source: 'internal_source',
        'graph-config-path': CONFIG,
        'poll-interval': '50ms',
        ...extra
      },
      env: { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp }
    })

  /** A checkout as a job leaves it: tracked files, untracked junk, an `.envrc`, a hard link, an executable. */
  function realCheckout() {
    const made = checkout({ ...AGENT, 'apps/agent/run.sh': '#!/bin/sh\n', 'apps/agent/.envrc': 'export KEY=secret\n' })
    chmodSync(join(made.workspace, 'apps/agent/run.sh'), 0o755)
    write(made.workspace, {
      'apps/agent/__pycache__/agent.pyc': 'x',
      'apps/agent/agent.egg-info/PKG-INFO': 'x',
      'apps/agent/output.json': '{}',
      'apps/agent/id_ed25519': 'key'
    })
    linkSync(join(made.workspace, 'apps/agent/agent.py'), join(made.workspace, 'apps/agent/agent-link.py'))
    return made
  }

  it('uploads nothing but tracked, non-secret files, as the system tar lists them; the summary counts what was left out by reason', async () => {
    const { workspace, head } = realCheckout()
    const run = await deploy(workspace)
    expect(run.failures).toEqual([])
    const [object] = [...sim.storage.objects.values()]
    writeFileSync(join(temp, 'upload.tar.gz'), object.body as Buffer)
    const listed = execFileSync('tar', ['-tzf', join(temp, 'upload.tar.gz')], { encoding: 'utf8' })
      .trim()
      .split('\n')
    expect(listed.filter((name) => !name.endsWith('/')).sort()).toEqual(['agent.py', 'langgraph.json', 'prompts/system.txt', 'run.sh'])
    expect(run.outcome.shipped).toMatchObject({ kind: 'archive', commit: head, files: 4 })
    expect(run.summary).toContain(
      '<tr><th align="left">Left out: secret files</th><td>2: <code>apps/agent/.envrc</code> (<code>.envrc</code>), <code>apps/agent/id_ed25519</code> (<code>id_ed25519</code>)</td></tr>'
    )
    expect(run.summary).toContain('<tr><th align="left">Left out: untracked</th><td>3: ')
    expect(run.summary).not.toContain('not tied to a commit')
  })

  it('a dry run lists every file in the summary, and the untracked hard link is left out like any untracked file', async () => {
    const { workspace } = realCheckout()
    const run = await deploy(workspace, { 'dry-run': 'true' })
    expect(run.outcome.kind).toBe('planned')
    expect(sim.storage.requests).toEqual([])
    expect(run.summary).toContain(
      [
        '<details><summary>Files in the archive (4)</summary>',
        '',
        '```text',
        'apps/agent/agent.py',
        CONFIG,
        'apps/agent/prompts/system.txt',
        'apps/agent/run.sh',
        '```',
        '</details>'
      ].join('\n')
    )
    expect(run.summary).toContain('<code>apps/agent/agent-link.py</code>')
  })

  it('warns near the top of the summary about a tracked file changed since the commit, and goes ahead', async () => {
    const { workspace, head } = checkout(AGENT)
    writeFileSync(join(workspace, 'apps/agent/agent.py'), 'graph = "edited by a step"\n')
    const run = await deploy(workspace)
    expect(run.exitCode).toBe(0)
    const warning = `1 tracked file differs on disk from commit ${head.slice(0, 12)}, checked out: \`apps/agent/agent.py\`. The committed version ships, not the working tree's.`
    expect(run.warnings).toContain(warning)
    const top = run.summary.split('<table>')[0]
    expect(top).toContain(
      `**⚠️ Warning:** 1 tracked file differs on disk from commit ${head.slice(0, 12)}, checked out: <code>apps/agent/agent.py</code>.`
    )
  })

  it('with expected-commit, a tracked file deleted since the commit ships as committed, with a warning: the commit is what ships', async () => {
    const { workspace, head } = checkout(AGENT)
    unlinkSync(join(workspace, 'apps/agent/prompts/system.txt'))
    const run = await deploy(workspace, { 'expected-commit': head })
    expect(run.outcome.kind).toBe('deployed')
    expect(run.warnings).toContainEqual(expect.stringContaining('`apps/agent/prompts/system.txt` (deleted). The committed version ships'))
    const [object] = [...sim.storage.objects.values()]
    writeFileSync(join(temp, 'upload.tar.gz'), object.body as Buffer)
    expect(execFileSync('tar', ['-xzOf', join(temp, 'upload.tar.gz'), 'prompts/system.txt'], { encoding: 'utf8' })).toBe('be brief\n')
  })

  it('outside a checkout, the summary warns that the archive is not tied to a commit', async () => {
    const workspace = mkdtempSync(join(temp, 'plain-run-'))
    write(workspace, AGENT)
    const run = await deploy(workspace)
    expect(run.exitCode).toBe(0)
    expect(run.summary.split('<table>')[0]).toContain(
      '**⚠️ Warning:** The config is not in a git checkout: the archive is not tied to a commit.'
    )
    expect(run.summary).toContain(
      '<tr><th align="left">Commit checked out</th><td>none: not a git checkout, so the archive is not tied to a commit</td></tr>'
    )
  })

  it('a bad archive-include is refused before any request, naming the input; set for another source, it is said to be ignored', async () => {
    const workspace = mkdtempSync(join(temp, 'bad-include-'))
    write(workspace, AGENT)
    const bad = await deploy(workspace, { 'archive-include': 'dist/\n../secrets/' })
    expect(bad.exitCode).toBe(1)
    expect(errorLines(bad)[0]).toContain('`archive-include` has a pattern with a `..` segment (`../secrets/`)')
    expect(sim.requests).toEqual([])
    const image = await deploy(workspace, {
      source: 'internal_docker',
      'image-uri': `registry.example/agent@sha256:${'c'.repeat(64)}`,
      'graph-config-path': '',
      'archive-include': 'dist/'
    })
    expect(image.warnings).toContainEqual(expect.stringMatching(/^`archive-include` is set, but this deploy is not a remote build/))
  })
})

describe('tracked files changed since the commit, in the reports', () => {
  const changed = Array.from({ length: 8 }, (_, i) => ({ path: `apps/agent/f${i}.py`, gone: i === 0 }))

  it('names the first five and counts the rest (thousands would overflow the PR comment); the log names them all', () => {
    const report = archiveWarning('a'.repeat(40), changed) ?? ''
    expect(report).toContain('8 tracked files differ')
    expect(report).toContain('`apps/agent/f0.py` (deleted), `apps/agent/f1.py`')
    expect(report).toContain('`apps/agent/f4.py` and 3 more (the log names them all)')
    expect(report).not.toContain('f5.py')
    expect(archiveWarning('a'.repeat(40), changed, Infinity)).toContain('`apps/agent/f7.py`')
  })
})
