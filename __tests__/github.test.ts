import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeGitHub, type FakeGitHub } from '../sim/github.js'
import { lifecycles, type Simulator } from '../sim/index.js'
import { deployInputs, errorLines, SECRET_VALUES, visibleText } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

const REPOSITORY = 'octo-org/support-agent'
const HEAD_SHA = 'feedfacecafebeef0123456789abcdef01234567'
const RUN_URL = `https://github.com/${REPOSITORY}/actions/runs/4242`
const MARKER = '<!-- agent-server-deploy:support-agent-pr-42 -->'

let sim: Simulator
let github: FakeGitHub
let dir: string
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(30) })
  github = await startFakeGitHub()
  dir = await mkdtemp(join(tmpdir(), 'github-test-'))
})
afterAll(async () => {
  await Promise.all([sim.stop(), github.stop(), rm(dir, { recursive: true, force: true })])
})
beforeEach(() => {
  sim.reset()
  sim.setScenario(lifecycles.deployed(30))
  // The control plane builds the pull request's head, as it would: no "the branch moved on" warning.
  sim.setBranchHead('feature-x', HEAD_SHA)
  github.reset()
  github.configure({ forbid: [] })
})

/** A pull_request event for PR #42, from a branch of the same repository unless `headRepo` says otherwise. */
async function pullRequestEnv(headRepo = REPOSITORY): Promise<Record<string, string>> {
  const path = join(dir, `event-${headRepo.replace('/', '-')}.json`)
  const event = {
    action: 'synchronize',
    number: 42,
    pull_request: {
      number: 42,
      head: { sha: HEAD_SHA, ref: 'feature-x', repo: { full_name: headRepo } },
      base: { ref: 'main', repo: { full_name: REPOSITORY } }
    }
  }
  await writeFile(path, JSON.stringify(event))
  return {
    GITHUB_API_URL: github.url,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: path,
    GITHUB_REF: 'refs/pull/42/merge',
    GITHUB_HEAD_REF: 'feature-x',
    // The runner evaluates `${{ github.token }}`; without a runner the action reads GITHUB_TOKEN.
    GITHUB_TOKEN: github.token
  }
}

const previewInputs = (extra: Record<string, string> = {}) =>
  deployInputs(sim, 'support-agent-pr-42', { 'github-environment': 'pr-42', 'pr-comment': 'true', ...extra })

/** The reporting's requests (the config check's reads of the commit's files are config-check.test.ts's). */
const reporting = () => github.requests.filter((r) => !/\/(git\/trees|contents)\//.test(r.path))
const calls = () => reporting().map((r) => `${r.method} ${r.path.replace(`/repos/${REPOSITORY}`, '')}`)

describe('GitHub deployment and pull-request comment', () => {
  it('records the deployment in progress, then success with the URL and log, and keeps one comment', async () => {
    const run = await runInProcess({ inputs: previewInputs(), env: await pullRequestEnv() })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)

    const [deployment] = github.deployments
    expect(calls()).toEqual([
      'POST /deployments',
      `POST /deployments/${deployment.id}/statuses`,
      'GET /issues/42/comments',
      'POST /issues/42/comments',
      `POST /deployments/${deployment.id}/statuses`,
      'GET /issues/42/comments',
      `PATCH /issues/comments/${github.comments[0].id}`
    ])
    expect(new Set(github.requests.map((r) => r.authorization))).toEqual(new Set([`token ${github.token}`]))
    expect(github.deployments).toEqual([
      expect.objectContaining({
        ref: HEAD_SHA,
        environment: 'pr-42',
        transient_environment: true,
        auto_merge: false,
        required_contexts: []
      })
    ])
    expect(github.statuses.map((s) => s.state)).toEqual(['in_progress', 'success'])
    expect(github.statuses[1]).toMatchObject({ environment_url: run.outputs['deployment-url'], log_url: RUN_URL })
    expect(run.outputs['deployment-url']).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/hosted\/support-agent-pr-42-/)

    expect(github.comments).toHaveLength(1)
    const [comment] = github.comments
    expect(comment.body.startsWith(MARKER)).toBe(true)
    expect(comment.body).toContain('### ✅ Deployed <code>support-agent-pr-42</code>')
    expect(comment.body).toContain(`<tr><th align="left">Revision</th><td><code>${run.outputs['revision-id']}</code></td></tr>`)
    expect(comment.body).toContain('<tr><th align="left">Revision status</th><td><code>DEPLOYED</code></td></tr>')
    expect(comment.body).toContain(`<tr><th align="left">Commit</th><td><code>${run.outputs['commit-sha'].slice(0, 12)}</code></td></tr>`)
    expect(comment.body).toContain(`<a href="${run.outputs['deployment-url']}">`)
    expect(comment.body).toContain(`[this workflow run](${RUN_URL})`)

    // Nothing secret reaches GitHub, and the token is masked like every other secret.
    const sent = JSON.stringify(github.requests.map((r) => r.body))
    for (const secret of [...SECRET_VALUES, sim.apiKey, github.token]) expect(sent).not.toContain(secret)
    expect(run.stdout).toContain(`::add-mask::${github.token}`)
    expect(visibleText(run)).not.toContain(github.token)
  })

  it('edits the same comment on the next run instead of adding one', async () => {
    const env = await pullRequestEnv()
    expect((await runInProcess({ inputs: previewInputs(), env })).exitCode).toBe(0)
    const [first] = github.comments
    const second = await runInProcess({ inputs: previewInputs({ 'repo-ref': 'feature-x-2' }), env })
    expect(second.exitCode).toBe(0)
    expect(second.outputs.operation).toBe('updated')
    expect(github.comments).toEqual([expect.objectContaining({ id: first.id })])
    expect(github.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'))).toHaveLength(1)
    expect(github.requests.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual(
      Array(3).fill(`/repos/${REPOSITORY}/issues/comments/${first.id}`)
    )
    expect(github.comments[0].body).toContain(second.outputs['revision-id'])
    expect(github.deployments).toHaveLength(2)
  })

  it('reports a failed revision as a failure and says so in the comment', async () => {
    sim.setScenario(lifecycles.buildFailed(30))
    const run = await runInProcess({ inputs: previewInputs(), env: await pullRequestEnv() })
    expect(run.exitCode).toBe(1)
    expect(github.statuses.map((s) => s.state)).toEqual(['in_progress', 'failure'])
    expect(github.comments[0].body).toContain('### ❌ Deploy of <code>support-agent-pr-42</code> failed')
    expect(github.comments[0].body).toContain('<tr><th align="left">Revision status</th><td><code>BUILD_FAILED</code></td></tr>')
  })

  it('only warns, naming the permission to add, when the token may not write deployments or comments', async () => {
    github.configure({ forbid: ['deployments', 'comments'] })
    const run = await runInProcess({ inputs: previewInputs(), env: await pullRequestEnv() })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs.operation).toBe('created')
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    expect(warnings).toEqual([
      '::warning::Could not update the GitHub deployment: GitHub refused with HTTP 403 (Resource not accessible by ' +
        'integration - https://docs.github.com/rest). Add `permissions: deployments: write` to the job (or pass a `github-token` ' +
        'that has it). The deploy itself is not affected.',
      '::warning::Could not update the pull-request comment: GitHub refused with HTTP 403 (Resource not accessible by ' +
        'integration - https://docs.github.com/rest). Add `permissions: pull-requests: write` to the job (or pass a ' +
        '`github-token` that has it). The deploy itself is not affected.'
    ])
    // After a refusal the feature is not tried again in the same run.
    expect(calls()).toEqual(['POST /deployments', 'GET /issues/42/comments'])
  })

  it('only warns when the comments list is more than can be read, and posts no second comment', async () => {
    github.configure({ forbid: [], huge: { path: /\/issues\/42\/comments$/, bytes: 300 * 1024 * 1024 } })
    const run = await runInProcess({ inputs: previewInputs(), env: await pullRequestEnv() })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs.operation).toBe('created')
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
    // Once: the final update does not read the same list again.
    expect(warnings).toEqual([
      '::warning::Could not update the pull-request comment (the response exceeded 32 MiB). The deploy itself is not affected.'
    ])
    expect(calls().filter((c) => c.includes('comments'))).toEqual(['GET /issues/42/comments'])
    expect(github.comments).toEqual([])
    expect(github.deployments).toHaveLength(1)
  })

  it('on delete, marks the environment inactive and updates the comment to say it is gone', async () => {
    const env = await pullRequestEnv()
    expect((await runInProcess({ inputs: previewInputs(), env })).exitCode).toBe(0)
    github.requests.length = 0
    const run = await runInProcess({
      inputs: {
        'control-plane-url': sim.url,
        'api-key': sim.apiKey,
        command: 'delete',
        name: 'support-agent-pr-42',
        'delete-tracing-project': 'true',
        'github-environment': 'pr-42',
        'pr-comment': 'true'
      },
      env
    })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(sim.deployments()).toEqual([])
    const [deployment] = github.deployments
    expect(calls()).toEqual([
      'GET /deployments',
      `POST /deployments/${deployment.id}/statuses`,
      'GET /issues/42/comments',
      `PATCH /issues/comments/${github.comments[0].id}`
    ])
    expect(github.requests[0].query).toMatchObject({ environment: 'pr-42' })
    expect(github.statuses.at(-1)).toMatchObject({ deployment_id: deployment.id, state: 'inactive' })
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0].body).toContain('### 🗑️ Deleted <code>support-agent-pr-42</code>')
    expect(github.comments[0].body).toContain("This pull request's preview is gone")
  })

  it('titles a rollback in progress with its own verb, in the comment and the GitHub deployment', async () => {
    sim.seedDeployment({ name: 'support-agent-pr-42', revisions: [{ ageMs: 7_200_000 }, { ageMs: 3_600_000 }] })
    const inputs = {
      'control-plane-url': sim.url,
      'api-key': sim.apiKey,
      command: 'rollback',
      name: 'support-agent-pr-42',
      'poll-interval': '50ms',
      'github-environment': 'pr-42',
      'pr-comment': 'true'
    }
    const run = await runInProcess({ inputs, env: await pullRequestEnv() })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    // The comment as first written, while the revision was in progress.
    const created = github.requests.find((r) => r.method === 'POST' && r.path.endsWith('/issues/42/comments'))
    expect(created?.body.body).toContain('### 🚀 Rolling back <code>support-agent-pr-42</code>…')
    expect(created?.body.body).not.toContain('Deploying')
    expect(github.statuses[0]).toMatchObject({ state: 'in_progress', description: expect.stringMatching(/^Rolling back to revision /) })
  })

  it('makes no GitHub request in a dry run', async () => {
    const run = await runInProcess({ inputs: previewInputs({ 'dry-run': 'true' }), env: await pullRequestEnv() })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.operation).toBe('planned')
    expect(reporting()).toEqual([])
    expect(sim.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/deployments'])
  })
})

describe('pull requests from forks', () => {
  it('fail before any request when the credential is empty, saying why and how such workflows are arranged', async () => {
    const run = await runInProcess({ inputs: previewInputs({ 'api-key': '' }), env: await pullRequestEnv('a-contributor/support-agent') })
    expect(run.exitCode).toBe(1)
    const [error] = errorLines(run)
    expect(error).toMatch(
      /^Invalid input: one of `api-key` and `bearer-token` is required, and both are empty because this pull request comes from a fork: GitHub passes no secrets/
    )
    for (const way of ['`workflow_run`', 'label', '`pull_request_target`']) expect(error).toContain(way)
    expect(sim.requests).toEqual([])
    expect(github.requests).toEqual([])
  })
})
