import type { ControlPlaneClient } from '../api/client.js'
import { ApiError } from '../api/errors.js'
import { retrying, WRITE_RETRY, type Attempt, type RetryPolicy } from '../api/retry.js'
import type { CreateDeploymentRequest, Deployment, PatchDeploymentRequest } from '../api/schemas.js'
import { sleepUnlessCancelled } from '../core/cancel.js'
import { formatDuration, type Clock } from '../core/clock.js'
import { ActionError } from '../core/errors.js'
import { findDeploymentByName } from './find.js'

/**
 * Sends a change at most once in effect. A change whose outcome is in doubt (a
 * time-out, a reset, a 5xx, an unreadable success) is never simply repeated: the
 * action first re-reads the control plane to learn whether it took effect, and
 * sends it again only if it did not. So one run makes at most one deployment and at
 * most one revision, whatever fails in between.
 */
export interface ApplyContext {
  client: Pick<ControlPlaneClient, 'createDeployment' | 'patchDeployment' | 'getDeployment' | 'listDeployments'>
  clock: Clock
  deadline: number
  signal?: AbortSignal
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
      const created = await settle(ctx, `the create of \`${body.name}\``, () => findDeploymentByName(ctx.client, body.name))
      if (created) {
        ctx.log(`The create of \`${body.name}\` took effect despite the error (${firstLine(error)}); continuing with deployment ${created.id}.`)
        return { done: created }
      }
      if (conflictAfterDoubt) throw error
      return { retry: error }
    }
  })
}

export async function patchOnce(deployment: Deployment, body: PatchDeploymentRequest, ctx: ApplyContext): Promise<Deployment> {
  const before = deployment.latest_revision_id
  // A patch that makes no revision only sets values: sending it twice changes nothing more.
  const idempotent = !makesRevision(body)
  return withRetries<Deployment>(ctx, `Update deployment ${deployment.id}`, async () => {
    try {
      return { done: await ctx.client.patchDeployment(deployment.id, body) }
    } catch (error) {
      if (!(error instanceof ApiError) || !error.ambiguous) throw error
      if (idempotent) return { retry: error }
      const applied = await settle(ctx, `the update of deployment \`${deployment.name}\``, async () => {
        const current = await ctx.client.getDeployment(deployment.id)
        return current.latest_revision_id !== before ? current : undefined
      })
      if (applied) {
        ctx.log(`The update took effect despite the error (${firstLine(error)}): revision ${applied.latest_revision_id}.`)
        return { done: applied }
      }
      return { retry: error }
    }
  })
}

/** Whether the control plane makes a new revision for this patch (interface document 4.2). */
export function makesRevision(body: PatchDeploymentRequest): boolean {
  const revisionConfig = Object.values(body.source_revision_config ?? {}).some((v) => v != null)
  return revisionConfig || body.secrets != null || body.secret_references != null
}

/** Sends through the shared retry loop; an error refused before any work (a rate limit, a connection never made) is safe to send again. */
function withRetries<T>(ctx: ApplyContext, label: string, step: () => Promise<Attempt<T>>): Promise<T> {
  const policy = ctx.retry ?? WRITE_RETRY
  return retrying<T>(
    {
      policy,
      clock: ctx.clock,
      deadline: ctx.deadline,
      signal: ctx.signal,
      random: ctx.random,
      announce: (error, waitMs, next) =>
        ctx.log(`${label} did not go through (${firstLine(error)}); sending it again in ${formatDuration(waitMs)} (attempt ${next} of ${policy.maxAttempts}).`)
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
async function settle<T>(ctx: ApplyContext, change: string, check: () => Promise<T | undefined>): Promise<T | undefined> {
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

function firstLine(error: Error): string {
  return error.message.split('\n')[0]
}
