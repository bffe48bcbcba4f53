import type { IncomingMessage } from 'node:http'

/**
 * The largest response body the action reads: 32 MiB. The largest answer the action asks
 * for is a list page of at most 100 deployments (or 100 log entries); even with large
 * secrets-free configs that is a few MiB at most, so 32 MiB leaves an order of magnitude
 * of room for an honest server while keeping a hostile or broken one (an endless body, a
 * proxy serving a file) from growing the runner's memory without end. Parsing 32 MiB of
 * JSON takes well under a second.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024

/** A response body over the cap; the caller turns it into an ApiError naming the request. */
export class BodyTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`the response exceeded ${formatBytes(limitBytes)}`)
    this.name = 'BodyTooLarge'
  }
}

/** `32 MiB`, `1.5 MiB`, `820 KiB`: one decimal below ten units, where rounding would hide half of it. */
export function formatBytes(bytes: number): string {
  const inUnit = (size: number, unit: string) => `${size < 10 ? Math.round(size * 10) / 10 : Math.round(size)} ${unit}`
  if (bytes >= 1024 * 1024) return inUnit(bytes / (1024 * 1024), 'MiB')
  if (bytes >= 1024) return inUnit(bytes / 1024, 'KiB')
  return `${bytes} bytes`
}

/**
 * Reads a body as UTF-8 text in time linear in its size: chunks are collected and
 * joined once (@actions/http-client's readBody copies the whole buffer on every
 * chunk, which is quadratic). Stops at `limitBytes`, destroying the stream (and so its
 * socket) rather than reading on: a declared Content-Length over the cap fails at once.
 */
export function readBodyCapped(message: IncomingMessage, limitBytes: number = MAX_BODY_BYTES): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const declared = Number(message.headers?.['content-length'])
    if (Number.isFinite(declared) && declared > limitBytes) {
      message.destroy()
      reject(new BodyTooLarge(limitBytes))
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const finish = (error?: Error) => {
      if (settled) return
      settled = true
      message.off('data', onData)
      if (error) reject(error)
      else resolve(Buffer.concat(chunks, size).toString('utf8'))
    }
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      size += buffer.length
      if (size > limitBytes) {
        message.destroy()
        finish(new BodyTooLarge(limitBytes))
        return
      }
      chunks.push(buffer)
    }
    message.on('data', onData)
    message.once('end', () => finish())
    message.once('error', (error) => finish(error))
    // Destroyed from outside (the request was aborted): no 'end' will come.
    message.once('close', () => {
      if (!message.complete) finish(new Error('the connection closed before the whole response arrived'))
    })
  })
}
