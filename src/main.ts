import * as core from '@actions/core'
import { ControlPlaneClient } from './api/client.js'
import { CancelledError } from './cancel.js'
import { realClock, type Clock } from './clock.js'
import { deleteListener } from './commands/delete-listener.js'
import { deleteDeployment } from './commands/delete.js'
import type { CommandDeps } from './commands/deps.js'
import { settleWindowFor } from './deploy/apply.js'
import { deploy } from './deploy/deploy.js'
import { describeError } from './errors.js'
import { startGitHubReporting, type GitHubReporter } from './github/reporter.js'
import { readInputs, runnerInputs, type ActionInputs, type InputGetter } from './inputs/read.js'
import { redact } from './masking.js'
import { describeCancellation } from './report/cancellation.js'
import { setOutputs } from './report/outputs.js'
import { printPlan } from './report/plan.js'
import { newState, type DeployState } from './report/state.js'
import { writeSummary } from './report/summary.js'
import { readWorkflowContext, type WorkflowContext } from './workflow-context.js'

export interface RunOptions {
  inputs?: InputGetter
  clock?: Clock
  env?: NodeJS.ProcessEnv
  /** Aborted when the workflow is cancelled; by default, on SIGINT or SIGTERM. */
  signal?: AbortSignal
}

/**
 * The runner sends SIGINT, then SIGTERM 7.5 s later, then kills the job. The action
 * must have reported where the deploy stands well before that.
 */
const EXIT_AFTER_CANCEL_MS = 4_000

/** One request may use a sixth of the step's time, between 1 s and 30 s. */
export function requestTimeoutFor(timeoutMs: number): number {
  return Math.min(30_000, Math.max(1_000, Math.round(timeoutMs / 6)))
}

/**
 * The action: read every input, run the command (deploy, delete, delete-listener), and
 * whatever happens, set the outputs known by then, report to GitHub when asked, and
 * write the job summary. Every failure ends here as one `::error::` line.
 */
export async function run(options: RunOptions = {}): Promise<{ cancelled: boolean }> {
  const clock = options.clock ?? realClock
  const state = newState(clock.now())
  const cancellation = options.signal ? undefined : cancelOnSignals()
  const signal = options.signal ?? cancellation?.signal
  const log = {
    // core.info writes the line as is: a line break in server text could start a workflow command.
    info: (line: string) => core.info(redact(line).replace(/[\r\n]+/g, ' ')),
    warn: (line: string) => core.warning(redact(line)),
    notice: (line: string) => core.notice(redact(line)),
    debug: (line: string) => core.debug(redact(line)),
    startGroup: (title: string) => core.startGroup(redact(title)),
    endGroup: () => core.endGroup()
  }
  const workflow = readWorkflowContext(options.env)
  let github: GitHubReporter | undefined
  try {
    const inputs = await readInputs(options.inputs ?? runnerInputs, { env: options.env, pullRequestFromFork: workflow.secretsWithheld })
    state.command = inputs.command
    for (const name of inputs.ignored) log.warn(`\`${name}\` is set but \`command: ${inputs.command}\` does not use it; it is ignored.`)
    const deadline = state.startedAt + inputs.timeoutMs
    const requestTimeoutMs = requestTimeoutFor(inputs.timeoutMs)
    const client = new ControlPlaneClient(inputs.connection, { clock, deadline, signal, requestTimeoutMs, log: log.warn })
    if (inputs.command !== 'delete-listener') {
      github = await startGitHubReporting(inputs.github, { command: inputs.command, dryRun: inputs.dryRun, workflow, log })
    }
    const deps = { client, clock, log, deadline, signal }
    await runCommand(inputs, deps, { workflow, settleMs: settleWindowFor(requestTimeoutMs) }, state, github)
    if (state.plannedRequests) printPlan(state.plannedRequests)
  } catch (error) {
    state.error = redact(error instanceof CancelledError ? describeCancellation(state) : describeError(error))
    core.setFailed(state.error)
  } finally {
    state.finishedAt = clock.now()
    setOutputs(state)
    // The summary first: after a cancel, GitHub calls may not finish before the hard exit.
    await writeSummary(state)
    await github?.finished(state)
    cancellation?.dispose()
  }
  return { cancelled: signal?.aborted ?? false }
}

function runCommand(
  inputs: ActionInputs,
  deps: CommandDeps,
  deployOnly: { workflow: WorkflowContext; settleMs: number },
  state: DeployState,
  github: GitHubReporter | undefined
): Promise<void> {
  switch (inputs.command) {
    case 'deploy':
      return deploy(inputs, { ...deps, ...deployOnly, onRevisionStarted: async () => github?.revisionStarted(state) }, state)
    case 'delete':
      return deleteDeployment(inputs, deps, state)
    case 'delete-listener':
      return deleteListener(inputs, deps, state)
  }
}

function cancelOnSignals() {
  const controller = new AbortController()
  const onSignal = (signal: NodeJS.Signals) => {
    if (!controller.signal.aborted) core.info(`Received ${signal}: stopping the wait and reporting where the deploy stands.`)
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
