import { formatDuration } from '../core/clock.js'
import type { InputName } from './names.js'
import type { SmokeTest } from './smoke-test.js'
import type { EvalSuite } from './evals.js'
import type { InputReader } from './spec.js'
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
  resultsDir?: string
  /** The workflow run's page, where the whole results are (its artifacts): linked from the evals report. */
  resultsUrl?: string
}

/** Its own inputs; it also reads `health-check-timeout` (HEALTH_INPUTS), which a command using these lists too. */
export const VERIFICATION_INPUTS: InputName[] = ['verify-revision', 'smoke-test', 'evals']

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
  const evals = reader.value('evals')
  if (evals) evalsProblems(evals, reader).forEach(reader.problem)
  const resultsDir = reader.context.env?.RUNNER_TEMP || undefined
  const resultsUrl = evals ? readWorkflowContext(reader.context.env ?? {}).runUrl : undefined
  return {
    verifyRevision: reader.value('verify-revision') ?? 'auto',
    proofTimeoutMs: reader.value('health-check-timeout') as number,
    ...(smokeTest ? { smokeTest } : {}),
    ...(evals ? { evals } : {}),
    ...(resultsDir ? { resultsDir } : {}),
    ...(resultsUrl ? { resultsUrl } : {})
  }
}

/** `evals` against the other inputs: it needs the wait, fits in `timeout`, and compares with another deployment. */
function evalsProblems(evals: EvalSuite, reader: InputReader): string[] {
  const problems: string[] = []
  const timeoutMs = reader.value('timeout')
  if (reader.value('wait') === false) {
    problems.push(
      '`evals` needs `wait: true`: the suite runs once the revision is DEPLOYED, which only a run that waits sees; remove `evals` or set `wait: true`'
    )
  }
  if (evals.timeLimitMs !== undefined && timeoutMs !== undefined && evals.timeLimitMs >= timeoutMs) {
    problems.push(
      `\`evals\`' \`time-limit\` (${formatDuration(evals.timeLimitMs)}) must be shorter than the step's ` +
        `\`timeout\` (${formatDuration(timeoutMs)}), which also covers the build and the wait; shorten it or raise \`timeout\``
    )
  }
  const name = reader.value('name')
  if (evals.compareWith !== undefined && name !== undefined && evals.compareWith === name) {
    problems.push(
      `\`evals\`' \`compare-with\` names this deployment (\`${name}\`): compare with another one, e.g. production's, or remove \`compare-with\``
    )
  }
  return problems
}
