import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { decodeText } from './text.js'

/** A module or `package.json` larger than this is not read (its warnings are skipped, never guessed). */
export const READ_CAP_BYTES = 1024 * 1024

/**
 * A small regular file's text, read through one descriptor up to the cap; undefined when it
 * is not a regular file, is larger, or cannot be read. Never follows a final symbolic link.
 */
export function readCapped(file: string): string | undefined {
  let fd: number | undefined
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0))
    const stats = fstatSync(fd)
    if (!stats.isFile() || stats.size > READ_CAP_BYTES) return undefined
    const buffer = Buffer.alloc(READ_CAP_BYTES + 1)
    let length = 0
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null)
      if (read === 0) break
      length += read
      if (length > READ_CAP_BYTES) return undefined
    }
    return decodeText(buffer.subarray(0, length))
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
