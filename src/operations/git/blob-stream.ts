import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { startTimeLimit } from '../../core/time-limit.js'
import { stopReason, type Stop } from '../../core/stop.js'
import { gitArgs, gitLimit } from './git-tree.js'
import { drainedOrClosed } from './drained.js'

/**
 * Many blobs of one repository read through one `git cat-file --batch`: every id is written to
 * it up front (as fast as it takes them), and each answer is read in turn as a stream of chunks.
 * One process whatever the number of files, and memory bounded by the pipes: git waits while an
 * answer is not read.
 */
export interface BlobStream {
  /** The next blob's content, in the order the ids were given: read it whole (or not at all) before asking for the next. */
  next(oid: string): AsyncIterable<Buffer>
  /** Ends the process (done, or given up). */
  close(): void
}

export function openBlobStream(top: string, oids: readonly string[]): BlobStream {
  // Every id is known up front: `--buffer` lets git fill the pipe, rather than write (and wake
  // this process) once per file, which for tens of thousands of small files was most of the cost.
  // A file over 1 MiB is streamed by git, not read whole into its memory first (its default
  // threshold is 512 MiB: a 300 MB file took git to 380 MB).
  const child = spawn('git', gitArgs(top, ['-c', 'core.bigFileThreshold=1m', 'cat-file', '--batch', '--buffer']), {
    cwd: top,
    env: process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 1000) stderr += chunk.toString('utf8')
  })
  let failed: Error | undefined
  child.on('error', (error) => (failed = error))
  // A write after git exits (a missing object, a kill) fails the stream: the reads say why.
  child.stdin.on('error', () => undefined)
  void writeAll(child.stdin, oids)
  const reader = new ByteReader(
    child.stdout,
    () => failed ?? new Error(`\`git cat-file\` ended early${stderr ? `: ${stderr.trim().split('\n')[0]}` : ''}`)
  )
  /** Bytes of the previous blob not read by its reader (it stopped early), skipped before the next. */
  let unread = 0
  return {
    async *next(oid) {
      if (unread > 0) await reader.skip(unread)
      unread = 0
      const header = await reader.line()
      const [id, type, size] = header.split(' ')
      if (id !== oid || type !== 'blob')
        throw new Error(
          `git has no file \`${oid}\` in this checkout's objects (${header.trim() || 'no answer'}): a partial or broken clone?`
        )
      unread = Number(size) + 1
      const content = Number(size)
      let left = content
      while (left > 0) {
        const chunk = await reader.upTo(left)
        left -= chunk.length
        unread -= chunk.length
        yield chunk
      }
      await reader.skip(1)
      unread = 0
    },
    close() {
      child.stdin.destroy()
      child.stdout.destroy()
      if (child.exitCode === null) child.kill()
    }
  }
}

/**
 * Small blobs (an ignore file, a config's module, a `pyproject.toml`) read one at a time, each
 * when asked, through one long-lived `git cat-file --batch` per repository, started on the first
 * ask: however many files a check reads, one process per repository. Every read is bounded by
 * the time left before the deadline; a cancel or the deadline kills the processes. `close()`
 * ends them.
 */
export interface BlobReads {
  /** The blob's bytes; undefined when git does not have it, it is larger than `cap`, or git failed. Rejects only when the run stops (cancel, deadline). */
  read(repo: string, oid: string, cap: number): Promise<Buffer | undefined>
  close(): void
}

export function openBlobReads(stop?: Stop): BlobReads {
  const readers = new Map<string, BatchReader>()
  return {
    read(repo, oid, cap) {
      const stopped = stopReason(stop)
      if (stopped) return Promise.reject(stopped)
      let reader = readers.get(repo)
      if (!reader) readers.set(repo, (reader = new BatchReader(repo)))
      return reader.read(oid, cap, stop)
    },
    close() {
      for (const reader of readers.values()) reader.close()
    }
  }
}

/** One `git cat-file --batch`, asked one id at a time (git answers each at once: without `--buffer`, it flushes every answer). */
class BatchReader {
  private readonly child: ChildProcessWithoutNullStreams
  private readonly reader: ByteReader
  private queue: Promise<unknown> = Promise.resolve()
  private broken = false

  constructor(repo: string) {
    this.child = spawn('git', gitArgs(repo, ['cat-file', '--batch']), {
      cwd: repo,
      env: process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true
    })
    this.child.on('error', () => (this.broken = true))
    this.child.stdin.on('error', () => (this.broken = true))
    this.child.stderr.resume()
    this.reader = new ByteReader(this.child.stdout, () => new Error('`git cat-file` ended early'))
  }

  read(oid: string, cap: number, stop: Stop | undefined): Promise<Buffer | undefined> {
    const asked = this.queue.then(() => this.answer(oid, cap, stop))
    this.queue = asked.catch(() => undefined)
    return asked
  }

  private async answer(oid: string, cap: number, stop: Stop | undefined): Promise<Buffer | undefined> {
    if (this.broken) return undefined
    // A read queued behind another may start after the run stopped: an aborted signal fires no
    // event, so without this it would wait on git for ever.
    const stoppedBefore = stopReason(stop)
    if (stoppedBefore) {
      this.close()
      throw stoppedBefore
    }
    const limit = startTimeLimit(gitLimit(stop))
    // A read that does not answer in time leaves the process mid-answer: it is ended, and so is every later read of it.
    const onAbort = () => this.close()
    limit.signal.addEventListener('abort', onAbort, { once: true })
    if (limit.signal.aborted) onAbort()
    try {
      this.child.stdin.write(`${oid}\n`)
      const [id, type, size] = (await this.reader.line()).split(' ')
      if (id !== oid || type === 'missing') return undefined
      const length = Number(size)
      if (type !== 'blob' || length > cap) {
        await this.reader.skip(length + 1)
        return undefined
      }
      const chunks: Buffer[] = []
      for (let left = length; left > 0;) {
        const chunk = await this.reader.upTo(left)
        chunks.push(Buffer.from(chunk))
        left -= chunk.length
      }
      await this.reader.skip(1)
      return Buffer.concat(chunks, length)
    } catch {
      this.close()
      const stopped = stopReason(stop)
      if (stopped) throw stopped
      return undefined
    } finally {
      limit.signal.removeEventListener('abort', onAbort)
      limit.end()
    }
  }

  close(): void {
    this.broken = true
    this.child.stdin.destroy()
    this.child.stdout.destroy()
    if (this.child.exitCode === null) this.child.kill()
  }
}

/** Writes each id on a line, waiting whenever the pipe is full; ends the input. */
async function writeAll(stdin: NodeJS.WritableStream & { destroyed?: boolean }, oids: readonly string[]): Promise<void> {
  const BATCH = 512
  for (let at = 0; at < oids.length; at += BATCH) {
    if (stdin.destroyed) return
    const ok = stdin.write(`${oids.slice(at, at + BATCH).join('\n')}\n`)
    if (!ok) await drainedOrClosed(stdin)
  }
  stdin.end()
}

/**
 * A pull reader over a stream: a line, then so many bytes, keeping what is left over. It listens
 * for `readable` from the start: a child's output nobody listens to is drained (thrown away) by
 * node once the child exits, and git may exit before the first blob is asked for.
 */
class ByteReader {
  private pending: Buffer = Buffer.alloc(0)
  private done = false
  private wake: (() => void) | undefined

  constructor(
    private readonly source: NodeJS.ReadableStream,
    private readonly ended: () => Error
  ) {
    const wake = () => this.wake?.()
    source.on('readable', wake)
    source.on('end', () => {
      this.done = true
      wake()
    })
    source.on('error', () => {
      this.done = true
      wake()
    })
    source.on('close', () => {
      this.done = true
      wake()
    })
  }

  private async fill(): Promise<void> {
    for (;;) {
      const chunk = this.source.read() as Buffer | null
      if (chunk !== null) {
        this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk])
        return
      }
      if (this.done) throw this.ended()
      await new Promise<void>((resolve) => (this.wake = resolve))
      this.wake = undefined
    }
  }

  async line(): Promise<string> {
    for (;;) {
      const at = this.pending.indexOf(10)
      if (at >= 0) {
        const text = this.pending.subarray(0, at).toString('utf8')
        this.pending = this.pending.subarray(at + 1)
        return text
      }
      if (this.pending.length > 4096) throw new Error('`git cat-file` answered with no header line')
      await this.fill()
    }
  }

  /** Up to `most` bytes (at least one): what is pending, or the next chunk. */
  async upTo(most: number): Promise<Buffer> {
    if (this.pending.length === 0) await this.fill()
    const chunk = this.pending.subarray(0, most)
    this.pending = this.pending.subarray(chunk.length)
    return chunk
  }

  async skip(count: number): Promise<void> {
    for (let left = count; left > 0;) left -= (await this.upTo(left)).length
  }
}
