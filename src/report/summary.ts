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
    ['URL', outputs['deployment-url'] && link(outputs['deployment-url'])],
    ['Took', state.finishedAt !== undefined ? formatDuration(state.finishedAt - state.startedAt) : undefined]
  ]
  lines.push('<table>')
  for (const [label, value] of rows) {
    if (value) lines.push(`<tr><th align="left">${label}</th><td>${value}</td></tr>`)
  }
  lines.push('</table>', '')

  const spans = state.timeline?.spans() ?? []
  if (spans.length > 0) {
    lines.push('### Revision status timeline', '', '| Status | Seen at | Lasted |', '|---|---:|---:|')
    spans.forEach((span, i) => {
      // The last status of a finished wait has no length: it is where the revision ended.
      const ended = i === spans.length - 1 && classify(span.status) !== 'in-progress' && classify(span.status) !== 'unrecognised'
      lines.push(`| ${escape(span.status)} | +${formatDuration(span.startedAt)} | ${ended ? '—' : formatDuration(span.durationMs)} |`)
    })
    lines.push('')
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
