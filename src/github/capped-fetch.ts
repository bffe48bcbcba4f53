import { MAX_BODY_BYTES, readCapped } from '../api/body.js'
import { systemStore } from '../core/system-ca.js'

/**
 * Octokit reads every answer whole (`response.text()`), however large, and swallows a
 * failed read as an empty body. So the fetch it is given reads the body first, through
 * the same cap as the control plane's answers (api/body.ts): past the cap the body is
 * cancelled (closing the connection) and the fetch fails, which Octokit passes on as a
 * failed request. The cap is the control plane's 32 MiB, not less: a page of 100 pull
 * request comments at GitHub's 65,536-character limit can be ~20 MiB of honest JSON.
 * The cap counts decoded bytes, so a compressed body is held to it too.
 */
export function cappedFetch(inner: typeof fetch, limitBytes: number = MAX_BODY_BYTES): typeof fetch {
  return async (input, init) => {
    // GitHub's API behind a TLS-terminating firewall: the system's authorities, read once (core/system-ca.ts).
    const body = init?.body
    const resend = body === undefined || body === null || typeof body === 'string'
    const response = resend ? await systemStore.send(() => inner(input, init)) : await inner(input, init)
    const read = await readBody(response, limitBytes)
    // 204, 205 and 304 may carry no body at all, not even an empty one.
    const capped = new Response(read === null || [204, 205, 304].includes(response.status) ? null : read, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers
    })
    Object.defineProperty(capped, 'url', { value: response.url })
    return capped
  }
}

/** The whole body through the control plane's capped reader; null when there is none. */
async function readBody(response: Response, limitBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const body = response.body
  if (!body) return null
  const read = await readCapped(
    {
      // A request aborted (its time limit, the budget) errors the stream: the read rejects.
      chunks: body,
      declaredLength: response.headers.get('content-length'),
      abandon: () => void body.cancel().catch(() => undefined)
    },
    limitBytes
  )
  // A view of the same bytes, not a second copy of up to the cap.
  return new Uint8Array(read.buffer as ArrayBuffer, read.byteOffset, read.byteLength)
}
