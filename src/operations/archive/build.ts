import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip, constants as zlib } from 'node:zlib'
import { pack as tarPack, type Pack } from 'tar-stream'
import { MAX_UPLOAD_BYTES } from '../../api/constants.js'
import { stopReason, whenStopped, type Stop } from '../../core/stop.js'
import type { ArchiveEntry } from './walk.js'
import { openContents, type Contents } from './contents.js'
import { drainedOrClosed } from '../drained.js'

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
  const tar = tarPack()
  let stopped: Error | undefined
  // Opened here, so that a stop ends git's reads too: one blocked on git would otherwise never settle.
  const contents = openContents(entries)
  const unwatch = whenStopped(stop, (reason) => {
    stopped = reason
    contents.close()
    tar.destroy(reason)
    count.destroy(reason)
  })
  // Each side stops the other when it fails: the pipeline, once the archive is too large or
  // the disk refuses it, destroys the pack; the feed, once a file cannot be read, destroys it too,
  // so the pipeline ends rather than wait for more. Both are awaited to the end, and the cause is
  // reported, not the other side's consequence ("tar entry destroyed"), whichever settles first.
  const feeding = feed(tar, entries, contents, stop).catch((error: unknown) => {
    tar.destroy(error as Error)
    throw error
  })
  const writing = pipeline(
    // The pack is read as an async iterable: it is not a Node stream, and pipeline must not treat it as one.
    async function* () {
      yield* coalesced(tar as AsyncIterable<Buffer>, READ_CHUNK_BYTES)
    },
    createGzip({ level: zlib.Z_DEFAULT_COMPRESSION, chunkSize: READ_CHUNK_BYTES }),
    count,
    createWriteStream(file)
  ).catch((error: unknown) => {
    tar.destroy()
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

/** Adds the entries one after another, each file streamed (from git's objects, or the disk); ends the pack. */
async function feed(tar: Pack, entries: readonly ArchiveEntry[], contents: Contents, stop: Stop | undefined): Promise<void> {
  for (const entry of entries) {
    const stopped = stopReason(stop)
    if (stopped) throw stopped
    const header = {
      name: entry.path,
      type: entry.type,
      size: entry.type === 'file' ? entry.size : 0,
      mode: entry.type === 'directory' || entry.executable ? 0o755 : 0o644,
      mtime: FIXED_MTIME,
      uid: 0,
      gid: 0,
      uname: '',
      gname: ''
    }
    if (entry.type === 'directory') {
      await new Promise<void>((resolve, reject) => tar.entry(header, (error) => (error ? reject(error) : resolve())))
      continue
    }
    await new Promise<void>((resolve, reject) => {
      // The pack's own errors ("Size mismatch": the file changed since it was listed) name no file: this one does.
      const failed = (error: Error) => reject(new Error(`\`${entry.path}\` changed while it was archived (${error.message})`))
      const sink = tar.entry(header, (error) => (error ? failed(error) : resolve()))
      sink.on('error', failed)
      // A file that changed size since it was listed makes the pack fail (its header said otherwise).
      copy(contents.of(entry), sink).catch((error: unknown) => {
        sink.destroy(error as Error)
        reject(new Error(`could not read \`${entry.path}\` (${(error as Error).message})`))
      })
    })
  }
  tar.finalize()
}

/** Copies a file into a pack entry, waiting whenever the entry says its buffer is full. */
async function copy(source: AsyncIterable<Buffer>, sink: NodeJS.WritableStream & { destroyed?: boolean }): Promise<void> {
  for await (const chunk of source) {
    if (sink.destroyed) throw new Error('the archive was stopped')
    if (!sink.write(chunk)) {
      await drainedOrClosed(sink)
    }
  }
  sink.end()
}

/**
 * The pack's small pieces (a 512-byte header, a small file) handed on in chunks of about
 * `size` bytes: gzip works on each piece it is given as one task on another thread, and tens of
 * thousands of small files would otherwise cost more in those hand-overs than in compressing.
 */
async function* coalesced(source: AsyncIterable<Buffer>, size: number): AsyncIterable<Buffer> {
  let pending: Buffer[] = []
  let length = 0
  for await (const chunk of source) {
    pending.push(chunk)
    length += chunk.length
    if (length < size) continue
    yield pending.length === 1 ? pending[0] : Buffer.concat(pending, length)
    pending = []
    length = 0
  }
  if (length > 0) yield Buffer.concat(pending, length)
}
