import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { startFakeGitHub, type FakeGitHub } from '../sim/github.js'
import { lifecycles, type Simulator } from '../sim/index.js'
import { errorLines } from './helpers/action.js'
import { clock, runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

const CONFIG = 'apps/agent/langgraph.json'
const REPOSITORY = 'octo-org/support-agent'
const REPO_URL = `https://github.com/${REPOSITORY}`

let sim: Simulator
let github: FakeGitHub
const temp = mkdtempSync(join(tmpdir(), 'config-check-'))
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(40) })
  github = await startFakeGitHub({ now: clock.now })
  sim.connectGitHub(github)
})
afterAll(async () => {
  await Promise.all([sim.stop(), github.stop()])
  rmSync(temp, { recursive: true, force: true })
})
beforeEach(() => {
  sim.reset()
  github.reset()
  github.configure({ forbid: [] })
})

let trees = 0
/** A workspace holding these files (a fresh directory each time). */
function workspace(files: Record<string, string>): string {
  const root = join(temp, `ws-${++trees}`)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

/** An agent whose graph file its own `.gitignore` leaves out, and whose config has a second problem: Python 3.10. */
const BROKEN = {
  [CONFIG]: JSON.stringify({ dependencies: ['.'], python_version: '3.10', graphs: { agent: './graph/agent.py:graph' } }),
  'apps/agent/.gitignore': 'graph/\n',
  'apps/agent/graph/agent.py': 'graph = 1\n'
}
const GOOD = {
  [CONFIG]: JSON.stringify({
    dependencies: ['.'],
    python_version: '3.12',
    graphs: { agent: './agent.py:graph', researcher: './agent.py:researcher' }
  }),
  'apps/agent/agent.py': 'graph = 1\nresearcher = 2\n'
}

function remoteBuild(root: string, extra: Record<string, string> = {}) {
  const runnerTemp = join(root, '..', `${root.split('/').pop()}-tmp`)
  mkdirSync(runnerTemp, { recursive: true })
  return runInProcess({
    inputs: {
      'control-plane-url': sim.url,
      'api-key': sim.apiKey,
      name: 'checked-agent',
      source: 'internal_source',
      'graph-config-path': CONFIG,
      'poll-interval': '50ms',
      ...extra
    },
    env: { GITHUB_WORKSPACE: root, RUNNER_TEMP: runnerTemp }
  }).then((run) => ({ ...run, tempFiles: readdirSync(runnerTemp) }))
}

describe("config-check on a remote build: the archive's files", () => {
  it('refuses before any request and before anything is packed, listing every problem first', async () => {
    const run = await remoteBuild(workspace(BROKEN))
    expect(run.exitCode).toBe(1)
    expect(run.outcome.kind).toBe('refused')
    expect(sim.requests).toEqual([])
    expect(sim.storage.requests).toEqual([])
    expect(run.tempFiles).toEqual([])
    // The archive's own line comes after packing: never reached.
    expect(run.lines.some((line) => line.startsWith('Source archive:'))).toBe(false)
    const [error] = errorLines(run)
    expect(error).toContain('The config check found 2 problems the build would fail on, in `apps/agent/langgraph.json`:')
    expect(error).toContain('\n- `python_version`: Python `3.10` is not supported')
    expect(error).toContain('`graphs.agent`: the file `./graph/agent.py` is not shipped: left out by `apps/agent/.gitignore`')
    // The summary opens with the list, then the cause in one line (not the list again).
    const summary = run.summary
    const list = summary.indexOf('**❌ Config check: 2 problems the build would fail on, in <code>apps/agent/langgraph.json</code>**')
    expect(list).toBeGreaterThan(-1)
    expect(list).toBeLessThan(summary.indexOf('**What went wrong:**'))
    expect(summary.split('Python <code>3.10</code> is not supported')).toHaveLength(2)
    expect(summary).toMatch(
      /\*\*What went wrong:\*\* The config check found 2 problems the build would fail on, in <code>apps\/agent\/langgraph.json<\/code> \\\(listed above\\\)\.\n/
    )
    expect(run.outcome.checks).toEqual([expect.objectContaining({ id: 'config-check', status: 'failed' })])
  })

  it('names `archive-exclude` when that is what leaves the graph out', async () => {
    const run = await remoteBuild(workspace(GOOD), { 'archive-exclude': 'apps/agent/agent.py' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain('is not shipped: left out by `archive-exclude`')
    expect(sim.requests).toEqual([])
  })

  it('in a git checkout, a graph file never committed is a problem naming why it does not ship', async () => {
    const { root } = checkout({ [CONFIG]: GOOD[CONFIG] })
    writeFileSync(join(root, 'apps/agent/agent.py'), 'graph = 1\nresearcher = 2\n')
    const run = await remoteBuild(root)
    expect(run.exitCode).toBe(1)
    expect(sim.requests).toEqual([])
    expect(errorLines(run)[0]).toContain('- `graphs.agent`: the file `./agent.py` is not shipped: left out by `git: not committed`')
  })

  it('in a git checkout, a config file never committed is a problem: the archive would hold no config', async () => {
    const { root } = checkout({ 'apps/agent/agent.py': 'graph = 1\nresearcher = 2\n' })
    writeFileSync(join(root, CONFIG), GOOD[CONFIG])
    const run = await remoteBuild(root)
    expect(run.exitCode).toBe(1)
    expect(sim.requests).toEqual([])
    expect(errorLines(run)[0]).toContain('is not in the archive: left out by `git: not committed`')
  })

  it('a committed file a rule leaves out is told that rule, never to commit it (a `.dockerignore`, a link)', async () => {
    const { root } = checkout({ ...GOOD, 'apps/agent/.dockerignore': 'agent.py\n' })
    const run = await remoteBuild(root)
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain(
      '`graphs.agent`: the file `./agent.py` is not shipped: left out by `apps/agent/.dockerignore`. Change that `.dockerignore` rule: it always leaves the file out.'
    )
    const linked = checkout({ [CONFIG]: GOOD[CONFIG], 'apps/agent/real.py': 'graph = 1\nresearcher = 2\n' })
    symlinkSync('real.py', join(linked.root, 'apps/agent/agent.py'))
    execFileSync('git', ['add', 'apps/agent/agent.py'], { cwd: linked.root })
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', 'commit', '-qm', 'link'], {
      cwd: linked.root
    })
    const linkRun = await remoteBuild(linked.root)
    expect(linkRun.exitCode).toBe(1)
    expect(errorLines(linkRun)[0]).toContain('A link never ships: put the file itself there.')
    for (const said of [errorLines(run)[0], errorLines(linkRun)[0]]) expect(said).not.toMatch(/commit it/i)
    expect(sim.requests).toEqual([])
  })

  it("a config that is not JSON is a config problem: refused naming the file (never the step's inputs), deployed under `warn`", async () => {
    const files = { ...GOOD, [CONFIG]: '{"dependencies": ["."], "graphs": {"agent": "./agent.py:graph"},}' }
    const refused = await remoteBuild(workspace(files))
    expect(refused.exitCode).toBe(1)
    expect(errorLines(refused)[0]).toContain('`apps/agent/langgraph.json`')
    expect(errorLines(refused)[0]).toContain('is not valid JSON')
    expect(errorLines(refused).join('\n')).not.toContain('with:')
    expect(sim.requests).toEqual([])
    // Under `warn` it is a warning and the deploy goes on: here to a build that fails on it.
    const warned = await remoteBuild(workspace(files), { 'config-check': 'warn' })
    expect(warned.warnings).toContainEqual(expect.stringContaining('`apps/agent/langgraph.json` `(file)`: is not valid JSON'))
    expect(sim.requests.length).toBeGreaterThan(0)
  })

  it('a missing local dependency is a config problem naming its key, and follows `config-check`', async () => {
    const files = {
      ...GOOD,
      [CONFIG]: JSON.stringify({
        dependencies: ['.', '../../libs/gone'],
        python_version: '3.12',
        graphs: { agent: './agent.py:graph', researcher: './agent.py:researcher' }
      })
    }
    const refused = await remoteBuild(workspace(files))
    expect(refused.exitCode).toBe(1)
    expect(errorLines(refused)[0]).toContain('- `dependencies[1]`: the local dependency `../../libs/gone` does not exist.')
    expect(errorLines(refused)[0].split('dependencies[1]')).toHaveLength(2)
    const warned = await remoteBuild(workspace(files), { 'config-check': 'warn' })
    expect(warned.outcome.kind).toBe('deployed')
  })

  it('passes in one row: the graphs and the runtime', async () => {
    const run = await remoteBuild(workspace(GOOD))
    expect(run.failures).toEqual([])
    expect(run.outcome.kind).toBe('deployed')
    expect(run.view.facts).toContainEqual(['Config check', ['✅ ', '2 graphs (agent, researcher), Python 3.12: passed']])
  })

  it('`warn` deploys anyway, with the problems as warnings and listed first', async () => {
    // Python 3.10: the client refuses it; this simulator's build does not look.
    const files = {
      ...GOOD,
      [CONFIG]: JSON.stringify({ dependencies: ['.'], python_version: '3.10', graphs: { agent: './agent.py:graph' } })
    }
    const run = await remoteBuild(workspace(files), { 'config-check': 'warn' })
    expect(run.failures).toEqual([])
    expect(run.outcome.kind).toBe('deployed')
    expect(run.warnings).toContainEqual(
      expect.stringContaining('Config check (`config-check: warn`, the deploy goes on): `apps/agent/langgraph.json` `python_version`')
    )
    expect(run.summary).toContain(
      '**⚠️ Config check: 1 problem the build may fail on, in <code>apps/agent/langgraph.json</code> (<code>config-check: warn</code>: deployed anyway)**'
    )
    expect(run.summary).toContain('- <code>python\\_version</code>: Python <code>3.10</code> is not supported')
  })

  it('`off` skips it: the row says so, and the same config fails in the build, naming the file', async () => {
    const run = await remoteBuild(workspace(BROKEN), { 'config-check': 'off' })
    expect(run.outcome.checks).toEqual([
      expect.objectContaining({ status: 'not-checked', detail: ['not checked: ', { code: 'config-check: off' }] })
    ])
    expect(run.warnings.filter((line) => line.startsWith('Config check'))).toEqual([])
    expect(run.outcome.kind).toBe('failed')
    expect(run.outcome.revision?.status).toBe('BUILD_FAILED')
    expect(run.outcome.revision?.status_message).toContain(
      "graph 'agent': could not import ./graph/agent.py (graph/agent.py is not in the source archive)"
    )
  })

  it('a dry run shows the result', async () => {
    const run = await remoteBuild(workspace(GOOD), { 'dry-run': 'true' })
    expect(run.outcome.kind).toBe('planned')
    expect(run.summary).toMatch(/<th align="left">Config check<\/th><td>✅ 2 graphs \(agent, researcher\), Python 3\.12: passed/)
  })

  it('warnings beyond the client never refuse: a typo of a key, a variable not found', async () => {
    const files = {
      ...GOOD,
      [CONFIG]: JSON.stringify({ dependencies: ['.'], python_verison: '3.12', graphs: { agent: './agent.py:grpah' } })
    }
    const run = await remoteBuild(workspace(files))
    expect(run.failures).toEqual([])
    expect(run.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Did you mean `python_version`?'),
        expect.stringContaining('has no top-level `grpah`')
      ])
    )
    expect(run.summary).toContain('**⚠️ Config check: 2 warnings**')
  })
})

/**
 * The deployment's repository checked out at one commit, which the fake GitHub's `main` points to.
 * `force`: ignored files committed too (as when they were committed before the ignore rule).
 */
function checkout(files: Record<string, string>, { force = false } = {}): { root: string; sha: string } {
  const root = workspace(files)
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
      cwd: root,
      encoding: 'utf8'
    }).trim()
  git('init', '-q')
  git('add', '-A', ...(force ? ['-f'] : []))
  git('commit', '-qm', 'agent')
  const sha = git('rev-parse', 'HEAD')
  github.addCommit({ sha })
  github.moveRef('main', sha)
  return { root, sha }
}

function githubDeploy(env: Record<string, string>, extra: Record<string, string> = {}, repoUrl = REPO_URL) {
  sim.seedDeployment({ name: 'gh-agent', source_config: { repo_url: repoUrl } })
  return runInProcess({
    inputs: {
      'control-plane-url': sim.url,
      'api-key': sim.apiKey,
      name: 'gh-agent',
      'graph-config-path': CONFIG,
      'github-token': github.token,
      'poll-interval': '50ms',
      ...extra
    },
    env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY, ...env }
  })
}

const changes = () => sim.requests.filter((r) => r.method !== 'GET')
const fileReads = () => github.requests.filter((r) => /\/(git\/trees|contents)\//.test(r.path)).map((r) => `${r.path} ${r.status}`)

describe('config-check on a github deployment: the config at the commit to be built', () => {
  it('reads the checkout when it is that commit: no GitHub read, refused before any change', async () => {
    const { root, sha } = checkout(BROKEN, { force: true })
    const run = await githubDeploy({ GITHUB_WORKSPACE: root, GITHUB_SHA: sha })
    expect(run.exitCode).toBe(1)
    expect(changes()).toEqual([])
    expect(fileReads()).toEqual([])
    // A github build gets every file of the commit: .gitignore does not apply, Python 3.10 still does.
    expect(run.outcome.checks?.[0].problems).toHaveLength(1)
    expect(errorLines(run)[0]).toContain('Python `3.10` is not supported')
  })

  it('in the checkout, sees only what the commit holds: a graph file never committed is a problem, fixed by committing it', async () => {
    const { root, sha } = checkout({ [CONFIG]: GOOD[CONFIG] })
    writeFileSync(join(root, 'apps/agent/agent.py'), 'graph = 1\nresearcher = 2\n')
    const run = await githubDeploy({ GITHUB_WORKSPACE: root, GITHUB_SHA: sha })
    expect(run.exitCode).toBe(1)
    expect(changes()).toEqual([])
    expect(fileReads()).toEqual([])
    expect(errorLines(run)[0]).toContain(
      '- `graphs.agent`: the file `./agent.py` is not shipped: left out by `git: not committed`. Commit it: a `github` build gets the commit, not the files beside it on the runner.'
    )
  })

  it('reads the commit from git objects, not the working tree: a sparse checkout and a file a step removed are seen as committed', async () => {
    const { root, sha } = checkout({ ...GOOD, 'docs/readme.md': 'docs\n' })
    execFileSync('git', ['sparse-checkout', 'set', 'docs'], { cwd: root })
    expect(existsSync(join(root, CONFIG))).toBe(false)
    const sparse = await githubDeploy({ GITHUB_WORKSPACE: root, GITHUB_SHA: sha })
    expect(fileReads()).toEqual([])
    expect(sparse.outcome.checks?.[0]).toMatchObject({ status: 'passed', detail: expect.arrayContaining(['read from the checkout of ']) })
    execFileSync('git', ['sparse-checkout', 'disable'], { cwd: root })
    unlinkSync(join(root, 'apps/agent/agent.py'))
    sim.reset()
    const removed = await githubDeploy({ GITHUB_WORKSPACE: root, GITHUB_SHA: sha })
    expect(removed.outcome.checks?.[0]).toMatchObject({ status: 'passed' })
  })

  it("knows the checkout as the deployment's repository however its URL is written (`.git/`, case)", async () => {
    const { root, sha } = checkout(BROKEN)
    const run = await githubDeploy({ GITHUB_WORKSPACE: root, GITHUB_SHA: sha }, {}, `${REPO_URL.replace('octo-org', 'Octo-Org')}.git/`)
    expect(fileReads()).toEqual([])
    expect(errorLines(run)[0]).toContain('Python `3.10` is not supported')
  })

  it('reads through GitHub otherwise, in one listing and one read of the config', async () => {
    const sha = github.commitOn('main', ['x'])
    github.setFiles(sha, {
      [CONFIG]: JSON.stringify({ dependencies: ['.'], graphs: { agent: './gone.py:graph' } }),
      'apps/agent/agent.py': 'graph = 1'
    })
    const run = await githubDeploy({ GITHUB_WORKSPACE: workspace({}), GITHUB_SHA: sha })
    expect(run.exitCode).toBe(1)
    expect(changes()).toEqual([])
    expect(fileReads()).toEqual([`/repos/${REPOSITORY}/git/trees/main 200`, `/repos/${REPOSITORY}/contents/apps/agent/langgraph.json 200`])
    expect(errorLines(run)[0]).toContain('`graphs.agent`: the file `./gone.py` does not exist')
  })

  it('passes through GitHub, and says how it read', async () => {
    const sha = github.commitOn('main', ['x'])
    github.setFiles('main', GOOD)
    const run = await githubDeploy({ GITHUB_WORKSPACE: workspace({}), GITHUB_SHA: sha })
    expect(run.failures).toEqual([])
    expect(run.outcome.kind).toBe('deployed')
    expect(run.outcome.checks?.[0]).toMatchObject({
      status: 'passed',
      detail: ['2 graphs (agent, researcher), Python 3.12: passed', '; ', 'read through GitHub (', '2 requests', ')']
    })
  })

  it('a truncated listing skips the existence checks and says so; the rules on the file still apply', async () => {
    const sha = github.commitOn('main', ['x'])
    github.setFiles(
      'main',
      { [CONFIG]: JSON.stringify({ dependencies: ['.'], graphs: { agent: './gone.py:graph' } }) },
      { truncated: true }
    )
    const run = await githubDeploy({ GITHUB_WORKSPACE: workspace({}), GITHUB_SHA: sha })
    expect(run.failures).toEqual([])
    expect(run.warnings).toContainEqual(expect.stringContaining('was cut short (too many files)'))
    expect(run.outcome.checks?.[0].status).toBe('passed')
    github.setFiles('main', { [CONFIG]: JSON.stringify({ graphs: {} }) }, { truncated: true })
    sim.reset()
    expect((await githubDeploy({ GITHUB_WORKSPACE: workspace({}), GITHUB_SHA: sha })).exitCode).toBe(1)
  })

  it.each<[string, () => void, RegExp, Record<string, string>?]>([
    ['GitHub failing', () => github.configure({ gitFail: { status: 500 } }), /HTTP 500/],
    ['a token without `contents: read`', () => github.configure({ gitFail: { status: 403 } }), /HTTP 403.*contents: read/],
    ['no such ref on GitHub', () => undefined, /HTTP 404/, { GITHUB_REF: 'refs/heads/gone', GITHUB_REF_NAME: 'gone' }]
  ])('goes on when the config cannot be read (%s), and the summary says why', async (_, setUp, reason, env = {}) => {
    const sha = github.commitOn('main', ['x'])
    setUp()
    const run = await githubDeploy({ GITHUB_WORKSPACE: workspace({}), GITHUB_SHA: sha, ...env })
    expect(run.failures).toEqual([])
    expect(run.outcome.kind).toBe('deployed')
    const [verdict] = run.outcome.checks ?? []
    expect(verdict.status).toBe('not-checked')
    expect(verdict.detail.map((part) => (typeof part === 'string' ? part : part.code)).join('')).toMatch(reason)
    expect(run.summary).toMatch(/<th align="left">Config check<\/th><td>➖ not checked: /)
    // Names in the reason render as code, not as literal backticks.
    const row = run.summary.split('\n').find((line) => line.includes('<th align="left">Config check</th>')) ?? ''
    expect(row).toContain('<code>')
    expect(row).not.toContain('`')
  })

  it('a config path not in the commit is not checked, with a warning', async () => {
    const sha = github.commitOn('main', ['x'])
    github.setFiles('main', { 'other/langgraph.json': '{}' })
    const run = await githubDeploy({ GITHUB_WORKSPACE: workspace({}), GITHUB_SHA: sha })
    expect(run.failures).toEqual([])
    expect(run.warnings).toContainEqual(
      expect.stringContaining('`apps/agent/langgraph.json` is not a file in `main` of octo-org/support-agent')
    )
    expect(run.outcome.checks?.[0]).toMatchObject({ status: 'not-checked' })
  })

  it('a config path that leaves the repository is never read, on disk or through GitHub', async () => {
    const sha = github.commitOn('main', ['x'])
    github.setFiles('main', { 'apps/agent/langgraph.json': '{}' })
    const run = await githubDeploy(
      { GITHUB_WORKSPACE: workspace({}), GITHUB_SHA: sha },
      { 'graph-config-path': 'apps/../../other/contents/langgraph.json' }
    )
    expect(run.outcome.checks?.[0]).toMatchObject({ id: 'config-check', status: 'not-checked' })
    expect(fileReads()).toEqual([])
  })
})

describe('a graph module its own package ships without (issue 38): the build passes, the server cannot import it', () => {
  /** `agent.graph:graph`, imported from the package `src/agent/`, whose `graph.py` is left out of what ships. */
  const BY_MODULE = {
    [CONFIG]: JSON.stringify({ dependencies: ['.'], python_version: '3.12', graphs: { agent: 'agent.graph:graph' } }),
    'apps/agent/pyproject.toml': '[project]\nname = "agent"\nversion = "0.1"\n',
    'apps/agent/src/agent/__init__.py': '',
    'apps/agent/src/agent/graph.py': 'graph = 1\n',
    'apps/agent/.gitignore': 'src/agent/graph.py\n'
  }

  it('a remote build is refused before any request, naming the rule that left the module out', async () => {
    const run = await remoteBuild(workspace(BY_MODULE))
    expect(run.exitCode).toBe(1)
    expect(sim.requests).toEqual([])
    expect(sim.storage.requests).toEqual([])
    expect(errorLines(run)[0]).toContain(
      '- `graphs.agent`: the module `agent.graph` is not in what ships: the package `agent` ships (`src/agent/`) without ' +
        '`src/agent/graph.py` (left out by `apps/agent/.gitignore`), so the server cannot import it when it starts'
    )
  })

  it('a github build of a commit without the module is refused before any change; with it, it deploys', async () => {
    const { [`apps/agent/src/agent/graph.py`]: _module, 'apps/agent/.gitignore': _ignore, ...without } = BY_MODULE
    const missing = checkout(without)
    const refused = await githubDeploy({ GITHUB_WORKSPACE: missing.root, GITHUB_SHA: missing.sha })
    expect(refused.exitCode).toBe(1)
    expect(changes()).toEqual([])
    expect(errorLines(refused)[0]).toContain('the module `agent.graph` is not in what ships')
    sim.reset()
    const present = checkout({ ...without, 'apps/agent/src/agent/graph.py': 'graph = 1\n' })
    const deployed = await githubDeploy({ GITHUB_WORKSPACE: present.root, GITHUB_SHA: present.sha })
    expect(errorLines(deployed)).toEqual([])
    expect(deployed.outcome.checks?.[0]).toEqual(expect.objectContaining({ id: 'config-check', status: 'passed' }))
  })

  it('with dockerfile_lines that may make it, a remote build warns and goes on', async () => {
    const config = JSON.parse(BY_MODULE[CONFIG]) as Record<string, unknown>
    const files = { ...BY_MODULE, [CONFIG]: JSON.stringify({ ...config, dockerfile_lines: ['RUN python -m make_graph'] }) }
    const run = await remoteBuild(workspace(files), { wait: 'false' })
    expect(errorLines(run)).toEqual([])
    expect(run.stdout).toMatch(/::warning::.*the module `agent\.graph` is not in what ships.*`dockerfile_lines` may make it/)
  })
})
