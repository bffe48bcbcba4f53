import { failsStep, type Outcome } from '../core/outcome.js'

/**
 * The revision that serves while this run's did not make it: the deployment's active
 * one when it is another, else the one that served before the run.
 */
export function stillServing(outcome: Outcome): string | undefined {
  const active = outcome.deployment?.active_revision_id ?? outcome.previousRevisionId
  return active && active !== outcome.revisionId ? active : undefined
}

/** After `on-failure: rollback`: the revision that serves now, a redeploy of the one that served before. */
export function restoredBy(outcome: Outcome): string | undefined {
  return outcome.kind === 'rolled-back' ? outcome.restoredRevisionId : undefined
}

/** After `on-failure: rollback`: the bad revision is out of service, so what is left is to fix it. */
export function rolledBackTodo(outcome: Outcome): string | undefined {
  const restored = restoredBy(outcome)
  if (!restored || !failsStep(outcome)) return undefined
  return `Fix what made revision ${outcome.revisionId} fail (its health check and logs are in this run's log) and deploy again; revision ${restored} serves meanwhile.`
}
