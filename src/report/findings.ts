import type { CheckVerdict, Outcome } from '../core/outcome.js'
import type { Finding } from './view-types.js'

/**
 * The lists the reports show first: each gate's problems (those that refused the deploy, or
 * that `warn` let through) and its warnings, so that a refusal names everything to fix at once.
 */
export function findingsOf(outcome: Outcome): Finding[] {
  return (outcome.checks ?? []).flatMap((verdict) => [...problemsOf(verdict), ...warningsOf(verdict)])
}

function problemsOf(verdict: CheckVerdict): Finding[] {
  const items = verdict.problems ?? []
  if (items.length === 0) return []
  // The verdict's own words say how many, in which file, and whether the deploy went on.
  return [{ heading: [verdict.status === 'failed' ? '❌ ' : '⚠️ ', `${verdict.label}: `, ...verdict.detail], items }]
}

function warningsOf(verdict: CheckVerdict): Finding[] {
  const items = verdict.warnings ?? []
  if (items.length === 0) return []
  return [{ heading: [`⚠️ ${verdict.label}: ${items.length} warning${items.length === 1 ? '' : 's'}`], items }]
}

/** Whether the run's error is a gate's refusal whose problems the findings already list. */
export function refusedByFindings(outcome: Outcome): boolean {
  return (outcome.checks ?? []).some((verdict) => verdict.status === 'failed' && (verdict.problems?.length ?? 0) > 0)
}
