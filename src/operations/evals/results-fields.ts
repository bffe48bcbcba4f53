import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { redact } from '../../core/masking.js'
import type { EvalCase, EvalSuite } from '../../inputs/evals.js'

/** The run the results are of: the revision judged, and when the suite started and ended (clock times). */
export interface ResultsRun {
  revisionId?: string
  startedAt?: number
  finishedAt?: number
}

/** `eval-results`' fields for the run: a later step or a reader of the artifact knows which revision and when. */
export function runFields(run: ResultsRun): Record<string, unknown> {
  const at = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString())
  return { revisionId: run.revisionId ?? null, startedAt: at(run.startedAt), finishedAt: at(run.finishedAt) }
}

/** A case as the suite wrote it: its input, sent as given, and its `expect` (null when none). */
export function caseFields(testCase: Pick<EvalCase, 'input' | 'expect'> | undefined): Record<string, unknown> {
  return { input: testCase?.input ?? null, expect: testCase?.expect.written ?? null }
}

/**
 * The `eval-results` file of a suite that was not run (an earlier check failed first): the
 * verdict `not-run` and why, with each case as written, so a later step that reads the file
 * learns that, rather than finding no file. Under RUNNER_TEMP (else the system's temporary
 * folder), secrets redacted. Returns its path.
 */
export function writeNotRunResults(dir: string | undefined, suite: EvalSuite, why: string, run: ResultsRun): string {
  const folder = mkdtempSync(join(dir ?? tmpdir(), 'evals-'))
  const path = join(folder, 'eval-results.json')
  const document = {
    suite: suite.from,
    verdict: 'not-run',
    why,
    gate: 'not-run',
    ...runFields(run),
    cases: suite.cases.map((testCase) => ({ name: testCase.name, ...caseFields(testCase), verdict: 'not-run', runs: [] }))
  }
  writeFileSync(path, redact(JSON.stringify(document, null, 2)), { mode: 0o600 })
  return path
}
