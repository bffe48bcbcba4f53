import { forOutput, safeUrl } from '../core/neutralise.js'
import { redact } from '../core/masking.js'
import { failsStep, type RichText } from '../core/outcome.js'
import { shippedWarning } from './archive.js'
import { cancellationText } from './cancellation.js'
import { factsOf } from './facts.js'
import { finalLine } from './final-line.js'
import { findingsOf, refusedByFindings } from './findings.js'
import { KINDS, type KindContext } from './kinds.js'
import { notesOf } from './notes.js'
import { outputsOf } from './output-values.js'
import { pruneView } from './prune-view.js'
import { rolledBackTodo } from './serving.js'
import { wordsOf } from './words.js'

import type { FinishedRun, RunView } from './view-types.js'

export type { CommentView, RunView } from './view-types.js'

/**
 * THE function from a run to what the outputs, the job summary, the PR comment, the
 * GitHub deployment status and the last log line show. Each reporter renders this view
 * and decides nothing on its own, so they cannot disagree. The command is named by its
 * own words (the outcome carries them), never by its name.
 */
export function viewOf(run: FinishedRun): RunView {
  const { outcome } = run
  const failed = failsStep(outcome)
  const words = wordsOf(outcome)
  const rawUrl = outcome.deployment?.url || outcome.deployment?.source_config?.custom_url || undefined
  const url = usableUrl(rawUrl)
  const outputs = outputsOf(outcome, url)
  const listener = outcome.subject.kind === 'listener'
  const subjectName = outcome.subject.name ?? outcome.deployment?.name ?? outputs['deployment-id']
  const name = subjectName ?? (listener ? 'listener' : 'deployment')
  const subject: RichText | undefined =
    subjectName === undefined ? undefined : listener ? ['listener ', { code: subjectName }] : [{ code: subjectName }]
  const kind = KINDS[outcome.kind]
  const context: KindContext = { outcome, failed, words, subject }
  const title = kind.title(context)
  const revisionSha = outcome.revision?.source_revision_config?.repo_commit_sha
  const commit = revisionSha
    ? { sha: revisionSha, fromWorkflow: false }
    : run.workflowSha
      ? { sha: run.workflowSha, fromWorkflow: true }
      : undefined
  // A cancelled run's error says where it stood, from the facts (report/cancellation.ts).
  const error = outcome.cancelled ? redact(cancellationText(outcome)) : outcome.error
  const problem = outcome.cancelled && error ? splitLastLine(error) : outcome.problem
  const view: RunView = {
    run,
    outcome,
    failed,
    error,
    label: kind.label(context),
    name,
    outputs,
    title,
    warning: [outcome.commitWarning, shippedWarning(outcome.shipped)].filter(Boolean).join('\n') || undefined,
    findings: findingsOf(outcome),
    // A refusal whose problems are listed first says only its first line as the cause, not the list again.
    cause: listedAbove(problem?.what ?? (failed ? error : undefined), refusedByFindings(outcome)),
    causeLabel: outcome.kind === 'still-deploying' ? 'Why this run stopped waiting' : 'What went wrong',
    todo: problem?.todo ?? rolledBackTodo(outcome),
    notes: notesOf(outcome, run),
    facts: [],
    url,
    unsafeUrl: rawUrl && !url ? rawUrl : undefined,
    failureLog: outcome.failureLog,
    ...(outcome.evals ? { evals: outcome.evals } : {}),
    excerpts: (outcome.checks ?? []).flatMap((check) =>
      check.excerpt ? [{ label: check.label, ...check.excerpt, open: check.status === 'failed' }] : []
    ),
    commit,
    github: { comment: kind.comment(context) },
    finalLine: ''
  }
  if (outcome.kind === 'deleted') {
    view.gone = ["This pull request's preview is gone: there is nothing left to try here."]
  }
  if (outcome.prune) return pruneView(view, outcome.prune)
  view.facts = factsOf(view)
  const state = kind.environment(context)
  if (state) view.github.environment = { state, description: environmentDescription(view, words.doing) }
  view.finalLine = finalLine(view)
  return view
}

/**
 * One line for the GitHub deployment status: while the run waits, what it waits for;
 * at the end, the heading without its emoji.
 */
function environmentDescription(view: RunView, doing: string): string {
  const { outcome } = view
  if (outcome.kind === 'still-deploying' && outcome.cause === 'watching') {
    const revision = outcome.revisionId ?? ''
    return forOutput(
      outcome.redeployOf ? `${doing} to revision ${outcome.redeployOf} (new revision ${revision})` : `${doing} revision ${revision}`
    )
  }
  return forOutput(plain(view.title).replace(/^[^\p{L}\p{N}`]+/u, ''))
}

function listedAbove(cause: string | undefined, listed: boolean): string | undefined {
  return listed && cause ? cause.split('\n')[0].replace(/:$/, ' (listed above).') : cause
}

/** Text whose last line says what to do, split so the reports show it apart. */
function splitLastLine(text: string): { what: string; todo?: string } {
  const lines = text.split('\n')
  return lines.length > 1 ? { what: lines.slice(0, -1).join('\n'), todo: lines.at(-1) } : { what: text }
}

/**
 * The URL as the control plane wrote it, if it is one we may link and output (https, or
 * loopback http; no whitespace): as written, so the output matches what the control plane
 * shows, unless it holds characters that only the parsed form encodes.
 */
function usableUrl(raw: string | undefined): string | undefined {
  const safe = raw ? safeUrl(raw, { allowLoopbackHttp: true }) : undefined
  if (!raw || !safe) return undefined
  return /[<>"'`\\{}^|]/.test(raw) ? safe : raw
}

/** Rich text as plain text: code as is. For the log and the GitHub status (neutralised there). */
export function plain(said: RichText): string {
  return said.map((part) => (typeof part === 'string' ? part : part.code)).join('')
}
