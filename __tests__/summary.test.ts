import { beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { Outcome } from '../src/core/outcome.js'
import { Timeline } from '../src/core/timeline.js'
import { clearSecrets, registerSecret } from '../src/core/masking.js'
import { renderSummary as renderView } from '../src/report/summary.js'
import { viewOf } from '../src/report/view.js'
import { deployAbout } from '../src/commands/deploy/about.js'
import { pruneAbout } from '../src/commands/prune/about.js'
import { rollbackAbout } from '../src/commands/rollback/about.js'

/** A run of 4m 12s that ended in `outcome`. */
const renderSummary = (outcome: Outcome) => renderView(viewOf({ outcome, startedAt: 0, finishedAt: 252_000 }))

beforeEach(() => {
  clearSecrets()
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

function deployedState(): Outcome & { kind: 'deployed' } {
  // The watch began 1 s into the run (after the lookup and the update).
  const timeline = new Timeline(1000)
  timeline.observe('QUEUED', 1000)
  timeline.observe('BUILDING', 31_000)
  timeline.observe('BUILDING', 201_000)
  timeline.observe('DEPLOYED', 251_000)
  return {
    kind: 'deployed',
    noNewRevision: false,
    command: 'deploy',
    subject: { kind: 'deployment', name: 'support-agent', id: 'd1' },
    operation: 'updated',
    revisionId: 'r2',
    timeline: timeline.spans(),
    watchStartedAt: timeline.startedAt,
    deployment: { id: 'd1', name: 'support-agent', status: 'READY', latest_revision_id: 'r2', url: 'https://agent.example' },
    revision: {
      id: 'r2',
      status: 'DEPLOYED',
      created_at: '2026-11-21T10:00:00Z',
      updated_at: '2026-11-21T10:04:09Z',
      source_revision_config: { repo_commit_sha: '0123456789abcdef0123' }
    }
  }
}

describe('renderSummary', () => {
  it('shows the deployment, revision, status, commit, URL, what was done and the timeline', () => {
    const summary = renderSummary(deployedState())
    expect(summary).toContain('## ✅ Deployed <code>support-agent</code>')
    expect(summary).toContain('<tr><th align="left">What was done</th><td>Updated the deployment with a new revision</td></tr>')
    expect(summary).toContain('<tr><th align="left">Commit</th><td><code>0123456789ab</code></td></tr>')
    expect(summary).toContain('<a href="https://agent.example">https://agent.example</a>')
    expect(summary).toContain(
      [
        '| QUEUED | +0ms | 30s | `████··························` |',
        '| BUILDING | +30s | 3m 40s | `····██████████████████████████` |',
        '| DEPLOYED | +4m 10s | — | `·····························▏` |'
      ].join('\n')
    )
    // One clock for the timeline and the total, so they add up: 1s + 4m 10s + 1s = 4m 12s.
    expect(summary).toContain(
      '**Total:** 4m 12s until this summary: 1s before the watch (lookup, update), 4m 10s until the revision was seen DEPLOYED, 1s after it (logs, outputs).'
    )
  })

  it('shows the end of the failing log, open, in a block it cannot close', () => {
    const state: Outcome = {
      ...deployedState(),
      kind: 'failed',
      error: 'failed',
      failureLog: { type: 'build', lines: ['step 1', 'ERROR: ```boom```'] }
    }
    expect(renderSummary(state)).toContain(
      "<details open><summary>Last 2 lines of the build log</summary>\n\n```text\nstep 1\nERROR: '''boom'''\n```\n</details>"
    )
  })

  it('escapes names and redacts secrets, including in the error', () => {
    registerSecret('hunter2')
    const base = deployedState()
    const state: Outcome = {
      ...base,
      kind: 'failed',
      subject: { kind: 'deployment', name: 'a|b<script>' },
      deployment: { ...base.deployment!, name: 'a|b<script>' },
      error: 'Update failed: value hunter2 rejected\n```'
    }
    const summary = renderSummary(state)
    expect(summary).toContain('## ❌ Deploy of <code>a\\|b&lt;script&gt;</code> failed')
    expect(summary).toContain('<td><code>a&#124;b&#60;script&#62;</code> (<code>d1</code>)</td>')
    expect(summary).toContain('**What went wrong:** Update failed: value \\*\\*\\* rejected<br>\n\\`\\`\\`')
    expect(summary).not.toContain('hunter2')
    expect(summary).not.toContain('```')
  })

  it('does not link a URL that is not http(s)', () => {
    const state = deployedState()
    state.deployment = { ...state.deployment!, url: 'javascript:alert(1)' }
    expect(renderSummary(state)).toContain(
      '<td><code>javascript:alert(1)</code> (not an https:// URL, so not linked and not set as the output)</td>'
    )
  })

  it('says when there was no new revision to wait for', () => {
    const state: Outcome = { ...deployedState(), timeline: undefined, revision: undefined, revisionId: undefined, noNewRevision: true }
    const summary = renderSummary(state)
    expect(summary).toContain('## ✅ <code>support-agent</code> is deployed (no new revision was needed)')
    expect(summary).toContain('Updated the deployment (no new revision)')
    expect(summary).not.toContain('<th align="left">Revision</th>')
  })
})

describe('rollback and prune, as the user reads them', () => {
  it('a rollback leads with what serves now and what it replaced, and its time went on a redeploy', () => {
    const base = deployedState()
    const state: Outcome = {
      ...base,
      kind: 'rolled-back',
      command: 'rollback',
      words: rollbackAbout.words,
      operation: 'rolled-back',
      redeployOf: 'r0',
      previousRevisionId: 'r1'
    }
    const summary = renderSummary(state)
    const lead =
      'Deployment <code>support-agent</code> now serves revision <code>r2</code> (a redeploy of revision <code>r0</code>); it replaced revision <code>r1</code>.'
    expect(summary).toContain(lead)
    // Right under the heading, before the table of facts.
    expect(summary.indexOf(lead)).toBeLessThan(summary.indexOf('<table>'))
    expect(summary).toContain('1s before the watch (lookup, redeploy)')
    expect(summary).toContain('<tr><th align="left">Replaced revision</th><td><code>r1</code></td></tr>')
  })

  it('a deploy rolled back by `on-failure: rollback` names what serves now, what to do, and ends its log on both revisions', () => {
    const base = deployedState()
    const state: Outcome = {
      ...base,
      kind: 'rolled-back',
      words: deployAbout.words,
      operation: 'rolled-back',
      previousRevisionId: 'r1',
      restoredRevisionId: 'r3',
      // The redeploy's answer: its new revision r3 is the deployment's latest.
      deployment: { ...base.deployment!, latest_revision_id: 'r3' },
      health: { healthy: false, url: 'https://agent.example/ok', attempts: 3, elapsedMs: 3000, last: 'HTTP 503' },
      error: 'The health check failed.\nRolled back.'
    }
    const view = viewOf({ outcome: state, startedAt: 0, finishedAt: 252_000 })
    const summary = renderView(view)
    expect(summary).toContain('## ⏪ Deploy of <code>support-agent</code> failed and was rolled back')
    expect(summary).toContain(
      '<tr><th align="left">Now serving</th><td><code>r3</code>, a redeploy of <code>r1</code>, which served before this run</td></tr>'
    )
    expect(summary).toContain(`<tr><th align="left">This run's revision (failed)</th><td><code>r2</code></td></tr>`)
    expect(summary).toContain(
      '**What to do:** Fix what made revision r2 fail \\(its health check and logs are in this run&#39;s log\\) and deploy again; revision r3 serves meanwhile.'
    )
    expect(summary).toContain('1s after it (health check, rollback, logs, outputs)')
    expect(summary).toContain('Deployed a new revision, then redeployed the one that served before (on-failure: rollback)')
    expect(view.finalLine).toBe(
      'Outcome: rolled back: deployment `support-agent` (d1), revision r2 (DEPLOYED), now serving revision r3, https://agent.example (`command: deploy`).'
    )
  })

  it('a prune dry run says how many would go, in the heading and the last log line, and how to delete them', () => {
    const state: Outcome = {
      kind: 'planned',
      requests: [],
      command: 'prune',
      words: pruneAbout.words,
      subject: { kind: 'deployment', name: 'agent-pr-{pr}' },
      operation: 'planned',
      prune: {
        rows: [
          { name: 'agent-pr-2', pr: 2, fate: 'would delete', reason: { kind: 'closed' } },
          { name: 'agent-pr-3', pr: 3, fate: 'would delete', reason: { kind: 'missing' } },
          { name: 'agent-pr-4', pr: 4, fate: 'kept', reason: { kind: 'open' } }
        ],
        pruned: [],
        gone: [],
        githubRequests: 3
      }
    }
    const view = viewOf({ outcome: state, startedAt: 0, finishedAt: 1000 })
    const summary = renderView(view)
    expect(summary).toContain(
      '## 📝 Dry run of prune for <code>agent-pr-{pr}</code>: 2 stale previews would be deleted; nothing was changed'
    )
    expect(summary).toContain('Run again without <code>dry-run</code> to delete them.')
    expect(view.finalLine).toBe('Outcome: planned (dry run): previews `agent-pr-{pr}`, 2 would be deleted.')
  })
})
