import { describe, expect, it } from '@jest/globals'
import { CancelledError } from '../src/core/cancel.js'
import { ActionError } from '../src/core/errors.js'
import { Recorder } from '../src/core/recorder.js'
import { viewOf } from '../src/report/view.js'

const deployment = {
  id: 'd1',
  name: 'agent',
  status: 'READY',
  latest_revision_id: 'r2',
  active_revision_id: 'r1',
  url: 'https://agent.example'
}

function waiting(status: string): Recorder {
  const recorder = new Recorder('deploy', { kind: 'deployment', name: 'agent' })
  recorder.before(deployment)
  recorder.sending('update')
  recorder.changed('updated', deployment)
  recorder.revisionStarted('r2')
  recorder.revisionSeen({ id: 'r2', status })
  return recorder
}

describe('Recorder: an outcome from what is known, also when the run fails', () => {
  it('a cancel during the wait is "still deploying", saying where it stood and that nothing was cancelled', () => {
    const outcome = waiting('BUILDING').failedWith(new CancelledError())
    expect(outcome).toMatchObject({
      kind: 'still-deploying',
      cause: 'cancelled',
      cancelled: true,
      operation: 'updated',
      revisionId: 'r2',
      previousRevisionId: 'r1'
    })
    // The words are the reports' (report/cancellation.ts), from what the recorder knew.
    expect(viewOf({ outcome, startedAt: 0, finishedAt: 0 }).error).toBe(
      'The workflow was cancelled while waiting for revision r2 of deployment `agent` (d1), last seen BUILDING.\n' +
        'The deploy goes on on the control plane; nothing was cancelled there. Follow revision r2 on the control plane, or re-run this job to wait for it.'
    )
  })

  it('a time-out in progress is "still deploying"; a failed revision "failed"; SKIPPED "superseded"', () => {
    expect(waiting('DEPLOYING').failedWith(new ActionError('timed-out', 'late'))).toMatchObject({
      kind: 'still-deploying',
      cause: 'timed-out',
      error: 'late'
    })
    expect(waiting('BUILD_FAILED').failedWith(new ActionError('revision-failed', 'boom'))).toMatchObject({ kind: 'failed', error: 'boom' })
    expect(waiting('SKIPPED').failedWith(new ActionError('revision-failed', 'newer'))).toMatchObject({ kind: 'superseded' })
  })

  it('a change never answered is "refused" and in doubt; bad input before anything is plainly "refused"', () => {
    const recorder = new Recorder('deploy', { kind: 'deployment', name: 'agent' })
    recorder.sending('create')
    const cancelled = recorder.failedWith(new CancelledError())
    expect(cancelled).toMatchObject({ kind: 'refused', inDoubt: 'create', cancelled: true })
    expect(viewOf({ outcome: cancelled, startedAt: 0, finishedAt: 0 }).error).toContain('may or may not have taken effect')
    const fresh = new Recorder('deploy').failedWith(new ActionError('bad-input', 'no'))
    expect(fresh).toMatchObject({ kind: 'refused', error: 'no' })
    expect(fresh).not.toHaveProperty('inDoubt')
  })

  it('a delete accepted and then not waited out is still "deleted", with the error, and keeps no stale status or URL', () => {
    const recorder = new Recorder('delete')
    recorder.seen(deployment)
    recorder.deleted()
    const outcome = recorder.failedWith(new ActionError('timed-out', 'still listed'))
    expect(outcome).toMatchObject({ kind: 'deleted', error: 'still listed', deployment: { id: 'd1', name: 'agent' } })
    expect(outcome.deployment).not.toHaveProperty('url')
  })

  it('a crash is reported as a bug, redacted, with what was known', () => {
    const outcome = waiting('DEPLOYED').failedWith(new Error('oops'))
    expect(outcome).toMatchObject({ kind: 'failed', revision: { status: 'DEPLOYED' } })
    expect(outcome.error).toMatch(/^Unexpected error: oops\nThis is a bug in the action/)
  })

  it("prune's facts are the recorder's own: an outcome made earlier does not change as the run goes on", () => {
    const recorder = new Recorder('prune', { kind: 'deployment', name: 'agent-pr-{pr}' })
    recorder.pruning()
    recorder.previewGone({ id: 'p2', name: 'agent-pr-2', pr: 2 }, true)
    const early = recorder.failedWith(new CancelledError())
    recorder.previewGone({ id: 'p3', name: 'agent-pr-3', pr: 3 }, true)
    recorder.pruneRows([{ name: 'agent-pr-3', pr: 3, fate: 'deleted', reason: { kind: 'closed' } }])
    expect(early).toMatchObject({ kind: 'deleted', operation: 'deleted', prune: { pruned: ['agent-pr-2'], rows: [] } })
    expect(early.prune?.gone).toHaveLength(1)
    expect(recorder.factsNow.prune).toMatchObject({ pruned: ['agent-pr-2', 'agent-pr-3'], rows: [{ name: 'agent-pr-3' }] })
  })

  it('on-failure endings are made here too: a rollback after a failure keeps the failed revision and names the restored one', () => {
    const recorder = waiting('DEPLOYED')
    recorder.restored('r3')
    recorder.changed('rolled-back')
    const outcome = recorder.endedWith('rolled-back', new ActionError('health-check-failed', 'Unhealthy.\nRolled back.', 'Fix it.'))
    expect(outcome).toMatchObject({
      kind: 'rolled-back',
      revisionId: 'r2',
      restoredRevisionId: 'r3',
      error: 'Unhealthy.\nRolled back.\nFix it.',
      problem: { what: 'Unhealthy.\nRolled back.', todo: 'Fix it.' }
    })
  })
})
