import type { Deployment } from '../../api/schemas.js'
import { throwIfCancelled } from '../../core/cancel.js'
import type { Outcome } from '../../core/outcome.js'
import { createOnce, patchOnce, refuseTwins, sendRecorded, type ApplyContext } from '../../operations/apply.js'
import { planEvals } from '../../operations/checks/evals.js'
import type { CommandDeps } from '../types.js'
import { describePlan, plannedRequests } from './describe.js'
import { describeEnvironment, type EnvironmentChange } from './environment.js'
import { imageShipped, unpinnedImageWarning } from './image.js'
import type { DeployInputs } from './inputs.js'
import type { Plan } from './plan.js'
import type { SourceDecision } from './source.js'
import { archiveForRemoteBuild, recordArchive, remotePlannedRequests, uploadAndBuild, type BuiltArchive } from './remote-build.js'

/** What sending the change ended in: a dry run's plan, or the change sent and the revision it made (if any). */
export type SentChange = { planned: Outcome } | { deployment: Deployment; revisionId: string | null }

/**
 * Sends the change: a `github` patch or create, a remote build (archive, upload, patch), or an image.
 * A dry run builds and checks what it would ship and sends nothing.
 */
export async function sendChange(
  plan: Plan,
  inputs: DeployInputs,
  source: SourceDecision,
  deps: CommandDeps,
  archivedBeforeLookup: BuiltArchive | undefined
): Promise<SentChange> {
  const { client, log, recorder } = deps
  // Only docker sources take an image (the source rules refuse it for others).
  const image = plan.action === 'none' ? undefined : plan.body.source_revision_config?.image_uri
  const unpinned = image && unpinnedImageWarning(image)
  if (unpinned) log.warn(unpinned)
  const archive = await archiveForRemoteBuild(inputs, source, deps, archivedBeforeLookup)
  reportEnvironment(plan, deps)
  if (inputs.dryRun) {
    if (image) recorder.shipped(imageShipped(image))
    if (archive) {
      recordArchive(recorder, archive)
      await archive.remove()
      log.info('Dry run: the archive was built and checked, not uploaded; no upload URL was asked for.')
    }
    await planEvals(inputs.verification.evals, { log, recorder, client, clock: deps.clock, deadline: deps.deadline })
    recorder.changed('planned')
    return {
      planned: recorder.finish({ kind: 'planned', requests: archive ? remotePlannedRequests(plan, archive) : plannedRequests(plan) })
    }
  }
  const apply: ApplyContext = {
    client,
    clock: deps.clock,
    deadline: deps.deadline,
    settleMs: deps.settleMs,
    signal: deps.signal,
    log: log.warn
  }
  const sent = archive ? await uploadAndBuild(plan, archive, inputs, deps, apply) : await sendPlan(plan, inputs, deps, apply)
  // On record once the control plane took it, not before: a refused change shipped nothing.
  if (image) recorder.shipped(imageShipped(image))
  return sent
}

/**
 * What the change does to the deployment's environment, by name, in the log and on record (the
 * summary's row): kept, set, added, removed. A removal is a warning: it deletes what someone set.
 */
function reportEnvironment(plan: Plan, { log, recorder }: Pick<CommandDeps, 'log' | 'recorder'>): void {
  const environment = plan.environment
  if (!environment) return
  const lists: Array<['secrets' | 'secret-references', EnvironmentChange<unknown> | undefined]> = [
    ['secrets', environment.secrets],
    ['secret-references', environment.references]
  ]
  for (const [what, change] of lists) {
    if (!change) continue
    const line = describeEnvironment(what, change, plan.action === 'create')
    if (change.names.removed.length > 0 || change.removedUnknown) log.warn(line)
    else log.info(line)
  }
  const fact = (change: EnvironmentChange<unknown> | undefined) =>
    change && { ...change.names, sent: change.send !== undefined, ...(change.removedUnknown ? { removedUnknown: true } : {}) }
  recorder.environment({
    mode: environment.mode,
    ...(environment.secrets ? { secrets: fact(environment.secrets) } : {}),
    ...(environment.references ? { references: fact(environment.references) } : {})
  })
}

/** Sends what the plan says (create, patch, or nothing) and records it. */
async function sendPlan(
  plan: Plan,
  inputs: DeployInputs,
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
