import type { Deployment } from '../../api/schemas.js'
import { ActionError } from '../../core/errors.js'
import type { Outcome } from '../../core/outcome.js'
import { classify, isBeingDeleted } from '../../core/statuses.js'
import { runChecks } from '../../operations/checks/run.js'
import { withSuiteAtBase } from '../../operations/evals/suite-at-base.js'
import { lookUpTarget } from '../../operations/control-plane/resolve.js'
import { watchSettings, watchUntilDeployed } from '../../operations/control-plane/watch-revision.js'
import { defineCommand, type CommandDeps } from '../types.js'
import { checkCommit, deployChecks } from './checks.js'
import { DEPLOY_GATES, runGates } from './gates/index.js'
import type { DeployInputs, DeploySpecific } from './inputs.js'
import { rollBackAfterFailure } from './on-failure.js'
import { planDeploy } from './plan.js'
import { sendChange } from './send-change.js'
import { decideSource, preparingBeforeLookup, type SourceDecision } from './source.js'
import type { Prepared } from './sources/types.js'

/** `command: deploy`: find, create or patch, wait. */
export const deployCommand = defineCommand<DeploySpecific>({
  github: (inputs) => inputs.github,
  run: deploy
})

type Inputs = DeployInputs

export async function deploy(given: Inputs, deps: CommandDeps): Promise<Outcome> {
  // A source the inputs may mean prepares before any request (a remote build's archive), so that bad input (a missing
  // config, a dependency outside the workspace, an archive too large, a checkout that is not `expected-commit`) makes none.
  const prepared = await preparingBeforeLookup(given)?.prepare?.(given, deps)
  try {
    // `evals-from: base`: the suite as the base commit has it, read and checked before any request to the control
    // plane (from the checkout's objects, or GitHub's API when they lack that commit).
    const inputs = { ...given, verification: await withSuiteAtBase(given.verification, given, deps) }
    return await deployWith(inputs, deps, prepared)
  } finally {
    await prepared?.remove()
  }
}

/**
 * The deploy as a pipeline of phases: look up → decide the source → gates (before any change) →
 * send the change → wait for the revision → checks (after DEPLOYED) → report. Each phase is a module; gates
 * and checks are lists; every phase asks the source module the one decision picked (source.ts, sources/).
 */
async function deployWith(inputs: Inputs, deps: CommandDeps, preparedBeforeLookup: Prepared | undefined): Promise<Outcome> {
  const { log, recorder } = deps
  const existing = await lookUp(inputs, deps)
  const source = decideSource(inputs, existing)
  source.warnings.forEach(log.warn)
  const prepared = preparedBeforeLookup && keepsPrepared(preparedBeforeLookup, source, deps) ? preparedBeforeLookup : undefined
  const plan = planDeploy(inputs, existing, source, deps.workflow)
  if (plan.action === 'patch') plan.warnings.forEach(log.warn)

  const ended = await runGates(DEPLOY_GATES, { inputs, deps, existing, plan, source })
  if (ended) return ended

  const shipment = await sendChange(plan, inputs, source, deps, prepared)
  if ('planned' in shipment) return shipment.planned
  const { deployment, revisionId } = shipment

  if (plan.action !== 'create' && revisionId === existing?.latest_revision_id)
    return noNewRevision(plan.action, deployment, revisionId, inputs, source, deps)
  if (!revisionId) {
    throw new ActionError(
      'bad-response',
      `The control plane reported no revision for deployment \`${deployment.name}\` after the ${plan.action === 'create' ? 'create' : 'update'}.`,
      'Check the deployment on the control plane; re-run the job once it shows a revision.'
    )
  }
  recorder.revisionStarted(revisionId)
  log.info(
    `${plan.action === 'create' ? 'Created' : 'Updated'} deployment \`${deployment.name}\` (${deployment.id}); new revision ${revisionId}.`
  )
  // Started, not awaited: the watch must not wait on GitHub (see CommandDeps).
  deps.onRevisionStarted?.()

  if (!inputs.wait) return notWaiting(deployment, revisionId, inputs, source, deps)
  try {
    const watched = await watchUntilDeployed({ ...deps, ...deps.run.stop(), ...watchSettings(inputs), deployment, revisionId })
    await runChecks(deployChecks(inputs, source, deps), {
      ...deps,
      ...deps.run.stop(),
      connection: inputs.connection,
      // As the watch re-read it, or (that read failed) as the change's answer gave it.
      deployment: watched.deployment ?? deployment,
      revision: watched.revision,
      settings: {
        health: inputs.health,
        verification: inputs.verification,
        suggestRollback: !inputs.rollbackOnFailure,
        rollsBack: inputs.rollbackOnFailure
      }
    })
  } catch (error) {
    if (inputs.rollbackOnFailure) return rollBackAfterFailure(error, inputs, deps)
    throw error
  }
  return recorder.finish({ kind: 'deployed', noNewRevision: false })
}

/**
 * What was prepared before the lookup, when the module that made it is the one decided. When it
 * is not (the inputs could mean a remote build, the lookup decided otherwise), it is set aside:
 * never shipped or on record (sources/types.ts `Prepared`). The caller removes it either way.
 */
function keepsPrepared(prepared: Prepared, source: SourceDecision, deps: CommandDeps): boolean {
  if (prepared.by === source.module) return true
  prepared.setAside(source.builds, deps)
  return false
}

/** The look-up phase: the deployment as it is, or none (then created, unless `create-if-missing` is false). */
async function lookUp(inputs: Inputs, deps: CommandDeps): Promise<Deployment | undefined> {
  const existing = await lookUpTarget(inputs, deps)
  deps.recorder.before(existing)
  if (existing) {
    deps.log.info(
      `Found deployment \`${existing.name}\` (${existing.id}), source ${existing.source ?? 'unknown'}, status ${existing.status ?? 'unknown'}.`
    )
    // The control plane refuses any change to a deployment it is deleting; said here, before any change, in words that say what to do.
    if (isBeingDeleted(existing.status)) {
      throw new ActionError(
        'api-refused',
        `Deployment \`${existing.name}\` (${existing.id}) is being deleted (status ${existing.status}): it takes no change, and stops being listed once the delete is done.`,
        'Re-run this job once the deployment is gone (it is then created anew), or deploy under another `name`.'
      )
    }
  } else if (!inputs.createIfMissing) {
    throw new ActionError(
      'not-found',
      `No deployment is named \`${inputs.name}\`, and \`create-if-missing\` is false.`,
      'Create the deployment first, fix `name`, or set `create-if-missing: true`.'
    )
  }
  return existing
}

/** The change made no new revision: nothing to wait for or check, but what serves must still be `expected-commit`. */
async function noNewRevision(
  action: string,
  deployment: Deployment,
  revisionId: string | null,
  inputs: Inputs,
  source: SourceDecision,
  deps: CommandDeps
): Promise<Outcome> {
  deps.log.info(
    action === 'patch'
      ? 'The update changed no revision setting, so the control plane made no new revision: nothing to wait for.'
      : 'No setting to change was given, so nothing was sent and there is no new revision to wait for.'
  )
  if (inputs.health) deps.log.info('No new revision, so no health check either.')
  const serving = deployment.active_revision_id ?? revisionId
  const afterBuild = source.module.proof.afterBuild
  if (inputs.expectedCommit && afterBuild && serving) {
    const failure = afterBuild(inputs.expectedCommit, await deps.client.getRevision(deployment.id, serving))
    if (failure) throw failure
  }
  return deps.recorder.finish({ kind: 'deployed', noNewRevision: true })
}

/** `wait: false`: the revision as it is now; only one already DEPLOYED has its commit checked. */
async function notWaiting(
  deployment: Deployment,
  revisionId: string,
  inputs: Inputs,
  source: SourceDecision,
  deps: CommandDeps
): Promise<Outcome> {
  const revision = await deps.client.getRevision(deployment.id, revisionId)
  deps.recorder.revisionSeen(revision)
  deps.log.info(`Not waiting (\`wait: false\`): revision ${revisionId} is ${revision.status}.`)
  if (classify(revision.status) === 'deployed') {
    const { failure } = checkCommit(inputs, source, deps, revision)
    if (failure) throw failure
    return deps.recorder.finish({ kind: 'deployed', noNewRevision: false })
  }
  return deps.recorder.finish({ kind: 'still-deploying', cause: 'not-waiting' })
}
