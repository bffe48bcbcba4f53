import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { readToEndSync } from '../../core/read-to-end.js'
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
    const opened = fd
    const bytes = readToEndSync((buffer, offset, length) => readSync(opened, buffer, offset, length, null), stats.size, READ_CAP_BYTES)
    return bytes === undefined ? undefined : decodeText(bytes)
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
