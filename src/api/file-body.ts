import { close, open, read } from 'node:fs'
import { Readable, type Writable } from 'node:stream'

/** Each read takes this much of the file: the size `fs.createReadStream` reads. */
const CHUNK_BYTES = 64 * 1024
/** Buffers kept for reuse at most: more in flight than this are left to the collector. */
const KEPT = 4

/**
 * A file streamed as a request's body in a few buffers used in turn, so that its upload holds
 * a few hundred KiB, not the file. A fresh buffer per read (as `fs.createReadStream` makes) is
 * freed only when V8 next collects, and an upload makes almost no garbage of its own to prompt
 * that: a 60 MB archive took the process 40 MB up before. A buffer is filled again only once it
 * is known to be written: everything read has left this stream (`readableLength` 0) and the
 * destination it is piped to holds nothing unwritten (`writableLength` 0; a request counts what
 * its socket has not yet written). Where that is not known, a new buffer is read into, as before.
 */
export class FileBody extends Readable {
  private fd: number | undefined
  private position = 0
  /** Buffers read into and handed on, not yet known to be written. */
  private readonly lent: Buffer[] = []
  private readonly free: Buffer[] = []
  private destination: Pick<Writable, 'writableLength'> | undefined
  /** A read is under way: the descriptor is closed only after it (its number could be another file's by then). */
  private reading = false
  private closeAfterRead: (() => void) | undefined

  constructor(private readonly file: string) {
    super({ highWaterMark: CHUNK_BYTES })
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    this.destination = destination as unknown as Pick<Writable, 'writableLength'>
    return super.pipe(destination, options)
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file, 'r', (error, fd) => {
      this.fd = fd
      callback(error)
    })
  }

  override _read(): void {
    const buffer = this.bufferToFill()
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
        this.free.push(buffer)
        this.push(null)
        return
      }
      this.position += bytesRead
      // Never a list that grows with the file: where the destination cannot say what it wrote, the oldest goes to the collector.
      if (this.lent.push(buffer) > KEPT) this.lent.shift()
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

  /** Whether every buffer lent is known to be written, and so may be filled again. */
  private allWritten(): boolean {
    return this.readableLength === 0 && this.destination?.writableLength === 0
  }

  private bufferToFill(): Buffer {
    if (this.allWritten()) this.free.push(...this.lent.splice(0))
    // Outside Node's small-buffer pool: each is filled whole, and outlives any pool slice.
    return this.free.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES)
  }
}
