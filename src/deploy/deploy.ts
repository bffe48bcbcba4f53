import type { ControlPlaneClient } from '../api/client.js'
import { ApiError } from '../api/errors.js'
import type { Deployment, Revision } from '../api/schemas.js'
import { throwIfCancelled } from '../cancel.js'
import { formatDuration, type Clock } from '../clock.js'
import { ActionError } from '../errors.js'
import type { DeployInputs } from '../inputs/read.js'
import type { DeployState } from '../report/state.js'
import type { WorkflowContext } from '../workflow-context.js'
import { createOnce, patchOnce, type ApplyContext } from './apply.js'
import { describePlan, plannedRequests } from './describe.js'
import { failedPhaseOf, LogFollower, printVerbatim, type LogSink } from './logs.js'
import { planDeploy } from './plan.js'
import { resolveDeployment } from './resolve.js'
import { Timeline } from './timeline.js'
import { statusLine, waitForRevision } from './wait.js'

export interface Logger extends LogSink {
  warn(line: string): void
}

export interface DeployDeps {
  client: ControlPlaneClient
  clock: Clock
  log: Logger
  workflow: WorkflowContext
  /** Clock time by which the step must be done waiting: its start plus `timeout`. */
  deadline: number
  /** How long a doubtful change is re-read before it is sent again (see apply.ts). */
  settleMs: number
  signal?: AbortSignal
  /** Told when the revision this run made starts (GitHub reporting); must not throw. */
  onRevisionStarted?: () => Promise<void>
}

/** Find, create or patch, wait: the deploy command, filling `state` as it learns. */
export async function deploy(inputs: DeployInputs, deps: DeployDeps, state: DeployState): Promise<void> {
  const { client, log } = deps
  const label = inputs.name ?? inputs.deploymentId
  state.name = inputs.name
  state.workflowSha = deps.workflow.sha
  log.info(inputs.deploymentId ? `Reading deployment ${inputs.deploymentId}…` : `Looking up deployment \`${label}\`…`)
  const existing = await resolveDeployment(client, inputs)
  if (existing) {
    state.name = existing.name
    state.deployment = existing
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
    state.operation = 'planned'
    state.plannedRequests = plannedRequests(plan)
    return
  }
  log.info(describePlan(plan))
  // No change is started once the workflow is cancelled.
  throwIfCancelled(deps.signal)
  const apply: ApplyContext = {
    client,
    clock: deps.clock,
    deadline: deps.deadline,
    settleMs: deps.settleMs,
    signal: deps.signal,
    log: log.warn
  }
  let deployment: Deployment
  if (plan.action === 'create') {
    state.pending = 'create'
    deployment = await createOnce(plan.body, apply)
    state.operation = 'created'
  } else if (plan.action === 'patch') {
    state.pending = 'update'
    deployment = await patchOnce(plan.deployment, plan.body, apply)
    state.operation = 'updated'
  } else {
    deployment = plan.deployment
    state.operation = 'unchanged'
  }
  state.deployment = deployment
  state.pending = undefined

  const revisionId = deployment.latest_revision_id
  if (plan.action !== 'create' && revisionId === existing?.latest_revision_id) {
    state.noNewRevision = true
    log.info(
      plan.action === 'patch'
        ? 'The update changed no revision setting, so the control plane made no new revision: nothing to wait for.'
        : 'No setting to change was given, so nothing was sent and there is no new revision to wait for.'
    )
    return
  }
  if (!revisionId) {
    throw new ActionError(
      'bad-response',
      `The control plane reported no revision for deployment \`${deployment.name}\` after the ${plan.action === 'create' ? 'create' : 'update'}.`,
      'Check the deployment on the control plane; re-run the job once it shows a revision.'
    )
  }
  state.revisionId = revisionId
  log.info(`${plan.action === 'create' ? 'Created' : 'Updated'} deployment \`${deployment.name}\` (${deployment.id}); new revision ${revisionId}.`)
  await deps.onRevisionStarted?.()

  if (!inputs.wait) {
    state.revision = await client.getRevision(deployment.id, revisionId)
    log.info(`Not waiting (\`wait: false\`): revision ${revisionId} is ${state.revision.status}.`)
    return
  }
  await waitUntilDeployed(inputs, deps, state, deployment, revisionId)
}

async function waitUntilDeployed(
  inputs: DeployInputs,
  deps: DeployDeps,
  state: DeployState,
  deployment: Deployment,
  revisionId: string
): Promise<void> {
  const { client, clock, log } = deps
  const timeline = new Timeline(clock.now())
  state.timeline = timeline
  log.info(
    `Waiting up to ${formatDuration(deps.deadline - clock.now())} for revision ${revisionId} to be DEPLOYED` +
      (inputs.pollIntervalMs ? ` (checking every ${formatDuration(inputs.pollIntervalMs)})…` : '…')
  )
  const logs = inputs.showLogs
    ? new LogFollower(client, { deploymentId: deployment.id, revisionId }, log, { clock, deadline: deps.deadline })
    : undefined
  let revision: Revision
  try {
    revision = await waitForRevision({
      client,
      deploymentId: deployment.id,
      deploymentName: deployment.name,
      revisionId,
      timeoutMs: inputs.timeoutMs,
      deadline: deps.deadline,
      pollIntervalMs: inputs.pollIntervalMs,
      clock,
      signal: deps.signal,
      timeline,
      warn: log.warn,
      progress: {
        changed: async (r, elapsedMs) => {
          await logs?.leaving(r.status)
          log.info(statusLine(revisionId, r.status, elapsedMs))
        },
        checked: async (r) => {
          state.revision = r
          await logs?.follow(r.status)
        }
      }
    })
  } catch (error) {
    logs?.close()
    if (logs && error instanceof ActionError && error.kind === 'revision-failed' && state.revision) {
      await showFailureLog(logs, state.revision, state, log)
    }
    throw error
  }
  logs?.close()
  log.info(`Revision ${revisionId} is DEPLOYED after ${formatDuration(clock.now() - timeline.startedAt)}.`)

  // Re-read for the deployment's status and URL, and to check that this revision is
  // the one serving: a newer deploy may have overtaken it while it finished. The
  // revision is deployed either way, so a failed re-read costs a warning, not the step.
  const current = await client.getDeployment(deployment.id).catch((error: unknown) => {
    if (!(error instanceof ApiError) || !error.retryable) throw error
    log.warn(`Could not re-read deployment \`${deployment.name}\` after the deploy (${error.message.split('\n')[0]}); its status and URL below may be out of date.`)
    return undefined
  })
  if (!current) return
  state.deployment = current
  if (current.active_revision_id && current.active_revision_id !== revision.id) {
    log.warn(
      `Revision ${revision.id} reached DEPLOYED, but the deployment now serves revision ${current.active_revision_id} (a newer deploy?).`
    )
  }
}

/** The end of the failing phase's log, right above the error, and for the summary. */
async function showFailureLog(logs: LogFollower, revision: Revision, state: DeployState, log: Logger): Promise<void> {
  const type = failedPhaseOf(revision.status)
  if (!type) return
  const lines = await logs.tail(type)
  if (lines.length === 0) return
  state.failureLog = { type, lines }
  log.info(`Last ${lines.length} lines of the ${type} log of revision ${revision.id}:`)
  printVerbatim(log, lines)
}
