import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../sim/github.js'
import { loadGitHubApi } from '../src/github/api.js'
import { PrunedPreviewsReporter } from '../src/github/prune-retire.js'
import { parseNamePattern } from '../src/inputs/name-pattern.js'
import { readWorkflowContext } from '../src/inputs/workflow-context.js'
import { viewOf } from '../src/report/view.js'

const REPOSITORY = 'octo-org/support-agent'

let github: FakeGitHub
const savedApiUrl = process.env.GITHUB_API_URL
beforeAll(async () => {
  github = await startFakeGitHub()
  // Octokit takes its base URL from the environment when it is created.
  process.env.GITHUB_API_URL = github.url
})
afterAll(async () => {
  process.env.GITHUB_API_URL = savedApiUrl
  await github.stop()
})

/** The view of a prune that deleted `agent-pr-2` and `agent-pr-7`. */
function prunedView() {
  const gone = [2, 7].map((pr) => ({ id: `id-${pr}`, name: `agent-pr-${pr}`, pr }))
  return viewOf({
    outcome: {
      kind: 'deleted',
      command: 'prune',
      subject: { kind: 'deployment', name: 'agent-pr-{pr}' },
      operation: 'deleted',
      prune: { rows: [], pruned: gone.map((g) => g.name), gone, githubRequests: 1 }
    },
    startedAt: 0,
    finishedAt: 0
  })
}

describe("prune's GitHub reporting", () => {
  it.each([
    ['the parsed pattern', parseNamePattern('env-{pr}-of-pr-{pr}')],
    ['the pattern as written', 'env-{pr}-of-pr-{pr}']
  ])("fills each preview's environment from %s, every {pr} with its pull request", async (_what, environment) => {
    github.reset()
    for (const [id, env] of [
      [1, 'env-2-of-pr-2'],
      [2, 'env-7-of-pr-7'],
      [3, 'env-3-of-pr-3']
    ] as const) {
      github.deployments.push({ id, ref: 'r', environment: env, transient_environment: true, auto_merge: false, required_contexts: [] })
    }
    const warnings: string[] = []
    const reporter = new PrunedPreviewsReporter({
      api: await loadGitHubApi(github.token, REPOSITORY, new AbortController().signal, github.url),
      environment,
      prComment: false,
      workflow: readWorkflowContext({ GITHUB_REPOSITORY: REPOSITORY }),
      log: { info: () => {}, warn: (line) => warnings.push(line) }
    })
    await reporter.finished(prunedView())
    expect(warnings).toEqual([])
    expect(github.statuses.map((s) => [s.deployment_id, s.state])).toEqual([
      [1, 'inactive'],
      [2, 'inactive']
    ])
  })
})
