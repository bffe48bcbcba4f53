/**
 * The v1.2 facts as every report shows them: what was shipped, the `paths` decision, a
 * commit warning near the top, the registry login; and the markdown and times that must
 * read right. Synthetic outcomes are built through the Recorder with the command's words;
 * the times are checked on a real run against the simulator, on the virtual clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { lifecycles, type Simulator } from '../sim/index.js'
import { aboutOf } from '../src/commands/registry.js'
import { ActionError } from '../src/core/errors.js'
import { clearSecrets } from '../src/core/masking.js'
import { Recorder } from '../src/core/recorder.js'
import { renderComment } from '../src/github/pr-comment.js'
import { renderSummary } from '../src/report/summary.js'
import { viewOf } from '../src/report/view.js'
import { deployInputs } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

beforeEach(() => clearSecrets())

const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const DIGEST = `sha256:${'0f'.repeat(32)}`
const deployment = {
  id: 'd1',
  name: 'agent',
  status: 'READY',
  active_revision_id: 'r1',
  latest_revision_id: 'r1',
  url: 'https://agent.example'
}

/** A deploy recorder that has found `agent`, with the deploy command's own words. */
function deploying(): Recorder {
  const recorder = new Recorder('deploy', { kind: 'deployment', name: 'agent' }, aboutOf('deploy').words)
  recorder.before(deployment)
  recorder.seen(deployment)
  return recorder
}

function deployedWith(record: (recorder: Recorder) => void) {
  const recorder = deploying()
  record(recorder)
  recorder.changed('updated', { ...deployment, latest_revision_id: 'r2', active_revision_id: 'r2' })
  recorder.revisionStarted('r2')
  recorder.revisionSeen({ id: 'r2', status: 'DEPLOYED', source_revision_config: { repo_commit_sha: SHA } })
  return viewOf({ outcome: recorder.finish({ kind: 'deployed', noNewRevision: false }), startedAt: 0, finishedAt: 1000 })
}

const row = (label: string, value: string) => `<tr><th align="left">${label}</th><td>${value}</td></tr>`

describe('what was shipped', () => {
  it('an archive: its files, size and digest, the commit checked out, and what was left out', () => {
    const view = deployedWith((r) =>
      r.shipped({
        kind: 'archive',
        sha256: 'ab'.repeat(32),
        bytes: 3 * 1024 * 1024,
        files: 42,
        commit: SHA,
        listing: {
          files: [],
          contentBytes: 8 * 1024 * 1024,
          folders: [{ path: 'apps/<img src=x>/', files: 40, bytes: 8 * 1024 * 1024 - 10 }],
          moreFolders: 2,
          largest: [{ path: 'apps/agent/model.bin', bytes: 6 * 1024 * 1024 }],
          leftOut: [
            { reason: 'secret', count: 1, shown: [{ path: '.env', rule: '.env*' }] },
            { reason: 'untracked', count: 7, shown: [{ path: 'out/' }] }
          ],
          changed: []
        }
      })
    )
    const summary = renderSummary(view)
    expect(summary).toContain(row('Archive', `42 files, 3 MiB (8 MiB before compression), SHA-256 <code>${'ab'.repeat(32)}</code>`))
    expect(summary).toContain(row('Commit checked out', `<code>${SHA.slice(0, 12)}</code>`))
    // File names are the user's text: escaped where they land.
    expect(summary).toContain(row('Folders', '<code>apps/&#60;img src=x&#62;/</code> (40 files, 8 MiB); and 2 more folders'))
    expect(summary).toContain(row('Largest files', '<code>apps/agent/model.bin</code> (6 MiB)'))
    expect(summary).toContain(row('Left out: secret files', '1: <code>.env</code> (<code>.env*</code>)'))
    expect(summary).toContain(row('Left out: untracked', '7: <code>out/</code>, and 6 more (the log lists them)'))
    expect(view.outputs['archive-sha256']).toBe('ab'.repeat(32))
  })

  it("an archive's revision reports no commit: the one checked out stands alone, not the workflow's beside it", () => {
    const recorder = deploying()
    recorder.shipped({ kind: 'archive', sha256: 'ab'.repeat(32), bytes: 1024, files: 3, commit: SHA })
    recorder.changed('updated', { ...deployment, latest_revision_id: 'r2', active_revision_id: 'r2' })
    recorder.revisionStarted('r2')
    recorder.revisionSeen({ id: 'r2', status: 'DEPLOYED', source_revision_config: {} })
    const view = viewOf({
      outcome: recorder.finish({ kind: 'deployed', noNewRevision: false }),
      startedAt: 0,
      finishedAt: 1000,
      workflowSha: 'f'.repeat(40)
    })
    const labels = view.facts.map(([label]) => label)
    expect(labels).toContain('Commit checked out')
    expect(labels).not.toContain('Commit')
    // Without an archive, the workflow's commit stands in for the revision's, said as such.
    const plain = deploying()
    plain.changed('updated', { ...deployment, latest_revision_id: 'r2', active_revision_id: 'r2' })
    plain.revisionStarted('r2')
    plain.revisionSeen({ id: 'r2', status: 'DEPLOYED', source_revision_config: {} })
    const other = viewOf({
      outcome: plain.finish({ kind: 'deployed', noNewRevision: false }),
      startedAt: 0,
      finishedAt: 1000,
      workflowSha: 'f'.repeat(40)
    })
    expect(other.facts.find(([label]) => label === 'Commit')?.[1]).toEqual([
      { code: 'f'.repeat(12) },
      " (the workflow's; the revision reports none)"
    ])
  })

  it('an image: pinned by its digest, or said to be a tag that can move', () => {
    const pinned = renderSummary(
      deployedWith((r) => r.shipped({ kind: 'image', imageUri: `registry.example/agent@${DIGEST}`, digest: DIGEST }))
    )
    expect(pinned).toContain(row('Image digest', `<code>${DIGEST}</code>`))
    const tagged = renderSummary(deployedWith((r) => r.shipped({ kind: 'image', imageUri: 'registry.example/agent:latest' })))
    expect(tagged).toContain(row('Image', '<code>registry.example/agent:latest</code>'))
    expect(tagged).toContain('not pinned: a tag can move between the push and the build')
  })
})

describe('paths', () => {
  function skippedView() {
    const recorder = deploying()
    recorder.pathsDecided({
      skip: true,
      reason: 'no changed file matches `paths`',
      servingRevisionId: 'r1',
      baseCommit: '1111111111111111111111111111111111111111',
      headCommit: SHA,
      changedFiles: 3,
      outsidePaths: 3
    })
    recorder.revisionStarted('r1')
    recorder.revisionSeen({
      id: 'r1',
      status: 'DEPLOYED',
      source_revision_config: { repo_commit_sha: '1111111111111111111111111111111111111111' }
    })
    recorder.changed('unchanged')
    return viewOf({
      outcome: recorder.finish({ kind: 'nothing-to-do', reason: 'no-change-under-paths' }),
      startedAt: 0,
      finishedAt: 1000,
      githubEnvironment: 'production'
    })
  }

  it('a skip is its own view: nothing to deploy, which commit and revision serve, how many files fell outside', () => {
    const view = skippedView()
    const summary = renderSummary(view)
    expect(summary).toContain('## ✅ <code>agent</code>: nothing to deploy (no change under <code>paths</code>)')
    expect(summary).toContain(
      'Nothing was sent: no file under <code>paths</code> changed since commit <code>111111111111</code>, so revision ' +
        '<code>r1</code> goes on serving. 3 of the 3 changed files fell outside <code>paths</code>.'
    )
    expect(summary).toContain(row('Serving revision', '<code>r1</code>'))
    expect(summary).toContain(row('Commit', '<code>111111111111</code>'))
    expect(view.finalLine).toMatch(/^Outcome: nothing to deploy: deployment `agent` \(d1\), revision r1 \(DEPLOYED\)/)
    // The environment keeps the serving revision as its deployment: nothing new is recorded there.
    expect(view.github.environment).toBeUndefined()
    expect(view.url).toBe('https://agent.example')
  })

  it('a deploy that went ahead says why, in a row', () => {
    const view = deployedWith((r) => r.pathsDecided({ skip: false, reason: 'a changed file matches `paths`: `src/agent.py`' }))
    expect(renderSummary(view)).toContain(row('Why it deployed', 'a changed file matches <code>paths</code>: <code>src/agent.py</code>'))
  })

  it("a reason that quotes the control plane's answer cannot add markup, links or mentions to the table", () => {
    const hostile =
      'revision r1 could not be read (HTTP 500: <img src=x> @octo-org/admins </td></tr></table><a href="https://evil.example">x</a>)'
    const view = deployedWith((r) => r.pathsDecided({ skip: false, reason: hostile }))
    for (const text of [renderSummary(view), renderComment(view, undefined)]) {
      const cell = text.split('\n').find((line) => line.includes('Why it deployed'))
      expect(cell).toBeDefined()
      expect(cell).not.toMatch(/<img|<a |<\/table>|@octo-org/)
      expect(cell).toContain('&#60;img src=x&#62; @\u200docto-org/admins')
    }
  })
})

describe('a commit warning', () => {
  it('is shown right under the heading of the summary and of the comment, not only in the log', () => {
    const warning =
      "Revision r2 was built from commit `deadbeef0000`, not the workflow's `a1b2c3d4e5f6`: the branch moved during the build."
    const view = deployedWith((r) => r.commitWarning(warning))
    for (const text of [renderSummary(view), renderComment(view, undefined)]) {
      const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('<!--'))
      expect(lines[1]).toBe(
        '**⚠️ Warning:** Revision r2 was built from commit <code>deadbeef0000</code>, not the workflow&#39;s <code>a1b2c3d4e5f6</code>: the branch moved during the build.'
      )
    }
  })
})

describe('registry-login', () => {
  it('says where Docker logged in, where to push, and how to deploy the pushed image', () => {
    const recorder = new Recorder('registry-login', { kind: 'deployment', name: 'agent' }, aboutOf('registry-login').words)
    recorder.seen(deployment)
    recorder.changed('unchanged')
    recorder.registryLogin({ registry: 'registry.example', imageRepository: 'registry.example/tenant/agent' })
    const view = viewOf({ outcome: recorder.finish({ kind: 'logged-in' }), startedAt: 0, finishedAt: 1000 })
    const summary = renderSummary(view)
    expect(summary).toContain('## 🔑 Logged in to the registry for <code>agent</code>')
    expect(summary).toContain(row('Registry', '<code>registry.example</code>'))
    expect(summary).toContain(row('Image repository', '<code>registry.example/tenant/agent</code>'))
    expect(summary).toContain('then deploy it with <code>image-uri: registry.example/tenant/agent@&lt;digest&gt;</code>')
    expect(view.outputs).toMatchObject({ registry: 'registry.example', 'image-repository': 'registry.example/tenant/agent' })
    expect(view.finalLine).toBe(
      'Outcome: logged in: deployment `agent` (d1), https://agent.example, push to registry.example/tenant/agent.'
    )
  })

  it("a failed login is told as the command's failure, without next steps", () => {
    const recorder = new Recorder('registry-login', { kind: 'deployment', name: 'agent' }, aboutOf('registry-login').words)
    const view = viewOf({
      outcome: recorder.failedWith(new ActionError('api-refused', 'Push token failed with HTTP 403.')),
      startedAt: 0,
      finishedAt: 1
    })
    expect(renderSummary(view)).toContain('## ❌ Registry login of <code>agent</code> refused')
    expect(renderSummary(view)).not.toContain('Next:')
  })
})

describe('markdown of our messages', () => {
  it('a name in backticks is one code span, whatever markdown would escape in it; a lone backtick stays a backtick', () => {
    const recorder = deploying()
    const error = new ActionError(
      'bad-input',
      'Invalid input: `secrets`: `MY_API_KEY*` is a name the control plane reserves.',
      'Rename `MY_API_KEY*` in `secrets`; a stray ` stays.'
    )
    const summary = renderSummary(viewOf({ outcome: recorder.failedWith(error), startedAt: 0, finishedAt: 1 }))
    expect(summary).toContain(
      '**What went wrong:** Invalid input: <code>secrets</code>: <code>MY\\_API\\_KEY\\*</code> is a name the control plane reserves.'
    )
    expect(summary).toContain('**What to do:** Rename <code>MY\\_API\\_KEY\\*</code> in <code>secrets</code>; a stray \\` stays.')
  })
})

describe('times that add up', () => {
  let sim: Simulator
  beforeAll(async () => {
    sim = await startSimulatorOnClock({ loopbackUrls: true })
  })
  afterAll(() => sim.stop())

  it('after a create failure, the timeline, the breakdown and the total come from one clock', async () => {
    sim.setScenario(lifecycles.createFailed(3000))
    const run = await runInProcess({ inputs: deployInputs(sim, 'times-agent') })
    expect(run.outcome.kind).toBe('failed')
    // Statuses are escaped for markdown (`CREATE\_FAILED`): read them back as they show.
    const summary = run.summary.replace(/\\_/g, '_')
    const seen = [...summary.matchAll(/^\| (\w+) \| \+([^|]+) \|/gm)].map((m) => [m[1], m[2].trim()])
    expect(seen.length).toBeGreaterThanOrEqual(2)
    const [finalStatus, finalSeenAt] = seen.at(-1)!
    expect(finalStatus).toBe('CREATE_FAILED')
    const total = summary.match(
      /\*\*Total:\*\* (\S+) until this summary: (\S+) before the watch \([^)]*\), (\S+) until the revision was seen (\w+)/
    )
    expect(total).not.toBeNull()
    // The breakdown's revision time is the timeline's own moment the final status was seen.
    expect(total![3]).toBe(finalSeenAt)
    expect(total![4]).toBe('CREATE_FAILED')
    const seconds = (text: string) => (text.endsWith('ms') ? Number(text.slice(0, -2)) / 1000 : Number(text.replace(/s$/, '')))
    expect(seconds(total![2]) + seconds(total![3])).toBeLessThanOrEqual(seconds(total![1]) + 1)
  })
})
