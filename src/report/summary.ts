import { formatDuration } from '../core/clock.js'
import { redact } from '../core/masking.js'
import { classify } from '../core/statuses.js'
import type { PruneFacts } from '../core/prune.js'
import type { StatusSpan } from '../core/timeline.js'
import { archiveFilesBlock } from './archive.js'
import { evalsBlock, evalsFirst } from './evals.js'
import { causeBlocks, excerptBlocks, factsTable, failureLogBlock, md, saidMd } from './markdown.js'
import { renderBody, requestLine } from './plan.js'
import { renderTable } from './prune-table.js'
import { restoredBy } from './serving.js'
import type { RunView } from './view-types.js'

/**
 * The job summary: the outcome as its heading, the cause and what to do first, the
 * failing log's tail, then the facts, the revision's timeline and where the time went.
 * Every value from the control plane is escaped and redacted.
 */
export function renderSummary(view: RunView): string {
  const { outcome } = view
  if (outcome.prune) return renderPruneSummary(view, outcome.prune)
  const lines: string[] = [`## ${saidMd(view.title)}`, '']
  lines.push(...causeBlocks(view))
  lines.push(...failureLogBlock(view, true))
  // Failed evals are the cause, and a comparison's verdict is what a reviewer looks for first: then they come before the facts.
  const evals = evalsBlock(view.evals, { comment: false })
  if (evalsFirst(view.evals)) lines.push(...evals)
  lines.push(...factsTable(view))
  if (!evalsFirst(view.evals)) lines.push(...evals)
  lines.push(...excerptBlocks(view))
  lines.push(...renderTimeline(outcome.timeline ?? [], stopWord(view)))
  // A refusal before anything was sent took no time worth a line.
  if (outcome.kind !== 'refused' || outcome.inDoubt) lines.push(timeBreakdown(view), '')
  if (outcome.kind === 'planned') {
    lines.push('### Dry run: what this run would send', '')
    if (outcome.requests.length === 0) lines.push('Nothing: the control plane already matches the inputs.', '')
    for (const request of outcome.requests) {
      lines.push(`<code>${md(requestLine(request))}</code>`, '')
      if (request.body !== undefined) lines.push('```json', renderBody(request.body).replace(/```/g, "'''"), '```', '')
    }
    lines.push(...archiveFilesBlock(outcome.shipped))
  }
  return redact(lines.join('\n'))
}

/** `prune`: the outcome and its cause, then every candidate with its verdict and reason (not the plan: the table says it). */
function renderPruneSummary(view: RunView, prune: PruneFacts): string {
  const lines: string[] = [`## ${saidMd(view.title)}`, '']
  lines.push(...causeBlocks(view))
  lines.push(...factsTable(view))
  if (prune.rows.length > 0 || !view.failed) lines.push(renderTable(prune.rows))
  return redact(lines.join('\n'))
}

/** Why the last status's bar ends where it does, when the run stopped watching a revision in progress. */
function stopWord(view: RunView): string | undefined {
  const { outcome } = view
  if (outcome.kind !== 'still-deploying') return undefined
  return {
    'not-waiting': undefined,
    watching: undefined,
    'timed-out': 'until the time-out',
    cancelled: 'until the cancel',
    'lost-contact': 'until contact was lost'
  }[outcome.cause]
}

const BAR_WIDTH = 30

/**
 * Each status the revision passed through as a bar on one time axis, so the long
 * phases stand out at a glance; then where the time went.
 */
function renderTimeline(spans: readonly StatusSpan[], stoppedBy: string | undefined): string[] {
  if (spans.length === 0) return []
  const last = spans.at(-1)!
  const ended = classify(last.status) === 'deployed' || classify(last.status) === 'failed'
  const axisMs = Math.max(1, last.startedAt + (ended ? 0 : last.durationMs))
  const out = ['### Revision timeline', '', '| Status | Seen at | Lasted | |', '|---|---:|---:|---|']
  spans.forEach((span, i) => {
    const final = ended && i === spans.length - 1
    const stopped = stoppedBy && i === spans.length - 1 ? ` (${stoppedBy})` : ''
    const lasted = final ? '—' : `${formatDuration(span.durationMs)}${stopped}`
    out.push(
      `| ${md(span.status)} | +${formatDuration(span.startedAt)} | ${lasted} | \`${bar(span.startedAt, final ? 0 : span.durationMs, axisMs)}\` |`
    )
  })
  out.push('')
  return out
}

/** `···████···`: where on the axis a status began and how long it lasted; `▏` marks where it ended. */
function bar(startMs: number, durationMs: number, axisMs: number): string {
  const from = Math.min(BAR_WIDTH - 1, Math.round((startMs / axisMs) * BAR_WIDTH))
  if (durationMs <= 0) return ('·'.repeat(from) + '▏').padEnd(BAR_WIDTH, '·')
  const filled = Math.max(1, Math.min(Math.round((durationMs / axisMs) * BAR_WIDTH), BAR_WIDTH - from))
  return ('·'.repeat(from) + '█'.repeat(filled)).padEnd(BAR_WIDTH, '·')
}

/**
 * The step's total until this summary, and where it went, from one clock: the run's. The
 * revision's part is the timeline's own (from the start of the watch to the moment its
 * final status was seen), so the table above and this line add up; the rest is the
 * action's: before the watch (lookup, the change), and after it (a health check, a rollback).
 */
function timeBreakdown(view: RunView): string {
  const { run, outcome } = view
  const total = run.finishedAt - run.startedAt
  const spans = outcome.timeline ?? []
  const last = spans.at(-1)
  const watchFrom = outcome.watchStartedAt
  const ended = last !== undefined && (classify(last.status) === 'deployed' || classify(last.status) === 'failed')
  const plainTotal = `**Total:** ${formatDuration(total)} until this summary.`
  if (!ended || watchFrom === undefined) return plainTotal
  const before = watchFrom - run.startedAt
  const revisionMs = last.startedAt
  const after = total - before - revisionMs
  if (before < 0 || after < 0) return plainTotal
  const change = outcome.redeployOf ? 'redeploy' : outcome.operation === 'created' ? 'create' : 'update'
  const checks = (outcome.checks ?? []).filter((check) => check.elapsedMs !== undefined).map((check) => check.label.toLowerCase())
  const later = [...(outcome.health ? ['health check'] : []), ...checks, ...(restoredBy(outcome) ? ['rollback'] : [])]
  return (
    `**Total:** ${formatDuration(total)} until this summary: ${formatDuration(before)} before the watch (lookup, ${change}), ` +
    `${formatDuration(revisionMs)} until the revision was seen ${md(last.status)}` +
    (later.length > 0 || after >= 1000 ? `, ${formatDuration(after)} after it (${[...later, 'logs, outputs'].join(', ')}).` : '.')
  )
}
