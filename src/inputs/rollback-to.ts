import { parseUuid, shown } from './parsers.js'

/** `rollback-to`: the revision before the one serving, or a given revision id. */
export type RollbackTo = { kind: 'previous' } | { kind: 'revision'; id: string }

/** `previous`, or a revision id (a UUID); the message completes "input `rollback-to` ...". */
export function parseRollbackTo(raw: string): RollbackTo {
  if (raw === 'previous') return { kind: 'previous' }
  try {
    return { kind: 'revision', id: parseUuid(raw) }
  } catch {
    throw new Error(`must be \`previous\` or the id (a UUID) of one of the deployment's revisions, got ${shown(raw)}`)
  }
}
