import type { Deployment } from '../../api/schemas.js'
import { Recorder } from '../../core/recorder.js'
import { CancelledError } from '../../core/cancel.js'
import { ActionError, firstLine, type ErrorKind } from '../../core/errors.js'
import type { Outcome } from '../../core/outcome.js'
import { applyContextOf } from '../../operations/control-plane/apply.js'
import { redeploy } from '../../operations/control-plane/redeploy.js'
import { watchSettings, watchUntilDeployed } from '../../operations/control-plane/watch-revision.js'
import type { CommandDeps } from '../types.js'
import type { DeployInputs } from './inputs.js'

/** A revision that failed, failed its health check or any other check, or serves a commit other than `expected-commit`, is undone. */
const ROLLED_BACK_FOR = new Set<ErrorKind>(['revision-failed', 'health-check-failed', 'commit-mismatch', 'check-failed'])

/** A check that could not be made, or proved nothing, says nothing against the revision. */
const NOT_AGAINST = new Set<ErrorKind>(['health-check-not-made', 'check-not-proven'])

/** A failed build or create never replaced what served: the control plane keeps the old revision. */
const NEVER_SERVED = new Set(['CREATE_FAILED', 'BUILD_FAILED'])

/**
 * `on-failure: rollback`, after the deploy's revision failed, failed its health check or another check, or
 * reached DEPLOYED built from a commit other than `expected-commit`.
 * When the deployment is left serving a bad revision, redeploy the one that served before
 * this run and watch it; the step still fails, and its error says both what failed and
 * what serves now. When nothing needs undoing (a failed build), it says so instead. Any
 * other ending (a time-out, a cancellation, a lost connection, a superseded revision)
 * is not a failure of this revision and is rethrown untouched; a health check that could
 * not be made is rethrown with a note that nothing was rolled back.
 */
export async function rollBackAfterFailure(error: unknown, inputs: DeployInputs, deps: CommandDeps): Promise<Outcome> {
  if (error instanceof ActionError && NOT_AGAINST.has(error.kind)) {
    // A check that was never made says nothing against the new revision: replacing it could undo a good deploy.
    const only = error.kind === 'check-not-proven' ? 'not found wrong, only not proven right' : 'not found unhealthy, only not checked'
    throw withNote(error, `Nothing was rolled back (\`on-failure: rollback\`): the revision was ${only}, so it was left in place.`)
  }
  if (!(error instanceof ActionError) || !ROLLED_BACK_FOR.has(error.kind)) throw error
  const { client, log, recorder } = deps
  const { previousRevisionId: previous, revisionId: failed, revision, deployment } = recorder.factsNow
  const status = revision?.status ?? ''
  if (!deployment || !failed || status === 'SKIPPED') throw error
  if (NEVER_SERVED.has(status)) {
    throw withNote(
      error,
      `No rollback was needed: a revision that fails before it deploys never serves, so the control plane kept serving ${previous ? `revision ${previous}` : 'what it served'}.`
    )
  }
  if (!previous) {
    throw withNote(error, 'No rollback was possible: no revision served before this run (it created the deployment, or none had deployed).')
  }
  const current = await client.getDeployment(deployment.id)
  if (error.kind === 'revision-failed' && current.active_revision_id !== failed) {
    throw withNote(
      error,
      `No rollback was needed: deployment \`${current.name}\` still serves revision ${current.active_revision_id ?? previous}.`
    )
  }
  log.warn(`${firstLine(error)} Rolling back (\`on-failure: rollback\`) to revision ${previous}, which served before this run…`)
  // The rollback's own revision is recorded apart: the run's outcome stays about the revision that failed.
  const rollbackRecord = new Recorder('rollback')
  let serving: string
  /** The deployment as the rollback's watch re-read it, or as its redeploy answered. */
  let rolledBack: Deployment
  try {
    // Its settings tell its redeploy apart from another run's revision, should the answer be lost.
    const target = await client.getRevision(current.id, previous)
    const started = await redeploy(current, target, {
      apply: applyContextOf(deps),
      log,
      recorder: rollbackRecord
    })
    const watched = await watchUntilDeployed({
      ...deps,
      ...deps.run.stop(),
      ...watchSettings(inputs),
      recorder: rollbackRecord,
      deployment: started.deployment,
      revisionId: started.revisionId
    })
    // Not health-checked: it served before this run, and the step fails anyway; a second
    // `health-check-timeout` would only make the failure later.
    serving = started.revisionId
    rolledBack = watched.deployment ?? started.deployment
  } catch (rollbackError) {
    const failedToo = rollbackRecord.failedWith(rollbackError)
    // The redeploy was accepted (its wait or check failed): the run did roll back, not to a good state.
    if (rollbackRecord.factsNow.operation === 'rolled-back') recorder.changed('rolled-back', rollbackRecord.factsNow.deployment)
    const rollback =
      rollbackError instanceof CancelledError
        ? cancelledRollback(failedToo, previous, current.name)
        : {
            what: `The rollback to revision ${previous} (\`on-failure: rollback\`) failed too: ${failedToo.problem?.what ?? failedToo.error}`,
            todo: failedToo.problem?.todo
          }
    // What to do about the rollback comes first: until it is dealt with, nothing good serves.
    const todo = [rollback.todo, error.hint].filter((line): line is string => Boolean(line)).join('\n')
    return recorder.endedWith('failed', new ActionError(error.kind, `${error.message}\n${rollback.what}`, todo || undefined))
  }
  recorder.restored(serving)
  recorder.changed('rolled-back', rolledBack)
  const story =
    `Rolled back (\`on-failure: rollback\`): deployment \`${current.name}\` now serves revision ${serving}, ` +
    `a redeploy of revision ${previous}, which served before this run.`
  log.info(story)
  return recorder.endedWith('rolled-back', withNote(error, story))
}

function withNote(error: ActionError, note: string): ActionError {
  return new ActionError(error.kind, `${error.message}\n${note}`, error.hint)
}

/**
 * The workflow was cancelled during the rollback: where the rollback stood, in the deploy's
 * words (the rollback's own recorder knows only that it was cancelled). Nothing is cancelled
 * on the control plane.
 */
function cancelledRollback(rollback: Outcome, previous: string, name: string): { what: string; todo: string } {
  const check = `Look at deployment \`${name}\` on the control plane before re-running: nothing was cancelled there.`
  if (rollback.kind === 'refused' && rollback.inDoubt) {
    return {
      what: `The workflow was cancelled while the redeploy of revision ${previous} (\`on-failure: rollback\`) was in flight: it may or may not have taken effect.`,
      todo: check
    }
  }
  if (rollback.revisionId) {
    return {
      what: `The workflow was cancelled while waiting for revision ${rollback.revisionId}, the redeploy of revision ${previous} (\`on-failure: rollback\`); it goes on on the control plane.`,
      todo: `Follow revision ${rollback.revisionId} of deployment \`${name}\` on the control plane: nothing was cancelled there.`
    }
  }
  return {
    what: `The workflow was cancelled before the rollback to revision ${previous} (\`on-failure: rollback\`) was sent: nothing was rolled back.`,
    todo: check
  }
}
