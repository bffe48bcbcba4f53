import { describe, expect, it } from '@jest/globals'
import { CancelledError } from '../src/core/cancel.js'
import { ActionError } from '../src/core/errors.js'
import { Recorder } from '../src/core/recorder.js'
import { viewOf } from '../src/report/view.js'

const deployment = { id: 'd1', name: 'agent', status: 'READY', latest_revision_id: 'r2', active_revision_id: 'r1', url: 'https://agent.example' }

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
    expect(outcome).toMatchObject({ kind: 'still-deploying', cause: 'cancelled', cancelled: true, operation: 'updated', revisionId: 'r2', previousRevisionId: 'r1' })
    // The words are the reports' (report/cancellation.ts), from what the recorder knew.
    expect(viewOf({ outcome, startedAt: 0, finishedAt: 0 }).error).toBe(
      'The workflow was cancelled while waiting for revision r2 of deployment `agent` (d1), last seen BUILDING.\n' +
        'The deploy goes on on the control plane; nothing was cancelled there. Follow revision r2 on the control plane, or re-run this job to wait for it.'
    )
  })

  it('a time-out in progress is "still deploying"; a failed revision "failed"; SKIPPED "superseded"', () => {
    expect(waiting('DEPLOYING').failedWith(new ActionError('timed-out', 'late'))).toMatchObject({ kind: 'still-deploying', cause: 'timed-out', error: 'late' })
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
})
