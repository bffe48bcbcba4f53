import type { Deployment } from '../../api/schemas.js'
import { throwIfCancelled } from '../../core/cancel.js'
import { ActionError } from '../../core/errors.js'
import type { Outcome } from '../../core/outcome.js'
import { classify } from '../../core/statuses.js'
import { createOnce, patchOnce, refuseTwins, sendRecorded, type ApplyContext } from '../../operations/apply.js'
import { lookUpTarget } from '../../operations/resolve.js'
import { verifyHealth } from '../../operations/verify-health.js'
import { watchRevision, watchSettings } from '../../operations/watch-revision.js'
import { defineCommand, type CommandDeps } from '../types.js'
import { warnIfCommitMoved } from './commit-check.js'
import { describePlan, plannedRequests } from './describe.js'
import { rollBackAfterFailure } from './on-failure.js'
import type { DeployInputs, DeploySpecific } from './inputs.js'
import { planDeploy } from './plan.js'

/** `command: deploy`: find, create or patch, wait. */
export const deployCommand = defineCommand<DeploySpecific>({
  github: (inputs) => inputs.github,
  run: deploy
})

type Inputs = DeployInputs

export async function deploy(inputs: Inputs, deps: CommandDeps): Promise<Outcome> {
  const { client, log, recorder } = deps
  const existing = await lookUpTarget(inputs, deps)
  recorder.before(existing)
  if (existing) {
    log.info(`Found deployment \`${existing.name}\` (${existing.id}), source ${existing.source ?? 'unknown'}, status ${existing.status ?? 'unknown'}.`)
  } else if (!inputs.createIfMissing) {
    throw new ActionError(
      'not-found',
      `No deployment is named \`${inputs.name}\`, and \`create-if-missing\` is false.`,
      'Create the deployment first, fix `name`, or set `create-if-missing: true`.'
    )
  }

  const plan = planDeploy(inputs, existing, deps.workflow)
  if (plan.action === 'patch') plan.warnings.forEach(log.warn)
  if (inputs.dryRun) {
    recorder.changed('planned')
    return recorder.finish({ kind: 'planned', requests: plannedRequests(plan) })
  }
  log.info(describePlan(plan))
  // No change is started once the workflow is cancelled.
  throwIfCancelled(deps.signal)
  const apply: ApplyContext = { client, clock: deps.clock, deadline: deps.deadline, settleMs: deps.settleMs, signal: deps.signal, log: log.warn }
  let deployment: Deployment
  let revisionId: string | null
  if (plan.action === 'create') {
    deployment = await sendRecorded(recorder, 'create', () => createOnce(plan.body, apply))
    recorder.changed('created', deployment)
    await refuseTwins(client, deployment, { clock: deps.clock, deadline: deps.deadline, timeoutMs: inputs.timeoutMs })
    revisionId = deployment.latest_revision_id
  } else if (plan.action === 'patch') {
    const applied = await sendRecorded(recorder, 'update', () => patchOnce(plan.deployment, plan.body, apply))
    deployment = applied.deployment
    revisionId = applied.revisionId
    recorder.changed('updated', deployment)
  } else {
    deployment = plan.deployment
    revisionId = deployment.latest_revision_id
    recorder.changed('unchanged', deployment)
  }

  if (plan.action !== 'create' && revisionId === existing?.latest_revision_id) {
    log.info(
      plan.action === 'patch'
        ? 'The update changed no revision setting, so the control plane made no new revision: nothing to wait for.'
        : 'No setting to change was given, so nothing was sent and there is no new revision to wait for.'
    )
    if (inputs.health) log.info('No new revision, so no health check either.')
    return recorder.finish({ kind: 'deployed', noNewRevision: true })
  }
  if (!revisionId) {
    throw new ActionError(
      'bad-response',
      `The control plane reported no revision for deployment \`${deployment.name}\` after the ${plan.action === 'create' ? 'create' : 'update'}.`,
      'Check the deployment on the control plane; re-run the job once it shows a revision.'
    )
  }
  recorder.revisionStarted(revisionId)
  log.info(`${plan.action === 'create' ? 'Created' : 'Updated'} deployment \`${deployment.name}\` (${deployment.id}); new revision ${revisionId}.`)
  // Started, not awaited: the watch must not wait on GitHub (see CommandDeps).
  deps.onRevisionStarted?.()

  if (!inputs.wait) {
    const revision = await client.getRevision(deployment.id, revisionId)
    recorder.revisionSeen(revision)
    log.info(`Not waiting (\`wait: false\`): revision ${revisionId} is ${revision.status}.`)
    if (classify(revision.status) === 'deployed') {
      warnIfCommitMoved(revision, deps.workflow, log)
      return recorder.finish({ kind: 'deployed', noNewRevision: false })
    }
    return recorder.finish({ kind: 'still-deploying', cause: 'not-waiting' })
  }
  try {
    const deployed = await watchRevision({ ...deps, ...watchSettings(inputs), deployment, revisionId })
    warnIfCommitMoved(deployed, deps.workflow, log)
    if (inputs.health) {
      await verifyHealth({
        ...deps,
        health: inputs.health,
        connection: inputs.connection,
        deployment: recorder.known.deployment ?? deployment,
        suggestRollback: !inputs.rollbackOnFailure
      })
    }
  } catch (error) {
    if (inputs.rollbackOnFailure) return rollBackAfterFailure(error, inputs, deps)
    throw error
  }
  return recorder.finish({ kind: 'deployed', noNewRevision: false })
}
