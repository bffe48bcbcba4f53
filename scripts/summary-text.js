// The job summary as text for a terminal, for `npm start`. GitHub renders the summary's
// markdown and HTML; a terminal shows the source, where `<tr><th align="left">Revision</th>`
// hides the facts and `python\_version` shows a backslash GitHub never shows. HTML becomes
// plain lines, markdown's backslash escapes are taken out where GitHub takes them out;
// markdown (headings, tables) is kept, since it reads well as it is.

/** The named entities the summary's escapers write; numeric ones (`&#124;`, `&#x27;`) are read by their number. */
const ENTITIES = /** @type {Record<string, string>} */ ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' })

/** Only these are treated as tags, so that text such as `<owner>/<repo>` in markdown survives. */
const TAGS =
  'table|thead|tbody|tfoot|tr|th|td|details|summary|code|b|strong|i|em|a|br|p|pre|ul|ol|li|sub|sup|span|div|h[1-6]|img|hr|kbd|samp|blockquote'

/**
 * @param {string} summary markdown with HTML, as written to GITHUB_STEP_SUMMARY
 * @returns {string}
 */
export function summaryText(summary) {
  let text = unescapeMarkdown(summary.replace(/\r\n/g, '\n'))
  // Table rows: `Label: value` for a header cell followed by data cells, else cells joined by ` | `.
  text = text.replace(/<tr\b[^>]*>([\s\S]*?)<\/tr>\n?/gi, (_, row) => {
    const cells = [...row.matchAll(/<(th|td)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map((m) => ({
      header: m[1].toLowerCase() === 'th',
      text: inline(m[2])
    }))
    if (cells.length === 2 && cells[0].header && !cells[1].header) return `${cells[0].text}: ${cells[1].text}\n`
    return `${cells.map((cell) => cell.text).join(' | ')}\n`
  })
  text = text
    .replace(/<summary\b[^>]*>([\s\S]*?)<\/summary>/gi, (_, title) => `\n▸ ${inline(title)}\n`)
    .replace(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi, (_, level, title) => `\n${'#'.repeat(Number(level))} ${inline(title)}\n`)
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<br\s*\/?>|<\/(p|li|div|pre|blockquote)>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n---\n')
  // Entities last, once: text that reads `&lt;` on GitHub was written `&amp;lt;`, and must not become `<`.
  text = decodeEntities(inline(text, false))
  return `${text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`
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
  return oneLine ? text.replace(/\s+/g, ' ').trim() : text
}

/**
 * HTML's character references as the characters GitHub shows: named, decimal (`&#124;`, what the
 * facts table writes for `|`) and hexadecimal. One unknown, or a number that is no character, stays as written.
 * @param {string} text
 */
function decodeEntities(text) {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]+));/g, (match, decimal, hex, name) => {
    if (name !== undefined) return ENTITIES[name.toLowerCase()] ?? match
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex, 16)
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : match
  })
}

/** CommonMark's backslash escapes: a backslash before ASCII punctuation shows the punctuation alone. */
const ESCAPE = /\\([!-/:-@[-`{-~])/g

/** Tags that open an HTML block (CommonMark's kind 6), within which markdown is not read until a blank line. */
const HTML_BLOCK = /^ {0,3}<\/?(?:table|thead|tbody|tfoot|tr|th|td|details|summary|div|p|ul|ol|li|h[1-6]|hr|blockquote|pre)\b/i

/**
 * The text as GitHub shows it where markdown is read: `\_` as `_`, `\(` as `(`. Left as
 * written where GitHub shows a backslash too: fenced code, code spans, HTML blocks; and `\|`
 * in a table row, which would read there as a new column.
 * @param {string} markdown
 */
function unescapeMarkdown(markdown) {
  let fence = ''
  let inHtml = false
  return markdown
    .split('\n')
    .map((line) => {
      const opens = /^ {0,3}(`{3,}|~{3,})/.exec(line)
      if (fence) {
        if (opens && opens[1][0] === fence[0] && opens[1].length >= fence.length && line.trim() === opens[1]) fence = ''
        return line
      }
      if (opens) {
        fence = opens[1]
        return line
      }
      if (inHtml || HTML_BLOCK.test(line)) {
        inHtml = line.trim() !== ''
        return line
      }
      const tableRow = line.trimStart().startsWith('|')
      // Odd parts are code spans (between backticks), which keep their backslashes.
      return line
        .split(/(`+[^`]*`+)/)
        .map((part, i) => (i % 2 === 1 ? part : part.replace(ESCAPE, (escaped, char) => (tableRow && char === '|' ? escaped : char))))
        .join('')
    })
    .join('\n')
}
