import { redact } from '../core/masking.js'
import { CONTROLS, forMarkdown, LINE_BREAKS } from '../core/neutralise.js'
import type { CommentView, Said } from './view.js'

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

/** Said in a markdown line: our words as written, values as code. */
export function saidMd(said: Said): string {
  return said.map((part) => (typeof part === 'string' ? part : `<code>${md(part.code)}</code>`)).join('')
}

/** Said in an HTML block. Our words carry no markup there. */
export function saidHtml(said: Said): string {
  return said.map((part) => (typeof part === 'string' ? part : `<code>${forHtml(part.code)}</code>`)).join('')
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

/**
 * One line of a message: our messages quote names in backticks, and those spans become
 * code. The spans are found before anything is escaped, so a name that markdown would
 * escape (`MY_SECRET`, `a*b`) is still one span; each part is then neutralised alike. A
 * backtick left without its pair is shown as one.
 */
function withCodeSpans(line: string): string {
  // Redacted whole first: a secret must not escape redaction by being split across a span.
  const parts = redact(line).split('`')
  // An odd number of backticks leaves the last one without its pair: it is text, not a span.
  const spans = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)}\`${parts.at(-1)}`]
  return spans.map((part, i) => (i % 2 === 0 ? md(part) : part === '' ? md('``') : `<code>${md(part)}</code>`)).join('')
}

/** The cause first: a warning to see first, what went wrong, what to do, then where the deploy stands. */
export function causeBlocks(view: CommentView, options: { todoFallback?: string } = {}): string[] {
  const out: string[] = []
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
  else if (view.unsafeUrl) rows.push(['URL', `<code>${forHtml(view.unsafeUrl)}</code> (not an https:// URL, so not linked and not set as the output)`])
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
    ...log.lines.map((line) => redact(line).replace(CONTROLS, '').replace(/```/g, "'''").replace(/~~~/g, "'''")),
    '```',
    '</details>',
    ''
  ]
}
