import { formatDuration } from '../core/clock.js'
import { redact } from '../core/masking.js'
import type { HealthSeen } from '../core/outcome.js'
import { classify } from '../core/statuses.js'
import type { StatusSpan } from '../core/timeline.js'
import { renderBody, requestLine } from './plan.js'
import type { RunView } from './view.js'

/**
 * The job summary: what was deployed, where, what was done, and how long each
 * status lasted. Returned as HTML/Markdown text; every value is escaped and redacted.
 */
export function renderSummary(view: RunView): string {
  const { outputs, outcome } = view
  const name = view.name
  const lines: string[] = [`## ${view.headline(`<code>${escape(name)}</code>`)}`, '']

  const rows: Array<[string, string | undefined]> = [
    ['Deployment', outcome.deployment ? `<code>${escape(name)}</code> (${escape(outcome.deployment.id)})` : undefined],
    ['What was done', view.whatWasDone],
    ['Revision', outputs['revision-id'] && `<code>${escape(outputs['revision-id'])}</code>`],
    ['Revision status', outputs['revision-status'] && `<b>${escape(outputs['revision-status'])}</b>`],
    ['Deployment status', outputs['deployment-status'] && escape(outputs['deployment-status'])],
    ['Replaced revision', outcome.command === 'rollback' && outputs['previous-revision-id'] ? `<code>${escape(outputs['previous-revision-id'])}</code>` : undefined],
    ['Commit', commit(view.commit)],
    ['URL', outputs['deployment-url'] && link(outputs['deployment-url'])],
    ['Health check', outcome.health && healthVerdict(outcome.health)]
  ]
  lines.push('<table>')
  for (const [label, value] of rows) {
    if (value) lines.push(`<tr><th align="left">${label}</th><td>${value}</td></tr>`)
  }
  lines.push('</table>', '')

  lines.push(...renderTimeline(outcome.timeline ?? []))
  lines.push(timeBreakdown(view), '')
  if (outcome.failureLog) {
    const { type, lines: log } = outcome.failureLog
    lines.push(
      `<details><summary>Last ${log.length} lines of the ${type} log</summary>`,
      '',
      '```text',
      ...log.map((line) => line.replace(/```/g, "'''")),
      '```',
      '</details>',
      ''
    )
  }
  if (outcome.kind === 'planned') {
    lines.push('### Dry run: what this run would send', '')
    if (outcome.requests.length === 0) lines.push('Nothing: the control plane already matches the inputs.', '')
    for (const request of outcome.requests) {
      lines.push(`<code>${escape(requestLine(request))}</code>`, '')
      if (request.body !== undefined) lines.push('```json', renderBody(request.body).replace(/```/g, "'''"), '```', '')
    }
  }
  if (outcome.error) lines.push('### What went wrong', '', '```text', outcome.error.replace(/```/g, "'''"), '```', '')
  return redact(lines.join('\n'))
}

/** Only the verdict: the attempts are in the log. */
function healthVerdict(health: HealthSeen): string {
  if (health.attempts === 0) return `❌ ${escape(health.last)}`
  const tries = `${health.attempts} attempt${health.attempts === 1 ? '' : 's'}, ${formatDuration(health.elapsedMs)}`
  const where = health.url ? `<code>${escape(health.url)}</code> ` : ''
  return health.healthy ? `✅ ${where}answered ${escape(health.last)} (${tries})` : `❌ ${where}never answered 2xx (${tries}; last: ${escape(health.last)})`
}

const BAR_WIDTH = 30

/**
 * Each status the revision passed through as a bar on one time axis, so the long
 * phases stand out at a glance; then where the time went.
 */
function renderTimeline(spans: readonly StatusSpan[]): string[] {
  if (spans.length === 0) return []
  const last = spans.at(-1)!
  const ended = classify(last.status) === 'deployed' || classify(last.status) === 'failed'
  const axisMs = Math.max(1, last.startedAt + (ended ? 0 : last.durationMs))
  const out = ['### Revision timeline', '', '| Status | Seen at | Lasted | |', '|---|---:|---:|---|']
  spans.forEach((span, i) => {
    const final = ended && i === spans.length - 1
    const lasted = final ? '—' : formatDuration(span.durationMs)
    out.push(`| ${escape(span.status)} | +${formatDuration(span.startedAt)} | ${lasted} | \`${bar(span.startedAt, final ? 0 : span.durationMs, axisMs)}\` |`)
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
 * The step's total, split into the control plane's time on the revision (from its
 * own timestamps, so runner clock skew does not matter) and what the action added:
 * lookup, create or update, noticing the last status, reporting.
 */
function timeBreakdown(view: RunView): string {
  const { run, outcome } = view
  const total = run.finishedAt - run.startedAt
  const { revision } = outcome
  const created = Date.parse(revision?.created_at ?? '')
  const lastChange = Date.parse(revision?.updated_at ?? '')
  const finished = revision && classify(revision.status) !== 'in-progress'
  if (!finished || Number.isNaN(created) || Number.isNaN(lastChange) || lastChange < created || lastChange - created > total) {
    return `**Total:** ${formatDuration(total)}.`
  }
  const serverMs = lastChange - created
  return (
    `**Total:** ${formatDuration(total)}: the control plane took ${formatDuration(serverMs)} from creating the revision to ` +
    `${escape(revision.status)}; the action added ${formatDuration(total - serverMs)} (lookup, ${outcome.operation === 'created' ? 'create' : 'update'}, noticing the last status, reporting).`
  )
}

function commit(found: RunView['commit']): string | undefined {
  if (!found) return undefined
  const sha = `<code>${escape(found.sha.slice(0, 12))}</code>`
  return found.fromWorkflow ? `${sha} (the workflow's; the revision reports none)` : sha
}

function link(url: string): string {
  return /^https?:\/\//.test(url) ? `<a href="${escape(url)}">${escape(url)}</a>` : escape(url)
}

/** Redacts first: escaping would hide a secret containing `&<>"'|` from redaction. */
function escape(text: string): string {
  return redact(text).replace(/[&<>"'|`]/g, (c) => `&#${c.charCodeAt(0)};`)
}
