import type { Outcome } from '../core/outcome.js'
import { theRun } from './words.js'

/**
 * Where the run stood when the workflow was cancelled, and how to follow it: the step's
 * error line and the reports' cause. Nothing is cancelled on the control plane (a
 * cancelled remote deploy could leave a commit that never deploys), so it says so.
 * The last line is what to do, as the reports split it.
 */
export function cancellationText(outcome: Outcome): string {
  const { deployment, subject, operation, revisionId, revision, prune } = outcome
  if (prune) {
    return prune.pruned.length > 0
      ? `The workflow was cancelled during ${outcome.command}, after ` +
          `deleting ${prune.pruned.map((n) => `\`${n}\``).join(', ')}; a delete in flight may also have gone through. Nothing else ` +
          `was deleted; the next run goes on with the rest.`
      : `The workflow was cancelled during ${outcome.command}; nothing was deleted (a delete in flight may have gone through).`
  }
  const name = deployment?.name ?? subject.name
  if (outcome.kind === 'refused' && outcome.inDoubt) {
    return (
      `The workflow was cancelled while the ${outcome.inDoubt} of deployment \`${name}\` was in flight: it may or may not have taken effect.\n` +
      `Nothing was cancelled on the control plane. Look at deployment \`${name}\` there before re-running.`
    )
  }
  if (!deployment || !operation) {
    return `The workflow was cancelled before any change was sent${name ? ` to ${subject.kind} \`${name}\`` : ''}.`
  }
  const what = `deployment \`${deployment.name}\` (${deployment.id})`
  if (!revisionId) return `The workflow was cancelled after the action ${operation} ${what}.`
  const status = revision ? `, last seen ${revision.status}` : ''
  return (
    `The workflow was cancelled while waiting for revision ${revisionId} of ${what}${status}.\n` +
    `${theRun(outcome)} goes on on the control plane; nothing was cancelled there. Follow revision ${revisionId} on the control plane, ` +
    'or re-run this job to wait for it.'
  )
}
