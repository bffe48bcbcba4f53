import { isMapping } from '../../core/mapping.js'
import { redact } from '../../core/masking.js'
import { ACTION_NAME, ACTION_VERSION } from '../../core/version.js'
import type { EvalCase, EvalSuite, RunExpect } from '../../inputs/evals.js'
import { EXPECT_KEYS } from '../../inputs/checks/registry.js'
import type { WorkflowRun } from '../../inputs/langsmith.js'
import type { RunRecord } from '../evals/engine.js'
import { rowId } from './row-id.js'

/**
 * The body of `POST /api/v1/datasets/upload-experiment` (LangSmith's `ExperimentResultsUpload`),
 * as far as we send it: one experiment, one row per run made. The schema is kept in
 * __tests__/fixtures/langsmith/, and every body the tests see sent is checked against it.
 */
export interface ExperimentUpload {
  experiment_name: string
  experiment_description: string
  /** The first side creates the dataset by name; the second names the dataset the first's answer gave. */
  dataset_name?: string
  dataset_id?: string
  dataset_description?: string
  experiment_start_time: string
  experiment_end_time: string
  experiment_metadata: Record<string, string | number>
  summary_experiment_scores: Score[]
  results: ExperimentRow[]
}

export interface ExperimentRow {
  row_id: string
  inputs: Record<string, unknown>
  expected_outputs?: Record<string, unknown>
  actual_outputs?: Record<string, unknown>
  evaluation_scores: Score[]
  start_time: string
  end_time: string
  run_name: string
  error?: string
  run_metadata: Record<string, string | number>
}

/** A `FeedbackCreateCoreSchema`: its `key` at most 180 characters. */
export interface Score {
  key: string
  score: number
  comment?: string
}

/** One side of the suite, as an experiment. */
export interface ExperimentSide {
  side: 'ours' | 'theirs'
  /** The deployment's name. */
  deployment: string
  /** The revision its server ran, when known. */
  revisionId?: string
  /** The other side's deployment, with `compare-with`. */
  comparedWith?: string
}

export interface ExperimentContext {
  suite: Pick<EvalSuite, 'from' | 'cases'>
  dataset: string
  run: WorkflowRun
  /** The suite's start and end, on the run's clock. */
  startedAt: number
  endedAt: number
  /** The share of cases this side passed. */
  passRate: number
}

/** What a comment or an error keeps of our words: LangSmith shows it in a cell. */
const COMMENT_CHARS = 1000
/** A run's name is its case's: cut where no reader needs more. */
const NAME_CHARS = 200

/** Our words for each side, in names and metadata. */
export const SIDE_WORDS = { ours: 'this revision', theirs: 'compared' } as const

/**
 * One side's experiment: every run made on it (runs never sent, for the suite's time limit, are
 * not results), in the suite's order. Every string of the case's input and of what the run
 * wrote has the run's secrets redacted; nothing of ours but the action's name goes in.
 */
export function experimentOf(side: ExperimentSide, records: readonly RunRecord[], context: ExperimentContext): ExperimentUpload {
  const mine = records.filter((r) => r.side === side.side && !r.notRun)
  const results = mine.map((record) => rowOf(record, context.suite.cases[record.caseIndex], side, context))
  const metadata: Record<string, string | number> = {
    side: SIDE_WORDS[side.side],
    deployment: side.deployment,
    ...(side.revisionId ? { revision: side.revisionId } : {}),
    ...(context.run.commit ? { commit: context.run.commit } : {}),
    ...(context.run.url ? { workflow_run: context.run.url } : context.run.id ? { workflow_run: context.run.id } : {}),
    ...(side.comparedWith ? { compared_with: side.comparedWith } : {}),
    suite: context.suite.from,
    runs: results.length,
    tool: `${ACTION_NAME}/${ACTION_VERSION}`
  }
  return {
    experiment_name: experimentName(side, context),
    experiment_description: redact(descriptionOf(side, context)),
    experiment_start_time: iso(context.startedAt),
    experiment_end_time: iso(Math.max(context.endedAt, context.startedAt)),
    experiment_metadata: redactedRecord(metadata),
    summary_experiment_scores: [{ key: 'pass-rate', score: context.passRate }],
    results
  }
}

/**
 * `<deployment> (this revision) @ <commit> · run <id>#<attempt>`: the side, the deployment, the
 * commit and the workflow run, so that two experiments of one dataset never read alike. Without
 * a workflow run (a local run), the suite's start time stands in for it.
 */
export function experimentName(side: ExperimentSide, context: Pick<ExperimentContext, 'run' | 'startedAt'>): string {
  const commit = context.run.commit ? ` @ ${context.run.commit.slice(0, 7)}` : ''
  const run = context.run.id
    ? ` · run ${context.run.id}${context.run.attempt ? `#${context.run.attempt}` : ''}`
    : ` · ${iso(context.startedAt).replace(/\.\d+Z$/, 'Z')}`
  return redact(`${side.deployment} (${SIDE_WORDS[side.side]})${commit}${run}`)
}

/** `The suite evals/support.yml run on agent-pr-7 (revision …), compared with agent-prod, for commit ….` */
function descriptionOf(side: ExperimentSide, context: ExperimentContext): string {
  const suite = context.suite.from === 'inline' ? 'The inline suite' : `The suite ${context.suite.from}`
  const revision = side.revisionId ? ` (revision ${side.revisionId})` : ''
  const compared = side.comparedWith
    ? side.side === 'ours'
      ? `, compared with ${side.comparedWith}`
      : `, as the deployment ${side.comparedWith} was compared with`
    : ''
  return `${suite} run on ${side.deployment}${revision}${compared}${context.run.commit ? `, for commit ${context.run.commit}` : ''}.`
}

function rowOf(record: RunRecord, testCase: EvalCase, side: ExperimentSide, context: ExperimentContext): ExperimentRow {
  const start = record.startedAt ?? context.startedAt
  const error = errorOf(record)
  const output = record.output
  return {
    row_id: rowId(context.dataset, testCase.name, testCase.input, context.run.repository),
    inputs: redactedStrings(testCase.input) as Record<string, unknown>,
    ...(testCase.expect.checks.length > 0 ? { expected_outputs: expectedOf(testCase.expect) } : {}),
    ...(output === undefined ? {} : { actual_outputs: { output } }),
    evaluation_scores: scoresOf(record, testCase.expect, error),
    start_time: iso(start),
    end_time: iso(start + record.durationMs),
    run_name: cut(redact(testCase.name), NAME_CHARS),
    ...(error === undefined ? {} : { error: cut(redact(error), COMMENT_CHARS) }),
    run_metadata: redactedRecord({
      deployment: side.deployment,
      side: SIDE_WORDS[side.side],
      case: testCase.name,
      assistant: testCase.assistant,
      run: record.repeat,
      attempts: record.attempts,
      duration_ms: record.durationMs,
      ...(record.status === undefined ? {} : { status: record.status })
    })
  }
}

/**
 * A `pass` score (1 or 0) and, for a run that was judged, one per check of `expect`. A run that
 * failed without an answer to judge (no answer, an error status, no JSON, `__error__`) has its
 * `error` instead: its checks were never tried, and a 0 would say they failed.
 */
function scoresOf(record: RunRecord, expect: RunExpect, error: string | undefined): Score[] {
  const pass: Score = { key: 'pass', score: record.passed ? 1 : 0, ...(record.passed ? {} : { comment: comment(record.failed[0]) }) }
  if (error !== undefined) return [pass]
  return [
    pass,
    ...checkKeys(expect).map((check) => {
      const failed = record.failed.find((text) => checkOf(text) === check)
      return { key: check, score: failed === undefined ? 1 : 0, ...(failed === undefined ? {} : { comment: comment(failed) }) }
    })
  ]
}

/** The first reason the run failed that is not a check of `expect`: the run failed without an answer to judge. */
function errorOf(record: RunRecord): string | undefined {
  if (record.passed) return undefined
  return record.failed.find((text) => checkOf(text) === undefined)
}

/** The check a failure names (the judge starts each with the check's key in backticks), if it names one. */
function checkOf(failure: string): string | undefined {
  const named = /^`([a-z-]+)`:/.exec(failure)?.[1]
  return EXPECT_KEYS.find((key) => key === named)
}

/** The keys of `expect` a run is judged by, each once, as the suite wrote them (`contains`, `not-contains`, ...). */
function checkKeys(expect: RunExpect): string[] {
  return [...new Set(expect.checks.map((check) => check.key))]
}

/** `expect` in the suite's own words: what a reader of the example compares the output with. */
function expectedOf(expect: RunExpect): Record<string, unknown> {
  return redactedStrings(expect.written ?? {}) as Record<string, unknown>
}

const comment = (text: string | undefined) => (text === undefined ? undefined : cut(redact(text), COMMENT_CHARS))

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}

/** Every string of a value (keys too) with the run's secrets redacted: the input goes to another host than the control plane. */
function redactedStrings(value: unknown): unknown {
  if (typeof value === 'string') return redact(value)
  if (Array.isArray(value)) return value.map(redactedStrings)
  if (isMapping(value)) return Object.fromEntries(Object.entries(value).map(([key, v]) => [redact(key), redactedStrings(v)]))
  return value
}

function redactedRecord(record: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, typeof value === 'string' ? redact(value) : value]))
}
