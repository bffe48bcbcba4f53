import { HttpClient, type HttpClientResponse } from '@actions/http-client'
import type { RequestHandler } from '@actions/http-client/lib/interfaces'
import type { IncomingMessage, RequestOptions } from 'node:http'
import { systemStore } from '../core/system-ca.js'
import { readBodyCapped } from './body.js'

/**
 * An HttpClient whose requests end when `signal` aborts. @actions/http-client does not
 * take a signal, but it lets a handler amend the options passed to Node's
 * `http.request`, which does: an abort destroys the request and its socket, whether
 * the answer has not started, or is still arriving. Without this, a request the action
 * gave up on (its time limit, the deadline, cancellation) keeps its socket, and the
 * process, alive for as long as the server keeps it open.
 *
 * One client per request, since the signal is per request. Cheap: no keep-alive, so
 * there is no pool worth sharing.
 */
export function abortableHttpClient(userAgent: string, signal: AbortSignal, socketTimeoutMs: number): HttpClient {
  const abortOn: RequestHandler = {
    prepareRequest: (options: RequestOptions) => {
      options.signal = signal
    },
    canHandleAuthentication: () => false,
    handleAuthentication: () => Promise.reject(new Error('not used'))
  }
  const client = new HttpClient(userAgent, [abortOn], {
    // Redirects are not followed: @actions/http-client would forward credentials to the host a redirect names.
    allowRedirects: false,
    socketTimeout: socketTimeoutMs
  })
  // Sent again once with the system's authorities when the first fails on one Node's list lacks
  // (core/system-ca.ts); a streamed body (the signed upload's archive) is not: it may be half read.
  const request = client.request.bind(client)
  client.request = (verb, requestUrl, data, headers) =>
    data === null || typeof data === 'string'
      ? systemStore.send(() => request(verb, requestUrl, data, headers))
      : request(verb, requestUrl, data, headers)
  return client
}

/**
 * The body of a response, read linearly and capped (see body.ts). No abort listener of its
 * own: the request's signal (abortableHttpClient) destroys the response too, which ends the
 * read with an error. A substitute response without a stream (tests) is read through its
 * own readBody.
 */
export async function readResponse(response: HttpClientResponse, limitBytes?: number): Promise<string> {
  const message = response.message as IncomingMessage | undefined
  if (typeof message?.on !== 'function') return response.readBody()
  return readBodyCapped(message, limitBytes)
}

/** The answer's `Retry-After`, as given (Node gives it as a string; `flat` takes the first of a list too, should a substitute response give one). */
export function retryAfterOf(response: HttpClientResponse): string | undefined {
  return [response.message.headers?.['retry-after']].flat()[0]
}
