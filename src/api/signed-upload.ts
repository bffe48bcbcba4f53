import { throwIfCancelled } from '../core/cancel.js'
import { isHttpsOrLoopbackHttp } from '../core/loopback.js'
import { withinTimeLimit } from '../core/time-limit.js'
import { ACTION_NAME, ACTION_VERSION } from '../core/version.js'
import { abortableHttpClient, readResponse } from './abortable.js'
import { FileBody } from './file-body.js'
import { MAX_UPLOAD_BYTES } from './constants.js'

/** What an upload host answers is read up to this much: an error document, never more. */
const ANSWER_LIMIT_BYTES = 64 * 1024

export interface SignedUploadAnswer {
  status: number
  text: string
}

/** The host answered before the whole archive was sent: its answer, 2xx or not, does not say it has the archive. */
export class IncompleteUpload extends Error {
  constructor(
    readonly sent: number,
    readonly bytes: number
  ) {
    super(`the host answered after ${sent} of ${bytes} bytes were sent`)
  }
}

/**
 * Why a signed URL must not be used, or undefined when it may: it comes from the control
 * plane's answer, and the archive is only ever sent encrypted (http:// on loopback only,
 * for the simulator) and never with a user name in the URL.
 */
export function signedUrlProblem(url: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'it is not a valid URL'
  }
  if (parsed.username || parsed.password) return 'it carries a user name or password'
  if (isHttpsOrLoopbackHttp(parsed)) return undefined
  return `it is not https:// (${parsed.protocol}//${parsed.host})`
}

/**
 * `PUT` of a file to a signed URL, through the same transport as the control plane's
 * requests (an abortable @actions/http-client request, redirects not followed, the answer
 * read linearly and capped), with its own credential rule: the signature in the URL is
 * the only credential. The headers are these three and nothing else, so no control-plane
 * credential (`X-Api-Key`, `Authorization`, `X-Tenant-Id`) can ever go to the upload host.
 * The file is streamed from disk, in a few buffers used in turn (file-body.ts). Ended by
 * `limitMs` (real time: the upload is real I/O) or `signal`, either aborting the request and
 * its socket (core/time-limit.ts). A 2xx counts only
 * when every byte of the file was handed to the request: a host that answers early has not taken
 * the archive (IncompleteUpload).
 */
export async function putToSignedUrl(
  url: string,
  body: { file: string; bytes: number },
  options: { limitMs: number; idleMs: number; signal?: AbortSignal }
): Promise<SignedUploadAnswer> {
  const headers = {
    'Content-Type': 'application/gzip',
    'Content-Length': String(body.bytes),
    'X-Goog-Content-Length-Range': `0,${MAX_UPLOAD_BYTES}`
  }
  throwIfCancelled(options.signal)
  const source = new FileBody(body.file)
  // The bytes handed to the request: this listener runs just before the pipe's own, which writes
  // the chunk to the request, in the same turn. Not the stream's `end`: that comes after one more
  // read of the file, which a busy thread pool delays past a host that answers the moment the last
  // byte arrives, and a complete upload would count as failed and be sent again.
  let sent = 0
  source.on('data', (chunk: Buffer | string) => (sent += chunk.length))
  // Paused until the request pipes it (pipe resumes it): no chunk is read before it can be sent.
  source.pause()
  // A file that cannot be read ends the try (and, through the time limit's signal, the request),
  // rather than an error no one listens to.
  const unreadable = new Promise<never>((_resolve, reject) => source.once('error', reject))
  unreadable.catch(() => undefined)
  try {
    return await withinTimeLimit(
      async (signal) => {
        const client = abortableHttpClient(`${ACTION_NAME}/${ACTION_VERSION}`, signal, options.idleMs)
        const response = await Promise.race([client.request('PUT', url, source, headers), unreadable])
        const text = await readResponse(response, ANSWER_LIMIT_BYTES)
        const status = response.message.statusCode ?? 0
        if (status >= 200 && status < 300 && sent !== body.bytes) throw new IncompleteUpload(sent, body.bytes)
        return { status, text }
      },
      { limitMs: options.limitMs, signal: options.signal }
    )
  } finally {
    source.destroy()
  }
}
