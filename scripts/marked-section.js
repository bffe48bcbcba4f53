// A generated part of a doc lies between `<!-- NAME:start -->` and `<!-- NAME:end -->`: what
// is written there is replaced whole, so the text around it stays the author's.

/**
 * @param {string} text
 * @param {string} marker
 * @param {string} content
 * @param {string} [file] for the error when the markers are missing
 * @returns {string}
 */
export function replaceBetween(text, marker, content, file = 'README.md') {
  const start = `<!-- ${marker}:start -->`
  const end = `<!-- ${marker}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`${file} lacks the ${start} … ${end} markers`)
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`
}
