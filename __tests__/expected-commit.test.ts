import { beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkoutOf } from '../src/operations/git/git-tree.js'

/** The commit checked out where `dir` is, as the action reads it. */
const checkoutCommit = async (dir: string) => (await checkoutOf(dir))?.commit
import { errorLines } from './helpers/action.js'
import { clock, runInProcess } from './helpers/in-process.js'
import { simulatorWithGitHub } from './helpers/with-github.js'

const REPOSITORY = 'octo-org/support-agent'
const REPO_URL = `https://github.com/${REPOSITORY}`
const NAME = 'support-agent'

const world = simulatorWithGitHub('expected-commit-test-')

/** `main` at a first commit, which the deployment serves; returns that commit and the serving revision. */
function serving() {
  const first = world.github.commitOn('main', ['agents/support/graph.py'])
  const seeded = world.sim.seedDeployment({ name: NAME, source_config: { repo_url: REPO_URL } })
  return { first, id: String(seeded.id), revisionId: String(world.sim.deployments()[0].active_revision_id) }
}

function deploy(inputs: Record<string, string> = {}, env: Record<string, string> = {}) {
  return runInProcess({
    inputs: {
      'control-plane-url': world.sim.url,
      'api-key': world.sim.apiKey,
      name: NAME,
      'github-token': world.github.token,
      'poll-interval': '50ms',
      ...inputs
    },
    env: { GITHUB_API_URL: world.github.url, GITHUB_REPOSITORY: REPOSITORY, GITHUB_SHA: world.github.refHead('main') ?? '', ...env }
  })
}

const changes = () => world.sim.requests.filter((r) => r.method !== 'GET')
const commitReads = () => world.github.requests.filter((r) => r.path.includes('/commits/'))

describe('expected-commit: github deployments', () => {
  it('deploys when the ref points to the expected commit, and the revision is built from it', async () => {
    serving()
    const tested = world.github.commitOn('main', ['agents/support/graph.py'])
    const run = await deploy({ 'expected-commit': tested.toUpperCase() })
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({ kind: 'deployed', operation: 'updated' })
    expect(run.outputs['commit-sha']).toBe(tested)
    expect(commitReads().map((r) => `${r.path} ${r.status}`)).toEqual([`/repos/${REPOSITORY}/commits/main 200`])
  })

  it('refuses before any change when the ref points elsewhere, naming both commits, what to do and what still serves', async () => {
    const current = serving()
    const tested = world.github.commitOn('main', ['a.py'])
    const newer = world.github.commitOn('main', ['b.py'])
    // Production deploys `main` after an approval; `main` moved on since staging tested it.
    const run = await deploy({ 'expected-commit': tested }, { GITHUB_EVENT_NAME: 'workflow_dispatch' })
    expect(run.exitCode).toBe(1)
    expect(run.outcome.kind).toBe('refused')
    expect(changes()).toEqual([])
    expect(errorLines(run)[0]).toContain(`\`main\` points to commit ${newer} now, not to \`expected-commit\` ${tested}`)
    expect(errorLines(run)[0]).toMatch(/Deploy a tag or the commit itself .* or test the new commit first/)
    // What a refused promotion leaves in place, so that nobody has to look it up.
    const { revisionId, first } = current
    expect(errorLines(run)[0]).toContain(
      `Nothing was sent. Deployment \`${NAME}\` still serves revision ${revisionId}, built from commit ${first}.`
    )
  })

  it('promotes a pinned commit: `repo-ref` set to the expected SHA is built as it is, though its branch moved on, with no GitHub read before', async () => {
    serving()
    const tested = world.github.commitOn('main', ['agents/support/graph.py'])
    world.github.commitOn('main', ['agents/support/later.py'])
    const run = await deploy({ 'expected-commit': tested, 'repo-ref': tested }, { GITHUB_EVENT_NAME: 'workflow_dispatch' })
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({ kind: 'deployed', operation: 'updated', revision: { status: 'DEPLOYED' } })
    expect(run.outputs['commit-sha']).toBe(tested)
    expect(changes()[0].body).toMatchObject({ source_revision_config: { repo_ref: tested } })
    expect(commitReads()).toEqual([])
    expect(run.lines).toContainEqual(
      `\`repo-ref\` is commit ${tested} itself, the expected one: the control plane builds exactly that commit.`
    )
  })

  it('refuses a pinned `repo-ref` that is not the expected commit, before any request to GitHub or any change, saying what still serves', async () => {
    const { revisionId, first } = serving()
    const tested = world.github.commitOn('main', ['a.py'])
    const run = await deploy({ 'expected-commit': tested, 'repo-ref': first.toUpperCase() })
    expect(run.outcome.kind).toBe('refused')
    expect(changes()).toEqual([])
    // Only the config check's read of the commit's files (the first gate): no commit read.
    expect(world.github.requests.filter((r) => !/\/(git\/trees|contents)\//.test(r.path))).toEqual([])
    expect(errorLines(run)).toEqual([
      `\`repo-ref\` is commit ${first}, not \`expected-commit\` ${tested}: the control plane would build a commit that was not tested. Nothing was sent. ` +
        `Deployment \`${NAME}\` still serves revision ${revisionId}, built from commit ${first}.\n` +
        'Set `repo-ref` and `expected-commit` to the same commit: the one that was tested.'
    ])
  })

  it.each([
    ['GitHub failing', () => world.github.configure({ gitFail: { status: 500 } }), /HTTP 500/],
    ['a token without `contents: read`', () => world.github.configure({ gitFail: { status: 403 } }), /HTTP 403.*contents: read/],
    ['a branch GitHub does not know', () => world.github.reset(), /HTTP 422.*no such branch, tag or commit/],
    // Declared up front: refused before reading any of it.
    [
      'an answer too large to read',
      () => world.github.configure({ huge: { path: /\/commits\//, bytes: 300 * 1024 * 1024, declareLength: true } }),
      /too large to read \(the response exceeded 32 MiB\)/
    ]
  ])('refuses before any change when GitHub cannot say: %s', async (what, breakIt, reason) => {
    serving()
    const tested = world.github.refHead('main') ?? ''
    breakIt()
    const run = await deploy({ 'expected-commit': tested })
    expect(run.outcome.kind).toBe('refused')
    expect(changes()).toEqual([])
    expect(errorLines(run)[0]).toMatch(/Could not read which commit `main` points to/)
    expect(errorLines(run)[0]).toMatch(reason)
    // A branch GitHub does not know is a setting to fix; the others, GitHub to wait for.
    expect(run.view.todo).toBe(
      what === 'a branch GitHub does not know'
        ? `Set \`repo-ref\` to the branch or tag that holds the tested commit (or to \`${tested}\` itself).`
        : 'Re-run the job once GitHub can be read; the token needs `contents: read`.'
    )
  })

  it('refuses bad input naming the input, sending nothing', async () => {
    serving()
    const run = await deploy({ 'expected-commit': 'abc1234' })
    expect(run.outcome.kind).toBe('refused')
    expect(errorLines(run)[0]).toMatch(/`expected-commit` must be a full commit SHA \(40 hexadecimal digits\), got `abc1234`/)
    expect(world.sim.requests).toEqual([])
    expect(world.github.requests).toEqual([])
  })

  it('fails after DEPLOYED when the branch moved during the build, naming both commits', async () => {
    const { revisionId } = serving()
    const tested = world.github.commitOn('main', ['a.py'])
    // Pushed right after the action read `main` (its second GitHub read, after the config check's), before the control plane started the build.
    const pushed = world.github.addCommit({ parents: [tested], files: ['b.py'] })
    world.github.moveRef('main', pushed, { afterRequests: 2 })
    const run = await deploy({ 'expected-commit': tested })
    expect(run.exitCode).toBe(1)
    expect(run.outcome).toMatchObject({ kind: 'failed', operation: 'updated', revision: { status: 'DEPLOYED' } })
    expect(run.outputs['commit-sha']).toBe(pushed)
    expect(errorLines(run)[0]).toContain(`built from commit ${pushed}, not \`expected-commit\` ${tested}`)
    // Nothing was rolled back: without `on-failure: rollback` the new revision keeps serving.
    expect(world.sim.deployments()[0].active_revision_id).not.toBe(revisionId)
    expect(changes().map((r) => r.method)).toEqual(['PATCH'])
  })

  it('with `on-failure: rollback`, puts back the revision that served before', async () => {
    const { first, revisionId } = serving()
    const tested = world.github.commitOn('main', ['a.py'])
    world.github.moveRef('main', world.github.addCommit({ parents: [tested], files: ['b.py'] }), { afterRequests: 2 })
    const run = await deploy({ 'expected-commit': tested, 'on-failure': 'rollback' })
    expect(run.exitCode).toBe(1)
    expect(run.outcome.kind).toBe('rolled-back')
    expect(changes().map((r) => `${r.method} ${r.path}`)).toEqual([
      expect.stringMatching(/^PATCH /),
      `POST /v2/deployments/${world.sim.deployments()[0].id}/revisions/${revisionId}/redeploy`
    ])
    const now = world.sim.deployments()[0]
    const servingNow = world.sim.revisions(String(now.id)).find((r) => r.id === now.active_revision_id) as Record<string, any>
    expect(servingNow.source_revision_config.repo_commit_sha).toBe(first)
    expect(errorLines(run)[0]).toMatch(/Rolled back \(`on-failure: rollback`\)/)
  })
})

describe('expected-commit: an archive uploaded by the user', () => {
  it('is refused before any request: `source-tarball-path` is not the checkout, and reports no commit', async () => {
    const run = await deploy({
      source: 'internal_source',
      'graph-config-path': 'graph.json',
      'source-tarball-path': 'uploads/mine.tar.gz',
      'expected-commit': 'a'.repeat(40)
    })
    expect(run.outcome.kind).toBe('refused')
    expect(errorLines(run)[0]).toContain(
      '`expected-commit` cannot be checked against an archive you uploaded yourself (`source-tarball-path`)'
    )
    expect(world.sim.requests).toEqual([])
  })
})

describe('expected-commit: an image', () => {
  it('is refused before any request: an image reports no commit, so it cannot be held to one', async () => {
    const run = await deploy({
      source: 'internal_docker',
      'image-uri': `registry.example/agent@sha256:${'c'.repeat(64)}`,
      'expected-commit': 'a'.repeat(40)
    })
    expect(run.outcome.kind).toBe('refused')
    expect(errorLines(run)[0]).toContain('`expected-commit` applies only to `github` and `internal_source` sources, not `internal_docker`')
    expect(world.sim.requests).toEqual([])
    expect(world.github.requests).toEqual([])
  })
})

describe('expected-commit: internal_source deployments', () => {
  let checkout: string
  let head: string
  beforeAll(async () => {
    checkout = join(world.dir, 'checkout')
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: checkout,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.com',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.com'
        }
      })
    execFileSync('mkdir', ['-p', checkout])
    git('init', '-q')
    await writeFile(join(checkout, 'graph.json'), '{"dependencies": ["my-agent"], "graphs": {"agent": "my_agent.graph:graph"}}')
    git('add', '.')
    git('commit', '-qm', 'first')
    head = String(git('rev-parse', 'HEAD')).trim()
  })

  it("reads the checkout's commit, and nothing outside a checkout", async () => {
    expect(await checkoutCommit(checkout)).toBe(head)
    expect(await checkoutCommit(tmpdir())).toBeUndefined()
  })

  it('starts no git process for a folder with no `.git` in it or above it, and asks git for one inside a checkout', async () => {
    // A recording `git` first on PATH, which answers as git does outside a repository.
    const bin = await mkdtemp(join(tmpdir(), 'git-recorder-'))
    const asked = join(bin, 'asked')
    await writeFile(join(bin, 'git'), `#!/bin/sh\necho "$PWD" >> '${asked}'\nexit 128\n`, { mode: 0o755 })
    const empty = await mkdtemp(join(tmpdir(), 'not-a-checkout-'))
    const inside = join(checkout, 'sub')
    execFileSync('mkdir', ['-p', inside])
    const savedPath = process.env.PATH
    process.env.PATH = `${bin}:${savedPath}`
    try {
      expect(await checkoutCommit(empty)).toBeUndefined()
      expect(existsSync(asked)).toBe(false)
      expect(await checkoutCommit(inside)).toBeUndefined()
      expect(readFileSync(asked, 'utf8').trim().split('\n')).toEqual([inside])
    } finally {
      process.env.PATH = savedPath
      await rm(bin, { recursive: true, force: true })
      await rm(empty, { recursive: true, force: true })
    }
  })

  it('asks git when GIT_DIR names the repository, wherever the workspace is', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'git-dir-elsewhere-'))
    process.env.GIT_DIR = join(checkout, '.git')
    try {
      expect(await checkoutCommit(empty)).toBe(head)
    } finally {
      delete process.env.GIT_DIR
      await rm(empty, { recursive: true, force: true })
    }
  })

  it('reads the commit through a symbolic link to a folder inside the checkout, as git does', async () => {
    const inside = join(checkout, 'linked-target')
    execFileSync('mkdir', ['-p', inside])
    const links = await mkdtemp(join(tmpdir(), 'links-'))
    try {
      await symlink(inside, join(links, 'workspace'))
      expect(await checkoutCommit(join(links, 'workspace'))).toBe(head)
    } finally {
      await rm(links, { recursive: true, force: true })
    }
  })

  // As root, the one user who can hand a checkout to another: a container job's workspace belongs to the runner's user.
  const asRoot = process.getuid?.() === 0 ? it : it.skip
  asRoot('reads the commit of a checkout that belongs to another user (git would call it dubious ownership)', async () => {
    const other = await mkdtemp(join(tmpdir(), 'foreign-checkout-'))
    try {
      execFileSync('cp', ['-a', `${checkout}/.`, other])
      execFileSync('chown', ['-R', '12345:12345', other])
      expect(() => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: other, stdio: 'pipe' })).toThrow(/dubious ownership/)
      expect(await checkoutCommit(other)).toBe(head)
    } finally {
      await rm(other, { recursive: true, force: true })
    }
  })

  it('refuses before anything is sent when the checkout is another commit', async () => {
    world.sim.seedDeployment({ name: NAME, source: 'internal_source' })
    const run = await deploy({ 'expected-commit': 'f'.repeat(40), 'graph-config-path': 'graph.json' }, { GITHUB_WORKSPACE: checkout })
    expect(run.outcome.kind).toBe('refused')
    expect(errorLines(run)[0]).toContain(`The checkout has commit ${head} checked out, not \`expected-commit\` ${'f'.repeat(40)}`)
    // Refused before the files were listed: listing a partial clone fetches what it lacks.
    expect(run.stdout).not.toContain('Files in the archive:')
    expect(changes()).toEqual([])
    expect(world.github.requests).toEqual([])
  })

  it('refuses when the workspace is not a git checkout, and goes ahead when the checkout is the commit', async () => {
    world.sim.seedDeployment({ name: NAME, source: 'internal_source' })
    const plain = await mkdtemp(join(tmpdir(), 'not-a-checkout-'))
    await writeFile(join(plain, 'graph.json'), '{"graphs": {"agent": "./agent.py:graph"}}')
    const notGit = await deploy({ 'expected-commit': head, 'graph-config-path': 'graph.json' }, { GITHUB_WORKSPACE: plain })
    await rm(plain, { recursive: true, force: true })
    expect(errorLines(notGit)[0]).toMatch(/is not in a git checkout whose commit can be read/)
    expect(changes()).toEqual([])
    // A remote build of that checkout: the upload URL asked for, the archive uploaded, then the one patch.
    const run = await deploy({ 'expected-commit': head, 'graph-config-path': 'graph.json' }, { GITHUB_WORKSPACE: checkout })
    expect(errorLines(run)).toEqual([])
    expect(run.lines).toContainEqual(`The checkout has commit ${head} checked out, the expected one; its files ship from git's objects.`)
    expect(changes().map((r) => `${r.method} ${r.path.split('/').at(-1)}`)).toEqual([
      'POST upload-url',
      `PATCH ${run.outputs['deployment-id']}`
    ])
    expect(run.outcome.shipped).toMatchObject({ kind: 'archive', commit: head, files: 1 })
    // The commit was read once, and said once.
    expect(run.lines.filter((line) => line.includes(head))).toHaveLength(1)
  })
})

describe('without expected-commit', () => {
  it('records the moved-commit warning for every report, not only the log', async () => {
    serving()
    const workflowCommit = world.github.commitOn('main', ['a.py'])
    world.github.moveRef('main', world.github.addCommit({ parents: [workflowCommit], files: ['b.py'] }), { at: clock.now() + 1 })
    const run = await deploy({}, { GITHUB_SHA: workflowCommit })
    expect(run.exitCode).toBe(0)
    expect(run.outcome.commitWarning).toMatch(
      new RegExp(
        `built from commit [0-9a-f]{40}, but this workflow ran for commit ${workflowCommit}.*Pass the tested commit as \`expected-commit\``
      )
    )
    expect(run.warnings).toContainEqual(expect.stringContaining(`but this workflow ran for commit ${workflowCommit}`))
  })
})
