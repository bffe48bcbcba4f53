import type { ControlPlaneClient } from '../api/client.js'
import type { Clock } from '../core/clock.js'
import type { Log } from '../core/log.js'
import type { Outcome, RunFacts } from '../core/outcome.js'
import type { Recorder } from '../core/recorder.js'
import type { GitHubInputs } from '../inputs/github.js'
import type { CommonInputs, InputSpec } from '../inputs/spec.js'
import type { WorkflowContext } from '../inputs/workflow-context.js'
import type { GitHubGet } from '../operations/github-requests.js'

/** What main.ts gives every command. */
export interface CommandDeps {
  client: ControlPlaneClient
  clock: Clock
  log: Log
  /** Clock time by which the step must be done: its start plus `timeout`. */
  deadline: number
  signal?: AbortSignal
  workflow: WorkflowContext
  /** How long a doubtful change is re-read before it is sent again (see operations/apply.ts). */
  settleMs: number
  /** One request's time limit (a sixth of `timeout`, 1 to 30 s); the client's default when not given. */
  requestTimeoutMs?: number
  /** Where the command reports what it learns; a failed run's outcome is made from it. */
  recorder: Recorder
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
}

/**
 * A command: its input spec and what it does. Registered once, in registry.ts.
 * `run` returns the Outcome of a run that went as far as it should; an error it
 * throws becomes an Outcome too, from what it told the recorder (core/recorder.ts).
 */
export interface CommandDefinition<T> {
  spec: InputSpec<T>
  /** What the reports say of this command in its own words; the shared wording where it says nothing. */
  words?: CommandWords
  /** The inputs that turn on GitHub reporting, when the command reports to GitHub. */
  github?: (inputs: T) => GitHubInputs
  run(inputs: CommonInputs & T, deps: CommandDeps): Promise<Outcome>
}

/** Keeps a definition's input type while it is put in the registry's table. */
export function defineCommand<T>(definition: CommandDefinition<T>): CommandDefinition<T> {
  return definition
}

/** Text of our own words and values from elsewhere (`{ code }`), as the reports take it (report/view.ts `Said`). */
export type Words = Array<string | { code: string }>

/** A command's own words for the reports, so that they need not know it by name. */
export interface CommandWords {
  /** The heading's verb: `❌ <verb> of <name> failed`. */
  verb: string
  /** The "What was done" row, from what the run learned; undefined: the shared wording. */
  done?(facts: RunFacts): Words | undefined
  /** Sentences under the cause, such as the next step to take. */
  notes?(facts: RunFacts): Words[]
}
