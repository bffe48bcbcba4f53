import type { OutgoingHttpHeaders } from 'node:http'
import { formatDuration } from '../../core/clock.js'
import { firstLine } from '../../core/errors.js'
import type { EvalCase } from '../../inputs/evals.js'
import { askServer, type ServerAnswer } from '../agent-server/agent-server.js'
import { parseRetryAfter } from '../../api/retry.js'
import { MAX_ASKS, waitAfter, waitToAskAgain } from '../../core/back-off.js'
import { judgeRun, type RunJudgement } from './judge.js'
import type { Stop } from '../../core/stop.js'

/** A run's final state may be large (a conversation); more than this is not read. */
export const ANSWER_MAX_BYTES = 1024 * 1024

/** Where runs go: this revision's deployment, or (`compare-with`) the other one. */
export interface EvalTarget {
  side: 'ours' | 'theirs'
  /** The deployment's name, for the log. */
  name: string
  endpoint: { url: string; headers: OutgoingHttpHeaders }
  /** The revision its server runs, when known: for the LangSmith experiment's metadata. */
  revisionId?: string
}

/** One run, as it ended. */
export interface RunRecord extends RunJudgement {
  /** The case's index in the suite. */
  caseIndex: number
  side: EvalTarget['side']
  /** Which of the case's `repeat` runs, from 1. */
  repeat: number
  durationMs: number
  /** Never sent: the suite's time limit came first. */
  notRun?: boolean
  /** Sent, and stopped at the suite's time limit before its answer: a fail that says nothing of the agent (no round of a comparison). */
  cutBySuite?: boolean
  /** Sent more than once: the server did not take it before (a refused connection, 429, 502, 503, 504). */
  attempts: number
  /** When it was sent, on the run's clock (a LangSmith row's start_time). */
  startedAt?: number
}

/** Its deadline is the suite's end (a child of the run's, see RunContext.until): no run is sent after it, and none runs past it. */
export interface SuiteRun extends Stop {
  cases: readonly EvalCase[]
  repeat: number
  /** Runs in flight at once, over every target. */
  concurrency: number
  /** One run's limit (attempts and waits included). */
  timeoutMs: number
  /**
   * The deadline is the one run's own limit (the smoke test: one run, its `timeout`), so a run it
   * cuts short ran out of its own time, not "the suite's time limit".
   */
  deadlineIsTheRunsLimit?: boolean
  targets: readonly EvalTarget[]
  /** A line for the log as each run finishes (never the credential: the URL and the case only). */
  logRun?: (line: string) => void
  /** A line for a run sent again. */
  logAttempt?: (line: string) => void
  /** A run that added nothing passes when nothing was expected of it (the smoke test; judge.ts). */
  silentPasses?: boolean
  /** How a run is named in the log: `Eval \`name\`` unless given. */
  labelOf?: (caseName: string) => string
}

export const NOT_RUN = "not run: the suite's time limit"

/**
 * Sends every case's runs, `repeat` of each, to every target, with at most `concurrency` in
 * flight. Runs are queued case by case and, within a case, target by target, so a case's runs
 * to this revision and to the compared deployment go out side by side: both see the same minute.
 * Once the suite's deadline passes no run is sent; those left are recorded as not run.
 */
export async function runSuite(suite: SuiteRun): Promise<RunRecord[]> {
  const jobs: Array<{ caseIndex: number; repeat: number }> = []
  suite.cases.forEach((_, caseIndex) => {
    for (let repeat = 1; repeat <= suite.repeat; repeat++) jobs.push({ caseIndex, repeat })
  })
  return runJobs(suite, jobs)
}

/**
 * Sends the given runs of cases (`repeat` numbers each run), each to every target side by side,
 * at most `concurrency` in flight: one batch of adaptive runs (evals/adaptive.ts), or the whole
 * fixed suite. Records come back in the order of the jobs, each job's targets in order.
 */
export async function runJobs(suite: SuiteRun, jobs: ReadonlyArray<{ caseIndex: number; repeat: number }>): Promise<RunRecord[]> {
  const queue: Array<{ caseIndex: number; repeat: number; target: EvalTarget }> = []
  for (const { caseIndex, repeat } of jobs) for (const target of suite.targets) queue.push({ caseIndex, repeat, target })
  const records = new Array<RunRecord>(queue.length)
  let next = 0
  const worker = async () => {
    while (next < queue.length) {
      const at = next++
      const job = queue[at]
      const testCase = suite.cases[job.caseIndex]
      const base = { caseIndex: job.caseIndex, side: job.target.side, repeat: job.repeat }
      if (suite.clock.now() >= suite.deadline) {
        records[at] = { ...base, passed: false, failed: [NOT_RUN], durationMs: 0, notRun: true, attempts: 0 }
        continue
      }
      const started = suite.clock.now()
      const limitMs = Math.min(suite.timeoutMs, suite.deadline - started)
      const sent = await sendRun(job.target.endpoint, testCase, {
        clock: suite.clock,
        signal: suite.signal,
        limitMs,
        log: suite.logAttempt,
        label: runLabel(suite, job)
      })
      const durationMs = suite.clock.now() - started
      let judged: RunJudgement
      try {
        judged = await judgeRun(sent.answer, testCase.input, testCase.expect, durationMs, {
          timeLeftMs: suite.deadline - suite.clock.now(),
          signal: suite.signal,
          silentPasses: suite.silentPasses
        })
      } catch (error) {
        // One answer the judge cannot read fails its run alone: a throw here would end this worker
        // while the others went on sending paid runs, and leave the suite with no table.
        judged = {
          passed: false,
          failed: [`the answer could not be judged (${firstLine(error)})`],
          ...(sent.answer.answered ? { status: sent.answer.status } : {})
        }
      }
      // Cut short by the suite's end rather than its own `timeout`: say so.
      let cutBySuite = false
      if (!sent.answer.answered && !suite.deadlineIsTheRunsLimit && limitMs < suite.timeoutMs && suite.clock.now() >= suite.deadline) {
        judged = { ...judged, failed: [`stopped at the suite's time limit, after ${formatDuration(durationMs)}`] }
        cutBySuite = true
      }
      // Kept short: a suite of long answers must not hold them all (the results file keeps 4 KiB of each).
      const record: RunRecord = {
        ...base,
        ...judged,
        ...kept(judged),
        durationMs,
        attempts: sent.attempts,
        startedAt: started,
        ...(cutBySuite ? { cutBySuite } : {})
      }
      records[at] = record
      suite.logRun?.(
        `${runLabel(suite, job)}: ${record.passed ? 'passed' : `failed (${record.failed[0]})`} in ${formatDuration(durationMs)}${record.status === undefined ? '' : `, HTTP ${record.status}`}.`
      )
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(suite.concurrency, queue.length)) }, worker))
  return records
}

/** What a record keeps of the run's output and answer. */
export const KEPT_CHARS = 4096

function kept(judged: RunJudgement): Pick<RunJudgement, 'output' | 'shown'> {
  // A copy, not a slice: V8 keeps a sliced string's whole parent (the answer) alive with it.
  const cut = (text: string | undefined) =>
    text !== undefined && text.length > KEPT_CHARS ? Buffer.from(`${text.slice(0, KEPT_CHARS)}…`, 'utf8').toString('utf8') : text
  return { output: cut(judged.output), shown: cut(judged.shown) }
}

function runLabel(suite: SuiteRun, job: { caseIndex: number; repeat: number; target: EvalTarget }): string {
  const name = suite.cases[job.caseIndex].name
  if (suite.labelOf) return suite.labelOf(name)
  // Adaptive runs (`repeat` 1, rounds after the first) say which run, without a total: none is fixed.
  const which = suite.repeat > 1 ? [`run ${job.repeat}/${suite.repeat}`] : job.repeat > 1 ? [`run ${job.repeat}`] : []
  const parts = [...which, ...(suite.targets.length > 1 ? [job.target.name] : [])]
  return `Eval \`${name}\`${parts.length ? ` (${parts.join(', ')})` : ''}`
}

/**
 * One stateless run, `POST <url>/runs/wait`. A run can cost money, so it is sent again only when
 * the server certainly did not take it: a refused connection, a 502, 503 or 504 (not ready), or a 429 (after its `Retry-After`),
 * with back-off, within `limitMs` (attempts and waits together).
 */
export async function sendRun(
  endpoint: { url: string; headers: OutgoingHttpHeaders },
  testCase: Pick<EvalCase, 'assistant' | 'input'>,
  options: Pick<Stop, 'clock' | 'signal'> & { limitMs: number; log?: (line: string) => void; label: string }
): Promise<{ answer: ServerAnswer; attempts: number }> {
  const { clock } = options
  const deadline = clock.now() + options.limitMs
  let answer: ServerAnswer = { answered: false, what: 'no time was left before the deadline to send it', refused: false }
  let attempts = 0
  while (attempts < MAX_ASKS && clock.now() < deadline) {
    attempts++
    answer = await askServer(endpoint, {
      method: 'POST',
      json: { assistant_id: testCase.assistant, input: testCase.input },
      limitMs: deadline - clock.now(),
      clock,
      signal: options.signal,
      maxBytes: ANSWER_MAX_BYTES
    })
    if (!notTaken(answer)) break
    const why = answer.answered ? `HTTP ${answer.status}` : answer.what
    const waitMs = waitBefore(answer, attempts)
    if (!(await waitToAskAgain({ clock, deadline, signal: options.signal }, attempts, waitMs))) {
      options.log?.(`${options.label}: attempt ${attempts}: ${why} (the server did not take the run); no time left for another.`)
      break
    }
    options.log?.(
      `${options.label}: attempt ${attempts}: ${why} (the server did not take the run); sent again after ${formatDuration(waitMs)}.`
    )
  }
  return { answer, attempts }
}

/** The server certainly did not take the run: a refused connection, not ready, or too many runs at once (429). */
function notTaken(answer: ServerAnswer): boolean {
  return answer.answered ? [429, 502, 503, 504].includes(answer.status) : answer.refused
}

/** The wait before the next attempt: the server's `Retry-After` when it gave one (the run's limit still bounds it), else the back-off. */
function waitBefore(answer: ServerAnswer, attempts: number): number {
  const asked = answer.answered ? parseRetryAfter(answer.retryAfter, Date.now()) : undefined
  // Never sooner than the back-off: a `Retry-After: 0` would otherwise make a run of hundreds of attempts.
  return asked === undefined ? waitAfter(attempts) : Math.max(asked, waitAfter(attempts))
}
