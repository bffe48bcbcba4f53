/**
 * Reading a small file through its descriptor to its end, up to a cap, into a buffer the size
 * its `fstat` gave (one byte more, to see a file that grew since), grown only when it did grow:
 * a buffer of the cap for each file (1 MiB, zeroed) cost more than reading the file, for the
 * few hundred bytes an ignore file or a config holds.
 */

/** What one read gives: the bytes read into `buffer` from `offset` (0 at the end of the file). */
type ReadInto<R> = (buffer: Buffer, offset: number, length: number) => R

/** The file's bytes, or undefined once it holds more than `capBytes`. */
export function readToEndSync(read: ReadInto<number>, sizeHint: number, capBytes: number): Buffer | undefined {
  let buffer: Buffer = Buffer.allocUnsafe(Math.min(sizeHint, capBytes) + 1)
  let length = 0
  for (;;) {
    if (length === buffer.length) buffer = grown(buffer, capBytes)
    const bytesRead = read(buffer, length, buffer.length - length)
    if (bytesRead === 0) return buffer.subarray(0, length)
    length += bytesRead
    if (length > capBytes) return undefined
  }
}

/** As readToEndSync, through reads that answer later (a `FileHandle`'s). */
export async function readToEnd(read: ReadInto<Promise<number>>, sizeHint: number, capBytes: number): Promise<Buffer | undefined> {
  let buffer: Buffer = Buffer.allocUnsafe(Math.min(sizeHint, capBytes) + 1)
  let length = 0
  for (;;) {
    if (length === buffer.length) buffer = grown(buffer, capBytes)
    const bytesRead = await read(buffer, length, buffer.length - length)
    if (bytesRead === 0) return buffer.subarray(0, length)
    length += bytesRead
    if (length > capBytes) return undefined
  }
}

/** A full buffer's bytes in one twice as large (at least 64 KiB), never beyond one byte over the cap. */
function grown(buffer: Buffer, capBytes: number): Buffer {
  const next = Buffer.allocUnsafe(Math.min(capBytes + 1, Math.max(buffer.length * 2, 64 * 1024)))
  buffer.copy(next)
  return next
}
