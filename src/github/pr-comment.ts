import { redact } from '../core/masking.js'
import { safeUrl } from '../core/neutralise.js'
import { saidMd, causeBlocks, excerptBlocks, factsTable, failureLogBlock } from '../report/markdown.js'
import { evalsBlock, evalsFirst } from '../report/evals.js'
import type { CommentView } from '../report/view.js'
import type { GitHubApi } from './api.js'

/**
 * The hidden marker that finds this deployment's comment again. One per deployment
 * name, so that a workflow deploying several graphs keeps one comment for each.
 */
export function markerFor(name: string): string {
  return `<!-- agent-server-deploy:${name.replace(/-->/g, '')} -->`
}

/**
 * The comment: the same heading as the job summary, the cause and what to do first,
 * the facts, then a link to the run. Rendered from the run's view, so it cannot say
 * another outcome than the summary, the GitHub deployment and the log.
 */
export function renderComment(view: CommentView, runUrl: string | undefined): string {
  const lines = [markerFor(view.name), `### ${saidMd(view.title)}`, '']
  lines.push(...causeBlocks(view, { todoFallback: 'Open the workflow run below for the full log.' }))
  if (view.gone) {
    lines.push(saidMd(view.gone), '')
  } else {
    // Failed evals are the cause, and a comparison's verdict is what the reviewer came for: then they come before the facts.
    const evals = evalsBlock(view.evals, { comment: true })
    if (evalsFirst(view.evals)) lines.push(...evals)
    lines.push(...factsTable(view))
    if (!evalsFirst(view.evals)) lines.push(...evals)
    lines.push(...excerptBlocks(view))
    lines.push(...failureLogBlock(view, false))
  }
  // Built from GITHUB_* variables: used as a link only if it is one.
  const link = runUrl ? safeUrl(runUrl) : undefined
  const footer = link ? `Updated by [this workflow run](${link}).` : ''
  // Redacted before it is cut: a cut through a secret would leave a part that redaction no longer finds.
  return withinCommentLimit(redact(lines.join('\n')), footer)
}

/**
 * GitHub refuses a comment over 65,536 characters. Each block caps what it shows (the evals table
 * its rows and excerpts), but what a server or a suite names can still add up: past the limit the
 * body is cut at a line, and says so.
 */
export const COMMENT_MAX_CHARS = 65_000

function withinCommentLimit(body: string, footer: string): string {
  const room = COMMENT_MAX_CHARS - footer.length - 200
  if (body.length <= room) return footer ? `${body}\n${footer}` : body
  const cut = body.lastIndexOf('\n', room)
  const kept = body.slice(0, cut > 0 ? cut : room)
  return `${kept}\n\n… the rest is cut at GitHub's comment limit: the job summary has it all.\n\n${footer}`
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
