import type { ControlPlaneClient } from '../../api/client.js'
import type { Deployment } from '../../api/schemas.js'
import { formatDuration } from '../../core/clock.js'
import { ActionError } from '../../core/errors.js'
import type { Stop } from '../../core/stop.js'

/** The largest page the API allows: fewest requests for a walk. */
export const PAGE_SIZE = 100

/**
 * The most pages a walk reads: 50,000 deployments named like one name. No real tenant
 * comes near it; a server whose list never ends (every page full of new names) would
 * otherwise be walked for the whole step, one request after another.
 */
export const MAX_PAGES = 500

/**
 * When a walk must stop: the step's deadline, and the `timeout` it comes from (for the
 * message). Required wherever a walk starts, so that a caller cannot forget it: a lookup
 * without one would page an endless list for the whole step.
 */
export interface WalkLimits extends Pick<Stop, 'clock' | 'deadline'> {
  timeoutMs?: number
}

/**
 * Every deployment whose name is exactly `name`. `name_contains` matches substrings,
 * so this walks all pages and keeps exact matches.
 */
export async function findDeploymentsByName(
  client: Pick<ControlPlaneClient, 'listDeployments'>,
  name: string,
  limits: WalkLimits
): Promise<Deployment[]> {
  const matches: Deployment[] = []
  const what = `looking up deployment \`${name}\``
  let pages = 0
  const beforePage = () => {
    // The first page goes out whatever the time: the client's own limits bound it.
    if (pages > 0 && limits.clock.now() >= limits.deadline) {
      const timeout = limits.timeoutMs === undefined ? '' : ` (${formatDuration(limits.timeoutMs)})`
      throw new ActionError(
        'timed-out',
        `Gave up ${what} after ${pages} pages: the step's timeout${timeout} ran out.`,
        'Set `deployment-id` to skip the lookup by name, or raise `timeout`.'
      )
    }
    pages++
  }
  await walkDeployments(
    client,
    name,
    (deployment) => {
      if (deployment.name === name) matches.push(deployment)
    },
    beforePage,
    what
  )
  return matches
}

/**
 * Visits every deployment whose name contains `nameContains`, each once. Servers differ on
 * the returned `offset` (next page, or an echo of the one asked for); the walk advances
 * either way, stops on a short page, and fails rather than loop if pages stop bringing
 * new items, or after MAX_PAGES. `beforePage` may throw to stop the walk (a deadline);
 * `what` names the walk in the error at the page cap.
 */
export async function walkDeployments(
  client: Pick<ControlPlaneClient, 'listDeployments'>,
  nameContains: string,
  visit: (deployment: Deployment) => void,
  beforePage?: () => void,
  what = `listing deployments named like \`${nameContains}\``
): Promise<void> {
  const seen = new Set<string>()
  let offset = 0
  for (let pages = 0; ; pages++) {
    if (pages >= MAX_PAGES) {
      throw new ActionError(
        'bad-response',
        `Gave up ${what} after ${pages} pages (${seen.size} deployments named like it): the list did not end.`,
        "Set `deployment-id` to skip the lookup by name, and report this to the control plane's operators."
      )
    }
    beforePage?.()
    const page = await client.listDeployments({ name_contains: nameContains, limit: PAGE_SIZE, offset })
    const fresh = page.resources.filter((d) => !seen.has(d.id))
    if (page.resources.length > 0 && fresh.length === 0) {
      throw new ActionError(
        'bad-response',
        `Listing deployments named like \`${nameContains}\` stopped advancing at offset ${offset}: the control plane returned a page it had already returned.`,
        "Set `deployment-id` to skip the lookup by name, and report this to the control plane's operators."
      )
    }
    for (const deployment of fresh) {
      seen.add(deployment.id)
      visit(deployment)
    }
    if (page.resources.length < PAGE_SIZE) return
    offset = page.offset > offset ? page.offset : offset + page.resources.length
  }
}

/** The one deployment named `name`, or undefined; several is an error naming them. */
export async function findDeploymentByName(
  client: Pick<ControlPlaneClient, 'listDeployments'>,
  name: string,
  limits: WalkLimits
): Promise<Deployment | undefined> {
  const matches = await findDeploymentsByName(client, name, limits)
  if (matches.length > 1) {
    throw new ActionError(
      'bad-input',
      `${matches.length} deployments are named \`${name}\`: ${matches.map((d) => d.id).join(', ')}.`,
      'Set `deployment-id` to the one to update, or delete the others.'
    )
  }
  return matches[0]
}
