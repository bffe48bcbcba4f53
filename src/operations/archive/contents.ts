import { createReadStream } from 'node:fs'
import { openBlobStream, type BlobStream } from '../git/blob-stream.js'
import type { ArchiveEntry } from './walk.js'

/** Files are read in chunks this large: the 64 KiB default makes every layer run four times as often. */
const READ_CHUNK_BYTES = 256 * 1024

/**
 * The contents of a list of entries, read in that order: a tracked file from git's objects
 * (one `git cat-file --batch` per repository, whatever the number of files), any other from
 * the disk. Each entry's content is read (at least begun) in order; `close()` ends the processes.
 */
export interface Contents {
  of(entry: ArchiveEntry): AsyncIterable<Buffer>
  close(): void
}

export function openContents(entries: readonly ArchiveEntry[]): Contents {
  const idsByRepo = new Map<string, string[]>()
  for (const entry of entries) {
    if (entry.type !== 'file' || !entry.blob) continue
    const ids = idsByRepo.get(entry.blob.repo) ?? []
    ids.push(entry.blob.oid)
    idsByRepo.set(entry.blob.repo, ids)
  }
  const streams = new Map<string, BlobStream>([...idsByRepo].map(([repo, ids]) => [repo, openBlobStream(repo, ids)]))
  return {
    of(entry) {
      if (!entry.blob) return createReadStream(entry.absPath, { highWaterMark: READ_CHUNK_BYTES })
      const stream = streams.get(entry.blob.repo)
      if (!stream) throw new Error(`\`${entry.workspacePath}\` was not listed to be read`)
      return stream.next(entry.blob.oid)
    },
    close() {
      for (const stream of streams.values()) stream.close()
    }
  }
}
