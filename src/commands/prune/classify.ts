import type { PruneReason } from '../../core/prune.js'
import { classify as revisionVerdict } from '../../core/statuses.js'
import type { OpenPullRequests, PullRequestState } from '../../operations/github/pull-requests.js'

/** A deployment whose whole name matches `name-pattern`. */
export interface Candidate {
  id: string
  name: string
  pr: number
  latestRevisionId: string | null
  /** The deployment's own creation time (ms), the age of one that has no revision. */
  createdAt?: number
}

/** What the newest revision says, when it was read. */
export type RevisionFacts = { kind: 'read'; status: string; createdAt?: number } | { kind: 'none' } | { kind: 'unreadable'; reason: string }

export type Reason = PruneReason

export interface Verdict {
  candidate: Candidate
  stale: boolean
  reason: Reason
}

export interface ClassifyInput {
  candidates: readonly Candidate[]
  open: OpenPullRequests
  /** Per deployment id; missing for candidates whose revision was not read (not needed, or no time). */
  revisions: ReadonlyMap<string, RevisionFacts>
  /** Per pull request number, for those read one at a time. */
  pullRequests?: ReadonlyMap<number, PullRequestState>
  maxAgeMs?: number
  now: number
}

/**
 * Which candidates are stale, and why; pure, so every rule is tested on a fixed clock.
 * The order of the rules is the safety order: a revision still in progress, or one
 * whose state is unknown, keeps its preview whatever its pull request says; then a
 * pull request known not to be open, then idleness. Missing information never deletes.
 */
export function classify(input: ClassifyInput): Verdict[] {
  return input.candidates.map((candidate) => ({ candidate, ...verdictFor(candidate, input) }))
}

function verdictFor(candidate: Candidate, input: ClassifyInput): { stale: boolean; reason: Reason } {
  const notOpen = input.open.kind === 'read' && !input.open.numbers.has(candidate.pr)
  const revision = input.revisions.get(candidate.id)
  const needsRevision = notOpen || input.maxAgeMs !== undefined
  if (needsRevision && revision === undefined) return { stale: false, reason: { kind: 'not-checked' } }
  if (revision?.kind === 'unreadable') return { stale: false, reason: { kind: 'unreadable', what: 'revision', reason: revision.reason } }
  if (revision?.kind === 'read' && stillInProgress(revision.status))
    return { stale: false, reason: { kind: 'in-progress', status: revision.status } }

  if (notOpen) {
    const state = input.pullRequests?.get(candidate.pr)
    // Read one at a time just before deleting: reopened since the list was read, it is kept.
    if (state === 'open') return { stale: false, reason: { kind: 'open' } }
    if (state === 'closed' || state === 'missing') return { stale: true, reason: { kind: state } }
    return { stale: true, reason: { kind: 'not-open' } }
  }
  const createdAt = revision?.kind === 'read' ? (revision.createdAt ?? candidate.createdAt) : candidate.createdAt
  // Idle past `max-age` goes even when the open pull requests could not be read (a decision, kept on
  // purpose): the idle age is information we have, from the control plane; only the closed-or-missing
  // verdict needs the list, and "missing information never deletes" is about that verdict. The reason
  // says so, so that the summary does not read as if the pull request had been checked.
  if (input.maxAgeMs !== undefined && createdAt !== undefined && input.now - createdAt > input.maxAgeMs) {
    const unread = input.open.kind === 'unreadable'
    return { stale: true, reason: { kind: 'idle', since: createdAt, ...(unread ? { pullRequestsUnread: true } : {}) } }
  }
  if (input.open.kind === 'unreadable')
    return { stale: false, reason: { kind: 'unreadable', what: 'pull request', reason: input.open.reason } }
  return { stale: false, reason: { kind: 'open' } }
}

/** An unknown status counts as in progress (docs/control-plane.md: statuses nobody lists): only a final one lets a preview go. */
function stillInProgress(status: string): boolean {
  const verdict = revisionVerdict(status)
  return verdict === 'in-progress' || verdict === 'unrecognised'
}
