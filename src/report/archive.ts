import { formatBytes } from '../api/body.js'
import { CONTROLS, LINE_BREAKS } from '../core/neutralise.js'
import { redact } from '../core/masking.js'
import type { ArchiveListing, LeftOutReason, RichText, Shipped } from '../core/outcome.js'
import { archiveWarning } from '../operations/archive/describe.js'

type Row = [string, RichText | undefined]
type ArchiveShipped = Extract<Shipped, { kind: 'archive' }>

/** Lines of the dry run's file list in the summary; the log lists them all. */
const LISTED_FILES = 2_000

const LEFT_OUT_LABELS: Record<LeftOutReason, string> = {
  secret: 'Left out: secret files',
  untracked: 'Left out: untracked',
  ignored: 'Left out: ignored',
  excluded: 'Left out: archive-exclude',
  link: 'Left out: links',
  other: 'Left out: not a file'
}

/**
 * A remote build's archive: its size and digest, the commit it was made from, then the
 * folders that hold the most, the largest files, and what was left out by reason. Every file
 * name is the user's text: a `{ code }` part, neutralised where it lands.
 */
export function archiveRows(shipped: ArchiveShipped): Row[] {
  const listing = shipped.listing
  const before = listing ? ` (${formatBytes(listing.contentBytes)} before compression)` : ''
  return [
    [
      'Archive',
      [`${shipped.files} file${shipped.files === 1 ? '' : 's'}, ${formatBytes(shipped.bytes)}${before}, SHA-256 `, { code: shipped.sha256 }]
    ],
    [
      'Commit checked out',
      shipped.commit ? [{ code: shipped.commit.slice(0, 12) }] : ['none: not a git checkout, so the archive is not tied to a commit']
    ],
    ...(listing ? listingRows(listing) : [])
  ]
}

function listingRows(listing: ArchiveListing): Row[] {
  const folders = listing.folders.flatMap((folder, i): RichText => [
    ...(i > 0 ? ['; '] : []),
    { code: folder.path },
    ` (${plural(folder.files, 'file')}, ${formatBytes(folder.bytes)})`
  ])
  const largest = listing.largest.flatMap((file, i): RichText => [
    ...(i > 0 ? ['; '] : []),
    { code: file.path },
    ` (${formatBytes(file.bytes)})`
  ])
  return [
    [
      'Folders',
      folders.length > 0
        ? [...folders, ...(listing.moreFolders > 0 ? [`; and ${plural(listing.moreFolders, 'more folder')}`] : [])]
        : undefined
    ],
    ['Largest files', largest.length > 0 ? largest : undefined],
    ...(listing.keys ? [keysRow(listing.keys)] : []),
    ...listing.leftOut.map(({ reason, count, shown }): Row => {
      const items = shown.flatMap((item, i): RichText => [
        ...(i > 0 ? [', '] : []),
        { code: item.path },
        ...(item.rule && reason !== 'excluded' ? [' (', { code: item.rule }, ')'] : [])
      ])
      return [
        LEFT_OUT_LABELS[reason],
        [`${count}: `, ...items, ...(count > shown.length ? [`, and ${count - shown.length} more (the log lists them)`] : [])]
      ]
    })
  ]
}

/** Keys found in files that ship: each by file, line and rule (the value never leaves the file). */
function keysRow(keys: NonNullable<ArchiveListing['keys']>): Row {
  const items = keys.shown.flatMap((item, i): RichText => [
    ...(i > 0 ? [', '] : []),
    { code: `${item.path}:${item.line}` },
    ' (',
    { code: item.rule },
    ')'
  ])
  const more = keys.count > keys.shown.length ? [`, and ${keys.count - keys.shown.length} more (the log lists them)`] : []
  return ['Keys in shipped files', [`${keys.count}: `, ...items, ...more]]
}

/** The warning the reports show near their top: an archive not tied to a commit, or with files changed since it. */
export function shippedWarning(shipped: Shipped | undefined): string | undefined {
  if (shipped?.kind !== 'archive' || !shipped.listing) return undefined
  return archiveWarning(shipped.commit, shipped.listing.changed)
}

/**
 * A dry run's list of every file the archive would hold, collapsed. File names are the
 * user's: one line each (line breaks and controls removed), in a code block they cannot close.
 */
export function archiveFilesBlock(shipped: Shipped | undefined): string[] {
  if (shipped?.kind !== 'archive' || !shipped.listing) return []
  const { files } = shipped.listing
  const lines = files.slice(0, LISTED_FILES).map((path) => redact(path).replace(LINE_BREAKS, ' ').replace(CONTROLS, '').replace(/`/g, "'"))
  if (files.length > LISTED_FILES) lines.push(`… and ${files.length - LISTED_FILES} more (the log lists them all)`)
  return [`<details><summary>Files in the archive (${files.length})</summary>`, '', '```text', ...lines, '```', '</details>', '']
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
