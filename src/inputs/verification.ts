import { formatDuration } from '../core/clock.js'
import type { InputName } from './names.js'
import type { SmokeTest } from './smoke-test.js'
import type { EvalSuite, SuiteAtBase } from './evals.js'
import type { InputReader } from './spec.js'
import { LANGSMITH_INPUTS, readLangSmith, type LangSmithSettings } from './langsmith.js'
import { readWorkflowContext } from './workflow-context.js'

/** What `deploy` and `rollback` prove about their revision after DEPLOYED (operations/checks/). */
export interface VerificationInputs {
  /** `verify-revision`: ask the server which revision it runs (`GET /info`). */
  verifyRevision: 'auto' | 'required' | 'off'
  /** How long the server may take to name ours: `health-check-timeout`. */
  proofTimeoutMs: number
  smokeTest?: SmokeTest
  /** `evals`, and where its `eval-results` file goes (RUNNER_TEMP, else the system's). */
  evals?: EvalSuite
  /** `evals-from: base` on a pull request: the suite to read from the base commit before any request (then `evals`). */
  evalsAtBase?: SuiteAtBase['atBase']
  resultsDir?: string
  /** `langsmith-api-key` and its endpoint: `evals`' results recorded as LangSmith experiments. */
  langsmith?: LangSmithSettings
  /** The workflow run's page, where the whole results are (its artifacts): linked from the evals report. */
  resultsUrl?: string
}

/** Its own inputs; it also reads `health-check-timeout` (HEALTH_INPUTS), which a command using these lists too. */
export const VERIFICATION_INPUTS: InputName[] = ['verify-revision', 'smoke-test', 'evals', 'evals-from', ...LANGSMITH_INPUTS]

/** `verify-revision` and `smoke-test`; both need the wait, and the smoke test's time fits in `timeout`. */
export function readVerification(reader: InputReader): VerificationInputs {
  const smokeTest = reader.value('smoke-test')
  const timeoutMs = reader.value('timeout')
  if (smokeTest && reader.value('wait') === false) {
    reader.problem(
      '`smoke-test` needs `wait: true`: the run is sent once the revision is DEPLOYED, which only a run that waits sees; remove `smoke-test` or set `wait: true`'
    )
  }
  // `required` promises proof, and a run that does not wait proves nothing: it would exit 0 having proven nothing.
  if (reader.value('verify-revision') === 'required' && reader.value('wait') === false) {
    reader.problem(
      '`verify-revision: required` needs `wait: true`: the server is asked which revision it runs once ours is DEPLOYED, which only a run that waits sees; set `wait: true`, or `verify-revision: auto`'
    )
  }
  // Only a `timeout` given is refused: the default is simply cut short by the step's deadline.
  if (smokeTest?.timeoutMs !== undefined && timeoutMs !== undefined && smokeTest.timeoutMs >= timeoutMs) {
    reader.problem(
      `\`smoke-test\`'s \`timeout\` (${formatDuration(smokeTest.timeoutMs)}) must be shorter than the step's ` +
        `\`timeout\` (${formatDuration(timeoutMs)}), which also covers the build and the wait; shorten it or raise \`timeout\``
    )
  }
  const read = reader.value('evals')
  const evals = read && 'atBase' in read ? undefined : read
  const token = reader.value('github-token')
  // The GitHub API reads it when the checkout lacks the base commit: with the run's token.
  const evalsAtBase = read && 'atBase' in read ? { ...read.atBase, ...(token ? { githubToken: token } : {}) } : undefined
  if (read && reader.value('wait') === false) {
    reader.problem(
      '`evals` needs `wait: true`: the suite runs once the revision is DEPLOYED, which only a run that waits sees; remove `evals` or set `wait: true`'
    )
  }
  if (evals) suiteAgainstStep(evals, { timeoutMs, name: reader.value('name') }).forEach(reader.problem)
  // The runner's environment when the context names none (index.ts passes none): v1.4 read only the context's, so on a runner the file went to the system's temp folder.
  const resultsDir = (reader.context.env ?? process.env).RUNNER_TEMP || undefined
  const langsmith = readLangSmith(reader)
  const resultsUrl = read ? readWorkflowContext(reader.context.env ?? process.env).runUrl : undefined
  return {
    verifyRevision: reader.value('verify-revision') ?? 'auto',
    proofTimeoutMs: reader.value('health-check-timeout') as number,
    ...(smokeTest ? { smokeTest } : {}),
    ...(evals ? { evals } : {}),
    ...(evalsAtBase ? { evalsAtBase } : {}),
    ...(resultsDir ? { resultsDir } : {}),
    ...(resultsUrl ? { resultsUrl } : {}),
    ...(langsmith ? { langsmith } : {})
  }
}

/**
 * A suite against the step: it fits in `timeout`, and compares with another deployment. Also
 * asked of a suite read from the base commit, once read (operations/evals/suite-at-base.ts).
 */
export function suiteAgainstStep(evals: EvalSuite, step: { timeoutMs?: number; name?: string }): string[] {
  const problems: string[] = []
  const { timeoutMs, name } = step
  // Named in the suite's file when it is one: that is where the key is written.
  const whose = evals.from === 'inline' ? "`evals`'" : `\`${evals.from}\`:`
  if (evals.timeLimitMs !== undefined && timeoutMs !== undefined && evals.timeLimitMs >= timeoutMs) {
    problems.push(
      `${whose} \`time-limit\` (${formatDuration(evals.timeLimitMs)}) must be shorter than the step's ` +
        `\`timeout\` (${formatDuration(timeoutMs)}), which also covers the build and the wait; shorten it or raise \`timeout\``
    )
  }
  // As the smoke test's: only a `timeout` written is refused; the default is cut short by the step's deadline.
  if (evals.timeoutSet && timeoutMs !== undefined && evals.timeoutMs >= timeoutMs) {
    problems.push(
      `${whose} \`timeout\` (${formatDuration(evals.timeoutMs)}), one run's limit, must be shorter than the step's ` +
        `\`timeout\` (${formatDuration(timeoutMs)}), which also covers the build and the wait; shorten it or raise the step's \`timeout\``
    )
  }
  if (evals.compareWith !== undefined && name !== undefined && evals.compareWith === name) {
    problems.push(
      `${whose} \`compare-with\` names this deployment (\`${name}\`): compare with another one, e.g. production's, or remove \`compare-with\``
    )
  }
  return problems
}
