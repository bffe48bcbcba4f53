import type { Deployment, Revision } from '../../api/schemas.js'
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
import { checkBuiltCommit, checkRefBeforeChange } from './expected-commit.js'
import { decidePaths } from './paths-gate.js'
import { imageShipped, unpinnedImageWarning } from './image.js'
import { rollBackAfterFailure } from './on-failure.js'
import type { DeployInputs, DeploySpecific } from './inputs.js'
import { DEFAULT_SOURCE, planDeploy, type Plan } from './plan.js'
import { archiveBeforeLookup, archiveForRemoteBuild, recordArchive, remotePlannedRequests, shipFromCheckout, type BuiltArchive } from './remote-build.js'

/** `command: deploy`: find, create or patch, wait. */
export const deployCommand = defineCommand<DeploySpecific>({
  github: (inputs) => inputs.github,
  run: deploy
})

type Inputs = DeployInputs

export async function deploy(inputs: Inputs, deps: CommandDeps): Promise<Outcome> {
  // A remote build the inputs announce is archived before any request, so that bad input (a missing config, a
  // dependency outside the workspace, an archive too large, a checkout that is not `expected-commit`) makes none.
  const early = await archiveBeforeLookup(inputs, deps)
  try {
    return await deployWith(inputs, deps, early)
  } finally {
    await early?.remove()
  }
}

async function deployWith(inputs: Inputs, deps: CommandDeps, early: BuiltArchive | undefined): Promise<Outcome> {
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

  const ships = inputs.revisionSource ?? existing?.source ?? inputs.source ?? DEFAULT_SOURCE

  const plan = planDeploy(inputs, existing, deps.workflow)
  if (plan.action === 'patch') plan.warnings.forEach(log.warn)
  if (inputs.expectedCommit && ships === 'github') {
    const repoUrl = existing?.source_config?.repo_url ?? (plan.action === 'create' ? plan.body.source_config.repo_url : undefined)
    await checkRefBeforeChange(inputs.expectedCommit, inputs.sourceRevisionConfig.repo_ref ?? deps.workflow.repoRef, repoUrl ?? undefined, inputs, deps, existing)
  }
  if (inputs.paths) {
    const verdict = await decidePaths(inputs.paths, inputs, existing, deps)
    if (verdict.skip && existing) return nothingUnderPaths(verdict.serving, existing, inputs, deps)
  }
  /** After DEPLOYED: the commit it was built from, checked against `expected-commit`, or warned about when it moved. */
  const checkCommit = (revision: Revision) =>
    inputs.expectedCommit && ships === 'github' ? checkBuiltCommit(inputs.expectedCommit, revision) : warnIfCommitMoved(revision, deps.workflow, log, recorder)
  // Only docker sources take an image (the source rules refuse it for others).
  const image = plan.action === 'none' ? undefined : plan.body.source_revision_config?.image_uri
  const unpinned = image && unpinnedImageWarning(image)
  if (unpinned) log.warn(unpinned)
  const archive = await archiveForRemoteBuild(inputs, existing, deps, early)
  if (inputs.dryRun) {
    if (image) recorder.shipped(imageShipped(image))
    if (archive) {
      recordArchive(recorder, archive)
      await archive.remove()
      log.info('Dry run: the archive was built and checked, not uploaded; no upload URL was asked for.')
    }
    recorder.changed('planned')
    return recorder.finish({ kind: 'planned', requests: archive ? remotePlannedRequests(plan, archive) : plannedRequests(plan) })
  }
  const apply: ApplyContext = { client, clock: deps.clock, deadline: deps.deadline, settleMs: deps.settleMs, signal: deps.signal, log: log.warn }
  const { deployment, revisionId } = archive ? await shipFromCheckout(plan, archive, inputs, deps, apply) : await sendPlan(plan, inputs, deps, apply)
  // On record once the control plane took it, not before: a refused change shipped nothing.
  if (image) recorder.shipped(imageShipped(image))

  if (plan.action !== 'create' && revisionId === existing?.latest_revision_id) {
    log.info(
      plan.action === 'patch'
        ? 'The update changed no revision setting, so the control plane made no new revision: nothing to wait for.'
        : 'No setting to change was given, so nothing was sent and there is no new revision to wait for.'
    )
    if (inputs.health) log.info('No new revision, so no health check either.')
    // Nothing was built by this run: what serves must still be shown to be `expected-commit`.
    const serving = deployment.active_revision_id ?? revisionId
    if (inputs.expectedCommit && ships === 'github' && serving) checkBuiltCommit(inputs.expectedCommit, await client.getRevision(deployment.id, serving))
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
      checkCommit(revision)
      return recorder.finish({ kind: 'deployed', noNewRevision: false })
    }
    return recorder.finish({ kind: 'still-deploying', cause: 'not-waiting' })
  }
  try {
    const deployed = await watchRevision({ ...deps, ...watchSettings(inputs), deployment, revisionId })
    checkCommit(deployed)
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

/** `paths` found nothing to deploy: nothing is sent, and the outputs describe the revision that keeps serving. */
function nothingUnderPaths(serving: Revision, existing: Deployment, inputs: Inputs, { recorder }: CommandDeps): Outcome {
  if (inputs.dryRun) {
    recorder.changed('planned')
    return recorder.finish({ kind: 'planned', requests: [] })
  }
  recorder.changed('unchanged', existing)
  recorder.revisionStarted(serving.id)
  recorder.revisionSeen(serving)
  return recorder.finish({ kind: 'nothing-to-do', reason: 'no-change-under-paths' })
}

/** Sends what the plan says (create, patch, or nothing) and records it. */
async function sendPlan(
  plan: Plan,
  inputs: Inputs,
  deps: CommandDeps,
  apply: ApplyContext
): Promise<{ deployment: Deployment; revisionId: string | null }> {
  const { client, log, recorder } = deps
  log.info(describePlan(plan))
  // No change is started once the workflow is cancelled.
  throwIfCancelled(deps.signal)
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
  return { deployment, revisionId }
}
