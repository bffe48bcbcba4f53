import type { EvalFacts, FailureLog, Outcome, RichText } from '../core/outcome.js'
import type { OutputName } from '../inputs/names.js'
import type { EnvironmentState } from './kinds.js'

/*
 * The view's types, apart from viewOf (view.ts): the modules that build parts of a view
 * (facts, notes, the final line, prune's) and those that render one import them from here,
 * so no import goes round in a circle.
 */

/** A run that is over (or, for the in-progress report, going on): its outcome, and what the reporters add. */
export interface FinishedRun {
  outcome: Outcome
  startedAt: number
  finishedAt: number
  /** The workflow's commit, shown when the revision reports none. */
  workflowSha?: string
  /** The GitHub environment this run reports to (`github-environment`), if any. */
  githubEnvironment?: string
}

/** What the PR comment shows: a run's view, or (prune) a deleted preview's. */
export interface CommentView {
  name: string
  title: RichText
  /** A warning shown right under the heading (e.g. the revision was built from another commit). */
  warning?: string
  /** A gate's or check's findings, listed first (the config check's problems, then its warnings). */
  findings?: Finding[]
  cause?: string
  causeLabel: string
  todo?: string
  notes: RichText[]
  facts: Array<[string, RichText]>
  url?: string
  unsafeUrl?: string
  failureLog?: FailureLog
  /** Longer excerpts of checks (what the agent answered a smoke test), each in a details block under the facts. */
  excerpts?: Array<{ label: string; title: string; text: string; /** Shown unfolded: the check failed. */ open: boolean }>
  /** `evals`: the cases' table, under the facts. */
  evals?: EvalFacts
  /** The comment's last word when the deployment is gone: nothing more to try on this pull request. */
  gone?: RichText
}

/** One gate's or check's list: its problems (failing it, or warned about) or its warnings. */
export interface Finding {
  heading: RichText
  items: RichText[]
}

/** A preview that `prune` left gone: its GitHub environment is retired and its comment updated. */
export interface PreviewReport {
  pr: number
  name: string
  /** The description of the inactive statuses. */
  environmentDescription: string
  comment: CommentView
}

/** What every reporter shows, worked out once from the outcome (see viewOf). */
export interface RunView extends CommentView {
  run: FinishedRun
  outcome: Outcome
  failed: boolean
  /** The step's `::error::` line when it fails: the outcome's error, or where a cancelled run stood. */
  error?: string
  /** The outcome in a word or two, as the last log line states it: `deployed`, `still deploying`… */
  label: string
  outputs: Partial<Record<OutputName, string>>
  commit?: { sha: string; fromWorkflow: boolean }
  github: {
    /** What the GitHub deployment in `github-environment` becomes, with a one-line description. */
    environment?: { state: EnvironmentState; description: string }
    /** Whether the PR comment is written, and whether a pull request without one gets one. */
    comment?: { createIfMissing: boolean }
    /** `prune`: each preview gone after the run, with its own report. */
    previews?: PreviewReport[]
  }
  /** The last line of the log: outcome, deployment, revision and URL. */
  finalLine: string
}
