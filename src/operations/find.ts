import type { ControlPlaneClient } from '../api/client.js'
import type { Deployment } from '../api/schemas.js'
import { ActionError } from '../core/errors.js'

/** The largest page the API allows: fewest requests for a walk. */
export const PAGE_SIZE = 100

/**
 * Every deployment whose name is exactly `name`. `name_contains` matches substrings,
 * so this walks all pages and keeps exact matches.
 */
export async function findDeploymentsByName(client: Pick<ControlPlaneClient, 'listDeployments'>, name: string): Promise<Deployment[]> {
  const matches: Deployment[] = []
  await walkDeployments(client, name, (deployment) => {
    if (deployment.name === name) matches.push(deployment)
  })
  return matches
}

/**
 * Visits every deployment whose name contains `nameContains`, each once. Servers differ on
 * the returned `offset` (next page, or an echo of the one asked for); the walk advances
 * either way, stops on a short page, and fails rather than loop if pages stop bringing
 * new items. `beforePage` may throw to stop the walk (a deadline).
 */
export async function walkDeployments(
  client: Pick<ControlPlaneClient, 'listDeployments'>,
  nameContains: string,
  visit: (deployment: Deployment) => void,
  beforePage?: () => void
): Promise<void> {
  const seen = new Set<string>()
  let offset = 0
  for (;;) {
    beforePage?.()
    const page = await client.listDeployments({ name_contains: nameContains, limit: PAGE_SIZE, offset })
    const fresh = page.resources.filter((d) => !seen.has(d.id))
    if (page.resources.length > 0 && fresh.length === 0) {
      throw new ActionError(
        'bad-response',
        `Listing deployments named like \`${nameContains}\` stopped advancing at offset ${offset}: the control plane returned a page it had already returned.`,
        'Set `deployment-id` to skip the lookup by name, and report this to the control plane\'s operators.'
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
  name: string
): Promise<Deployment | undefined> {
  const matches = await findDeploymentsByName(client, name)
  if (matches.length > 1) {
    throw new ActionError(
      'bad-input',
      `${matches.length} deployments are named \`${name}\`: ${matches.map((d) => d.id).join(', ')}.`,
      'Set `deployment-id` to the one to update, or delete the others.'
    )
  }
  return matches[0]
}
