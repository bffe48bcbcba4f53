import type { PruneFacts } from './prune.js'
import type { PlannedRequest } from './request.js'
import type { StatusSpan } from './timeline.js'

/**
 * What a run ended in (docs/architecture.md, "The recorder, the Outcome and the view"). Every
 * reporter (outputs, job summary, PR comment, GitHub deployment status, the last log
 * line) reads this one value through report/view.ts, so they cannot disagree.
 */
export type OutcomeKind =
  | 'deployed'
  | 'failed'
  | 'still-deploying'
  | 'superseded'
  | 'rolled-back'
  | 'deleted'
  | 'nothing-to-do'
  | 'planned'
  | 'refused'
  /** `registry-login`: Docker is logged in to the deployment's registry. */
  | 'logged-in'

export type Operation = 'created' | 'updated' | 'deleted' | 'unchanged' | 'planned' | 'rolled-back'

/** The deployment as last seen, in the API's own field names, so an API Deployment is one. */
export interface DeploymentSeen {
  id: string
  name: string
  status?: string | null
  url?: string | null
  source_config?: { custom_url?: string | null } | null
  latest_revision_id?: string | null
  active_revision_id?: string | null
}

/** The revision as last seen, in the API's field names. */
export interface RevisionSeen {
  id: string
  status: string
  status_message?: string | null
  source_revision_config?: { repo_commit_sha?: string | null } | null
  created_at?: string | null
  updated_at?: string | null
}

/** What the run acted on: a deployment, or (delete-listener) a listener. */
export interface Subject {
  kind: 'deployment' | 'listener'
  /** The deployment's name (its own once found, else the `name` input), or the listener id. */
  name?: string
  id?: string
}

/** The end of the failing phase's log, when a revision failed and logs are shown. */
export interface FailureLog {
  type: 'build' | 'deploy'
  lines: string[]
}

/** A health check's verdict: the summary shows this, the log each attempt. */
export interface HealthSeen {
  healthy: boolean
  /** Undefined when no request was made (the URL was not one the credential may go to). */
  url?: string
  attempts: number
  elapsedMs: number
  /** The last attempt's result, or why none was made. */
  last: string
}

/**
 * What went out to the control plane: a remote build's source archive, or an image
 * (a docker source), so that every report says exactly what was shipped.
 */
export type Shipped =
  | {
      kind: 'archive'
      /** SHA-256 of the archive's bytes, hex: the `archive-sha256` output. */
      sha256: string
      bytes: number
      files: number
      /** The checkout's commit (`git rev-parse HEAD` in the workspace), when it is a git checkout: only what it tracks shipped. */
      commit?: string
      /** What is in it and what was left out; paths relative to the workspace, file names being the user's text. */
      listing?: ArchiveListing
    }
  | {
      kind: 'image'
      imageUri: string
      /** `sha256:<hex>` when the image is pinned by digest; undefined for a tag alone. */
      digest?: string
    }

/**
 * Why a file was left out of a remote build's archive: not tracked by git, an ignore file or a
 * fixed exclusion (`ignored`), a secret file, a link, `archive-exclude` (`excluded`), or not a
 * regular file or directory (`other`).
 */
export type LeftOutReason = 'untracked' | 'ignored' | 'secret' | 'link' | 'excluded' | 'other'

/** A remote build's archive as the summary shows it. */
export interface ArchiveListing {
  /** Every file, sorted: the dry run lists them. */
  files: string[]
  /** What the files weigh before compression. */
  contentBytes: number
  /** The folders holding the most bytes, each with its file count and bytes (files directly in it and below). */
  folders: Array<{ path: string; files: number; bytes: number }>
  /** How many folders more than those shown. */
  moreFolders: number
  largest: Array<{ path: string; bytes: number }>
  /** What was left out, by reason, in a fixed order: how many, and the first few (with the rule that left each out). */
  leftOut: Array<{ reason: LeftOutReason; count: number; shown: Array<{ path: string; rule?: string }> }>
  /** A checkout's tracked files that are not as in its commit (they ship as they are on disk; `gone`: deleted). */
  changed: Array<{ path: string; gone: boolean }>
  /** Keys found in files that ship (`secret-scan: warn`): how many, and the first few by file, line and rule; never a value. */
  keys?: { count: number; shown: Array<{ path: string; line: number; rule: string }> }
}

/** `paths`: whether the deploy went ahead or was skipped, and why. */
export interface PathsDecision {
  skip: boolean
  /** Our own words: why it skipped, or why it could not skip (missing information, matching files). */
  reason: string
  /** The revision serving before this run, and the commit it was built from (the compare's base). */
  servingRevisionId?: string
  baseCommit?: string
  /** The commit this run deploys (the compare's head). */
  headCommit?: string
  /** Files changed between the two commits, and how many of them match no pattern of `paths`. */
  changedFiles?: number
  outsidePaths?: number
}

/** An environment's names as an update leaves them: never a value. */
export interface EnvironmentNames {
  /** Kept with the value they have (not given, or given with that value). */
  kept: string[]
  /** Given with another value. */
  set: string[]
  added: string[]
  /** `secrets-update: replace` only: on the deployment, not in the input. */
  removed: string[]
}

/** `secrets` and `secret-references` as the deploy changes them (commands/deploy/environment.ts). */
export interface EnvironmentFacts {
  mode: 'merge' | 'replace'
  /** `sent`: whether the list goes out (not when nothing in it changes); `removedUnknown`: replace, on a deployment that does not report its environment. */
  secrets?: EnvironmentNames & { sent: boolean; removedUnknown?: boolean }
  references?: EnvironmentNames & { sent: boolean; removedUnknown?: boolean }
}

/** `registry-login`: where Docker was logged in and where to push. */
export interface RegistryLogin {
  /** The registry host (`registry_url` up to its first `/`, no scheme). */
  registry: string
  /** `<registry_url>/<deployment name>`: the `image-repository` output. */
  imageRepository: string
}

/**
 * The verdict of one gate (before any change: the config check, reserved names,
 * `expected-commit` against the ref, `paths`) or one check (after `DEPLOYED`: the commit built,
 * health, the revision the server reports, the smoke test). Every gate and check returns one; the
 * recorder keeps them in order, the reports render each with one row type, and `on-failure:
 * rollback` reacts to any `failed` check the same way.
 */
export interface CheckVerdict {
  /** Stable id, e.g. `config-check`, `verify-revision`, `smoke-test`. */
  id: string
  /** The row's label in the summary and PR comment, e.g. `Config check`, `Serving revision`. */
  label: string
  /** `not-proven`: asked, and the answer proves nothing; `not-checked`: not asked (off, no information). */
  status: 'passed' | 'failed' | 'not-proven' | 'not-checked'
  /** Our words, with `{ code }` parts for values from elsewhere (neutralised where they land). */
  detail: RichText
  /** How long it took; undefined for a verdict that made no request and read no file. */
  elapsedMs?: number
  /** A longer excerpt the summary and comment show in a details block (e.g. what the agent answered). */
  excerpt?: { title: string; text: string }
  /** Problems found, each a sentence naming the file, the key and the fix (the config check). */
  problems?: RichText[]
  /** Findings that never fail it, each a sentence like a problem (the config check's unknown keys, ...). */
  warnings?: RichText[]
}

/** One side of an `evals` case: this revision's runs, or the compared deployment's. */
export interface EvalSide {
  passed: boolean
  /** Runs that passed, of `runs` sent (with `repeat`, `min-passes` of them make the case pass). */
  passes: number
  runs: number
  /** No run of this case was sent: the suite's time limit came first. */
  notRun?: boolean
  /** The first failed check of the first failed run, in our words (values in backticks, neutralised where shown). */
  firstFailed?: string
  /** What the agent wrote in that run (or the server answered), shortened and redacted: what was seen. */
  seen?: string
  /** The median time of its runs that finished (an answer came back). */
  durationMs?: number
  /** Runs sent that never finished (cut short by their `timeout` or the suite's, or no connection): not in the time. */
  cutShort?: number
  /** It both passed and failed. */
  flaky?: boolean
}

/** A comparison's verdict (`compare-with`): worse with evidence, not worse, or not decided by the runs made. */
export type EvalVerdict = 'worse' | 'not worse' | 'undecided'

/** One case's row. */
export interface EvalRow {
  name: string
  ours: EvalSide
  /** With `compare-with`, when compared. */
  theirs?: EvalSide
  /** Worse here than there, with evidence (`verdict` is `worse`). */
  regression: boolean
  /** Compared: the verdict at the suite's confidence. */
  verdict?: EvalVerdict
  /** Compared: better here, with the same evidence. */
  better?: boolean
  /** Undecided: more runs on each side that could decide it. */
  moreRuns?: number
  /** The question asked: the case's input, shortened (the user's last message, or the input as JSON). */
  asked?: string
}

/** p50 and p95 of one side's run times (runs sent only). */
export interface RunTimes {
  p50Ms: number
  p95Ms: number
  runs: number
  /** Runs sent that never finished: counted apart, not in the times. */
  cutShort?: number
}

/** `evals`: what the suite found, for the summary, the PR comment and the outputs. */
export interface EvalFacts {
  /** This deployment's name, and the compared one's (`compare-with`). */
  ours: string
  compare?: { name: string; compared: true } | { name: string; compared: false; why: string }
  rows: EvalRow[]
  repeat: number
  /** Cases that passed, over all cases; and the share required (`pass-rate`). */
  passRate: number
  requiredPassRate: number
  /** Undefined unless compared. */
  regressions?: number
  maxRegressions: number
  times: { ours?: RunTimes; theirs?: RunTimes }
  /** Runs sent (both sides), and runs not sent for the suite's time limit. */
  runsSent: number
  runsNotRun: number
  /** The `eval-results` file. */
  resultsFile?: string
  gate: 'passed' | 'failed'
  /** Compared (v1.5): the suite's verdict, its confidence, and the cases worse / better / undecided. */
  verdict?: EvalVerdict
  confidence?: number
  better?: number
  undecided?: number
  /** Undecided comparisons fail the gate (`on-undecided: fail`). */
  undecidedFails?: boolean
  /** Runs chosen by the evidence (`compare-with` without `repeat`), at most `maxRepeat` a case a side. */
  adaptive?: { maxRepeat: number }
  /** The pass rate's 95% interval (Wilson). */
  passRateInterval?: { low: number; high: number }
  /** Where the whole results are: the workflow run's page (its artifacts). */
  resultsUrl?: string
  /** The comparison in LangSmith, when the results were uploaded there. */
  langsmith?: { compareUrl: string }
}

/** A change in flight: `redeploy` is a rollback's. */
export type PendingChange = 'create' | 'update' | 'redeploy'

/**
 * Why a run stopped waiting for a revision still in progress; `watching` is a run that has
 * not stopped (the in-progress report made while it waits, Recorder.inProgress).
 */
export type StopCause = 'not-waiting' | 'timed-out' | 'cancelled' | 'lost-contact' | 'watching'

/** Everything the run learned, whatever its outcome. */
export interface RunFacts {
  /** The `command` input; empty when the run failed before knowing which (an unknown value). */
  command: string
  /** What the command says about itself in the reports (from its `about.ts`). */
  words?: CommandWords
  /** The run stopped because the workflow was cancelled (the reports say where it stood). */
  cancelled?: boolean
  /**
   * After `on-failure: rollback`: the new revision that serves now, a redeploy of the one
   * that served before this run (`previousRevisionId`); `revisionId` stays the one that failed.
   */
  restoredRevisionId?: string
  /** A rollback: the earlier revision it redeploys (or would), as read; `redeployOf` is its id. */
  redeployTarget?: RevisionSeen
  subject: Subject
  deployment?: DeploymentSeen
  operation?: Operation
  /** The revision that was serving before this run changed anything. */
  previousRevisionId?: string
  /** A rollback: the earlier revision that was redeployed (the new revision is `revisionId`). */
  redeployOf?: string
  health?: HealthSeen
  revisionId?: string
  revision?: RevisionSeen
  timeline?: readonly StatusSpan[]
  /** Clock time the watch of the revision began: the timeline's spans are measured from it. */
  watchStartedAt?: number
  failureLog?: FailureLog
  /** `prune`: every candidate with its verdict, and what was deleted. */
  prune?: PruneFacts
  /** The text of the `::error::` line when the step fails, already redacted. */
  error?: string
  /** The same error split for the reports, which show the cause first and then what to do. */
  problem?: { what: string; todo?: string }
  /** A delete: whether the tracing project of the same name went too. */
  tracingProject?: 'deleted' | 'kept'
  /** What this run shipped. */
  shipped?: Shipped
  /** `paths`: the decision and its reason. */
  paths?: PathsDecision
  /**
   * A warning every report shows near its top, not only the log: e.g. the revision was built
   * from a commit other than the workflow's own (without `expected-commit`).
   */
  commitWarning?: string
  /** `registry-login`. */
  registry?: RegistryLogin
  /** Every gate's and check's verdict, in the order they ran. */
  checks?: CheckVerdict[]
  /** The revision id the deployment's server itself reported (`GET /info`): the `serving-revision-id` output. */
  servingRevisionId?: string
  /** `evals`: every case's result, the pass rate, the regressions and the run times. */
  evals?: EvalFacts
  /** What the deploy does (or, in a dry run, would do) to the deployment's environment, by name. */
  environment?: EnvironmentFacts
  /** `evals` set and not run, as an earlier check (the smoke test) failed first: why, and the `eval-results` file that says so. */
  evalsNotRun?: { why: string; resultsFile?: string }
}

export type Outcome = RunFacts &
  (
    | { kind: 'deployed'; /** A patch (or nothing) that made no new revision. */ noNewRevision: boolean }
    | { kind: 'still-deploying'; cause: StopCause }
    | { kind: 'failed' }
    | { kind: 'superseded' }
    | { kind: 'rolled-back' }
    | { kind: 'deleted' }
    | { kind: 'nothing-to-do'; reason: 'already-gone' | 'no-change' | 'none-stale' | 'no-change-under-paths' }
    | { kind: 'planned'; requests: readonly PlannedRequest[] }
    | { kind: 'refused'; /** A change sent and never answered: it may or may not have taken effect. */ inDoubt?: PendingChange }
    | { kind: 'logged-in' }
  )

/** The step fails for every outcome that carries an error, and for no other. */
export function failsStep(outcome: Outcome): boolean {
  return outcome.error !== undefined
}

/**
 * Text that mixes our own words with values that came from elsewhere (names, ids,
 * statuses): each reporter shows `{ code }` parts its own way (HTML code, backticks, as
 * is) and neutralises them for where they go. Our own words are plain strings.
 */
export type RichText = Array<string | { code: string }>

/**
 * What a command says about itself in the reports. Each command keeps its
 * own (src/commands/<name>/about.ts) and the recorder puts them on the Outcome, so the
 * reporters (report/, github/) never need a command's name to word a heading or a row.
 * Only `noun` is required; every other field has a default.
 */
export interface CommandWords {
  /** How a heading names a run of the command: `Deploy` in "Deploy of `agent` failed". */
  noun: string
  /**
   * What the in-progress report calls the revision this run waits for: `Deploying`
   * ("Deploying `agent`…"), `Rolling back`. Default: `Deploying`.
   */
  doing?: string
  /** The heading's words when nothing needed changing: `nothing to roll back: that revision already serves`. Default: `nothing to change`. */
  nothing?: string
  /** The "What was done" row, for operations this command words its own way (e.g. `unchanged`). */
  done?: Partial<Record<Operation, RichText>>
  /** Sentences of the command's own, right under the cause in the summary and the PR comment. */
  notes?: (outcome: Outcome) => RichText[]
}
