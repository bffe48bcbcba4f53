/**
 * What `command: prune` learns, in plain data: the command fills it in as it goes
 * (through the recorder), and the reporters (summary, outputs, GitHub) read it from the
 * Outcome. Types only, so every layer can use them.
 */

/** Why a candidate is stale, or why it is kept. */
export type PruneReason =
  | { kind: 'closed' }
  | { kind: 'missing' }
  /** Not among the open pull requests; whether closed or never there was not read. */
  | { kind: 'not-open' }
  /**
   * Newest revision older than `max-age`. `pullRequestsUnread`: the open pull requests could
   * not be read, and the preview goes all the same, for idleness alone (see classify.ts).
   */
  | { kind: 'idle'; since: number; pullRequestsUnread?: boolean }
  | { kind: 'in-progress'; status: string }
  | { kind: 'open' }
  | { kind: 'unreadable'; what: 'pull request' | 'revision'; reason: string }
  /** The deadline came before this one was looked at. */
  | { kind: 'not-checked' }

/** What happened to one candidate. */
export type PruneFate =
  'deleted' | 'would delete' | 'delete failed' | 'not deleted (no time left)' | 'already gone' | 'stale, not deleted' | 'kept'

export interface PruneRow {
  /** The deployment's name: server text, neutralised wherever it is shown. */
  name: string
  pr: number
  fate: PruneFate
  reason: PruneReason
  /** Why the delete failed, for `delete failed`. */
  failure?: string
}

export interface PruneFacts {
  /** Every candidate, stale ones first. */
  rows: PruneRow[]
  /** Names this run deleted: the `pruned` output. */
  pruned: string[]
  /** Previews gone after this run (deleted by it, or by someone else meanwhile), whose GitHub environment and comment are retired. */
  gone: Array<{ id: string; name: string; pr: number }>
  githubRequests: number
}

/** Why, in words: the reasons the issue names (closed, missing, idle since, in progress, open, unreadable). */
export function reasonText(reason: PruneReason, pr: number): string {
  switch (reason.kind) {
    case 'closed':
      return `closed: pull request #${pr} is closed`
    case 'missing':
      return `missing: pull request #${pr} does not exist`
    case 'not-open':
      return `closed or missing: pull request #${pr} is not open`
    case 'idle':
      return (
        `idle since ${new Date(reason.since).toISOString().replace(/\.\d+Z$/, 'Z')} (newest revision)` +
        (reason.pullRequestsUnread ? ', past max-age; the pull requests could not be read, and idleness alone is enough' : '')
      )
    case 'in-progress':
      return `in progress: its newest revision is ${reason.status}`
    case 'open':
      return `open: pull request #${pr} is open`
    case 'unreadable':
      return reason.what === 'pull request'
        ? `unreadable: the pull requests could not be read (${reason.reason})`
        : `unreadable: its newest revision could not be read (${reason.reason})`
    case 'not-checked':
      return "not checked: the step's `timeout` came first"
  }
}
