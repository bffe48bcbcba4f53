import type { CommitBlob } from '../archive/commit-tree.js'
import type { BlobReads } from '../git/blob-stream.js'
import { checkConfig, type ConfigReport } from './check.js'
import type { ConfigFiles } from './files.js'
import { READ_CAP_BYTES } from './read-capped.js'
import { decodeText } from './text.js'

/** A file of a commit: the repository (its top) and the blob's id. */
type BlobRef = Pick<CommitBlob, 'repo' | 'oid'>

/**
 * The text of a commit's files for the config check, from git's objects. The check is
 * synchronous and pure (check.ts), and git answers asynchronously: `text` answers from what was
 * read so far, and notes what it was asked for and did not hold; `readNoted` then reads those,
 * through the run's one `git cat-file --batch` per repository (BlobReads), never a process per file.
 */
export interface CommitReads {
  /** The blob's text, when read already; else undefined, and noted to be read. */
  text(blob: BlobRef): string | undefined
  /** Reads every blob noted since the last call; false when there was none. */
  readNoted(): Promise<boolean>
}

export function commitReads(blobs: BlobReads): CommitReads {
  const held = new Map<string, string | undefined>()
  const noted = new Map<string, BlobRef>()
  const key = (blob: BlobRef) => `${blob.repo}\0${blob.oid}`
  return {
    text(blob) {
      const id = key(blob)
      if (!held.has(id)) noted.set(id, blob)
      return held.get(id)
    },
    async readNoted() {
      if (noted.size === 0) return false
      const asked = [...noted]
      noted.clear()
      // One answer a blob, each set as "held" (undefined when git could not give it: never asked again).
      const read = await Promise.all(asked.map(([, blob]) => blobs.read(blob.repo, blob.oid, READ_CAP_BYTES)))
      asked.forEach(([id], index) => held.set(id, read[index] && decodeText(read[index])))
      return true
    }
  }
}

/** Config files whose committed ones are read through `reads`. */
export type CommitBackedFiles = ConfigFiles & { reads: CommitReads }

/**
 * How many times one file may lead to another: the config to its modules and a uv workspace's
 * `pyproject.toml`, that to its members' (asked for together), so three or four; more than any
 * config needs. Past it, what is not read yet is "cannot be read", and its rules are skipped.
 */
const MAX_ROUNDS = 8

/** One file's text now: read from git first when it is a committed one not read yet. */
export async function readNow(files: CommitBackedFiles, path: string): Promise<string | undefined> {
  files.read(path)
  await files.reads.readNoted()
  return files.read(path)
}

/**
 * checkConfig, with every committed file it reads read from git: it runs on what was read so
 * far, the files it asked for and did not have are read (all at once), and it runs again, until
 * it asks for nothing new (one file leads to another: the config to a uv workspace's
 * `pyproject.toml`, that to its members'). The last run saw every file it read.
 */
export async function checkConfigFromCommit(text: string, configPath: string, files: CommitBackedFiles): Promise<ConfigReport> {
  for (let round = 1; ; round++) {
    const report = checkConfig(text, configPath, files)
    if (round >= MAX_ROUNDS || !(await files.reads.readNoted())) return report
  }
}
