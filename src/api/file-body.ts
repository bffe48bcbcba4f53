import { close, open, read } from 'node:fs'
import { Readable, type Writable } from 'node:stream'

/** Each read takes this much of the file: the size `fs.createReadStream` reads. */
const CHUNK_BYTES = 64 * 1024
/** Buffers kept for reuse at most. */
const KEPT = 4

/**
 * A file streamed as a request's body in a few buffers used in turn, so that its upload holds a
 * few hundred KiB, not the file. A fresh buffer per read (as `fs.createReadStream` makes) is freed
 * only when V8 next collects, and an upload makes little garbage of its own to prompt that: a
 * 60 MB archive took the process 40 MB up. A buffer is filled again only once the destination
 * has written it: `pipe` writes each chunk with a callback, which the request calls once its
 * socket is done with the chunk (over TLS, once it is encrypted and sent). A chunk whose callback
 * never comes (a request ended early) leaves its buffer to the collector.
 */
export class FileBody extends Readable {
  private fd: number | undefined
  private position = 0
  /** Buffers read into and handed on, by their memory, until the destination has written them. */
  private readonly lent = new Map<ArrayBufferLike, Buffer>()
  private readonly free: Buffer[] = []
  /** A read is under way: the descriptor is closed only after it (its number could be another file's by then). */
  private reading = false
  private closeAfterRead: (() => void) | undefined

  constructor(private readonly file: string) {
    super({ highWaterMark: CHUNK_BYTES })
  }

  /**
   * As `Readable.pipe`: each chunk written with back-pressure, the destination ended at the end,
   * and reading stopped once the destination closes; and each chunk's buffer given back when its
   * write is done.
   */
  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const to = destination as unknown as Writable
    const onData = (chunk: Buffer) => {
      const buffer = this.lent.get(chunk.buffer)
      const written = to.write(chunk, () => buffer && this.giveBack(buffer))
      if (!written) {
        this.pause()
        to.once('drain', () => this.resume())
      }
    }
    this.on('data', onData)
    if (options?.end !== false) this.once('end', () => to.end())
    to.once('close', () => {
      this.off('data', onData)
      this.pause()
    })
    to.emit('pipe', this)
    // Paused until piped, as `Readable.pipe` resumes it.
    this.resume()
    return destination
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file, 'r', (error, fd) => {
      this.fd = fd
      callback(error)
    })
  }

  override _read(): void {
    // Outside Node's small-buffer pool: each is filled whole, and outlives any pool slice.
    const buffer = this.free.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES)
    this.reading = true
    read(this.fd as number, buffer, 0, buffer.length, this.position, (error, bytesRead) => {
      this.reading = false
      if (this.closeAfterRead) {
        this.closeAfterRead()
        return
      }
      if (error) {
        this.destroy(error)
        return
      }
      if (bytesRead === 0) {
        this.giveBack(buffer)
        this.push(null)
        return
      }
      this.position += bytesRead
      this.lent.set(buffer.buffer, buffer)
      this.push(buffer.subarray(0, bytesRead))
    })
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const fd = this.fd
    this.fd = undefined
    if (fd === undefined) {
      callback(error)
      return
    }
    const closing = () => close(fd, () => callback(error))
    if (this.reading) this.closeAfterRead = closing
    else closing()
  }

  private giveBack(buffer: Buffer): void {
    this.lent.delete(buffer.buffer)
    if (this.free.length < KEPT) this.free.push(buffer)
  }
}
