import { describe, expect, it } from '@jest/globals'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { MAX_BODY_BYTES } from '../src/api/body.js'
import { errorLines, visibleText } from './helpers/action.js'
import { runInProcess } from './helpers/in-process.js'
import { simulatorWithGitHub } from './helpers/with-github.js'

const REPOSITORY = 'octo-org/support-agent'
const REPO_URL = `https://github.com/${REPOSITORY}`
const NAME = 'support-agent'
const PATHS = 'agents/support/**\nlibs/shared/**\n!**/*.md'
const MiB = 1024 * 1024
/** A first commit with a file under each pattern of PATHS that includes: the patterns are checked against the commit's files. */
const ROOT_FILES = ['agents/support/graph.py', 'libs/shared/util.py']

const world = simulatorWithGitHub('paths-test-')

/** A deployment serving what `main` points to now (its build reads the fake GitHub's `main`). */
function serving(options: { secrets?: Array<{ name: string; value: string }>; ref?: string } = {}) {
  const seeded = world.sim.seedDeployment({
    name: NAME,
    source_config: { repo_url: REPO_URL },
    source_revision_config: { repo_ref: options.ref ?? 'main' },
    secrets: options.secrets
  })
  const deployment = world.sim.deployments().find((d) => d.id === seeded.id)
  return { id: String(seeded.id), revisionId: String(deployment?.active_revision_id) }
}

function deploy(inputs: Record<string, string> = {}, env: Record<string, string> = {}) {
  return runInProcess({
    inputs: {
      'control-plane-url': world.sim.url,
      'api-key': world.sim.apiKey,
      name: NAME,
      paths: PATHS,
      'github-token': world.github.token,
      'poll-interval': '50ms',
      ...inputs
    },
    env: { GITHUB_API_URL: world.github.url, GITHUB_REPOSITORY: REPOSITORY, GITHUB_SHA: world.github.refHead('main') ?? '', ...env }
  })
}

const changes = () => world.sim.requests.filter((r) => r.method !== 'GET')
const compares = () => world.github.requests.filter((r) => r.path.includes('/compare/'))

/** `main` with a first commit, deployed; then `files` committed on top: the commit this run deploys. */
function deployedThenChanged(...files: Array<string | { filename: string; status?: string; previous_filename?: string }>) {
  const base = world.github.commitOn('main', ['agents/support/graph.py', 'agents/support/prompts.py', 'libs/shared/util.py', 'README.md'])
  const seeded = serving()
  const head = world.github.commitOn('main', files)
  return { base, head, ...seeded }
}

describe('paths: skipping a deploy', () => {
  it('sends nothing when no changed file is under `paths`, and describes the revision that keeps serving', async () => {
    const { base, head, id, revisionId } = deployedThenChanged('agents/billing/graph.py', 'docs/guide.md', 'agents/support/README.md')
    const run = await deploy()
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({ kind: 'nothing-to-do', reason: 'no-change-under-paths' })
    expect(changes()).toEqual([])
    expect(run.outputs).toMatchObject({
      operation: 'unchanged',
      'deployment-id': id,
      'revision-id': revisionId,
      'revision-status': 'DEPLOYED',
      'commit-sha': base
    })
    expect(run.outcome.paths).toMatchObject({
      skip: true,
      servingRevisionId: revisionId,
      baseCommit: base,
      headCommit: head,
      changedFiles: 3,
      outsidePaths: 3
    })
    expect(compares().map((r) => `${r.path} ${r.status}`)).toEqual([`/repos/${REPOSITORY}/compare/${base}...${head} 200`])
    expect(run.lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `paths.*nothing to deploy: no change under \`paths\` since commit ${base}, which revision ${revisionId} serves \\(3 changed files, all outside`
        )
      )
    )
  })

  it("records no GitHub deployment for a skip: the serving revision stays the environment's deployment", async () => {
    deployedThenChanged('docs/guide.md')
    const run = await deploy({ 'github-environment': 'production' }, { GITHUB_REF: 'refs/heads/main' })
    expect(run.outcome).toMatchObject({ kind: 'nothing-to-do', reason: 'no-change-under-paths' })
    expect(compares()).toHaveLength(1)
    expect(world.github.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([])
  })

  it('skips when the commit is the one serving (identical)', async () => {
    const base = world.github.commitOn('main', ROOT_FILES)
    serving()
    const run = await deploy()
    expect(run.outcome).toMatchObject({ kind: 'nothing-to-do', paths: { skip: true, changedFiles: 0, baseCommit: base, headCommit: base } })
    expect(changes()).toEqual([])
  })

  it('with dry-run, reports the skip as the plan and sends nothing', async () => {
    deployedThenChanged('docs/guide.md')
    const run = await deploy({ 'dry-run': 'true' })
    expect(run.outcome).toMatchObject({ kind: 'planned', requests: [], paths: { skip: true } })
    expect(run.outputs.operation).toBe('planned')
    expect(changes()).toEqual([])
  })

  it("compares with the pull request's head commit on pull_request events", async () => {
    const base = world.github.commitOn('feature-x', ROOT_FILES)
    serving({ ref: 'feature-x' })
    const head = world.github.commitOn('feature-x', ['docs/a.md'])
    const event = join(world.dir, 'pull-request.json')
    await writeFile(
      event,
      JSON.stringify({
        pull_request: {
          number: 7,
          head: { sha: head, ref: 'feature-x', repo: { full_name: REPOSITORY } },
          base: { repo: { full_name: REPOSITORY } }
        }
      })
    )
    // GITHUB_SHA is the merge commit, which no branch holds: the pull request's head is what is built.
    const run = await deploy(
      {},
      {
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        GITHUB_REF: 'refs/pull/7/merge',
        GITHUB_HEAD_REF: 'feature-x',
        GITHUB_SHA: 'ab'.repeat(20)
      }
    )
    expect(compares().map((r) => r.path)).toEqual([`/repos/${REPOSITORY}/compare/${base}...${head}`])
    expect(run.outcome).toMatchObject({ kind: 'nothing-to-do', paths: { skip: true, baseCommit: base, headCommit: head } })
  })
})

describe('paths: deploying, and saying why it could not skip', () => {
  it('deploys when a changed file is under `paths`, naming it', async () => {
    deployedThenChanged('docs/guide.md', 'libs/shared/util.py')
    const run = await deploy()
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({ kind: 'deployed', paths: { skip: false, changedFiles: 2, outsidePaths: 1 } })
    expect(run.outcome.paths?.reason).toMatch(/1 changed file under `paths` since commit [0-9a-f]{40}: `libs\/shared\/util.py`/)
    expect(changes().map((r) => r.method)).toEqual(['PATCH'])
    expect(run.lines).toContainEqual(expect.stringMatching(/`paths`: deploying, because 1 changed file under `paths`/))
  })

  it('deploys when a file was renamed out of `paths` (its old name counts)', async () => {
    deployedThenChanged({ filename: 'archive/graph.py', status: 'renamed', previous_filename: 'agents/support/graph.py' })
    const run = await deploy()
    expect(run.outcome).toMatchObject({ kind: 'deployed', paths: { skip: false } })
    expect(run.outcome.paths?.reason).toMatch(/`archive\/graph.py`/)
  })

  it('refuses a bad pattern naming `paths`, before any request', async () => {
    deployedThenChanged('docs/a.md')
    world.sim.requests.length = 0
    world.github.requests.length = 0
    const run = await deploy({ paths: 'agents/support/**\n!' })
    expect(run.outcome.kind).toBe('refused')
    expect(errorLines(run)[0]).toMatch(/`paths` pattern `!` excludes nothing: a `!` must be followed by a pattern/)
    expect(world.sim.requests).toEqual([])
    expect(world.github.requests).toEqual([])
  })

  it('with dry-run, reports a decision to deploy and plans the update', async () => {
    deployedThenChanged('agents/support/graph.py')
    const run = await deploy({ 'dry-run': 'true' })
    expect(run.outcome).toMatchObject({ kind: 'planned', operation: 'planned', paths: { skip: false } })
    expect(run.outcome.kind === 'planned' && run.outcome.requests.map((r) => r.method)).toEqual(['PATCH'])
    expect(changes()).toEqual([])
  })

  it('deploys when nothing serves yet, without asking GitHub', async () => {
    world.github.commitOn('main', ROOT_FILES)
    const run = await deploy({ 'graph-config-path': 'graph.json', 'integration-id': '5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d' })
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({
      kind: 'deployed',
      operation: 'created',
      paths: { skip: false, reason: 'the deployment does not exist yet' }
    })
    expect(compares()).toEqual([])
  })

  it.each([
    ['the serving revision reports no commit', { config: { repo_commit_sha: null } }, /reports no commit it was built from/],
    ['the serving revision is not DEPLOYED', { status: 'DEPLOY_FAILED' }, /is DEPLOY_FAILED, not DEPLOYED/]
  ])('deploys when %s', async (_what, { status, config }: { status?: string; config?: Record<string, unknown> }, reason) => {
    const { id, revisionId } = deployedThenChanged('docs/guide.md')
    const revision = world.sim.revisions(id).find((r) => r.id === revisionId) as Record<string, any>
    // The control plane's answer for the serving revision, changed as the case says.
    const answered = {
      ...revision,
      status: status ?? revision.status,
      source_revision_config: { ...revision.source_revision_config, ...config }
    }
    world.sim.addFault({
      method: 'GET',
      path: `/v2/deployments/${id}/revisions/${revisionId}`,
      respond: { status: 200, body: JSON.stringify(answered) }
    })
    const run = await deploy()
    expect(run.outcome.paths?.skip).toBe(false)
    expect(run.outcome.paths?.reason).toMatch(reason)
    expect(compares()).toEqual([])
    expect(changes().map((r) => r.method)).toEqual(['PATCH'])
  })

  it('deploys when the workflow runs on another branch than the one serving, though no file under `paths` changed', async () => {
    const { base } = deployedThenChanged('docs/guide.md')
    world.github.moveRef('feature', base)
    const run = await deploy({}, { GITHUB_REF: 'refs/heads/feature' })
    expect(errorLines(run)).toEqual([])
    expect(run.outcome.paths).toMatchObject({ skip: false })
    expect(run.outcome.paths?.reason).toContain('this run deploys `feature`, but the serving revision was built from `main`')
    expect(changes().map((r) => r.method)).toEqual(['PATCH'])
  })

  it("deploys when `repo-ref` is not the workflow's own ref", async () => {
    deployedThenChanged('docs/guide.md')
    world.github.moveRef('release', world.github.refHead('main') ?? '')
    const run = await deploy({ 'repo-ref': 'release' })
    expect(run.outcome.paths).toMatchObject({ skip: false })
    expect(run.outcome.paths?.reason).toMatch(/`repo-ref` is `release`, not the ref this workflow runs on \(`main`\)/)
    expect(compares()).toEqual([])
  })

  it.each([
    [
      'a 404 (a commit GitHub does not know)',
      () => world.github.moveRef('main', world.github.addCommit({ files: [...ROOT_FILES, 'x'] })),
      /HTTP 404.*no such commit/
    ],
    [
      'a rate limit that outlasts the step',
      () => world.github.configure({ gitFail: { status: 403, kind: 'rate-limit', resetInSeconds: 3600 } }),
      /rate limit.*would not leave time/
    ],
    ['GitHub failing', () => world.github.configure({ gitFail: { status: 502 } }), /HTTP 502/]
  ])('deploys when the compare fails: %s', async (_what, breakIt, reason) => {
    const base = world.github.commitOn('main', ROOT_FILES)
    serving()
    world.github.commitOn('main', ['docs/a.md'])
    // A 404: the serving commit is one GitHub lost (the history was rewritten): the compare names an unknown base.
    if (String(reason).includes('404')) {
      world.github.reset()
      world.github.commitOn('main', [...ROOT_FILES, 'docs/a.md'])
    }
    breakIt()
    const run = await deploy({ timeout: '10m' })
    expect(run.outcome).toMatchObject({ kind: 'deployed', paths: { skip: false, baseCommit: base } })
    expect(run.outcome.paths?.reason).toMatch(/GitHub could not compare the serving commit with this run's/)
    expect(run.outcome.paths?.reason).toMatch(reason)
    // The compare was sent, or (a rate limit met by the listing of the commit's files) given up on before it.
    expect(compares().length + world.github.requests.filter((r) => r.path.includes('/git/trees/')).length).toBeGreaterThan(0)
  })

  it('deploys when the compare answer is too large to read, saying so, and reads no more of it than the cap', async () => {
    // A first run loads what a run loads once (Octokit, the reporters), so that the one measured counts only its own reading.
    const base = world.github.commitOn('main', ROOT_FILES)
    serving()
    world.github.commitOn('main', ['docs/a.md'])
    expect((await deploy({ timeout: '10m' })).outcome).toMatchObject({ kind: 'nothing-to-do' })
    world.github.commitOn('main', ['docs/b.md'])
    world.github.configure({ huge: { path: /\/compare\//, bytes: 300 * MiB } })
    const before = process.memoryUsage()
    const run = await deploy({ timeout: '10m' })
    const after = process.memoryUsage()
    expect(run.outcome).toMatchObject({ kind: 'deployed', paths: { skip: false, baseCommit: base } })
    expect(run.outcome.paths?.reason).toMatch(
      /GitHub could not compare the serving commit with this run's.*GitHub's answer was too large to read \(the response exceeded 32 MiB\)/
    )
    expect(run.lines).toContainEqual(expect.stringMatching(/paths.*too large to read/))
    // The first run's compare, then the huge one once: not retried, as the same answer would be as large again.
    expect(compares().map((r) => r.status)).toEqual([200, 200])
    // Read up to the cap, then the connection closed: the rest of the 300 MiB was never sent (sockets buffer a few MiB).
    expect(world.github.hugeBytesSent()).toBeGreaterThan(MAX_BODY_BYTES)
    expect(world.github.hugeBytesSent()).toBeLessThan(MAX_BODY_BYTES + 16 * MiB)
    // Buffers held, read or not yet collected, on both sides (the fake GitHub's chunks are in this
    // process too) grew by about twice the cap, more when the collector has not run yet (80 MiB
    // seen once); reading the whole answer grew them by 300 MiB.
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(4 * MAX_BODY_BYTES)
    // The process as a whole (freed memory the allocator keeps, too) by about twice that; reading
    // the whole answer grew it by more than 900 MiB.
    expect(after.rss - before.rss).toBeLessThan(8 * MAX_BODY_BYTES)
  })

  it.each(['behind', 'diverged'])('deploys when the commit is %s the serving one', async (status) => {
    const root = world.github.commitOn('main', ROOT_FILES)
    const ahead = world.github.commitOn('main', ['docs/a.md'])
    serving()
    // The run deploys the older commit (behind) or one on another line of history (diverged).
    const head = status === 'behind' ? root : world.github.addCommit({ parents: [root], files: ['docs/b.md'] })
    const run = await deploy({}, { GITHUB_SHA: head })
    expect(run.outcome.paths).toMatchObject({ skip: false, baseCommit: ahead, headCommit: head })
    expect(run.outcome.paths?.reason).toMatch(new RegExp(`\\(\`${status}\`\\)`))
  })

  it('deploys when GitHub lists 300 changed files (the list may be cut short)', async () => {
    deployedThenChanged(...Array.from({ length: 301 }, (_, i) => `docs/page-${i}.md`))
    const run = await deploy()
    expect(run.outcome.paths).toMatchObject({ skip: false, changedFiles: 300 })
    expect(run.outcome.paths?.reason).toMatch(/GitHub lists 300 changed files, its most/)
  })

  it("deploys when `secrets` adds a name to the deployment's, and skips when it has each name with that value", async () => {
    world.github.commitOn('main', ROOT_FILES)
    serving({ secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-1-current' }] })
    world.github.commitOn('main', ['docs/a.md'])
    const added = await deploy({ secrets: 'OPENAI_API_KEY=sk-1-current\nDB_PASSWORD=pw-secret' })
    expect(added.outcome.paths).toMatchObject({ skip: false, reason: '`secrets` adds `DB_PASSWORD`' })
    world.sim.reset()
    world.github.reset()
    world.github.commitOn('main', ROOT_FILES)
    serving({
      secrets: [
        { name: 'OPENAI_API_KEY', value: 'sk-1-current' },
        { name: 'SET_IN_THE_UI', value: 'kept-value' }
      ]
    })
    world.github.commitOn('main', ['docs/a.md'])
    const same = await deploy({ secrets: 'OPENAI_API_KEY=sk-1-current' })
    expect(same.outcome).toMatchObject({ kind: 'nothing-to-do', paths: { skip: true } })
  })

  it('deploys when a secret would get another value, naming it and never showing a value', async () => {
    world.github.commitOn('main', ROOT_FILES)
    serving({ secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-1-before-rotation' }] })
    world.github.commitOn('main', ['docs/a.md'])
    const rotated = await deploy({ secrets: 'OPENAI_API_KEY=sk-2-after-rotation' })
    expect(rotated.outcome.paths).toMatchObject({ skip: false, reason: '`secrets` changes the value of `OPENAI_API_KEY`' })
    expect(rotated.outcome.kind).toBe('deployed')
    const text = visibleText(rotated)
    expect(text).not.toContain('sk-1-before-rotation')
    expect(text).not.toContain('sk-2-after-rotation')
  })

  it("deploys when a `source_config` input differs from the deployment's value", async () => {
    deployedThenChanged('docs/a.md')
    const run = await deploy({ 'install-command': 'pip install -e .' })
    expect(run.outcome.paths).toMatchObject({ skip: false, reason: "`install-command` differs from the deployment's" })
    expect(compares()).toEqual([])
  })

  it.each([
    [{ GITHUB_EVENT_NAME: 'workflow_dispatch' }, 'the run was started by hand (`workflow_dispatch`)'],
    [{ GITHUB_RUN_ATTEMPT: '2' }, 'the run is a re-run (attempt 2)']
  ])('deploys when a person asked for it: %j', async (env, reason) => {
    deployedThenChanged('docs/a.md')
    const run = await deploy({}, env)
    expect(run.outcome).toMatchObject({ kind: 'deployed', paths: { skip: false, reason } })
    expect(compares()).toEqual([])
  })

  it('warns that `paths` does not apply to another source, and deploys', async () => {
    world.sim.seedDeployment({ name: 'docker-agent', source: 'external_docker' })
    const run = await deploy({ name: 'docker-agent', 'image-uri': 'registry.example/agent@sha256:' + 'a'.repeat(64) })
    expect(errorLines(run)).toEqual([])
    expect(run.warnings).toContainEqual(
      expect.stringMatching(/`paths` applies to `github` deployments only.*`external_docker`.*does not apply, and the deploy goes ahead/)
    )
    expect(run.outcome).toMatchObject({ kind: 'deployed', paths: { skip: false } })
    expect(compares()).toEqual([])
  })
})
