/**
 * A request to the control plane, described once: the client sends exactly this,
 * and a dry run prints exactly this, so a plan's path is encoded as the real one is.
 */
export interface RequestDescription {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** Path and query string, every id percent-encoded as one segment. */
  path: string
  body?: unknown
}

/** A change a command would send, shown by a dry run instead of being sent. */
export type PlannedRequest = RequestDescription & { method: 'POST' | 'PATCH' | 'DELETE' }
