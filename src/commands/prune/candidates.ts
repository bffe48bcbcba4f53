import type { ControlPlaneClient } from '../../api/client.js'
import { ApiError } from '../../api/errors.js'
import { throwIfCancelled } from '../../core/cancel.js'
import { ActionError, firstLine } from '../../core/errors.js'
import type { Stop } from '../../core/stop.js'
import type { NamePattern } from '../../inputs/name-pattern.js'
import { walkDeployments } from '../../operations/control-plane/find.js'
import type { Candidate, RevisionFacts } from './classify.js'

/** The run's limits (the run context's Stop), and the time to keep free before its deadline. */
export interface TimeBudget extends Stop {
  /** Time kept free before the deadline for what comes after. */
  reserveMs: number
}

/** No time left to start another step of work. */
export function nearDeadline(budget: TimeBudget): boolean {
  return budget.clock.now() >= budget.deadline - budget.reserveMs
}

/**
 * Every deployment whose whole name matches the pattern, from a walk of every page of
 * the list narrowed by the pattern's longest literal part. A walk that cannot finish in
 * time fails: a partial list would make the `max-deletions` cap count only part of it.
 */
export async function findCandidates(
  client: Pick<ControlPlaneClient, 'listDeployments'>,
  pattern: NamePattern,
  budget: TimeBudget
): Promise<Candidate[]> {
  const candidates: Candidate[] = []
  try {
    await walk(client, pattern, budget, candidates)
  } catch (error) {
    // A list that never ends (the page cap) or stops advancing: the walk's own hint is for a lookup by name.
    if (!(error instanceof ActionError) || error.kind !== 'bad-response') throw error
    throw new ActionError(
      'bad-response',
      `${firstLine(error)} Nothing was deleted: a partial list would make \`max-deletions\` count only part of it.`,
      "Check that `name-pattern` names only the previews, and report this to the control plane's operators."
    )
  }
  return candidates
}

async function walk(
  client: Pick<ControlPlaneClient, 'listDeployments'>,
  pattern: NamePattern,
  budget: TimeBudget,
  candidates: Candidate[]
): Promise<void> {
  await walkDeployments(
    client,
    pattern.contains,
    (deployment) => {
      const pr = pattern.prOf(deployment.name)
      if (pr === undefined) return
      const createdAt = Date.parse(deployment.created_at ?? '')
      candidates.push({
        id: deployment.id,
        name: deployment.name,
        pr,
        latestRevisionId: deployment.latest_revision_id,
        ...(Number.isNaN(createdAt) ? {} : { createdAt })
      })
    },
    () => {
      throwIfCancelled(budget.signal)
      if (nearDeadline(budget)) {
        throw new ActionError(
          'timed-out',
          `The step's \`timeout\` came before the list of deployments named like \`${pattern.source}\` was read to its end; nothing was deleted.`,
          'Raise `timeout`: the list is read 100 deployments a request.'
        )
      }
    }
  )
}

/** Revision reads in flight at once: quick on the control plane, and gentle to it. */
const CONCURRENT_READS = 4

/**
 * The newest revision of each candidate: its status (one in progress is never deleted)
 * and creation time (for `max-age`). Read concurrently, a few at a time; one whose
 * read fails is `unreadable` (kept). Reads stop when the deadline nears: those not read
 * are left out, and the classifier keeps them as not checked.
 */
export async function readNewestRevisions(
  client: Pick<ControlPlaneClient, 'getRevision'>,
  candidates: readonly Candidate[],
  budget: TimeBudget
): Promise<Map<string, RevisionFacts>> {
  const facts = new Map<string, RevisionFacts>()
  let next = 0
  const worker = async () => {
    while (next < candidates.length && !nearDeadline(budget)) {
      throwIfCancelled(budget.signal)
      const candidate = candidates[next++]
      facts.set(candidate.id, await readOne(client, candidate))
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_READS, candidates.length) }, worker))
  return facts
}

async function readOne(client: Pick<ControlPlaneClient, 'getRevision'>, candidate: Candidate): Promise<RevisionFacts> {
  if (candidate.latestRevisionId === null) return { kind: 'none' }
  try {
    const revision = await client.getRevision(candidate.id, candidate.latestRevisionId)
    const createdAt = Date.parse(revision.created_at ?? '')
    return { kind: 'read', status: revision.status, ...(Number.isNaN(createdAt) ? {} : { createdAt }) }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { kind: 'unreadable', reason: firstLine(error) }
  }
}
