import type { Outcome, RichText } from '../../core/outcome.js'
import type { CommandAbout } from '../types.js'

/** How the reports tell a `rollback` run. */
export const rollbackAbout: CommandAbout = {
  words: {
    noun: 'Rollback',
    doing: 'Rolling back',
    nothing: 'nothing to roll back (that revision already serves)',
    done: { unchanged: ['Nothing: that revision already serves'] },
    notes: servesNow
  }
}

/** A rollback that took effect leads with what serves now and what it replaced, as its log says. */
function servesNow(outcome: Outcome): RichText[] {
  const { revisionId, deployment } = outcome
  if (outcome.kind !== 'rolled-back' || !revisionId || !deployment) return []
  return [
    [
      'Deployment ',
      { code: deployment.name },
      ' now serves revision ',
      { code: revisionId },
      ...(outcome.redeployOf ? [' (a redeploy of revision ', { code: outcome.redeployOf }, ')'] : []),
      ...(outcome.previousRevisionId ? ['; it replaced revision ', { code: outcome.previousRevisionId }] : []),
      '.'
    ]
  ]
}
