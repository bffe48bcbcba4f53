import type { ControlPlaneClient } from '../../api/client.js'
import { unlessNotFound } from '../../api/errors.js'
import { requests } from '../../api/requests.js'
import type { Deployment, Revision } from '../../api/schemas.js'
import { ActionError } from '../../core/errors.js'
import type { Outcome } from '../../core/outcome.js'
import { applyContextOf } from '../../operations/control-plane/apply.js'
import { redeploy } from '../../operations/control-plane/redeploy.js'
import { lookUpTarget, targetLabel } from '../../operations/control-plane/resolve.js'
import { listRevisionsWithStatus } from '../../operations/control-plane/revisions.js'
import { AFTER_DEPLOYED } from '../../operations/checks/index.js'
import { planEvals } from '../../operations/checks/evals.js'
import { runChecks } from '../../operations/checks/run.js'
import { withSuiteAtBase } from '../../operations/evals/suite-at-base.js'
import { watchSettings, watchUntilDeployed } from '../../operations/control-plane/watch-revision.js'
import { defineCommand, type CommandDeps } from '../types.js'
import { chooseRollbackTarget, SHOWN, type ChoiceFacts, type RollbackTo } from './choose.js'
import type { RollbackInputs, RollbackSpecific } from './inputs.js'

/**
 * `command: rollback`: make the deployment serve an earlier revision again. Choose the
 * revision (`rollback-to`), redeploy it once in effect, then watch the new revision
 * exactly as a deploy does, and check its health when asked.
 */
export const rollbackCommand = defineCommand<RollbackSpecific>({
  github: (inputs) => inputs.github,
  run: rollback
})

type Inputs = RollbackInputs

export async function rollback(given: Inputs, deps: CommandDeps): Promise<Outcome> {
  const { client, log, recorder } = deps
  // `evals-from: base`: the suite as the base commit has it, read and checked before any request.
  const inputs = { ...given, verification: await withSuiteAtBase(given.verification, given, deps) }
  const deployment = await lookUpTarget(inputs, deps)
  if (!deployment) {
    throw new ActionError(
      'not-found',
      `No deployment is named ${targetLabel(inputs)}: there is nothing to roll back.`,
      'Check `name`, or set `deployment-id`.'
    )
  }
  recorder.before(deployment)
  const serving = deployment.active_revision_id ?? undefined
  log.info(`Found deployment \`${deployment.name}\` (${deployment.id}); revision ${serving ?? '(none reported)'} serves it now.`)

  const choice = chooseRollbackTarget(inputs.rollbackTo, await choiceFacts(client, deps, deployment, inputs.rollbackTo))
  if (choice.kind === 'serving') {
    log.info(`Revision ${choice.revisionId} already serves deployment \`${deployment.name}\`: nothing to roll back, nothing sent.`)
    recorder.revisionStarted(choice.revisionId)
    recorder.changed('unchanged')
    return recorder.finish({ kind: 'nothing-to-do', reason: 'no-change' })
  }
  const { target } = choice
  recorder.redeploying(target.id, target)
  const created = target.created_at ? ` (created ${target.created_at})` : ''
  // `rollback-to: <id>` needs no serving revision, and a control plane may report none.
  const from = serving ? `revision ${serving}` : 'no serving revision (none reported)'
  if (inputs.dryRun) {
    log.info(`Would roll deployment \`${deployment.name}\` back from ${from} to revision ${target.id}${created}.`)
    await planEvals(inputs.verification.evals, { log, recorder, client, ...deps.run.stop() })
    recorder.changed('planned')
    return recorder.finish({ kind: 'planned', requests: [requests.redeployRevision(deployment.id, target.id)] })
  }
  log.info(`Rolling deployment \`${deployment.name}\` back from ${from} to revision ${target.id}${created}: redeploying it.`)
  const started = await redeploy(deployment, target, {
    apply: applyContextOf(deps),
    log,
    recorder
  })
  // Started, not awaited: the watch must not wait on GitHub (see CommandDeps).
  deps.onRevisionStarted?.()
  if (!inputs.wait) {
    const revision = await client.getRevision(deployment.id, started.revisionId)
    recorder.revisionSeen(revision)
    log.info(`Not waiting (\`wait: false\`): revision ${started.revisionId} is ${revision.status}.`)
    return recorder.finish({ kind: 'still-deploying', cause: 'not-waiting' })
  }
  const watched = await watchUntilDeployed({
    ...deps,
    ...deps.run.stop(),
    ...watchSettings(inputs),
    deployment: started.deployment,
    revisionId: started.revisionId
  })
  // The same checks after DEPLOYED as a deploy's (but the commit: a rollback ships no new one).
  await runChecks(AFTER_DEPLOYED, {
    ...deps,
    ...deps.run.stop(),
    connection: inputs.connection,
    deployment: watched.deployment ?? started.deployment,
    revision: watched.revision,
    settings: { health: inputs.health, verification: inputs.verification }
  })
  log.info(
    `Deployment \`${deployment.name}\` now serves revision ${started.revisionId} (a redeploy of revision ${target.id}); it ` +
      `replaced ${serving ? `revision ${serving}` : 'no revision reported serving'}.`
  )
  return recorder.finish({ kind: 'rolled-back' })
}

/**
 * What the choice needs. Nothing is read when the id asked for serves already. An id is
 * read directly (one request, whatever the deployment's history), and the eligible
 * revisions are listed, one page, only to refuse it. For `previous`, every DEPLOYED
 * revision is listed, and the serving revision's age comes from that list, or else from
 * reading it (it may have ended in another status, or be an older server's).
 */
async function choiceFacts(
  client: Pick<ControlPlaneClient, 'listRevisions' | 'getRevision'>,
  deps: CommandDeps,
  deployment: Deployment,
  to: RollbackTo
): Promise<ChoiceFacts> {
  const activeId = deployment.active_revision_id ?? undefined
  if (to.kind === 'revision') {
    if (to.id === activeId) return { deployment, deployed: [] }
    deps.log.info(`Reading revision ${to.id} of deployment \`${deployment.name}\`…`)
    const requested = await unlessNotFound(client.getRevision(deployment.id, to.id))
    if (requested?.status === 'DEPLOYED') return { deployment, deployed: [], requested }
    return { deployment, requested, ...(await newestDeployed(client, deployment)) }
  }
  deps.log.info(`Listing the revisions of deployment \`${deployment.name}\` that reached DEPLOYED…`)
  const deployed = await listRevisionsWithStatus({ client, ...deps.run.stop() }, deployment.id, ['DEPLOYED'])
  let active: Revision | undefined
  if (activeId && !deployed.some((r) => r.id === activeId)) {
    active = await unlessNotFound(client.getRevision(deployment.id, activeId))
  }
  return { deployment, deployed, active }
}

/** The newest DEPLOYED revisions, one page: enough to show in a refusal, without walking the whole history. */
async function newestDeployed(
  client: Pick<ControlPlaneClient, 'listRevisions'>,
  deployment: Deployment
): Promise<Pick<ChoiceFacts, 'deployed' | 'partial'>> {
  const page = await client.listRevisions(deployment.id, { status: 'DEPLOYED', limit: SHOWN + 1, offset: 0 })
  return { deployed: page.resources.slice(0, SHOWN), partial: page.resources.length > SHOWN }
}
