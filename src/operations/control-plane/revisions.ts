import type { ControlPlaneClient } from '../../api/client.js'
import type { Revision } from '../../api/schemas.js'
import { ActionError } from '../../core/errors.js'
import type { Stop } from '../../core/stop.js'

/** The largest page the API allows: fewest requests for a walk. */
const PAGE_SIZE = 100
/** 100 pages of 100: far more revisions than a deployment keeps; a list that goes on past this never ends. */
const MAX_PAGES = 100

/** Its deadline is the step's: the walk stops there, with an error saying so. */
export interface RevisionWalk extends Pick<Stop, 'clock' | 'deadline'> {
  client: Pick<ControlPlaneClient, 'listRevisions'>
}

/**
 * Every revision of the deployment with one of `statuses`, newest first, as the
 * control plane lists them. Servers differ on the returned `offset` (the next page's,
 * or an echo of the one asked for): the walk advances either way, stops on a short or
 * empty page, and fails rather than loop when pages stop bringing new revisions, at
 * the page cap, or at the deadline.
 */
export async function listRevisionsWithStatus(walk: RevisionWalk, deploymentId: string, statuses: readonly string[]): Promise<Revision[]> {
  const seen = new Set<string>()
  const revisions: Revision[] = []
  let offset = 0
  for (let pages = 0; ; pages++) {
    if (pages >= MAX_PAGES || walk.clock.now() >= walk.deadline) {
      const why = pages >= MAX_PAGES ? `the list did not end after ${pages} pages of ${PAGE_SIZE}` : "the step's `timeout` ran out"
      throw new ActionError(
        pages >= MAX_PAGES ? 'bad-response' : 'timed-out',
        `Gave up listing the revisions of deployment ${deploymentId} after ${pages} pages: ${why}.`,
        'Set `rollback-to` to the id of the revision to roll back to (an id is read directly, without this list), or raise `timeout`.'
      )
    }
    const page = await walk.client.listRevisions(deploymentId, { status: statuses.join(','), limit: PAGE_SIZE, offset })
    const fresh = page.resources.filter((r) => !seen.has(r.id))
    if (page.resources.length > 0 && fresh.length === 0) {
      throw new ActionError(
        'bad-response',
        `Listing the revisions of deployment ${deploymentId} stopped advancing at offset ${offset}: the control plane returned a page it had already returned.`,
        "Set `rollback-to` to the id of the revision to roll back to (an id is read directly, without this list), and report this to the control plane's operators."
      )
    }
    for (const revision of fresh) {
      seen.add(revision.id)
      revisions.push(revision)
    }
    if (page.resources.length < PAGE_SIZE) return revisions
    offset = page.offset > offset ? page.offset : offset + page.resources.length
  }
}
