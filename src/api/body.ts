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

/** A body arriving in chunks: a Node response, or a fetch Response's web stream. */
export interface ChunkedBody {
  chunks: AsyncIterable<Uint8Array | string>
  /** The Content-Length header, if any. */
  declaredLength: string | null | undefined
  /** Stops reading: destroys the stream (and so its socket), or cancels it. */
  abandon(): void
}

/**
 * The one capped reader, for the control plane's answers (a Node response) and GitHub's (a
 * fetch Response, github/capped-fetch.ts). Reads in time linear in the body's size: chunks are
 * collected and joined once (@actions/http-client's readBody copies the whole buffer on every
 * chunk, which is quadratic). Stops at `limitBytes`, abandoning the body rather than reading
 * on: a declared Content-Length over the cap fails before a byte is read. A body ended from
 * outside (its request aborted) or cut off rejects.
 */
export async function readCapped(body: ChunkedBody, limitBytes: number = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(body.declaredLength ?? undefined)
  if (Number.isFinite(declared) && declared > limitBytes) {
    body.abandon()
    throw new BodyTooLarge(limitBytes)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body.chunks) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    size += buffer.length
    if (size > limitBytes) {
      body.abandon()
      throw new BodyTooLarge(limitBytes)
    }
    chunks.push(buffer)
  }
  return Buffer.concat(chunks, size)
}

/** A Node response's body as UTF-8 text, through the capped reader. */
export async function readBodyCapped(message: IncomingMessage, limitBytes: number = MAX_BODY_BYTES): Promise<string> {
  const text = await readCapped(
    { chunks: message, declaredLength: message.headers?.['content-length'], abandon: () => message.destroy() },
    limitBytes
  )
  return text.toString('utf8')
}
