import { ControlPlaneClient } from './api/client.js'
import { commandFor, readActionInputs, recorderFor } from './commands/registry.js'
import { realClock, type Clock } from './core/clock.js'
import type { Log } from './core/log.js'
import { announceSecretsWith } from './core/masking.js'
import { reportsToGitHub } from './inputs/github.js'
import { ignoredInputsWarning, type InputGetter } from './inputs/read.js'
import { readWorkflowContext } from './inputs/workflow-context.js'
import type { GitHubReporting } from './github/reporter.js'
import { settleWindowFor } from './operations/control-plane/apply.js'
import { setOutputs } from './report/outputs.js'
import { printPlan } from './report/plan.js'
import { actionsSink, type OutputSink } from './report/sink.js'
import { renderSummary } from './report/summary.js'
import { viewOf, type RunView } from './report/view.js'
import type { Outcome } from './core/outcome.js'
import { firstLine } from './core/errors.js'
import { startTimeLimit, withinTimeLimit } from './core/time-limit.js'
import { RunMemos } from './operations/run-memos.js'
import { RunContext } from './core/run-context.js'

export interface RunOptions {
  inputs?: InputGetter
  clock?: Clock
  env?: NodeJS.ProcessEnv
  /** Aborted when the workflow is cancelled; by default, on SIGINT or SIGTERM. */
  signal?: AbortSignal
  /** Where the log, outputs, summary and failure go; by default, @actions/core. */
  sink?: OutputSink
  /** When the step began, on `clock`: the process's start (index.ts), so the summary's total is the step's. By default, now. */
  startedAt?: number
}

/**
 * The runner sends SIGINT, then SIGTERM 7.5 s later, then kills the job. The action
 * must have reported where the deploy stands well before that.
 */
const EXIT_AFTER_CANCEL_MS = 4_000

/**
 * GitHub reporting may go on this long past the step's deadline: after a time-out the
 * summary and the final GitHub status still get their chance, and the process still
 * exits within 5 s of `timeout` whatever GitHub does (its requests are aborted then).
 */
export const GITHUB_GRACE_MS = 3_000

/**
 * The action: read the inputs, run the chosen command to its Outcome (a failure too
 * ends in one, from what the recorder knew), then hand that one outcome's view to every
 * reporter: outputs, summary, GitHub, and the last log line.
 */
export async function run(options: RunOptions = {}): Promise<{ cancelled: boolean; outcome: Outcome; view: RunView }> {
  const clock = options.clock ?? realClock
  const sink = options.sink ?? actionsSink
  const startedAt = options.startedAt ?? clock.now()
  const cancellation = options.signal ? undefined : cancelOnSignals(sink)
  const signal = options.signal ?? cancellation?.signal
  const log: Log = sink
  // Secrets are registered while the inputs are read, deep below run(): their `::add-mask::` goes to this sink too.
  const stopAnnouncing = sink.mask ? announceSecretsWith(sink.mask, log.warn) : undefined
  const workflow = readWorkflowContext(options.env)
  // The `command` input first: a failure from here on is told as that command's.
  const recorder = recorderFor(options.inputs)
  let github: GitHubReporting | undefined
  let githubEnvironment: string | undefined
  let outcome: Outcome
  /** The in-progress report to GitHub, started mid-run and not awaited there (see CommandDeps.onRevisionStarted). */
  let inProgressReport: Promise<void> | undefined
  /** When GitHub reporting's time is up, in real time (`Date.now()`), like its budget signal. */
  let githubReportingEndsAt: number | undefined
  try {
    const inputs = await readActionInputs(options.inputs, { env: options.env, pullRequestFromFork: workflow.secretsWithheld })
    const ignored = ignoredInputsWarning(inputs.command, inputs.ignored)
    if (ignored) log.warn(ignored)
    const command = await commandFor(inputs.command)
    // The run's time and cancellation, made once: every command and layer takes its limits from it.
    const runContext = RunContext.forStep({ clock, startedAt, timeoutMs: inputs.timeoutMs, signal })
    // Real time (no clock given to the limit), from the step's time left on the run's clock.
    const budgetMs = Math.max(0, runContext.deadline + GITHUB_GRACE_MS - clock.now())
    const budget = startTimeLimit({ limitMs: budgetMs }).signal
    githubReportingEndsAt = Date.now() + budgetMs
    const client = new ControlPlaneClient(inputs.connection, {
      ...runContext.stop(),
      requestTimeoutMs: runContext.requestLimit(),
      log: log.warn
    })
    const githubInputs = command.github?.(inputs)
    // GitHub's code (and Octokit, loaded by it on first use) only for a run that reports there.
    if (reportsToGitHub(githubInputs))
      github = await (
        await import('./github/reporter.js')
      ).startGitHubReporting(githubInputs, { dryRun: inputs.dryRun, workflow, log, budget })
    // prune's environments are each preview's own, named in its summary table rather than here.
    if (github && !githubInputs?.perPullRequest) githubEnvironment = githubInputs?.environment
    outcome = await command.run(inputs, {
      client,
      run: runContext,
      log,
      workflow,
      settleMs: settleWindowFor(runContext.requestLimit()),
      recorder,
      memos: new RunMemos(),
      ...(sink.saveState ? { saveState: sink.saveState } : {}),
      openGitHub: async (token) =>
        (await (await import('./github/api.js')).loadGitHubApi(token, workflow.repository ?? '', budget, workflow.apiUrl)).get,
      onRevisionStarted: () => {
        if (!github) return
        const reporter = github
        const known = { outcome: recorder.inProgress(), startedAt, finishedAt: clock.now(), workflowSha: workflow.sha, githubEnvironment }
        // Its guard makes every failure a warning; the catch is for anything that escapes it (the view included), so it never rejects unhandled.
        inProgressReport = Promise.resolve()
          .then(() => reporter.revisionStarted(viewOf(known)))
          .catch((error: unknown) =>
            log.warn(`Could not report the revision in progress to GitHub (${firstLine(error)}). The deploy itself is not affected.`)
          )
      }
    })
    if (outcome.kind === 'planned') printPlan(outcome.requests, log)
  } catch (error) {
    outcome = recorder.failedWith(error, clock.now())
  }
  const view = viewOf({ outcome, startedAt, finishedAt: clock.now(), workflowSha: workflow.sha, githubEnvironment })
  try {
    if (view.unsafeUrl !== undefined) {
      log.warn(
        `The control plane reported a deployment URL that is not an https:// URL (${JSON.stringify(view.unsafeUrl)}): ` +
          "it is shown as code, and not set as the `deployment-url` output or the GitHub environment's link."
      )
    }
    if (view.error !== undefined) sink.fail(view.error)
    setOutputs(view, sink.setOutput)
    // The summary first: after a cancel, GitHub calls may not finish before the hard exit.
    await sink.summary(renderSummary(view))
    // The final status must be written after the in-progress one; waiting for it is bounded by the reporting budget.
    if (inProgressReport && githubReportingEndsAt !== undefined) {
      const report = inProgressReport
      // Not waited for past the budget. It never fails: a failure to report is a warning already.
      await withinTimeLimit(() => report, { limitMs: Math.max(0, githubReportingEndsAt - Date.now()) }).catch(() => undefined)
    }
    await github?.finished(view)
    log.info(view.finalLine)
  } finally {
    cancellation?.dispose()
    stopAnnouncing?.()
  }
  return { cancelled: signal?.aborted ?? false, outcome, view }
}

function cancelOnSignals(sink: OutputSink) {
  const controller = new AbortController()
  const onSignal = (signal: NodeJS.Signals) => {
    if (!controller.signal.aborted) sink.info(`Received ${signal}: stopping the wait and reporting where the deploy stands.`)
    controller.abort()
    // Whatever is still in flight (a change being sent) must not outlive the runner's patience.
    setTimeout(() => process.exit(1), EXIT_AFTER_CANCEL_MS).unref()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
    }
  }
}
