import { restoredBy } from './serving.js'
import type { Outcome } from '../core/outcome.js'
import type { RunView } from './view-types.js'

/** ` (\`command: deploy\`)`: how a last line names its command, or nothing when none is known. */
export function commandSuffix(outcome: Pick<Outcome, 'command'>): string {
  return outcome.command ? ` (\`command: ${outcome.command}\`)` : ''
}

/** The last line of the log: outcome, target, revision and URL. */
export function finalLine(view: RunView): string {
  const { outcome, outputs, name } = view
  // A failure or refusal says of which command: the step's log may hold several, and a refusal may come before anything else was known.
  const command = view.failed || outcome.kind === 'refused' ? commandSuffix(outcome) : ''
  // Input that could not be read names nothing: say only the outcome.
  if (outcome.subject.name === undefined && outcome.deployment === undefined) return `Outcome: ${view.label}${command}.`
  const what =
    outcome.subject.kind === 'listener'
      ? `listener ${name}`
      : `deployment \`${name}\`${outputs['deployment-id'] ? ` (${outputs['deployment-id']})` : ''}`
  const revision = outputs['revision-id']
    ? `, revision ${outputs['revision-id']}${outputs['revision-status'] ? ` (${outputs['revision-status']})` : ''}`
    : ''
  const restored = restoredBy(outcome)
  const serving = restored ? `, now serving revision ${restored}` : ''
  const url = view.url ? `, ${view.url}` : ''
  const push = outcome.registry ? `, push to ${outcome.registry.imageRepository}` : ''
  return `Outcome: ${view.label}: ${what}${revision}${serving}${url}${push}${command}.`
}
