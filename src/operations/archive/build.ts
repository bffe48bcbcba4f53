import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip, constants as zlib } from 'node:zlib'
import { MAX_UPLOAD_BYTES } from '../../api/constants.js'
import { stopReason, whenStopped, type Stop } from '../../core/stop.js'
import type { ArchiveEntry } from './walk.js'
import { openContents, type Contents } from './contents.js'
import { END_OF_TAR, headerBlocks, paddingOf } from './tar.js'
import { drainedOrClosed } from '../git/drained.js'

/**
 * Every entry's time: fixed, so that the same files give the same bytes whenever and
 * wherever they were checked out. 2000-01-01 rather than 1970: some tar versions warn
 * about "implausibly old" times.
 */
const FIXED_MTIME = new Date(Date.UTC(2000, 0, 1))

/**
 * The gzip header's OS byte (offset 9): zlib writes the OS it was built for (3 on Linux,
 * 19 on macOS, 10 on Windows...), so the same files would give another digest on another
 * runner. 255 is "unknown", which every reader accepts.
 */
const GZIP_OS_OFFSET = 9
const GZIP_OS_UNKNOWN = 255

/**
 * Files are read, and gzip's output handed on, in chunks this large: the 16 to 64 KiB defaults
 * make every layer (tar entry, gzip, hash, count, file) run thousands of times more per 100 MB.
 */
const READ_CHUNK_BYTES = 256 * 1024

/** The upload host takes at most 200 MiB (the range header the upload sends says so too). */
export const REFUSE_BYTES = MAX_UPLOAD_BYTES
/** The platform's client warns above 50 MiB: a remote build of that much is slow. */
export const WARN_BYTES = 50 * 1024 * 1024

export interface WrittenArchive {
  /** The gzip file, in its own temporary directory; `remove()` deletes both. */
  file: string
  sha256: string
  bytes: number
  remove: () => Promise<void>
}

/** The archive grew past `limitBytes` while being written: it was stopped there. */
export class ArchiveTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`the archive exceeds ${limitBytes} bytes`)
  }
}

/**
 * Writes the entries as a gzip'd tar to a new temporary directory under `tempRoot`,
 * hashing the bytes as they go out, so memory stays flat whatever the size: one file
 * is read at a time, in chunks, and each layer waits for the next (back-pressure).
 * Reproducible: entries in the order given (sorted by the walk), a fixed time, owner 0
 * with empty names, modes 0644 or 0755, and a gzip header without a name or time
 * (Node's gzip writes neither) and with the OS byte fixed. Stops, and removes what it wrote, once the archive
 * passes `limitBytes`, or once `stop` says so (cancelled, or past the step's deadline):
 * checked between entries and as bytes go out, and a blocked read or write is ended then too.
 */
export async function writeArchive(
  entries: readonly ArchiveEntry[],
  tempRoot: string = tmpdir(),
  limitBytes = REFUSE_BYTES,
  stop?: Stop
): Promise<WrittenArchive> {
  const dir = await mkdtemp(join(tempRoot, 'source-archive-'))
  const file = join(dir, 'source.tar.gz')
  const remove = () => rm(dir, { recursive: true, force: true })
  const hash = createHash('sha256')
  let bytes = 0
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (bytes <= GZIP_OS_OFFSET && bytes + chunk.length > GZIP_OS_OFFSET) {
        chunk = Buffer.from(chunk)
        chunk[GZIP_OS_OFFSET - bytes] = GZIP_OS_UNKNOWN
      }
      bytes += chunk.length
      const stopped = stopReason(stop)
      if (stopped) {
        done(stopped)
        return
      }
      if (bytes > limitBytes) {
        done(new ArchiveTooLarge(limitBytes))
        return
      }
      hash.update(chunk)
      done(null, chunk)
    }
  })
  const gzip = createGzip({ level: zlib.Z_DEFAULT_COMPRESSION, chunkSize: READ_CHUNK_BYTES })
  let stopped: Error | undefined
  // Opened here, so that a stop ends git's reads too: one blocked on git would otherwise never settle.
  const contents = openContents(entries)
  const unwatch = whenStopped(stop, (reason) => {
    stopped = reason
    contents.close()
    gzip.destroy(reason)
    count.destroy(reason)
  })
  // Each side stops the other when it fails: the pipeline, once the archive is too large or the
  // disk refuses it, destroys gzip (and the feed's next write fails) and ends git's reads; the
  // feed, once a file cannot be read, destroys gzip too, so the pipeline ends rather than wait for
  // more. Both are awaited to the end, and the cause is reported, not the other side's consequence.
  const writing = pipeline(gzip, count, createWriteStream(file)).catch((error: unknown) => {
    contents.close()
    throw error
  })
  const feeding = feed(new TarOut(gzip), entries, contents, stop).catch((error: unknown) => {
    gzip.destroy(error as Error)
    throw error
  })
  const [fed, written] = await Promise.allSettled([feeding, writing])
  unwatch()
  contents.close()
  // A stop ends both sides with errors of their own: the stop is the cause. Both sides reject
  // with Errors (the streams' and the feed's own).
  const failed =
    written.status === 'rejected' && written.reason instanceof ArchiveTooLarge
      ? written.reason
      : fed.status === 'rejected'
        ? (fed.reason as Error)
        : written.status === 'rejected'
          ? (written.reason as Error)
          : undefined
  const failure = failed === undefined ? undefined : (stopped ?? stopReason(stop) ?? failed)
  if (failure !== undefined) {
    await remove()
    throw failure
  }
  return { file, sha256: hash.digest('hex'), bytes, remove }
}

/**
 * Writes every entry as tar (tar.ts) into gzip, then the end of the archive, and ends gzip. Each
 * file is streamed (from git's objects, or the disk) and must hold exactly the size its header
 * says: one that changed since it was listed fails, named.
 */
async function feed(out: TarOut, entries: readonly ArchiveEntry[], contents: Contents, stop: Stop | undefined): Promise<void> {
  for (const entry of entries) {
    const stopped = stopReason(stop)
    if (stopped) throw stopped
    const size = entry.type === 'file' ? entry.size : 0
    for (const block of headerBlocks({
      name: entry.path,
      type: entry.type,
      size,
      mode: entry.type === 'directory' || entry.executable ? 0o755 : 0o644,
      mtime: FIXED_MTIME
    })) {
      const wait = out.write(block)
      if (wait) await wait
    }
    if (entry.type === 'directory') continue
    let copied = 0
    try {
      for await (const chunk of contents.of(entry)) {
        copied += chunk.length
        if (copied > size) break
        const wait = out.write(chunk)
        if (wait) await wait
      }
    } catch (error) {
      if (out.failed) throw out.failed
      throw new Error(`could not read \`${entry.path}\` (${(error as Error).message})`)
    }
    // A file that changed size since it was listed: its header would lie.
    if (copied !== size) throw new Error(`\`${entry.path}\` changed while it was archived (Size mismatch)`)
    const padding = paddingOf(size)
    if (padding > 0) {
      const wait = out.write(ZERO_BLOCK.subarray(0, padding))
      if (wait) await wait
    }
  }
  const wait = out.write(END_OF_TAR)
  if (wait) await wait
  await out.end()
}

/** A block of zeros, to pad a file to a whole block. */
const ZERO_BLOCK = Buffer.alloc(512)

/**
 * The tar's bytes gathered into pieces of about READ_CHUNK_BYTES before gzip gets them: gzip
 * works on each piece it is given as one task on another thread, and tens of thousands of
 * headers and small files would otherwise cost more in those hand-overs than in compressing. A
 * piece at least half that size goes on as it is (no copy). `write` returns a promise only when
 * gzip asks the writer to wait.
 */
class TarOut {
  private pending: Buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES)
  private length = 0
  /** Why gzip cannot take more (destroyed: a stop, a failure of the other side). */
  failed: Error | undefined

  constructor(private readonly gzip: NodeJS.WritableStream & { destroyed?: boolean }) {}

  write(chunk: Buffer): Promise<void> | undefined {
    if (chunk.length >= READ_CHUNK_BYTES / 2) {
      const flushed = this.flush()
      return flushed ? flushed.then(() => this.send(chunk)) : this.send(chunk)
    }
    if (this.length + chunk.length > this.pending.length) {
      const flushed = this.flush()
      if (flushed) return flushed.then(() => this.write(chunk))
    }
    chunk.copy(this.pending, this.length)
    this.length += chunk.length
    return undefined
  }

  async end(): Promise<void> {
    const flushed = this.flush()
    if (flushed) await flushed
    this.gzip.end()
  }

  private flush(): Promise<void> | undefined {
    if (this.length === 0) return undefined
    const piece = this.pending.subarray(0, this.length)
    // The piece is gzip's now: the next ones go into a new buffer.
    this.pending = Buffer.allocUnsafe(READ_CHUNK_BYTES)
    this.length = 0
    return this.send(piece)
  }

  private send(piece: Buffer): Promise<void> | undefined {
    if (this.gzip.destroyed) throw (this.failed ??= new Error('the archive was stopped'))
    if (this.gzip.write(piece)) return undefined
    return drainedOrClosed(this.gzip).then(() => {
      if (this.gzip.destroyed) throw (this.failed ??= new Error('the archive was stopped'))
    })
  }
}
