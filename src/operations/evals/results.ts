import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { redact } from '../../core/masking.js'
import type { EvalFacts, EvalRow, EvalSide, RunTimes } from '../../core/outcome.js'
import type { EvalSuite } from '../../inputs/evals.js'
import type { RunRecord } from './engine.js'
import { caseFields, runFields, type ResultsRun } from './results-fields.js'

/** What a table cell quotes of what was seen. */
const SEEN_CHARS = 120

/** Each case's result, side by side, from its runs: a side passes when `min-passes` of its runs did. */
export function rowsOf(suite: Pick<EvalSuite, 'cases' | 'minPasses'>, records: readonly RunRecord[], compared: boolean): EvalRow[] {
  return suite.cases.map((testCase, caseIndex) => {
    const mine = records.filter((r) => r.caseIndex === caseIndex)
    const ours = sideOf(
      mine.filter((r) => r.side === 'ours'),
      suite.minPasses
    )
    const theirs = compared
      ? sideOf(
          mine.filter((r) => r.side === 'theirs'),
          suite.minPasses
        )
      : undefined
    return { name: testCase.name, ours, ...(theirs ? { theirs } : {}), regression: theirs !== undefined && theirs.passed && !ours.passed }
  })
}

function sideOf(runs: readonly RunRecord[], minPasses: number): EvalSide {
  const sent = runs.filter((r) => !r.notRun)
  const passes = runs.filter((r) => r.passed).length
  const failedRun = runs.find((r) => !r.passed)
  const firstFailed = failedRun?.failed[0]
  const seen = failedRun?.output ?? failedRun?.shown
  const durationMs =
    sent.length > 0
      ? percentile(
          sent.map((r) => r.durationMs),
          50
        )
      : undefined
  return {
    passed: passes >= minPasses,
    passes,
    runs: runs.length,
    ...(sent.length === 0 ? { notRun: true } : {}),
    ...(firstFailed === undefined ? {} : { firstFailed }),
    ...(seen === undefined ? {} : { seen: seen.length > SEEN_CHARS ? `${seen.slice(0, SEEN_CHARS)}…` : seen }),
    ...(durationMs === undefined ? {} : { durationMs })
  }
}

/** The p-th percentile (nearest rank) of the values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[Math.min(sorted.length, rank) - 1]
}

export function timesOf(records: readonly RunRecord[], side: RunRecord['side']): RunTimes | undefined {
  const times = records.filter((r) => r.side === side && !r.notRun).map((r) => r.durationMs)
  return times.length === 0 ? undefined : { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), runs: times.length }
}

/** The facts the reports show, and whether the gate holds: the pass rate at least `pass-rate`, regressions at most `max-regressions`. */
export function factsOf(suite: EvalSuite, records: readonly RunRecord[], ours: string, compare: EvalFacts['compare']): EvalFacts {
  const compared = compare?.compared === true
  const rows = rowsOf(suite, records, compared)
  const passRate = rows.filter((row) => row.ours.passed).length / rows.length
  const regressions = compared ? rows.filter((row) => row.regression).length : undefined
  const theirs = compared ? timesOf(records, 'theirs') : undefined
  const mine = timesOf(records, 'ours')
  const failed = passRate < suite.passRate || (regressions !== undefined && regressions > suite.maxRegressions)
  return {
    ours,
    ...(compare ? { compare } : {}),
    rows,
    repeat: suite.repeat,
    passRate,
    requiredPassRate: suite.passRate,
    ...(regressions === undefined ? {} : { regressions }),
    maxRegressions: suite.maxRegressions,
    times: { ...(mine ? { ours: mine } : {}), ...(theirs ? { theirs } : {}) },
    runsSent: records.filter((r) => !r.notRun).length,
    runsNotRun: records.filter((r) => r.notRun).length,
    gate: failed ? 'failed' : 'passed'
  }
}

/**
 * The `eval-results` file: every case and run (verdict, failed checks, duration, status, the
 * output's text cut at 4 KiB), secrets redacted, under RUNNER_TEMP (else the system's temporary
 * folder), for a later step or an uploaded artifact. Returns its path.
 */
export function writeResults(
  dir: string | undefined,
  suite: EvalSuite,
  facts: EvalFacts,
  records: readonly RunRecord[],
  names: { ours: string; theirs?: string },
  elapsedMs: number,
  run: ResultsRun = {}
): string {
  const folder = mkdtempSync(join(dir ?? tmpdir(), 'evals-'))
  const path = join(folder, 'eval-results.json')
  const document = {
    suite: suite.from,
    passRate: facts.passRate,
    requiredPassRate: facts.requiredPassRate,
    regressions: facts.regressions ?? null,
    maxRegressions: facts.maxRegressions,
    gate: facts.gate,
    elapsedMs,
    ...runFields(run),
    deployments: { ours: names.ours, compareWith: facts.compare?.name ?? null, compared: facts.compare?.compared ?? false },
    times: facts.times,
    cases: facts.rows.map((row, caseIndex) => ({
      name: row.name,
      ...caseFields(suite.cases[caseIndex]),
      passed: row.ours.passed,
      regression: row.regression,
      ours: row.ours,
      ...(row.theirs ? { theirs: row.theirs } : {}),
      runs: records
        .filter((r) => r.caseIndex === caseIndex)
        .map((r) => ({
          deployment: r.side === 'ours' ? names.ours : names.theirs,
          side: r.side,
          run: r.repeat,
          verdict: r.notRun ? 'not-run' : r.passed ? 'passed' : 'failed',
          failedChecks: r.failed,
          durationMs: r.durationMs,
          status: r.status ?? null,
          attempts: r.attempts,
          // Cut at 4 KiB by the engine already.
          output: r.output ?? r.shown ?? null
        }))
    }))
  }
  // Redacted as a whole too: a secret in a case's name or a check's words.
  writeFileSync(path, redact(JSON.stringify(document, null, 2)), { mode: 0o600 })
  return path
}
