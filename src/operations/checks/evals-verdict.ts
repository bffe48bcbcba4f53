import type { CheckVerdict, RichText } from '../../core/outcome.js'

/** The `evals` row of the checks table: evals.ts (the check, the dry run's plan) and evals-run.ts (the run) both make it. */
export function verdict(status: CheckVerdict['status'], detail: RichText, elapsedMs?: number): CheckVerdict {
  return { id: 'evals', label: 'Evals', status, detail, ...(elapsedMs === undefined ? {} : { elapsedMs }) }
}
