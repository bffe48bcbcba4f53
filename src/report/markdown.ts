import { redact } from '../core/masking.js'
import { CONTROLS, forMarkdown, LINE_BREAKS } from '../core/neutralise.js'
import { quoted } from '../core/quoted.js'
import type { RichText } from '../core/outcome.js'
import type { CommentView } from './view-types.js'

/**
 * The blocks the job summary and the PR comment share, so both open with the same
 * heading and the cause, in the same words. Two contexts, two escapers: markdown text
 * (headings, paragraphs: `forMarkdown`) and HTML blocks (the facts table: `forHtml`,
 * since markdown escapes are shown as typed there). Secrets are redacted before either.
 */

/**
 * Server text inside an HTML block: one line, HTML and table pipes as entities, and a
 * zero-width joiner after `@` so `@org/team` notifies no one (GitHub finds mentions in
 * the rendered text, entities decoded).
 */
export function forHtml(text: string): string {
  return redact(text)
    .replace(LINE_BREAKS, ' ')
    .replace(CONTROLS, '')
    .replace(/[&<>"'|`]/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/@(?=[A-Za-z0-9])/g, '@\u200d')
}

/** Server text in markdown (a paragraph, a heading): shown as it reads. */
export function md(text: string): string {
  return forMarkdown(redact(text))
}

/** Rich text in a markdown line: our words as written, values as code. */
export function saidMd(said: RichText): string {
  return said.map((part) => (typeof part === 'string' ? part : `<code>${md(part.code)}</code>`)).join('')
}

/**
 * Rich text in an HTML block. Every part is escaped, our words too: they need no markup there,
 * and a row may carry a reason that quotes the control plane or GitHub (see quoted()).
 */
export function saidHtml(said: RichText): string {
  return said.map((part) => (typeof part === 'string' ? forHtml(part) : `<code>${forHtml(part.code)}</code>`)).join('')
}

/**
 * Lines of text as one wrapped paragraph (never a code block a long status message
 * would scroll out of), its line breaks kept as `<br>`.
 */
function paragraph(text: string): string {
  return text
    .split(/\r\n|\n/)
    .filter((line) => line.trim() !== '')
    .map(withCodeSpans)
    .join('<br>\n')
}

/** One line of a message: its quoted names as code (see quoted()), everything neutralised alike. */
function withCodeSpans(line: string): string {
  // Redacted whole first: a secret must not escape redaction by being split across a span.
  return quoted(redact(line))
    .map((part) => (typeof part === 'string' ? md(part) : `<code>${md(part.code)}</code>`))
    .join('')
}

/** The cause first: a gate's problems, a warning to see first, what went wrong, what to do, then where the deploy stands. */
export function causeBlocks(view: CommentView, options: { todoFallback?: string } = {}): string[] {
  const out: string[] = []
  for (const finding of view.findings ?? [])
    out.push(`**${saidMd(finding.heading)}**`, '', ...finding.items.map((item) => `- ${saidMd(item)}`), '')
  if (view.warning) out.push(`**⚠️ Warning:** ${paragraph(view.warning)}`, '')
  if (view.cause) out.push(`**${view.causeLabel}:** ${paragraph(view.cause)}`, '')
  const todo = view.todo ?? (view.cause ? options.todoFallback : undefined)
  if (todo) out.push(`**What to do:** ${paragraph(todo)}`, '')
  for (const note of view.notes) out.push(saidMd(note), '')
  return out
}

/** The facts as a two-column HTML table (no header row), then the URL. */
export function factsTable(view: Pick<CommentView, 'facts' | 'url' | 'unsafeUrl'>): string[] {
  const rows: Array<[string, string]> = view.facts.map(([label, value]) => [label, saidHtml(value)])
  if (view.url) rows.push(['URL', `<a href="${forHtml(view.url)}">${forHtml(view.url)}</a>`])
  else if (view.unsafeUrl)
    rows.push(['URL', `<code>${forHtml(view.unsafeUrl)}</code> (not an https:// URL, so not linked and not set as the output)`])
  if (rows.length === 0) return []
  return ['<table>', ...rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${value}</td></tr>`), '</table>', '']
}

/** The end of the failing phase's log, verbatim in a code block that it cannot close. */
export function failureLogBlock(view: Pick<CommentView, 'failureLog'>, open: boolean): string[] {
  const log = view.failureLog
  if (!log) return []
  return [
    `<details${open ? ' open' : ''}><summary>Last ${log.lines.length} lines of the ${log.type} log</summary>`,
    '',
    '```text',
    ...log.lines.map(verbatim),
    '```',
    '</details>',
    ''
  ]
}

/**
 * Each check's excerpt (what the agent answered a smoke test) in a block under the facts, folded
 * unless the check failed: server text, verbatim in a code block that it cannot close, secrets redacted.
 */
export function excerptBlocks(view: Pick<CommentView, 'excerpts'>): string[] {
  return (view.excerpts ?? []).flatMap((excerpt) => [
    `<details${excerpt.open ? ' open' : ''}><summary>${forHtml(excerpt.label)}: ${forHtml(excerpt.title)}</summary>`,
    '',
    '```text',
    ...excerpt.text.split(/\r\n|\n/).map((line) => verbatim(line.replace(LINE_BREAKS, ' '))),
    '```',
    '</details>',
    ''
  ])
}

/** A line of server text inside a fenced code block: shown as sent, secrets redacted, unable to close the block. */
function verbatim(line: string): string {
  return redact(line).replace(CONTROLS, '').replace(/```/g, "'''").replace(/~~~/g, "'''")
}
