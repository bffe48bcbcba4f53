import type { Outcome, RichText } from '../../core/outcome.js'
import type { CommandAbout } from '../types.js'

/** How the reports tell a `delete` run. */
export const deleteAbout: CommandAbout = {
  words: { noun: 'Delete', done: { unchanged: ['Nothing to delete'] }, notes: tracingNotes }
}

/** What became of the tracing project of the same name, when the delete was accepted. */
function tracingNotes(outcome: Outcome): RichText[] {
  if (outcome.tracingProject === 'deleted') return [['Its tracing project went too (`delete-tracing-project: true`).']]
  if (outcome.tracingProject !== 'kept') return []
  const name = outcome.deployment?.name ?? outcome.subject.name ?? ''
  return [
    [
      'Its tracing project ',
      { code: name },
      ' was kept (`delete-tracing-project: false`): creating a deployment of that name again fails until it is deleted.'
    ]
  ]
}
