import * as core from '@actions/core'
import { formatDuration } from '../clock.js'
import { classify } from '../deploy/statuses.js'
import { redact } from '../masking.js'
import { outputsOf } from './outputs.js'
import { renderBody, requestLine } from './plan.js'
import type { DeployState } from './state.js'

/**
 * The job summary: what was deployed, where, what was done, and how long each
 * status lasted. Returned as HTML/Markdown text; every value is escaped and redacted.
 */
export function renderSummary(state: DeployState): string {
  const outputs = outputsOf(state)
  const name = state.listenerId ?? state.name ?? state.deployment?.name ?? outputs['deployment-id'] ?? 'deployment'
  const lines: string[] = [`## ${headline(state, name)}`, '']

  const rows: Array<[string, string | undefined]> = [
    ['Deployment', state.deployment ? `<code>${escape(name)}</code> (${escape(state.deployment.id)})` : undefined],
    ['What was done', describeOperation(state)],
    ['Revision', outputs['revision-id'] && `<code>${escape(outputs['revision-id'])}</code>`],
    ['Revision status', outputs['revision-status'] && `<b>${escape(outputs['revision-status'])}</b>`],
    ['Deployment status', outputs['deployment-status'] && escape(outputs['deployment-status'])],
    ['Commit', commit(outputs['commit-sha'], state.workflowSha)],
    ['URL', outputs['deployment-url'] && link(outputs['deployment-url'])]
  ]
  lines.push('<table>')
  for (const [label, value] of rows) {
    if (value) lines.push(`<tr><th align="left">${label}</th><td>${value}</td></tr>`)
  }
  lines.push('</table>', '')

  lines.push(...renderTimeline(state))
  const total = timeBreakdown(state)
  if (total) lines.push(total, '')
  if (state.failureLog) {
    const { type, lines: log } = state.failureLog
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
  if (state.plannedRequests) {
    lines.push('### Dry run: what this run would send', '')
    if (state.plannedRequests.length === 0) lines.push('Nothing: the control plane already matches the inputs.', '')
    for (const request of state.plannedRequests) {
      lines.push(`<code>${escape(requestLine(request))}</code>`, '')
      if (request.body !== undefined) lines.push('```json', renderBody(request.body).replace(/```/g, "'''"), '```', '')
    }
  }
  if (state.error) lines.push('### What went wrong', '', '```text', state.error.replace(/```/g, "'''"), '```', '')
  return redact(lines.join('\n'))
}

const BAR_WIDTH = 30

/**
 * Each status the revision passed through as a bar on one time axis, so the long
 * phases stand out at a glance; then where the time went.
 */
function renderTimeline(state: DeployState): string[] {
  const spans = state.timeline?.spans() ?? []
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
function timeBreakdown(state: DeployState): string | undefined {
  if (state.finishedAt === undefined) return undefined
  const total = state.finishedAt - state.startedAt
  const created = Date.parse(state.revision?.created_at ?? '')
  const lastChange = Date.parse(state.revision?.updated_at ?? '')
  const finished = state.revision && classify(state.revision.status) !== 'in-progress'
  if (!finished || Number.isNaN(created) || Number.isNaN(lastChange) || lastChange < created || lastChange - created > total) {
    return `**Total:** ${formatDuration(total)}.`
  }
  const serverMs = lastChange - created
  return (
    `**Total:** ${formatDuration(total)}: the control plane took ${formatDuration(serverMs)} from creating the revision to ` +
    `${escape(state.revision!.status)}; the action added ${formatDuration(total - serverMs)} (lookup, ${state.operation === 'created' ? 'create' : 'update'}, noticing the last status, reporting).`
  )
}

export async function writeSummary(state: DeployState): Promise<void> {
  // Outside a runner (no GITHUB_STEP_SUMMARY) there is nowhere to write it.
  if (!process.env.GITHUB_STEP_SUMMARY) return
  await core.summary.addRaw(renderSummary(state), true).write()
}

function headline(state: DeployState, name: string): string {
  const code = `<code>${escape(name)}</code>`
  const subject = state.command === 'delete-listener' ? `listener ${code}` : code
  if (state.error) return `❌ ${state.command === 'deploy' || !state.command ? 'Deploy' : 'Delete'} of ${subject} failed`
  if (state.operation === 'planned') return `📝 Dry run for ${subject}: nothing was changed`
  if (state.operation === 'deleted') return `🗑️ Deleted ${subject}`
  if (state.command !== 'deploy' && state.operation === 'unchanged') return `✅ ${subject} was already gone`
  if (state.noNewRevision) return `✅ ${code}: no new revision`
  if (state.revision?.status === 'DEPLOYED') return `✅ Deployed ${code}`
  return `🚀 Deploy of ${code} started`
}

function describeOperation(state: DeployState): string | undefined {
  switch (state.operation) {
    case 'created':
      return 'Created the deployment'
    case 'updated':
      return state.noNewRevision ? 'Updated the deployment (no new revision)' : 'Updated the deployment with a new revision'
    case 'unchanged':
      return state.command === 'deploy' ? 'Nothing to change' : 'Nothing to delete'
    case 'deleted':
      return state.command === 'delete-listener' ? 'Deleted the listener' : 'Deleted the deployment'
    case 'planned':
      return 'Nothing (dry run): the plan is below'
    default:
      return undefined
  }
}

function commit(revisionSha: string | undefined, workflowSha: string | undefined): string | undefined {
  if (revisionSha) return `<code>${escape(revisionSha.slice(0, 12))}</code>`
  return workflowSha ? `<code>${escape(workflowSha.slice(0, 12))}</code> (the workflow's; the revision reports none)` : undefined
}

function link(url: string): string {
  return /^https?:\/\//.test(url) ? `<a href="${escape(url)}">${escape(url)}</a>` : escape(url)
}

/** Redacts first: escaping would hide a secret containing `&<>"'|` from redaction. */
function escape(text: string): string {
  return redact(text).replace(/[&<>"'|`]/g, (c) => `&#${c.charCodeAt(0)};`)
}
