import { BodyTooLarge, MAX_BODY_BYTES } from '../api/body.js'

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
    const response = await inner(input, init)
    const body = await readCapped(response, limitBytes)
    // 204, 205 and 304 may carry no body at all, not even an empty one.
    const capped = new Response(body === null || [204, 205, 304].includes(response.status) ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers
    })
    Object.defineProperty(capped, 'url', { value: response.url })
    return capped
  }
}

/** The whole body, in time linear in its size; chunks are joined once. */
async function readCapped(response: Response, limitBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!response.body) return null
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limitBytes) {
    void response.body.cancel().catch(() => undefined)
    throw new BodyTooLarge(limitBytes)
  }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    // A request aborted (its time limit, the budget) errors the stream: this read rejects.
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limitBytes) {
      void reader.cancel().catch(() => undefined)
      throw new BodyTooLarge(limitBytes)
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}
