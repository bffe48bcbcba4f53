import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { errorLines } from './helpers/action.js'
import { runInProcess } from './helpers/in-process.js'
import { simulatorWithGitHub } from './helpers/with-github.js'

/**
 * `paths` checked against the files of the commit being deployed: from the checkout when it is at
 * that commit, else from GitHub's listing of the commit; a pattern that matches nothing never lets
 * the run skip. And the one GitHub reader a run shares between `expected-commit` and `paths`.
 */
const REPOSITORY = 'octo-org/support-agent'
const REPO_URL = `https://github.com/${REPOSITORY}`
const NAME = 'support-agent'
const PATHS = 'agents/support/**\nlibs/shared/**\n!**/*.md'
const FILES = ['agents/support/graph.py', 'libs/shared/util.py', 'README.md']

const world = simulatorWithGitHub('paths-patterns-test-')
const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()

/** `main` at a first commit that a deployment serves, then a commit changing only `docs/guide.md` (nothing under PATHS). */
function servingThenDocsChange(head?: string) {
  const base = world.github.commitOn('main', FILES)
  world.sim.seedDeployment({ name: NAME, source_config: { repo_url: REPO_URL }, source_revision_config: { repo_ref: 'main' } })
  const next = world.github.commitOn('main', ['docs/guide.md'], head ? { sha: head } : {})
  return { base, head: next }
}

// `config-check: off`: the config check's own reads of the commit (config-check.test.ts) would mix with those counted here.
function deploy(inputs: Record<string, string> = {}, env: Record<string, string> = {}) {
  return runInProcess({
    inputs: {
      'control-plane-url': world.sim.url,
      'api-key': world.sim.apiKey,
      name: NAME,
      paths: PATHS,
      'github-token': world.github.token,
      'poll-interval': '50ms',
      'config-check': 'off',
      ...inputs
    },
    env: { GITHUB_API_URL: world.github.url, GITHUB_REPOSITORY: REPOSITORY, GITHUB_SHA: world.github.refHead('main') ?? '', ...env }
  })
}

const reads = (part: string) => world.github.requests.filter((r) => r.path.includes(part))
const verdict = (run: Awaited<ReturnType<typeof deploy>>) => run.outcome.checks?.find((c) => c.id === 'paths-patterns')

/** A git checkout in a directory of its own, with FILES and `docs/guide.md` committed; returns its commit. */
async function checkout(): Promise<{ workspace: string; sha: string }> {
  const workspace = await mkdtemp(join(world.dir, 'checkout-'))
  for (const file of [...FILES, 'docs/guide.md']) {
    await mkdir(dirname(join(workspace, file)), { recursive: true })
    await writeFile(join(workspace, file), `${file}\n`)
  }
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args], {
      cwd: workspace,
      encoding: 'utf8'
    })
  git('init', '-q')
  git('add', '.')
  git('commit', '-qm', 'agent')
  return { workspace, sha: git('rev-parse', 'HEAD').trim() }
}

describe('paths: each pattern checked against the commit being deployed', () => {
  it("reads GitHub's listing of the commit when the workspace is not at it, and skips when every pattern matches files", async () => {
    const { head } = servingThenDocsChange()
    const run = await deploy()
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({ kind: 'nothing-to-do', reason: 'no-change-under-paths' })
    expect(reads('/git/trees/').map((r) => `${r.path}?recursive=${r.query.recursive} ${r.status}`)).toEqual([
      `/repos/${REPOSITORY}/git/trees/${head}?recursive=1 200`
    ])
    expect(verdict(run)).toMatchObject({
      status: 'passed',
      detail: ['each keeps files of commit ', { code: head.slice(0, 12) }, " (GitHub's listing of the commit)"]
    })
  })

  it('never skips when a pattern matches no file of the commit, warning with its name, and asks for no compare', async () => {
    servingThenDocsChange()
    const run = await deploy({ paths: 'agents/suport/**\nlibs/shared/**' })
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({ kind: 'deployed', paths: { skip: false } })
    expect(run.outcome.paths?.reason).toBe('`agents/suport/**` matches no file of the commit deployed, so no skip can be trusted')
    expect(run.warnings).toContainEqual(
      expect.stringMatching(
        /^`paths` pattern `agents\/suport\/\*\*` matches no file of commit [0-9a-f]{40} \(read from GitHub's listing of the commit\): check it for a typo/
      )
    )
    expect(run.warnings.filter((w) => w.includes('libs/shared'))).toEqual([])
    expect(verdict(run)).toMatchObject({
      status: 'not-proven',
      detail: [{ code: 'agents/suport/**' }, ' matches no file', ' (commit ', expect.anything(), expect.any(String)]
    })
    expect(reads('/compare/')).toEqual([])
    expect(run.summary).toContain('agents/suport/**')
  })

  it('judges the set in order: a pattern whose files a later `!` removes all keeps nothing, and the run never skips', async () => {
    servingThenDocsChange()
    const run = await deploy({ paths: 'agents/support/**\n!agents/**' })
    expect(run.outcome).toMatchObject({ kind: 'deployed', paths: { skip: false } })
    expect(run.outcome.paths?.reason).toBe(
      'every file `agents/support/**` matches is removed by a later `!` pattern (`paths` keeps no file of it), so no skip can be trusted'
    )
    expect(run.warnings).toContainEqual(
      expect.stringMatching(
        /^`paths` pattern `agents\/support\/\*\*` matches files of commit [0-9a-f]{40}, but a later `!` pattern removes every one of them/
      )
    )
    expect(run.warnings).toContainEqual(expect.stringMatching(/^`paths` as a whole keeps no file of commit/))
    expect(verdict(run)).toMatchObject({
      status: 'not-proven',
      detail: [
        { code: 'agents/support/**' },
        ' keep no file (a later `!` pattern removes all they match)',
        ' (commit ',
        expect.anything(),
        expect.stringContaining('; the set keeps no file')
      ]
    })
    expect(reads('/compare/')).toEqual([])
  })

  it('reads the files from the checkout, with no request, when the workspace is at the commit', async () => {
    const { workspace, sha } = await checkout()
    servingThenDocsChange(sha)
    const skipped = await deploy({}, { GITHUB_WORKSPACE: workspace, GITHUB_SHA: sha })
    expect(skipped.outcome).toMatchObject({ kind: 'nothing-to-do', paths: { skip: true, headCommit: sha } })
    expect(verdict(skipped)).toMatchObject({ status: 'passed', detail: expect.arrayContaining([' (the checkout)']) })
    const typo = await deploy({ paths: 'agents/support/**\nlib/shared/**' }, { GITHUB_WORKSPACE: workspace, GITHUB_SHA: sha })
    expect(typo.outcome).toMatchObject({ kind: 'deployed', paths: { skip: false } })
    expect(typo.warnings).toContainEqual(
      expect.stringMatching(/`lib\/shared\/\*\*` matches no file of commit .* \(read from the checkout\)/)
    )
    expect(reads('/git/trees/')).toEqual([])
  })

  it("asks git for the checkout's commit and files once a run, though the config check and `paths` both use them", async () => {
    const { workspace, sha } = await checkout()
    servingThenDocsChange(sha)
    // A git first on PATH that records each command, then runs the real one.
    const bin = await mkdtemp(join(world.dir, 'git-recorder-'))
    const asked = join(bin, 'asked')
    await writeFile(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${asked}'\nexec ${realGit} "$@"\n`, { mode: 0o755 })
    const savedPath = process.env.PATH
    process.env.PATH = `${bin}:${savedPath}`
    try {
      const run = await deploy({ 'config-check': 'error' }, { GITHUB_WORKSPACE: workspace, GITHUB_SHA: sha })
      expect(verdict(run)).toMatchObject({ status: 'passed', detail: expect.arrayContaining([' (the checkout)']) })
      const commands = (await readFile(asked, 'utf8')).trim().split('\n')
      expect(commands.filter((line) => line.includes(' rev-parse '))).toHaveLength(1)
      expect(commands.filter((line) => line.includes(' ls-tree '))).toHaveLength(1)
    } finally {
      process.env.PATH = savedPath
    }
  })

  it('decides on the compare alone when neither can be read (a listing cut short), and says the patterns were not checked', async () => {
    const { head } = servingThenDocsChange()
    world.github.configure({ treeLimit: 2 })
    const run = await deploy({}, { GITHUB_WORKSPACE: world.dir })
    expect(run.outcome).toMatchObject({ kind: 'nothing-to-do', paths: { skip: true } })
    expect(reads('/compare/')).toHaveLength(1)
    expect(verdict(run)).toMatchObject({ status: 'not-checked' })
    expect(run.warnings).toContainEqual(
      `The \`paths\` patterns were not checked against commit ${head}: the workspace is not a git checkout; GitHub's listing ` +
        `of the commit is cut short (the repository has too many files for one answer). The decision rests on GitHub's compare ` +
        `alone.`
    )
    expect(run.summary).toMatch(/Paths patterns.*not checked against commit/)
  })
})

describe('one GitHub reader per run', () => {
  it('a rate limit met by expected-commit is honoured by paths: no request is sent into a certain refusal', async () => {
    const { head } = servingThenDocsChange()
    // One read left: the expected-commit read uses it, and its answer says none remain for an hour.
    world.github.configure({ gitQuota: { limit: 1, resetInSeconds: 3600 } })
    const run = await deploy({ 'expected-commit': head })
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({ kind: 'deployed', paths: { skip: false } })
    expect(run.outcome.paths?.reason).toMatch(/rate limit for this token is used up.*would not leave time/)
    expect(
      world.github.requests
        .filter((r) => r.method === 'GET' && /\/(commits|compare|git\/trees)\//.test(r.path))
        .map((r) => `${r.path.split('/')[4]} ${r.status}`)
    ).toEqual(['commits 200'])
  })
})
