import { CancelledError } from './cancel.js'
import { ActionError, describeError } from './errors.js'
import { redact } from './masking.js'
import type {
  DeploymentSeen,
  Operation,
  Outcome,
  RevisionSeen,
  RunFacts,
  StopCause,
  Subject,
  HealthSeen,
  PendingChange,
  Shipped,
  PathsDecision,
  RegistryLogin,
  CommandWords,
  CheckVerdict,
  EvalFacts,
  EnvironmentFacts
} from './outcome.js'
import type { PruneFacts, PruneRow } from './prune.js'
import { classify, SUPERSEDED } from './statuses.js'
import { Timeline } from './timeline.js'

type Ending = Outcome extends infer O ? (O extends Outcome ? Omit<O, keyof RunFacts> : never) : never

/**
 * What a run has learned so far. Commands report progress here, and nowhere else; at
 * the end it turns into the Outcome, also when the run was cancelled or crashed, so
 * the reports always say what was known by then.
 */
export class Recorder {
  private readonly facts: RunFacts
  private pending?: PendingChange
  private watching?: Timeline

  /** `words`: the command's own (its definition's), which the reports use for headings and rows. */
  constructor(command: string, subject: Subject = { kind: 'deployment' }, words?: CommandWords) {
    this.facts = { command, subject: { ...subject }, ...(words ? { words } : {}) }
  }

  /** The name or id the run acts on, before anything is found. */
  target(subject: Subject): void {
    this.facts.subject = { ...subject }
  }

  /** The deployment as read from the control plane; its own name wins from now on. */
  seen(deployment: DeploymentSeen): void {
    this.facts.deployment = deployment
    this.facts.subject = { kind: 'deployment', name: deployment.name, id: deployment.id }
  }

  /** The serving revision before any change: the `previous-revision-id` output. */
  before(deployment: DeploymentSeen | undefined): void {
    this.facts.previousRevisionId = deployment?.active_revision_id ?? undefined
  }

  /** A change about to be sent: until `changed`, its effect is in doubt if the run ends. */
  sending(change: PendingChange): void {
    this.pending = change
  }

  /** The control plane answered the change with a definite refusal: nothing took effect, so nothing is in doubt. */
  refused(): void {
    this.pending = undefined
  }

  changed(operation: Operation, deployment?: DeploymentSeen): void {
    this.pending = undefined
    this.facts.operation = operation
    if (deployment) this.seen(deployment)
  }

  /** A deployment that was deleted keeps who it was, not its status or URL. */
  deleted(): void {
    this.facts.operation = 'deleted'
    const { deployment } = this.facts
    if (deployment) this.facts.deployment = { id: deployment.id, name: deployment.name }
  }

  /** A rollback chose this earlier revision to redeploy (`target`: as read, when it was). */
  redeploying(revisionId: string, target?: RevisionSeen): void {
    this.facts.redeployOf = revisionId
    if (target) this.facts.redeployTarget = target
  }

  /** `on-failure: rollback` put the revision that served before back, as this new revision. */
  restored(revisionId: string): void {
    this.facts.restoredRevisionId = revisionId
  }

  /** The health check's verdict. */
  health(verdict: HealthSeen): void {
    this.facts.health = { ...verdict }
  }

  /** A gate's or check's verdict; a second verdict with the same id replaces the first (a check asked again). */
  checked(verdict: CheckVerdict): void {
    const others = (this.facts.checks ?? []).filter((v) => v.id !== verdict.id)
    this.facts.checks = [...others, { ...verdict }]
  }

  /** What `evals` found. */
  evaluated(facts: EvalFacts): void {
    this.facts.evals = facts
  }

  /** `evals` not run: an earlier check failed first. */
  evalsNotRun(why: string, resultsFile?: string): void {
    this.facts.evalsNotRun = { why, ...(resultsFile === undefined ? {} : { resultsFile }) }
  }

  /** A verdict on something that will not ship after all (an archive built before the lookup and set aside): its row goes. */
  withdrawCheck(id: string): void {
    if (this.facts.checks) this.facts.checks = this.facts.checks.filter((v) => v.id !== id)
  }

  /** The revision id the deployment's server reported running (`GET /info`). */
  servingReported(revisionId: string): void {
    this.facts.servingRevisionId = revisionId
  }

  revisionStarted(revisionId: string): void {
    this.facts.revisionId = revisionId
  }

  revisionSeen(revision: RevisionSeen): void {
    this.facts.revision = revision
  }

  /** The timeline of the revision being watched; read when the run ends. */
  watch(timeline: Timeline): void {
    this.watching = timeline
  }

  failureLog(type: 'build' | 'deploy', lines: string[]): void {
    this.facts.failureLog = { type, lines }
  }

  /** A delete: whether the tracing project was asked to go too. */
  tracingProject(fate: 'deleted' | 'kept'): void {
    this.facts.tracingProject = fate
  }

  /** `prune` has begun: from now on the outcome carries its facts, also when it fails. */
  pruning(): void {
    this.facts.prune = { rows: [], pruned: [], gone: [], githubRequests: 0 }
  }

  /** `prune`: every candidate with its verdict, as known now. */
  pruneRows(rows: readonly PruneRow[]): void {
    this.pruneFacts().rows = [...rows]
  }

  /** `prune`: how many GitHub requests it has made so far. */
  pruneRequests(count: number): void {
    this.pruneFacts().githubRequests = count
  }

  /** `prune`: a preview is gone, deleted by this run (`deleted`) or by someone else meanwhile. */
  previewGone(preview: { id: string; name: string; pr: number }, deleted: boolean): void {
    const facts = this.pruneFacts()
    facts.gone.push({ ...preview })
    if (deleted) {
      facts.pruned.push(preview.name)
      this.changed('deleted')
    }
  }

  private pruneFacts(): PruneFacts {
    if (!this.facts.prune) this.pruning()
    return this.facts.prune!
  }

  /** What this run shipped: the archive it uploaded (or would), or the image it deploys. */
  shipped(what: Shipped): void {
    this.facts.shipped = what
  }

  /** `paths`: the decision to deploy or skip, and why. */
  pathsDecided(decision: PathsDecision): void {
    this.facts.paths = { ...decision }
  }

  /** A warning that every report shows near its top (see RunFacts.commitWarning). */
  commitWarning(text: string): void {
    this.facts.commitWarning = text
  }

  /** What the deploy does to the deployment's environment, by name. */
  environment(facts: EnvironmentFacts): void {
    this.facts.environment = facts
  }

  /** `registry-login`: where Docker was logged in. */
  registryLogin(login: RegistryLogin): void {
    this.facts.registry = { ...login }
  }

  /** What is known now, for reports made while the run goes on: a copy, which later records do not change. */
  get factsNow(): Readonly<RunFacts> {
    const { prune } = this.facts
    return {
      ...this.facts,
      timeline: this.watching?.spans(),
      ...(this.watching ? { watchStartedAt: this.watching.startedAt } : {}),
      ...(prune ? { prune: { ...prune, rows: [...prune.rows], pruned: [...prune.pruned], gone: [...prune.gone] } } : {})
    }
  }

  /** The outcome so far of a run still waiting for its revision: what the in-progress report shows. */
  inProgress(): Outcome {
    return { ...this.factsNow, kind: 'still-deploying', cause: 'watching' }
  }

  /** The outcome of a run that finished without an error. */
  finish(ending: Ending): Outcome {
    return { ...this.factsNow, ...ending }
  }

  /**
   * The outcome of a run that ended with `error`, from what was known by then. `at`, when
   * given, is when the run stopped: the last status seen lasted at least until then.
   */
  failedWith(error: unknown, at?: number): Outcome {
    const facts = { ...this.factsNow, timeline: this.watching?.spans(at) }
    const known = { ...facts, ...this.errorFacts(error) }
    if (this.pending) return { ...known, kind: 'refused', inDoubt: this.pending }
    if (facts.operation === 'deleted') return { ...known, kind: 'deleted' }
    const status = facts.revision?.status
    if (facts.revisionId && status !== undefined) {
      if (status === SUPERSEDED) return { ...known, kind: 'superseded' }
      if (classify(status) === 'failed') return { ...known, kind: 'failed' }
    }
    if (facts.revisionId && classify(status ?? '') !== 'deployed') {
      const cause = stopCause(error)
      if (cause) return { ...known, kind: 'still-deploying', cause }
    }
    if (facts.operation === undefined) return { ...known, kind: 'refused' }
    return { ...known, kind: 'failed' }
  }

  /**
   * The outcome of a run that ended with `error` in a way the command decided: a deploy
   * whose revision failed and that `on-failure: rollback` then rolled back (or tried to).
   */
  endedWith(kind: 'failed' | 'rolled-back', error: unknown): Outcome {
    return { ...this.factsNow, ...this.errorFacts(error), kind }
  }

  /**
   * The error as every report shows it. A cancel is only marked here: where the run stood
   * and how to follow it is worded by the reports (report/cancellation.ts), from the facts.
   */
  private errorFacts(error: unknown): Pick<RunFacts, 'error' | 'problem' | 'cancelled'> {
    const cancelled = error instanceof CancelledError
    const text = redact(describeError(error))
    return { error: text, problem: splitProblem(error, text, cancelled), ...(cancelled ? { cancelled: true } : {}) }
  }
}

/** The error as the reports show it: the cause, then (when the error says) what to do. */
function splitProblem(error: unknown, text: string, cancelled: boolean): { what: string; todo?: string } {
  if (!cancelled && error instanceof ActionError && error.hint) {
    return { what: redact(error.message), todo: redact(error.hint) }
  }
  // An unexpected error puts what to do on its last line.
  const lines = text.split('\n')
  return lines.length > 1 ? { what: lines.slice(0, -1).join('\n'), todo: lines.at(-1) } : { what: text }
}

function stopCause(error: unknown): StopCause | undefined {
  if (error instanceof CancelledError) return 'cancelled'
  if (!(error instanceof ActionError)) return undefined
  if (error.kind === 'timed-out') return 'timed-out'
  return error.kind === 'api-refused' ? 'lost-contact' : undefined
}
