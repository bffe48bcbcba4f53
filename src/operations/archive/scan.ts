import { createReadStream } from 'node:fs'
import { namedExactly } from './secret-files.js'
import { SCAN_MAX_BYTES, secretInContent } from './secret-content.js'
import { throwIfStopped, type ArchiveStop } from './stop.js'
import type { ArchiveEntry, LeftOut } from './walk.js'

/** Reads a file's content for the scan: from the disk, or from git's objects. */
export type ContentReader = (entries: readonly ArchiveEntry[]) => AsyncIterable<FileContent> | Iterable<FileContent>

/** One file's content, as chunks to read in order. */
export interface FileContent {
  entry: ArchiveEntry
  chunks: AsyncIterable<Buffer>
}

/**
 * The entries minus the text files under 1 MiB whose content holds a secret (secret-content.ts),
 * each of those added to `leftOut` with the rule it broke, never what it holds. A file
 * `archive-include` names by its exact path ships whatever it holds: the user said so.
 */
export async function leaveOutSecretContent(
  entries: readonly ArchiveEntry[],
  leftOut: LeftOut[],
  include: readonly string[],
  read: ContentReader = fromDisk,
  stop?: ArchiveStop
): Promise<ArchiveEntry[]> {
  const scanned = entries.filter((entry) => entry.type === 'file' && entry.size < SCAN_MAX_BYTES && !namedExactly(include, entry.workspacePath))
  const found = new Set<ArchiveEntry>()
  for await (const { entry, chunks } of read(scanned)) {
    throwIfStopped(stop)
    const rule = await secretInContent(chunks, entry.size)
    if (!rule) continue
    found.add(entry)
    leftOut.push({ path: entry.workspacePath, reason: 'secret', rule, byContent: true, why: `secret content (holds \`${rule}\`): pass what the agent needs through \`secrets\`` })
  }
  return found.size === 0 ? [...entries] : entries.filter((entry) => !found.has(entry))
}

/** Each file streamed from the disk, one at a time; a reader left early closes its file. */
function* fromDisk(entries: readonly ArchiveEntry[]): Iterable<FileContent> {
  for (const entry of entries) {
    const stream = createReadStream(entry.absPath, { highWaterMark: 64 * 1024 })
    try {
      yield { entry, chunks: stream }
    } finally {
      stream.destroy()
    }
  }
}
