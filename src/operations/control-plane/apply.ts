import type { ControlPlaneClient } from '../../api/client.js'
import { ApiError } from '../../api/errors.js'
import { retrying, WRITE_RETRY, type Attempt, type RetryPolicy } from '../../api/retry.js'
import type { CreateDeploymentRequest, Deployment, PatchDeploymentRequest, Revision } from '../../api/schemas.js'
import { sleepUnlessCancelled } from '../../core/cancel.js'
import { formatDuration } from '../../core/clock.js'
import { ActionError, firstLine } from '../../core/errors.js'
import type { PendingChange } from '../../core/outcome.js'
import type { Recorder } from '../../core/recorder.js'
import { findDeploymentsByName, type WalkLimits } from './find.js'
import { carriesOurEnvironment, createdWithOurSettings, findOurRevision, reportsSourceConfig, type SentRevision } from './ours.js'
import type { Stop } from '../../core/stop.js'
import type { RunContext } from '../../core/run-context.js'
import type { Log } from '../../core/log.js'

/**
 * Sends a change at most once in effect. A change whose outcome is in doubt (a
 * time-out, a reset, a 5xx, an unreadable success) is never simply repeated: the
 * action first re-reads the control plane to learn whether it took effect, and
 * sends it again only if it did not. So one run makes at most one deployment and at
 * most one revision, whatever fails in between.
 */
export interface ApplyContext extends Stop {
  client: Pick<
    ControlPlaneClient,
    'createDeployment' | 'patchDeployment' | 'getDeployment' | 'listDeployments' | 'getRevision' | 'listRevisions'
  >
  log: (line: string) => void
  /**
   * How long after a doubtful failure the change may still take effect, so how long
   * re-reads go on before the action concludes it did not. A request given up on
   * after its time limit may still be in the server's hands: this should exceed that limit.
   */
  settleMs: number
  retry?: RetryPolicy
  random?: () => number
}

/**
 * The apply context of a command's run, the one way to make it: the run context's clock, deadline
 * and cancel, the run's settle window, and its warnings.
 */
export function applyContextOf<C>(deps: { client: C; run: RunContext; settleMs: number; log: Pick<Log, 'warn'> }): Timing & { client: C } {
  return { client: deps.client, ...deps.run.stop(), settleMs: deps.settleMs, log: deps.log.warn }
}

/** What the retries and re-reads need besides the client. */
type Timing = Omit<ApplyContext, 'client'>

/** A redeploy needs only these requests. */
export type RedeployContext = Timing & { client: Pick<ControlPlaneClient, 'redeployRevision' | 'getDeployment' | 'listRevisions'> }

/** Re-reads after a doubtful change, as fractions of the settle window: an early look, and one at its end. */
const SETTLE_CHECKS = [1 / 3, 1]

/** The settle window for a request time limit: half as long again as a request may take. */
export function settleWindowFor(requestTimeoutMs: number): number {
  return Math.round(requestTimeoutMs * 1.5)
}

export async function createOnce(body: CreateDeploymentRequest, ctx: ApplyContext): Promise<Deployment> {
  let inDoubt = false
  return withRetries<Deployment>(ctx, `Create deployment \`${body.name}\``, async () => {
    try {
      return { done: await ctx.client.createDeployment(body) }
    } catch (error) {
      // A 409 after a doubtful attempt is that attempt's deployment (or its tracing project) in the way.
      const conflictAfterDoubt = inDoubt && error instanceof ApiError && error.status === 409
      if (!(error instanceof ApiError) || !(error.ambiguous || conflictAfterDoubt)) throw error
      inDoubt = true
      const created = await settle(ctx, `the create of \`${body.name}\``, () => createdByThisRun(ctx, body))
      if (created) {
        ctx.log(
          `The create of \`${body.name}\` took effect despite the error (${firstLine(error)}); continuing with deployment ${created.id}.`
        )
        return { done: created }
      }
      if (conflictAfterDoubt) throw error
      return { retry: error }
    }
  })
}

/**
 * The deployment named `body.name` if it exists and has this run's settings; undefined
 * if none exists yet. One with other settings was made by another deploy at the same
 * time: this run's create cannot take effect over it (names are unique), and the run
 * must not adopt it as its own, so that is an error. Two by that name is one too.
 */
async function createdByThisRun(ctx: ApplyContext, body: CreateDeploymentRequest): Promise<Deployment | undefined> {
  const found = await findDeploymentsByName(ctx.client, body.name, ctx)
  if (found.length > 1) throw twinDeployments(body.name, found)
  if (found.length === 0) return undefined
  const deployment = found[0].source !== undefined ? found[0] : await ctx.client.getDeployment(found[0].id)
  const revisionConfig =
    deployment.source_revision_config ??
    (deployment.latest_revision_id
      ? (await ctx.client.getRevision(deployment.id, deployment.latest_revision_id)).source_revision_config
      : undefined)
  if (createdWithOurSettings(deployment, revisionConfig, body)) return deployment
  throw new ActionError(
    'api-refused',
    `Another deploy created deployment \`${body.name}\` (${deployment.id}) meanwhile, with settings other than this run's; ` +
      "this run's create, whose answer was lost, did not make it. Not sending the create again: the name is taken, and that deployment is not this run's to change.",
    'Let the other deploy finish, then re-run this job: it will update that deployment with these settings.'
  )
}

/**
 * After a create: the control plane should refuse a second deployment of a name, but
 * if it did not (two runs creating at once), every later deploy by `name` would fail
 * on the ambiguity. Said at once, loudly, with both ids.
 */
export async function refuseTwins(
  client: Pick<ControlPlaneClient, 'listDeployments'>,
  created: Deployment,
  limits: WalkLimits
): Promise<void> {
  const found = await findDeploymentsByName(client, created.name, limits)
  if (found.length > 1) throw twinDeployments(created.name, found, created.id)
}

function twinDeployments(name: string, found: Deployment[], ours?: string): ActionError {
  const ids = found.map((d) => (d.id === ours ? `${d.id} (made by this run)` : d.id)).join(', ')
  return new ActionError(
    'api-refused',
    `The control plane now has ${found.length} deployments named \`${name}\`: ${ids}. Another deploy created one at the same time, and the control plane did not refuse the second.`,
    `Delete all but one of them on the control plane: until then every deploy by \`name\` fails. Keep the one the other deploys use, or set \`deployment-id\`.`
  )
}

/** What a patch did: the deployment as re-read or answered, and the revision this run made (or the latest, when none was made). */
export interface Applied {
  deployment: Deployment
  revisionId: string | null
}

export async function patchOnce(deployment: Deployment, body: PatchDeploymentRequest, ctx: ApplyContext): Promise<Applied> {
  const before = deployment.latest_revision_id
  // A patch that makes no revision only sets values: sending it twice changes nothing more.
  const idempotent = !mayMakeRevision(body)
  // A change of revision inputs alone may or may not make a revision: it took effect when the deployment reports what was sent.
  const perhapsNoRevision = !makesRevision(body)
  const sent: SentRevision = { config: body.source_revision_config ?? {}, source: body.revision_source }
  let othersSeen: Revision[] = []
  return withRetries<Applied>(ctx, `Update deployment ${deployment.id}`, async () => {
    try {
      const answered = await ctx.client.patchDeployment(deployment.id, body)
      return { done: { deployment: answered, revisionId: answered.latest_revision_id } }
    } catch (error) {
      if (!(error instanceof ApiError) || !error.ambiguous) throw error
      if (idempotent) return { retry: error }
      // A new latest revision is not proof: another run may have made it. Ours is the one that carries what we sent.
      const applied = await settle(ctx, `the update of deployment \`${deployment.name}\``, async () => {
        const current = await ctx.client.getDeployment(deployment.id)
        // What was sent beside the revision's settings (the environment; resource_spec, the install and build
        // commands) shows on the deployment while this run's change is the latest, whether or not it made a revision.
        const rest = reportsSourceConfig(current, body.source_config) && carriesOurEnvironment(current, body)
        if (current.latest_revision_id === before) return perhapsNoRevision && rest ? { current } : undefined
        const look = await findOurRevision(ctx, deployment.id, before, sent)
        othersSeen = look.others
        // A revision with this run's revision settings, latest, on a deployment that lacks the rest of what it sent
        // is another run's of the same branch: this run's change never landed.
        if (look.ours && look.others.length === 0 && !rest) {
          othersSeen = look.revisions
          return undefined
        }
        return look.ours ? { current, look, ours: look.ours } : undefined
      })
      if (applied && !applied.ours) {
        ctx.log(`The update took effect despite the error (${firstLine(error)}), and made no new revision.`)
        return { done: { deployment: applied.current, revisionId: before } }
      }
      if (applied) {
        const { current, look, ours } = applied
        ctx.log(`The update took effect despite the error (${firstLine(error)}): revision ${ours.id}.`)
        if (look.candidates > 1) {
          ctx.log(
            `${look.candidates} new revisions carry what this run sent, so which is this run's cannot be told; following the newest, ${ours.id}.`
          )
        }
        if (look.others.length > 0) {
          ctx.log(
            `Another deploy changed deployment \`${deployment.name}\` after this run: its revision ${look.others[0].id} is newer than this run's ${ours.id}. ` +
              `Waiting on ${ours.id}, which the newer one will likely supersede.`
          )
        }
        return { done: { deployment: current, revisionId: ours.id } }
      }
      if (othersSeen.length > 0) throw changedMeanwhile(deployment, othersSeen)
      return { retry: error }
    }
  })
}

function changedMeanwhile(deployment: Deployment, others: Revision[], change = 'update'): ActionError {
  return new ActionError(
    'api-refused',
    `Another deploy changed deployment \`${deployment.name}\` meanwhile (revision ${others.map((r) => r.id).join(', ')}), and ` +
      `this run's ${change}, whose answer was lost, is not among its new revisions. ` +
      "Not sending it again: that could undo the other deploy's newer change.",
    'Let the other deploy finish, then re-run this job if its change is still wanted.'
  )
}

/**
 * A redeploy makes a revision, so like a create it is never sent twice blindly: after a
 * doubtful answer the deployment is re-read, and the redeploy took effect if a revision
 * newer than `before` carries the settings of the revision redeployed (as for an
 * update, a new latest revision alone is not proof: another run may have made it) and,
 * when the redeployed revision reports its commit, that same commit: another run that
 * pushed the same branch meanwhile makes a revision with the same settings, but (the
 * branch having moved on) another commit. A new revision with the settings but no
 * commit cannot be told apart: the run fails saying so, neither adopting nor resending.
 */
export async function redeployOnce(deployment: Deployment, target: Revision, ctx: RedeployContext): Promise<Applied> {
  const before = deployment.latest_revision_id
  const { repo_commit_sha: commitSha, ...settings } = target.source_revision_config ?? {}
  const sent: SentRevision = {
    config: Object.fromEntries(Object.entries(settings).filter(([, v]) => v != null)),
    commitSha: commitSha ?? undefined
  }
  let othersSeen: Revision[] = []
  let noCommit: Revision | undefined
  return withRetries<Applied>(ctx, `Redeploy revision ${target.id}`, async () => {
    try {
      const answered = await ctx.client.redeployRevision(deployment.id, target.id)
      return { done: { deployment: answered, revisionId: answered.latest_revision_id } }
    } catch (error) {
      if (!(error instanceof ApiError) || !error.ambiguous) throw error
      const applied = await settle(ctx, `the redeploy of revision ${target.id}`, async () => {
        const current = await ctx.client.getDeployment(deployment.id)
        if (current.latest_revision_id === before) return undefined
        const look = await findOurRevision(ctx, deployment.id, before, sent)
        othersSeen = look.others
        // The commit may be filled in once the control plane resolves it: keep looking until the window ends.
        noCommit = sent.commitSha && look.ours && !look.ours.source_revision_config?.repo_commit_sha ? look.ours : undefined
        return look.ours && !noCommit ? { current, ours: look.ours } : undefined
      })
      if (applied) {
        ctx.log(`The redeploy took effect despite the error (${firstLine(error)}): revision ${applied.ours.id}.`)
        return { done: { deployment: applied.current, revisionId: applied.ours.id } }
      }
      if (noCommit) throw cannotTellRedeploy(deployment, target, noCommit)
      if (othersSeen.length > 0) throw changedMeanwhile(deployment, othersSeen, 'redeploy')
      return { retry: error }
    }
  })
}

function cannotTellRedeploy(deployment: Deployment, target: Revision, candidate: Revision): ActionError {
  return new ActionError(
    'api-refused',
    `Cannot tell whether the redeploy of revision ${target.id} took effect: its answer was lost, and the new revision ${candidate.id} of deployment ` +
      `\`${deployment.name}\` has its settings but reports no commit, so it may be another run's push of the same branch. ` +
      "Not sending the redeploy again (that could make a second revision), and not following a revision that may not be this run's.",
    `Look at revision ${candidate.id} on the control plane: if it is commit ${target.source_revision_config?.repo_commit_sha ?? '(unknown)'}, the rollback took effect; otherwise re-run this job.`
  )
}

/** Whether the control plane makes a new revision for this patch (docs/control-plane.md: a `source_revision_config` change makes one). */
export function makesRevision(body: PatchDeploymentRequest): boolean {
  const revisionConfig = Object.values(body.source_revision_config ?? {}).some((v) => v != null)
  return revisionConfig || body.secrets != null || body.secret_references != null
}

/**
 * `source_config` fields the control plane's owners count among the revision inputs: a patch that
 * changes one may make a revision (docs/control-plane.md, "As the owners read it").
 */
const REVISION_INPUTS = ['resource_spec', 'install_command', 'build_command'] as const

/** Whether this patch makes a revision, or may: it is then never sent twice without a look first. */
export function mayMakeRevision(body: PatchDeploymentRequest): boolean {
  return makesRevision(body) || REVISION_INPUTS.some((field) => body.source_config?.[field] != null)
}

/** Sends through the shared retry loop; an error refused before any work (a rate limit, a connection never made) is safe to send again. */
function withRetries<T>(ctx: Timing, label: string, step: () => Promise<Attempt<T>>): Promise<T> {
  const policy = ctx.retry ?? WRITE_RETRY
  return retrying<T>(
    {
      policy,
      clock: ctx.clock,
      deadline: ctx.deadline,
      signal: ctx.signal,
      random: ctx.random,
      announce: (error, waitMs, next) =>
        ctx.log(
          `${label} did not go through (${firstLine(error)}); sending it again in ${formatDuration(waitMs)} (attempt ${next} of ${policy.maxAttempts}).`
        )
    },
    () =>
      step().catch((error: unknown): Attempt<T> => {
        if (error instanceof ApiError && error.retryable && !error.ambiguous) return { retry: error }
        throw error
      })
  )
}

/**
 * Re-reads after a doubtful change at fixed points of the settle window, since a
 * slow server may still be applying it. Returns what `check` found, or undefined
 * if it never showed. Not jittered: the window must be covered every time.
 *
 * A re-read that fails ends the run: without knowing whether the change took
 * effect, sending it again could make a second one.
 */
async function settle<T>(ctx: Timing, change: string, check: () => Promise<T | undefined>): Promise<T | undefined> {
  const start = ctx.clock.now()
  for (const fraction of SETTLE_CHECKS) {
    const at = Math.min(start + ctx.settleMs * fraction, ctx.deadline)
    await sleepUnlessCancelled(ctx.clock, Math.max(0, at - ctx.clock.now()), ctx.signal)
    let found: T | undefined
    try {
      found = await check()
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      throw new ActionError(
        'api-refused',
        `Could not learn whether ${change} took effect: it failed in a way that leaves this open, and re-reading the control plane failed too (${firstLine(error)}).`,
        'Look at the deployment on the control plane before re-running: re-running is safe if no new revision shows there.'
      )
    }
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * Sends a change with the recorder knowing it is in flight, so a run that ends before
 * the answer says the change may or may not have taken effect. A definite refusal (an
 * HTTP answer that leaves no doubt, such as a 400) took nothing into effect: the run is
 * then plainly refused, not in doubt.
 */
export async function sendRecorded<T>(
  recorder: Pick<Recorder, 'sending' | 'refused'>,
  change: PendingChange,
  send: () => Promise<T>
): Promise<T> {
  recorder.sending(change)
  try {
    return await send()
  } catch (error) {
    if (error instanceof ApiError && error.status !== undefined && !error.ambiguous) recorder.refused()
    throw error
  }
}
