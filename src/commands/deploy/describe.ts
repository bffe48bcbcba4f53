import { requests } from '../../api/requests.js'
import type { PlannedRequest } from '../../core/request.js'
import type { Plan } from './plan.js'

/**
 * One line that says what the run is about to send. Field names only: values can
 * be secret, and the bodies are in the request anyway.
 */
export function describePlan(plan: Plan): string {
  if (plan.action === 'none') return `Nothing to change on deployment \`${plan.deployment.name}\`.`
  const body = plan.body as unknown as Record<string, unknown>
  const parts = Object.entries(body)
    .filter(([key]) => key !== 'name' && key !== 'source')
    .map(([key, value]) => {
      if (Array.isArray(value)) {
        const names = value.map((item) => (item as { name?: string }).name).filter(Boolean)
        return `${key} (${names.length ? names.join(', ') : 'none'})`
      }
      if (value && typeof value === 'object') return `${key} (${Object.keys(value).join(', ')})`
      return `${key} (${String(value)})`
    })
  const what =
    plan.action === 'create'
      ? `Creating deployment \`${plan.body.name}\` (source ${plan.body.source})`
      : `Updating deployment \`${plan.deployment.name}\``
  return `${what} with ${parts.join(', ') || 'no fields'}.`
}

/** The request the plan stands for, as a dry run shows it: none when there is nothing to change. */
export function plannedRequests(plan: Plan): PlannedRequest[] {
  if (plan.action === 'create') return [requests.createDeployment(plan.body)]
  if (plan.action === 'patch') return [requests.patchDeployment(plan.deployment.id, plan.body)]
  return []
}
