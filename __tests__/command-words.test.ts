/**
 * Every command tells its own story: the heading of its summary and PR comment, its GitHub
 * status and its last log line name that command (by its own words) and its target, on a
 * success, a failure and a refusal. Successes and failures are synthetic outcomes built
 * through the Recorder with each command's own words; refusals are real runs in-process.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { aboutOf, COMMANDS, type Command } from '../src/commands/registry.js'
import { ActionError } from '../src/core/errors.js'
import { clearSecrets } from '../src/core/masking.js'
import type { Outcome, Subject } from '../src/core/outcome.js'
import { Recorder } from '../src/core/recorder.js'
import { renderComment } from '../src/github/pr-comment.js'
import { renderSummary } from '../src/report/summary.js'
import { viewOf } from '../src/report/view.js'
import { runInProcess } from './helpers/in-process.js'

beforeEach(() => clearSecrets())

const TARGETS: Record<Command, Subject> = {
  deploy: { kind: 'deployment', name: 'agent-deploy' },
  delete: { kind: 'deployment', name: 'agent-delete' },
  rollback: { kind: 'deployment', name: 'agent-rollback' },
  'delete-listener': { kind: 'listener', name: 'listener-7', id: 'listener-7' },
  prune: { kind: 'deployment', name: 'agent-pr-{pr}' },
  'registry-login': { kind: 'deployment', name: 'agent-login' }
}

const recorderOf = (command: Command) => new Recorder(command, TARGETS[command], aboutOf(command).words)
const deployment = (name: string) => ({
  id: `id-${name}`,
  name,
  status: 'READY',
  active_revision_id: 'r1',
  latest_revision_id: 'r1',
  url: 'https://agent.example'
})

/** A run of each command that went well, as its command records it. */
const SUCCESS: Record<Command, () => Outcome> = {
  deploy: () => {
    const r = recorderOf('deploy')
    r.before(deployment('agent-deploy'))
    r.changed('updated', deployment('agent-deploy'))
    r.revisionStarted('r2')
    r.revisionSeen({ id: 'r2', status: 'DEPLOYED' })
    return r.finish({ kind: 'deployed', noNewRevision: false })
  },
  delete: () => {
    const r = recorderOf('delete')
    r.seen(deployment('agent-delete'))
    r.deleted()
    r.tracingProject('deleted')
    return r.finish({ kind: 'deleted' })
  },
  rollback: () => {
    const r = recorderOf('rollback')
    r.before(deployment('agent-rollback'))
    r.seen(deployment('agent-rollback'))
    r.redeploying('r0')
    r.changed('rolled-back', deployment('agent-rollback'))
    r.revisionStarted('r3')
    r.revisionSeen({ id: 'r3', status: 'DEPLOYED' })
    return r.finish({ kind: 'rolled-back' })
  },
  'delete-listener': () => {
    const r = recorderOf('delete-listener')
    r.changed('deleted')
    return r.finish({ kind: 'deleted' })
  },
  prune: () => {
    const r = recorderOf('prune')
    r.pruning()
    r.pruneRows([{ name: 'agent-pr-2', pr: 2, fate: 'deleted', reason: { kind: 'closed' } }])
    r.previewGone({ id: 'p2', name: 'agent-pr-2', pr: 2 }, true)
    return r.finish({ kind: 'deleted' })
  },
  'registry-login': () => {
    const r = recorderOf('registry-login')
    r.seen(deployment('agent-login'))
    r.changed('unchanged', deployment('agent-login'))
    r.registryLogin({ registry: 'registry.example', imageRepository: 'registry.example/p/agent-login' })
    return r.finish({ kind: 'logged-in' })
  }
}

/** A run of each command that failed after it began. */
const FAILURE: Record<Command, () => Outcome> = {
  deploy: () => {
    const r = recorderOf('deploy')
    r.changed('updated', deployment('agent-deploy'))
    r.revisionStarted('r2')
    r.revisionSeen({ id: 'r2', status: 'BUILD_FAILED' })
    return r.failedWith(new ActionError('revision-failed', 'Revision r2 failed to build.'))
  },
  delete: () => {
    const r = recorderOf('delete')
    r.seen(deployment('agent-delete'))
    return r.failedWith(new ActionError('api-refused', 'Delete failed with HTTP 500.'))
  },
  rollback: () => {
    const r = recorderOf('rollback')
    r.seen(deployment('agent-rollback'))
    r.redeploying('r0')
    r.changed('rolled-back', deployment('agent-rollback'))
    r.revisionStarted('r3')
    r.revisionSeen({ id: 'r3', status: 'DEPLOY_FAILED' })
    return r.failedWith(new ActionError('revision-failed', 'Revision r3 was built but failed to deploy.'))
  },
  'delete-listener': () => recorderOf('delete-listener').failedWith(new ActionError('api-refused', 'Delete failed with HTTP 403.')),
  prune: () => {
    const r = recorderOf('prune')
    r.pruning()
    r.previewGone({ id: 'p2', name: 'agent-pr-2', pr: 2 }, true)
    return r.failedWith(new ActionError('api-refused', '1 of 2 stale previews could not be deleted.'))
  },
  'registry-login': () => {
    const r = recorderOf('registry-login')
    r.seen(deployment('agent-login'))
    return r.failedWith(new ActionError('api-refused', 'The control plane refused the push token (HTTP 400).'))
  }
}

/** What each command's heading must read: its own word for the run, and its target. */
const HEADINGS: Record<Command, { success: RegExp; failure: RegExp; refusal: string }> = {
  deploy: {
    success: /^✅ Deployed <code>agent-deploy<\/code>$/,
    failure: /^❌ Deploy of <code>agent-deploy<\/code> failed$/,
    refusal: '❌ Deploy of <code>agent-deploy</code> refused'
  },
  delete: {
    success: /^🗑️ Deleted <code>agent-delete<\/code>$/,
    failure: /^❌ Delete of <code>agent-delete<\/code> refused$/,
    refusal: '❌ Delete of <code>agent-delete</code> refused'
  },
  rollback: {
    success: /^⏪ Rolled back <code>agent-rollback<\/code>$/,
    failure: /^❌ Rollback of <code>agent-rollback<\/code> failed$/,
    refusal: '❌ Rollback of <code>agent-rollback</code> refused'
  },
  'delete-listener': {
    success: /^🗑️ Deleted listener <code>listener-7<\/code>$/,
    failure: /^❌ Delete of listener <code>listener-7<\/code> refused$/,
    refusal: '❌ Delete of listener <code>listener-7</code> refused'
  },
  prune: {
    success: /^🧹 Pruned 1 stale preview of <code>agent-pr-\{pr\}<\/code>$/,
    failure: /^❌ Prune of <code>agent-pr-\{pr\}<\/code> failed after deleting 1 stale preview$/,
    refusal: '❌ Prune of <code>agent-pr-{pr}</code> refused'
  },
  'registry-login': {
    success: /^🔑 Logged in to the registry for <code>agent-login<\/code>$/,
    failure: /^❌ Registry login of <code>agent-login<\/code> refused$/,
    refusal: '❌ Registry login of <code>agent-login</code> refused'
  }
}

const heading = (markdown: string, level: string) =>
  markdown
    .split('\n')
    .find((line) => line.startsWith(`${level} `))
    ?.slice(level.length + 1)

describe('each command names itself and its target', () => {
  const commands = Object.keys(COMMANDS) as Command[]

  it('covers every registered command', () => {
    expect(commands.length).toBeGreaterThanOrEqual(5)
    expect(Object.keys(HEADINGS).sort()).toEqual([...commands].sort())
  })

  for (const command of Object.keys(HEADINGS) as Command[]) {
    it(`${command}: success and failure headings, the same in the summary and the comment`, () => {
      for (const [outcome, expected] of [
        [SUCCESS[command](), HEADINGS[command].success],
        [FAILURE[command](), HEADINGS[command].failure]
      ] as const) {
        const view = viewOf({ outcome, startedAt: 0, finishedAt: 1000, workflowSha: 'f'.repeat(40) })
        expect(heading(renderSummary(view), '##')).toMatch(expected)
        if (!outcome.prune) expect(heading(renderComment(view, undefined), '###')).toMatch(expected)
        // The last log line names the target too.
        expect(view.finalLine).toContain(TARGETS[command].name!)
      }
    })

    it(`${command}: a refusal of its inputs is told as its own, naming the target given`, async () => {
      const target = TARGETS[command]
      const named: Record<string, string> =
        command === 'delete-listener'
          ? { 'listener-id': target.name! }
          : command === 'prune'
            ? { 'name-pattern': target.name! }
            : { name: target.name! }
      const run = await runInProcess({
        inputs: { 'control-plane-url': 'https://api.example.com', 'api-key': 'key-123', command, ...named, timeout: 'forever' }
      })
      expect(run.outcome.kind).toBe('refused')
      expect(heading(run.summary, '##')).toBe(HEADINGS[command].refusal)
      expect(run.lines.at(-1)).toContain(`(\`command: ${command}\`)`)
      // No revision, so no commit row (the workflow's commit says nothing about a refusal).
      expect(run.summary).not.toContain('<th align="left">Commit</th>')
    })
  }

  it('an unknown command is refused as no command in particular', async () => {
    const run = await runInProcess({
      inputs: { 'control-plane-url': 'https://api.example.com', 'api-key': 'key-123', command: 'deplyo', name: 'agent' }
    })
    expect(run.outcome.kind).toBe('refused')
    expect(run.failures[0]).toContain('`command` must be one of')
    expect(heading(run.summary, '##')).toBe('❌ Refused before running any command')
    expect(run.summary).not.toMatch(/Deploy of/)
  })

  it('the in-progress report says what the command does: deploying, rolling back', () => {
    const deploying = recorderOf('deploy')
    deploying.changed('updated', deployment('agent-deploy'))
    deploying.revisionStarted('r2')
    const deployView = viewOf({ outcome: deploying.inProgress(), startedAt: 0, finishedAt: 0 })
    expect(deployView.title).toEqual(['🚀 Deploying ', { code: 'agent-deploy' }, '…'])
    expect(deployView.github.environment).toEqual({ state: 'in_progress', description: 'Deploying revision r2' })
    const rolling = recorderOf('rollback')
    rolling.seen(deployment('agent-rollback'))
    rolling.redeploying('r0')
    rolling.revisionStarted('r3')
    const rollView = viewOf({ outcome: rolling.inProgress(), startedAt: 0, finishedAt: 0 })
    expect(rollView.title).toEqual(['🚀 Rolling back ', { code: 'agent-rollback' }, '…'])
    expect(rollView.github.environment?.description).toBe('Rolling back to revision r0 (new revision r3)')
  })
})

describe('a command that is not a deploy is not told as one', () => {
  it('a rollback still in progress is still rolling back, and its notes say the rollback goes on', () => {
    const r = recorderOf('rollback')
    r.seen(deployment('agent-rollback'))
    r.redeploying('r0')
    r.changed('rolled-back', deployment('agent-rollback'))
    r.revisionStarted('r3')
    r.revisionSeen({ id: 'r3', status: 'BUILDING' })
    const view = viewOf({ outcome: r.finish({ kind: 'still-deploying', cause: 'not-waiting' }), startedAt: 0, finishedAt: 1000 })
    expect(heading(renderSummary(view), '##')).toBe('🚀 <code>agent-rollback</code> is still rolling back (this run does not wait for it)')
    expect(view.notes[0]?.[0]).toMatch(/^The rollback goes on on the control plane/)
  })

  it("the last log line of a failure names the command, as a refusal's does", () => {
    const failed = viewOf({ outcome: FAILURE.rollback(), startedAt: 0, finishedAt: 1000 })
    expect(failed.finalLine).toMatch(/^Outcome: failed: deployment `agent-rollback`.* \(`command: rollback`\)\.$/)
    const succeeded = viewOf({ outcome: SUCCESS.rollback(), startedAt: 0, finishedAt: 1000 })
    expect(succeeded.finalLine).not.toContain('command:')
    // prune's last line is its own (previews, not one deployment): it names the command on a failure too.
    expect(viewOf({ outcome: FAILURE.prune(), startedAt: 0, finishedAt: 1000 }).finalLine).toMatch(
      /^Outcome: failed: previews .* \(`command: prune`\)\.$/
    )
    expect(viewOf({ outcome: SUCCESS.prune(), startedAt: 0, finishedAt: 1000 }).finalLine).not.toContain('command:')
  })
})
