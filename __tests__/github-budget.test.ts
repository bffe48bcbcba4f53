import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../sim/github.js'
import { loadGitHubApi } from '../src/github/api.js'
import { PrunedPreviewsReporter } from '../src/github/prune-retire.js'
import { aboutOf } from '../src/commands/registry.js'
import { Recorder } from '../src/core/recorder.js'
import { viewOf } from '../src/report/view.js'

/**
 * GitHub reporting's budget (main.ts gives it the step's deadline plus a grace): the real
 * Octokit against a fake GitHub that never answers. The bundle test (bundle.test.ts) proves
 * the process exit; this one the loops over many previews.
 */
let github: FakeGitHub
beforeAll(async () => {
  github = await startFakeGitHub({ hang: true })
})
afterAll(() => github.stop())

/** Waits (at most 20 s of real time) until the fake GitHub holds a request. */
async function untilFirstRequest(fake: FakeGitHub): Promise<void> {
  for (let waited = 0; fake.requests.length === 0; waited += 10) {
    if (waited > 20_000) throw new Error('no request reached the fake GitHub within 20 s')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('the GitHub reporting budget', () => {
  it("stops prune's per-preview loop when it runs out, naming the previews left", async () => {
    const warnings: string[] = []
    // The budget runs out once the first request is hanging at GitHub, however long loading
    // Octokit took: a fixed real-time budget failed on a busy machine, before anything was sent.
    const budget = new AbortController()
    const api = await loadGitHubApi(github.token, 'octo-org/support-agent', budget.signal, github.url)
    const reporter = new PrunedPreviewsReporter({
      api,
      environment: 'preview-pr-{pr}',
      prComment: true,
      workflow: {},
      log: { info: () => undefined, warn: (line) => warnings.push(line) }
    })
    // The view of a prune that deleted three previews, made as main.ts makes it: through the recorder.
    const recorder = new Recorder('prune', { kind: 'deployment', name: 'agent-pr-{pr}' }, aboutOf('prune').words)
    for (const pr of [7, 8, 9]) recorder.previewGone({ id: `id-${pr}`, name: `agent-pr-${pr}`, pr }, true)
    const view = viewOf({ outcome: recorder.finish({ kind: 'deleted' }), startedAt: 0, finishedAt: 1 })
    const finished = reporter.finished(view)
    await untilFirstRequest(github)
    budget.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
    await finished
    // The first preview's environment read hung until the budget ran out; nothing more was sent.
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /repos/octo-org/support-agent/deployments'])
    expect(warnings).toEqual([
      expect.stringMatching(/^GitHub reporting was cut short: .*; left undone: updating GitHub environment `preview-pr-7`\./),
      expect.stringMatching(/^GitHub reporting was cut short: .*; left undone: updating the comment on pull request #7\./),
      expect.stringMatching(
        /^GitHub reporting was cut short: .*; left undone: the GitHub reporting of 2 deleted previews \(pull requests #8, #9\)\./
      )
    ])
  })
})
