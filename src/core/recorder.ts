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
  RegistryLogin
} from './outcome.js'
import type { PruneFacts } from './prune.js'
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

  constructor(command: string, subject: Subject = { kind: 'deployment' }) {
    this.facts = { command, subject: { ...subject } }
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

  /** A rollback chose this earlier revision to redeploy. */
  redeploying(revisionId: string): void {
    this.facts.redeployOf = revisionId
  }

  /** The health check's verdict. */
  health(verdict: HealthSeen): void {
    this.facts.health = { ...verdict }
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

  /** `prune`: its facts, which the command keeps up to date as it goes (so a failure still reports them). */
  pruning(facts: PruneFacts): void {
    this.facts.prune = facts
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

  /** `registry-login`: where Docker was logged in. */
  registryLogin(login: RegistryLogin): void {
    this.facts.registry = { ...login }
  }

  /** What is known now, for reports made while the run goes on. */
  get known(): Readonly<RunFacts> {
    return { ...this.facts, timeline: this.watching?.spans() }
  }

  /** The outcome of a run that finished without an error. */
  finish(ending: Ending): Outcome {
    return { ...this.known, ...ending } as Outcome
  }

  /**
   * The outcome of a run that ended with `error`, from what was known by then. `at`, when
   * given, is when the run stopped: the last status seen lasted at least until then.
   */
  failedWith(error: unknown, at?: number): Outcome {
    const facts = { ...this.known, timeline: this.watching?.spans(at) }
    const cancelled = error instanceof CancelledError
    const text = redact(cancelled ? this.describeCancellation() : describeError(error))
    const known = { ...facts, error: text, problem: splitProblem(error, text, cancelled) }
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
   * Where the run stands when the workflow is cancelled, and how to follow it. Nothing
   * is cancelled on the control plane (a cancelled remote deploy could leave a commit
   * that never deploys), so it says so.
   */
  private describeCancellation(): string {
    const { deployment, subject, operation, revisionId, revision, prune } = this.facts
    if (prune) {
      return prune.pruned.length > 0
        ? `The workflow was cancelled during prune, after deleting ${prune.pruned.map((n) => `\`${n}\``).join(', ')}; a delete in flight may also have gone through. Nothing else was deleted; the next run goes on with the rest.`
        : 'The workflow was cancelled during prune; nothing was deleted (a delete in flight may have gone through).'
    }
    const name = deployment?.name ?? subject.name
    if (this.pending) {
      return (
        `The workflow was cancelled while the ${this.pending} of deployment \`${name}\` was in flight: it may or may not have taken effect.\n` +
        `Nothing was cancelled on the control plane. Look at deployment \`${name}\` there before re-running.`
      )
    }
    if (!deployment || !operation) {
      return `The workflow was cancelled before any change was sent${name ? ` to deployment \`${name}\`` : ''}.`
    }
    const what = `deployment \`${deployment.name}\` (${deployment.id})`
    if (!revisionId) return `The workflow was cancelled after the action ${operation} ${what}.`
    const status = revision ? `, last seen ${revision.status}` : ''
    return (
      `The workflow was cancelled while waiting for revision ${revisionId} of ${what}${status}.\n` +
      `The deploy goes on on the control plane; nothing was cancelled there. Follow revision ${revisionId} on the control plane, ` +
      'or re-run this job to wait for it.'
    )
  }
}

/** The error as the reports show it: the cause, then (when the error says) what to do. */
function splitProblem(error: unknown, text: string, cancelled: boolean): { what: string; todo?: string } {
  if (!cancelled && error instanceof ActionError && error.hint) {
    return { what: redact(error.message), todo: redact(error.hint) }
  }
  // The cancellation text and an unexpected error put what to do on their last line.
  const lines = text.split('\n')
  return lines.length > 1 ? { what: lines.slice(0, -1).join('\n'), todo: lines.at(-1) } : { what: text }
}

function stopCause(error: unknown): StopCause | undefined {
  if (error instanceof CancelledError) return 'cancelled'
  if (!(error instanceof ActionError)) return undefined
  if (error.kind === 'timed-out') return 'timed-out'
  return error.kind === 'api-refused' ? 'lost-contact' : undefined
}
