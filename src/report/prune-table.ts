import { reasonText, type PruneRow } from '../core/prune.js'
import { md } from './markdown.js'

/** Open previews are the bulk of a large repository; past this many the summary counts them instead. */
export const MAX_OPEN_ROWS = 200

/** The summary's table: every candidate with its verdict and reason, open ones counted past MAX_OPEN_ROWS. */
export function renderTable(rows: readonly PruneRow[]): string {
  if (rows.length === 0) return 'No deployment matches the pattern.\n'
  const lines = ['| Preview | Pull request | Verdict | Reason |', '|---|---:|---|---|']
  let open = 0
  for (const row of rows) {
    if (row.fate === 'kept' && row.reason.kind === 'open' && ++open > MAX_OPEN_ROWS) continue
    const reason = reasonText(row.reason, row.pr) + (row.failure ? `; the delete failed: ${row.failure}` : '')
    // Server text (names, error messages) is neutralised: it cannot end the cell, forge rows, links or mentions.
    lines.push(`| <code>${md(row.name)}</code> | #${row.pr} | ${row.fate} | ${md(reason)} |`)
  }
  if (open > MAX_OPEN_ROWS) lines.push('', `…and ${open - MAX_OPEN_ROWS} more previews kept because their pull requests are open.`)
  return `${lines.join('\n')}\n`
}
