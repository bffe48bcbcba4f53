import type { ControlPlaneClient } from '../api/client.js'
import type { Log } from '../core/log.js'
import type { PostStateName } from '../core/post-state.js'
import type { CommandWords, Outcome, Subject } from '../core/outcome.js'
import type { Recorder } from '../core/recorder.js'
import type { RunContext } from '../core/run-context.js'
import type { GitHubInputs } from '../inputs/github.js'
import type { InputName } from '../inputs/names.js'
import type { CommonInputs } from '../inputs/spec.js'
import type { WorkflowContext } from '../inputs/workflow-context.js'
import type { GitHubGet } from '../operations/github/github-requests.js'
import type { RunMemos } from '../operations/run-memos.js'

/** What main.ts gives every command. */
export interface CommandDeps {
  client: ControlPlaneClient
  /**
   * The run's time and cancellation (core/run-context.ts): its clock, the step's deadline (its
   * start plus `timeout`), its cancel, one request's limit, a child per phase. Operations take its
   * Stop (`run.stop()`, spread beside the deps where they take both).
   */
  run: RunContext
  log: Log
  workflow: WorkflowContext
  /** How long a doubtful change is re-read before it is sent again (see operations/control-plane/apply.ts). */
  settleMs: number
  /** Where the command reports what it learns; a failed run's outcome is made from it. */
  recorder: Recorder
  /** What the run reads once and reuses (checkout reads, GitHub readers): made once per run. */
  memos: RunMemos
  /**
   * Told when a revision this run made starts: starts the in-progress report to GitHub and
   * returns at once. Not awaited: GitHub is where a run is reported, not what it does, so a
   * slow GitHub must not hold back the watch (main.ts awaits it before the final report).
   */
  onRevisionStarted?: () => void
  /**
   * Reads of the GitHub API with this token, for the workflow's repository (`prune`).
   * Loads Octokit on first use only: a run that reads nothing from GitHub never pays for it.
   */
  openGitHub?: (token: string) => Promise<GitHubGet>
  /** Keeps a value for the post step at the end of the job (core/post-state.ts); absent where there is none. */
  saveState?: (name: PostStateName, value: string) => void
}

/**
 * What a command does. Registered once, in registry.ts, beside its input spec and what
 * the reports call it (CommandAbout), and loaded only when chosen.
 * `run` returns the Outcome of a run that went as far as it should; an error it
 * throws becomes an Outcome too, from what it told the recorder (core/recorder.ts).
 */
export interface CommandDefinition<T> {
  /** The inputs that turn on GitHub reporting, when the command reports to GitHub. */
  github?: (inputs: T) => GitHubInputs
  run(inputs: CommonInputs & T, deps: CommandDeps): Promise<Outcome>
}

/**
 * How the reports speak of a command, and what it acts on. Static, beside its input spec in
 * the registry (not in its lazily loaded definition), so that a refusal of the inputs, before
 * the command's code is loaded, is still told as that command's, of that target.
 */
export interface CommandAbout {
  /** Headings, in-progress text, rows, notes (see CommandWords). */
  words: CommandWords
  /**
   * What the run acts on, named by which inputs (the first one set). Default: a deployment,
   * by `name` or `deployment-id`.
   */
  target?: { kind: Subject['kind']; inputs: readonly InputName[] }
}

/** Keeps a definition's input type, so the registry can pair it with its spec. */
export function defineCommand<T>(definition: CommandDefinition<T>): CommandDefinition<T> {
  return definition
}
