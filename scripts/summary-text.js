// The job summary as text for a terminal, for `npm start`. GitHub renders the summary's
// markdown and HTML; a terminal shows the source, where `<tr><th align="left">Revision</th>`
// hides the facts. HTML becomes plain lines; markdown (headings, tables) is kept, since it
// reads well as it is.

/** @type {Record<string, string>} */
const ENTITIES = { lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'", '#96': '`' }

/** Only these are treated as tags, so that text such as `<owner>/<repo>` in markdown survives. */
const TAGS = 'table|thead|tbody|tfoot|tr|th|td|details|summary|code|b|strong|i|em|a|br|p|pre|ul|ol|li|sub|sup|span|div|h[1-6]|img|hr|kbd|samp|blockquote'

/**
 * @param {string} summary markdown with HTML, as written to GITHUB_STEP_SUMMARY
 * @returns {string}
 */
export function summaryText(summary) {
  let text = summary.replace(/\r\n/g, '\n')
  // Table rows: `Label: value` for a header cell followed by data cells, else cells joined by ` | `.
  text = text.replace(/<tr\b[^>]*>([\s\S]*?)<\/tr>\n?/gi, (_, row) => {
    const cells = [...row.matchAll(/<(th|td)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map((m) => ({ header: m[1].toLowerCase() === 'th', text: inline(m[2]) }))
    if (cells.length === 2 && cells[0].header && !cells[1].header) return `${cells[0].text}: ${cells[1].text}\n`
    return `${cells.map((cell) => cell.text).join(' | ')}\n`
  })
  text = text
    .replace(/<summary\b[^>]*>([\s\S]*?)<\/summary>/gi, (_, title) => `\n▸ ${inline(title)}\n`)
    .replace(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi, (_, level, title) => `\n${'#'.repeat(Number(level))} ${inline(title)}\n`)
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<br\s*\/?>|<\/(p|li|div|pre|blockquote)>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n---\n')
  text = inline(text, false)
  return `${text.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim()}\n`
}

/**
 * Inline HTML to text: code in backticks, links as `text (url)` unless the text is the url.
 * @param {string} html
 * @param {boolean} [oneLine] collapse whitespace (inside a table cell or heading)
 */
function inline(html, oneLine = true) {
  let text = html
    .replace(/<code\b[^>]*>([\s\S]*?)<\/code>/gi, (_, code) => `\`${code}\``)
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href, label) => {
      const shown = label.replace(/<[^>]*>/g, '').trim()
      return shown === href || shown === '' ? href : `${label} (${href})`
    })
    .replace(new RegExp(`</?(?:${TAGS})\\b[^>]*>`, 'gi'), '')
  if (oneLine) text = text.replace(/\s+/g, ' ').trim()
  return text.replace(/&(#?\w+);/g, (match, name) => ENTITIES[name.toLowerCase()] ?? (name.toLowerCase() === 'amp' ? '&' : match))
}
