import type { DeployState } from './state.js'

/**
 * What to tell the user when the workflow is cancelled: where the deploy stands and
 * how to follow it. Nothing is cancelled on the control plane (a cancelled remote
 * deploy could leave a commit that never deploys), so it says so.
 */
export function describeCancellation(state: DeployState): string {
  const name = state.deployment?.name ?? state.name
  if (state.pending) {
    return (
      `The workflow was cancelled while the ${state.pending} of deployment \`${name}\` was in flight: it may or may not have taken effect.\n` +
      `Nothing was cancelled on the control plane. Look at deployment \`${name}\` there before re-running.`
    )
  }
  if (!state.deployment || !state.operation) {
    return `The workflow was cancelled before any change was sent${name ? ` to deployment \`${name}\`` : ''}.`
  }
  const deployment = `deployment \`${state.deployment.name}\` (${state.deployment.id})`
  if (!state.revisionId) return `The workflow was cancelled after the action ${state.operation} ${deployment}.`
  const status = state.revision ? `, last seen ${state.revision.status}` : ''
  return (
    `The workflow was cancelled while waiting for revision ${state.revisionId} of ${deployment}${status}.\n` +
    `The deploy goes on on the control plane; nothing was cancelled there. Follow revision ${state.revisionId} on the control plane, ` +
    'or re-run this job to wait for it.'
  )
}
