import { failsStep, type Outcome } from '../core/outcome.js'
import type { OutputName } from '../inputs/names.js'

/** A run that is over: its outcome, and what the reporters add (times, the workflow's commit). */
export interface FinishedRun {
  outcome: Outcome
  startedAt: number
  finishedAt: number
  /** The workflow's commit, shown when the revision reports none. */
  workflowSha?: string
}

export type CommentPhase = 'deploying' | 'deployed' | 'started' | 'failed' | 'deleted'

/** What every reporter shows, worked out once from the outcome (see viewOf). */
export interface RunView {
  run: FinishedRun
  outcome: Outcome
  failed: boolean
  /** One rule for the name everywhere: the deployment's own name once found, else what the inputs named. */
  name: string
  /** A listener is named as such; a deployment by its name alone. */
  subject: (code: string) => string
  outputs: Partial<Record<OutputName, string>>
  /** The headline, given how to show a name (HTML or Markdown code). */
  headline: (code: string) => string
  whatWasDone?: string
  commit?: { sha: string; fromWorkflow: boolean }
  github: {
    /** What the GitHub deployment in `github-environment` becomes. */
    environment: { state: 'success'; description: string } | { state: 'failure'; description: string } | { state: 'retire'; description: string } | undefined
    /** What the PR comment says, and whether a pull request without one gets one. */
    comment: { phase: CommentPhase; createIfMissing: boolean } | undefined
  }
  /** The last line of the log: outcome, deployment, revision and URL. */
  finalLine: string
}

/**
 * THE function from a finished run to what the outputs, the job summary, the PR
 * comment, the GitHub deployment status and the last log line show. Each reporter
 * renders this view and decides nothing on its own, so they cannot disagree.
 */
export function viewOf(run: FinishedRun): RunView {
  const { outcome } = run
  const failed = failsStep(outcome)
  const outputs = outputsOf(outcome)
  const listener = outcome.subject.kind === 'listener'
  const name = outcome.subject.name ?? outcome.deployment?.name ?? outputs['deployment-id'] ?? (listener ? 'listener' : 'deployment')
  const subject = (code: string) => (listener ? `listener ${code}` : code)
  const revisionSha = outcome.revision?.source_revision_config?.repo_commit_sha
  return {
    run,
    outcome,
    failed,
    name,
    subject,
    outputs,
    headline: (code) => headline(outcome, failed, subject(code), code),
    whatWasDone: whatWasDone(outcome),
    commit: revisionSha ? { sha: revisionSha, fromWorkflow: false } : run.workflowSha ? { sha: run.workflowSha, fromWorkflow: true } : undefined,
    github: github(outcome, failed, name),
    finalLine: finalLine(outcome, name, outputs)
  }
}

/** The outputs of the interface page, from whatever the run learned. Unknown ones stay unset. */
function outputsOf(outcome: Outcome): Partial<Record<OutputName, string>> {
  const { revision, deployment } = outcome
  const values: Partial<Record<OutputName, string | null | undefined>> = {
    'deployment-id': deployment?.id,
    'revision-id': outcome.revisionId,
    'revision-status': revision?.status,
    'deployment-status': deployment?.status,
    operation: outcome.operation,
    'deployment-url': deployment?.url || deployment?.source_config?.custom_url,
    'commit-sha': revision?.source_revision_config?.repo_commit_sha,
    'previous-revision-id': outcome.previousRevisionId
  }
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v != null && v !== '')) as Partial<Record<OutputName, string>>
}

function headline(outcome: Outcome, failed: boolean, subject: string, code: string): string {
  if (failed) return `❌ ${COMMAND_TEXT[outcome.command] ?? 'Run'} of ${subject} failed${outcome.kind === 'rolled-back' ? ', rolled back' : ''}`
  switch (outcome.kind) {
    case 'planned':
      return `📝 Dry run for ${subject}: nothing was changed`
    case 'deleted':
      return `🗑️ Deleted ${subject}`
    case 'nothing-to-do':
      return outcome.reason === 'already-gone' ? `✅ ${subject} was already gone` : `✅ ${code}: no new revision`
    case 'deployed':
      return outcome.noNewRevision ? `✅ ${code}: no new revision` : `✅ Deployed ${code}`
    case 'rolled-back':
      return `⏪ Rolled back ${code}`
    default:
      return `🚀 Deploy of ${code} started`
  }
}

const COMMAND_TEXT: Record<string, string> = { deploy: 'Deploy', delete: 'Delete', 'delete-listener': 'Delete', rollback: 'Rollback' }

function whatWasDone(outcome: Outcome): string | undefined {
  const noNewRevision = outcome.kind === 'deployed' && outcome.noNewRevision
  switch (outcome.operation) {
    case 'created':
      return 'Created the deployment'
    case 'updated':
      return noNewRevision ? 'Updated the deployment (no new revision)' : 'Updated the deployment with a new revision'
    case 'unchanged':
      if (outcome.command === 'rollback') return 'Nothing: that revision already serves'
      return outcome.command === 'deploy' ? 'Nothing to change' : 'Nothing to delete'
    case 'deleted':
      return outcome.subject.kind === 'listener' ? 'Deleted the listener' : 'Deleted the deployment'
    case 'planned':
      return 'Nothing (dry run): the plan is below'
    case 'rolled-back':
      return outcome.command === 'deploy'
        ? 'Deployed a new revision, then redeployed the one that served before (`on-failure: rollback`)'
        : `Redeployed earlier revision ${outcome.redeployOf ?? ''}`.trim()
    default:
      return undefined
  }
}

function github(outcome: Outcome, failed: boolean, name: string): RunView['github'] {
  if (outcome.command === 'delete') {
    // A delete the control plane accepted retires the environment even if waiting for it then failed.
    const gone = outcome.operation === 'deleted' || (outcome.operation === 'unchanged' && !failed)
    return gone
      ? { environment: { state: 'retire', description: `${name} was deleted` }, comment: { phase: 'deleted', createIfMissing: false } }
      : { environment: undefined, comment: undefined }
  }
  if (failed) return { environment: { state: 'failure', description: `Deploy of ${name} failed` }, comment: { phase: 'failed', createIfMissing: true } }
  if (outcome.kind === 'deployed' || outcome.kind === 'rolled-back' || outcome.kind === 'nothing-to-do') {
    return { environment: { state: 'success', description: `Deployed ${name}` }, comment: { phase: 'deployed', createIfMissing: true } }
  }
  // With `wait: false` the GitHub deployment stays `in_progress`: the deploy goes on.
  return { environment: undefined, comment: { phase: 'started', createIfMissing: true } }
}

const KIND_TEXT: Record<Outcome['kind'], string> = {
  deployed: 'deployed',
  failed: 'failed',
  'still-deploying': 'still deploying',
  superseded: 'superseded',
  'rolled-back': 'rolled back',
  deleted: 'deleted',
  'nothing-to-do': 'nothing to do',
  planned: 'planned (dry run)',
  refused: 'refused'
}

function finalLine(outcome: Outcome, name: string, outputs: Partial<Record<OutputName, string>>): string {
  const what = outcome.subject.kind === 'listener' ? `listener ${name}` : `deployment \`${name}\`${outputs['deployment-id'] ? ` (${outputs['deployment-id']})` : ''}`
  const revision = outputs['revision-id'] ? `, revision ${outputs['revision-id']}${outputs['revision-status'] ? ` (${outputs['revision-status']})` : ''}` : ''
  const url = outputs['deployment-url'] ? `, ${outputs['deployment-url']}` : ''
  // Input that could not be read names nothing: say only the outcome.
  if (outcome.subject.name === undefined && outcome.deployment === undefined) return `Outcome: ${KIND_TEXT[outcome.kind]}.`
  return `Outcome: ${KIND_TEXT[outcome.kind]}: ${what}${revision}${url}.`
}
