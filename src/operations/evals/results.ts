import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { redact } from '../../core/masking.js'
import type { EvalFacts, EvalRow, EvalSide, RunTimes } from '../../core/outcome.js'
import { GATE_DEFAULTS, type EvalSuite } from '../../inputs/evals.js'
import type { RunRecord } from './engine.js'
import { caseFields, runFields, type ResultsRun } from './results-fields.js'
import { judgeSuite, wilson, type CaseRuns, type Round } from './stats.js'
import { lastSentText } from './agent-output.js'

/** What a table cell quotes of what was seen. */
const SEEN_CHARS = 120

/**
 * Each case's result, side by side, from its runs. A side passes when `min-passes` of its runs did
 * (fixed runs, `repeat`); with runs chosen by the evidence, when at least half of them did.
 */
export function rowsOf(
  suite: Pick<EvalSuite, 'cases' | 'minPasses' | 'repeatGiven'>,
  records: readonly RunRecord[],
  compared: boolean
): EvalRow[] {
  const passes = (runs: readonly RunRecord[], passed: number) =>
    suite.repeatGiven ? passed >= suite.minPasses : passed > 0 && passed * 2 >= runs.length && passed >= suite.minPasses
  return suite.cases.map((testCase, caseIndex) => {
    const mine = records.filter((r) => r.caseIndex === caseIndex)
    const ours = sideOf(
      mine.filter((r) => r.side === 'ours'),
      passes
    )
    const theirs = compared
      ? sideOf(
          mine.filter((r) => r.side === 'theirs'),
          passes
        )
      : undefined
    const asked = askedOf(testCase.input)
    return {
      name: testCase.name,
      ours,
      ...(theirs ? { theirs } : {}),
      regression: false,
      ...(asked === undefined ? {} : { asked })
    }
  })
}

/** What the question was, short: the last message's text when the input is a conversation, else the input as JSON. */
const ASKED_CHARS = 160
export function askedOf(input: Record<string, unknown>): string | undefined {
  // The message forms the judge reads (agent-output.ts): a string, a mapping, a (role, content) pair, text parts.
  let text = lastSentText(input)
  if (text.trim() === '') {
    try {
      text = JSON.stringify(input)
    } catch {
      return undefined
    }
  }
  const one = text.replace(/\s+/g, ' ').trim()
  if (one === '' || one === '{}') return undefined
  return one.length > ASKED_CHARS ? `${one.slice(0, ASKED_CHARS)}…` : one
}

/** A run finished when an answer came back; one cut short (a timeout, the suite's limit, no connection) is counted apart. */
const finished = (r: RunRecord) => !r.notRun && r.status !== undefined

function sideOf(runs: readonly RunRecord[], passes: (runs: readonly RunRecord[], passed: number) => boolean): EvalSide {
  const sent = runs.filter((r) => !r.notRun)
  const done = sent.filter(finished)
  const passed = runs.filter((r) => r.passed).length
  const failedRun = runs.find((r) => !r.passed)
  const firstFailed = failedRun?.failed[0]
  const seen = failedRun?.output ?? failedRun?.shown
  const durationMs =
    done.length > 0
      ? percentile(
          done.map((r) => r.durationMs),
          50
        )
      : undefined
  const cutShort = sent.length - done.length
  return {
    passed: passes(runs, passed),
    passes: passed,
    runs: runs.length,
    ...(sent.length === 0 ? { notRun: true } : {}),
    ...(firstFailed === undefined ? {} : { firstFailed }),
    ...(seen === undefined ? {} : { seen: seen.length > SEEN_CHARS ? `${seen.slice(0, SEEN_CHARS)}…` : seen }),
    ...(durationMs === undefined ? {} : { durationMs }),
    ...(cutShort > 0 ? { cutShort } : {}),
    ...(passed > 0 && passed < sent.length ? { flaky: true } : {})
  }
}

/** The p-th percentile (nearest rank) of the values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[Math.min(sorted.length, rank) - 1]
}

/** p50 and p95 of one side's runs that finished; those cut short are counted apart. */
export function timesOf(records: readonly RunRecord[], side: RunRecord['side']): RunTimes | undefined {
  const sent = records.filter((r) => r.side === side && !r.notRun)
  const times = sent.filter(finished).map((r) => r.durationMs)
  const cutShort = sent.length - times.length
  if (times.length === 0) return undefined
  return { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), runs: times.length, ...(cutShort > 0 ? { cutShort } : {}) }
}

/** Fixed runs (`repeat`): each case's paired rounds, from its records (a round one side did not send, or did not finish, is left out). */
export function roundsOf(caseCount: number, records: readonly RunRecord[]): CaseRuns[] {
  return Array.from({ length: caseCount }, (_, caseIndex) => {
    // A run the suite's time limit cut short says nothing of the agent: its round is left out, as one never sent.
    const mine = records.filter((r) => r.caseIndex === caseIndex && !r.notRun && !r.cutBySuite)
    const rounds: Round[] = []
    for (const ours of mine.filter((r) => r.side === 'ours')) {
      const theirs = mine.find((r) => r.side === 'theirs' && r.repeat === ours.repeat)
      if (theirs) rounds.push([ours.passed, theirs.passed])
    }
    return { rounds, chosen: false }
  })
}

/**
 * The facts the reports show, and whether the gate holds: the pass rate at least `pass-rate`;
 * compared, cases worse with evidence at most `max-regressions`, and (`on-undecided: fail`) none
 * undecided. `comparison` is the adaptive runs' rounds; fixed runs are paired from the records.
 */
export function factsOf(
  suite: EvalSuite,
  records: readonly RunRecord[],
  ours: string,
  compare: EvalFacts['compare'],
  comparison?: readonly CaseRuns[]
): EvalFacts {
  const compared = compare?.compared === true
  const rows = rowsOf(suite, records, compared)
  const passedCases = rows.filter((row) => row.ours.passed).length
  const passRate = passedCases / rows.length
  const confidence = suite.confidence ?? GATE_DEFAULTS.confidence
  const judged = compared ? judgeSuite(comparison ?? roundsOf(rows.length, records), confidence) : undefined
  if (judged) {
    judged.cases.forEach((verdict, i) => {
      rows[i].verdict = verdict.verdict
      rows[i].regression = verdict.verdict === 'worse'
      if (verdict.better) rows[i].better = true
      if (verdict.moreRuns !== undefined) rows[i].moreRuns = verdict.moreRuns
    })
  }
  const regressions = judged?.worse
  const theirs = compared ? timesOf(records, 'theirs') : undefined
  const mine = timesOf(records, 'ours')
  const undecidedFails = (suite.onUndecided ?? GATE_DEFAULTS.onUndecided) === 'fail'
  const failed =
    passRate < suite.passRate ||
    (regressions !== undefined && regressions > suite.maxRegressions) ||
    (judged !== undefined && undecidedFails && judged.undecided > 0)
  const adaptive = compared && !suite.repeatGiven
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
    gate: failed ? 'failed' : 'passed',
    passRateInterval: wilson(passedCases, rows.length),
    ...(judged
      ? {
          verdict: judged.verdict,
          confidence,
          better: judged.better,
          undecided: judged.undecided,
          ...(undecidedFails ? { undecidedFails } : {}),
          ...(adaptive ? { adaptive: { maxRepeat: suite.maxRepeat ?? GATE_DEFAULTS.maxRepeat } } : {})
        }
      : {})
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
    verdict: facts.verdict ?? null,
    confidence: facts.confidence ?? null,
    undecided: facts.undecided ?? null,
    better: facts.better ?? null,
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
      ...(row.verdict ? { verdict: row.verdict, better: row.better === true } : {}),
      flaky: row.ours.flaky === true,
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
