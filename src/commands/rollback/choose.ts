import type { Deployment, Revision } from '../../api/schemas.js'
import { ActionError } from '../../core/errors.js'
import type { RollbackTo } from '../../inputs/rollback-to.js'

export type { RollbackTo }

export type RollbackChoice =
  /** The chosen revision is the one serving: nothing to send. */
  { kind: 'serving'; revisionId: string } | { kind: 'redeploy'; target: Revision; replaces: string | undefined }

export interface ChoiceFacts {
  deployment: Deployment
  /**
   * The deployment's revisions that reached DEPLOYED, newest first, as listed: all of them
   * for `previous`; for an id, only when it is refused, and then only the newest (`partial`).
   */
  deployed: readonly Revision[]
  /** `deployed` is the first page only: more may exist. */
  partial?: boolean
  /** The serving revision when the DEPLOYED list lacks it (read by id), for its age. */
  active?: Revision
  /** For `rollback-to: <id>`: that revision, read by id; undefined when the control plane knows no such revision of this deployment. */
  requested?: Revision
}

/** Eligible revisions shown in an error, at most this many. */
export const SHOWN = 10

/**
 * Which revision a rollback redeploys. `previous` is the newest revision that reached
 * DEPLOYED and is older than the one serving now (`active_revision_id`); a revision id
 * must be one of this deployment's revisions, read by id, whose status is DEPLOYED.
 * Anything else is refused before any change, listing the revisions that are eligible.
 */
export function chooseRollbackTarget(to: RollbackTo, facts: ChoiceFacts): RollbackChoice {
  const { deployment } = facts
  const activeId = deployment.active_revision_id ?? undefined
  if (to.kind === 'revision') {
    if (to.id === activeId) return { kind: 'serving', revisionId: to.id }
    const target = facts.requested
    if (!target) {
      throw refusal(
        `Revision ${to.id} is not a revision of deployment \`${deployment.name}\` (the control plane answered 404 for it; it may belong to another deployment), so it cannot be rolled back to.`,
        facts
      )
    }
    if (target.status !== 'DEPLOYED') {
      throw refusal(
        `Revision ${to.id} of deployment \`${deployment.name}\` is ${target.status}, not DEPLOYED (it never deployed, or is still in progress), so it cannot be rolled back to.`,
        facts
      )
    }
    return { kind: 'redeploy', target, replaces: activeId }
  }
  if (!activeId) {
    throw refusal(
      `Deployment \`${deployment.name}\` reports no revision serving now (\`active_revision_id\`), so there is no "previous" revision.`,
      facts
    )
  }
  const target = olderThanActive(activeId, facts)
  if (!target) {
    throw refusal(
      `Deployment \`${deployment.name}\` has no revision that reached DEPLOYED before the one serving now (${activeId}): there is nothing to roll back to.`,
      facts
    )
  }
  return { kind: 'redeploy', target, replaces: activeId }
}

/** The newest DEPLOYED revision older than the active one: by `created_at` when known, else by list order. */
function olderThanActive(activeId: string, { deployed, active }: ChoiceFacts): Revision | undefined {
  const activeRevision = deployed.find((r) => r.id === activeId) ?? active
  const activeTime = time(activeRevision)
  const others = deployed.filter((r) => r.id !== activeId)
  if (activeTime !== undefined && others.every((r) => time(r) !== undefined)) {
    return others.filter((r) => (time(r) as number) < activeTime).sort((a, b) => (time(b) as number) - (time(a) as number))[0]
  }
  const index = deployed.findIndex((r) => r.id === activeId)
  return index === -1 ? undefined : deployed[index + 1]
}

function time(revision: Revision | undefined): number | undefined {
  const ms = revision?.created_at ? Date.parse(revision.created_at) : NaN
  return Number.isNaN(ms) ? undefined : ms
}

function refusal(message: string, { deployment, deployed, partial }: ChoiceFacts): ActionError {
  const activeId = deployment.active_revision_id
  const lines = deployed
    .slice(0, SHOWN)
    .map((r) => `- ${r.id}${r.created_at ? ` (created ${r.created_at})` : ''}${r.id === activeId ? ', serving now' : ''}`)
  const more =
    deployed.length > SHOWN ? `\n- and ${deployed.length - SHOWN} more` : partial ? '\n- and maybe more (only the newest were listed)' : ''
  const eligible =
    deployed.length === 0
      ? 'No revision of this deployment reached DEPLOYED.'
      : `Revisions that reached DEPLOYED, newest first:\n${lines.join('\n')}${more}`
  return new ActionError(
    'bad-input',
    `${message}\n${eligible}`,
    'Set `rollback-to` to one of the revisions above, or to `previous`; nothing was sent to the control plane.'
  )
}
