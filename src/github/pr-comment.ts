import { redact } from '../core/masking.js'
import type { GitHubApi } from './api.js'

/** What the comment says about the deployment; every value is redacted before it is posted. */
export interface CommentFacts {
  name: string
  phase: 'deploying' | 'deployed' | 'started' | 'failed' | 'deleted'
  deploymentId?: string
  revisionId?: string
  revisionStatus?: string
  commit?: string
  url?: string
  /** The first line of the error, for `failed`. */
  error?: string
  runUrl?: string
}

/**
 * The hidden marker that finds this deployment's comment again. One per deployment
 * name, so that a workflow deploying several graphs keeps one comment for each.
 */
export function markerFor(name: string): string {
  return `<!-- agent-server-deploy:${name.replace(/-->/g, '')} -->`
}

const HEADLINES: Record<CommentFacts['phase'], (name: string) => string> = {
  deploying: (name) => `🚀 Deploying ${name}…`,
  deployed: (name) => `✅ ${name} is deployed`,
  started: (name) => `🚀 ${name}: deploy started (not waited for)`,
  failed: (name) => `❌ Deploy of ${name} failed`,
  deleted: (name) => `🗑️ ${name} was deleted: this pull request's environment is gone`
}

export function renderComment(facts: CommentFacts): string {
  const rows: Array<[string, string | undefined]> = [
    ['Deployment', facts.deploymentId ? `${code(facts.name)} (${code(facts.deploymentId)})` : code(facts.name)],
    ['Revision', facts.revisionId && code(facts.revisionId)],
    ['Status', facts.revisionStatus && `**${cell(facts.revisionStatus)}**`],
    ['Commit', facts.commit && code(facts.commit.slice(0, 12))],
    ['URL', facts.url && cell(facts.url)]
  ]
  const lines = [markerFor(facts.name), `### ${HEADLINES[facts.phase](code(facts.name))}`, '']
  if (facts.phase !== 'deleted') {
    lines.push('| | |', '|---|---|', ...rows.filter(([, value]) => value).map(([label, value]) => `| ${label} | ${value} |`), '')
  }
  if (facts.error) lines.push('```text', facts.error.replace(/```/g, "'''"), '```', '')
  if (facts.runUrl) lines.push(`Updated by [this workflow run](${facts.runUrl}).`)
  return redact(lines.join('\n'))
}

/**
 * Edits the pull request's comment for this deployment, found by its marker, or
 * creates it. With `createIfMissing: false` (a delete) a pull request that never had
 * one gets none. Returns what it did.
 */
export async function upsertComment(
  api: GitHubApi,
  pullRequest: number,
  name: string,
  body: string,
  options: { createIfMissing: boolean }
): Promise<'created' | 'updated' | 'none'> {
  const marker = markerFor(name)
  // Ours begins with the marker; a person quoting or mentioning it does not take it over.
  const existing = (await api.listComments(pullRequest)).find((comment) => comment.body?.startsWith(marker))
  if (existing) {
    await api.updateComment(existing.id, body)
    return 'updated'
  }
  if (!options.createIfMissing) return 'none'
  await api.createComment(pullRequest, body)
  return 'created'
}

/** Inline code that user-chosen text cannot break out of. */
function code(text: string): string {
  return `\`${cell(text).replace(/`/g, "'")}\``
}

function cell(text: string): string {
  return redact(text).replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|')
}
