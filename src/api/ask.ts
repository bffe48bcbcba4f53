import type { OutgoingHttpHeaders } from 'node:http'
import { CancelledError } from '../core/cancel.js'
import { formatDuration, type Clock } from '../core/clock.js'
import { startTimeLimit } from '../core/time-limit.js'
import { ACTION_NAME, ACTION_VERSION } from '../core/version.js'
import { abortableHttpClient, readResponse, retryAfterOf } from './abortable.js'
import { BodyTooLarge, formatBytes } from './body.js'

/**
 * One request, given up on at its limit, for whoever the caller trusts with it: the deployed
 * agent server (operations/agent-server/agent-server.ts, which decides where its requests may go and with
 * which credential) and LangSmith (operations/langsmith/upload.ts). Nothing here decides a
 * host or adds a header of ours but `Accept` and `Content-Type`: the caller's endpoint carries
 * both. The rules every such request keeps, in one place:
 * - no redirect followed (a credential would go along to wherever it points);
 * - the body read capped, or not read at all;
 * - every attempt bounded in time and aborted (its socket closed) when given up on;
 * - the runner's proxy settings (`https_proxy`, `no_proxy`).
 * Its transport is the control-plane client's (abortable.ts, @actions/http-client), so both keep
 * these rules the same way; Octokit is for GitHub only.
 */

export interface AskRequest {
  method: 'GET' | 'POST'
  /** A JSON body (POST). */
  json?: unknown
  /** The longest this attempt may take, in real time (a request is real I/O, whatever the clock). */
  limitMs: number
  /** The workflow's cancellation: aborts the request, and the call throws CancelledError. */
  signal?: AbortSignal
  /** The most of the body to read; 0 reads none (the status is the answer). */
  maxBytes: number
  /**
   * Whose time `limitMs` is measured in: real time unless the clock measures limits itself (a
   * test's virtual clock, so that a run held by the simulator is given up on in no real time).
   */
  clock?: Clock
}

/** What came back: a status (and the body, when read and within the cap), or no answer and why. */
export type Answer =
  /** `retryAfter`: the `Retry-After` header as sent (a 429's or a 503's wait), unparsed. */
  | { answered: true; status: number; body?: string; bodyProblem?: string; retryAfter?: string }
  /**
   * `refused`: the connection was refused, so the server never saw the request (safe to send again).
   * `status`: the server had answered with it and was still sending the body (an agent server
   * streams keep-alive whitespace while a run works) when the limit passed or the body broke off.
   * `timedOut`: the attempt's limit passed (`what` says so): unlike a failed connection, the request
   * may have arrived and been acted on.
   */
  | { answered: false; what: string; refused: boolean; status?: number; timedOut?: true }

/** One request to `endpoint` (its URL and every header of the caller's). Never throws but on cancellation. */
export async function ask(endpoint: { url: string; headers: OutgoingHttpHeaders }, request: AskRequest): Promise<Answer> {
  // Real time unless the clock measures limits itself (a test's virtual clock): a request is real I/O.
  const limit = startTimeLimit({ limitMs: request.limitMs, signal: request.signal, clock: request.clock })
  const started: { status?: number } = {}
  try {
    return await send(endpoint, request, limit.signal, started)
  } catch (error) {
    if (request.signal?.aborted) throw new CancelledError()
    const status = started.status === undefined ? {} : { status: started.status }
    // Headers came and the body did not end: the server was working (keep-alives), it gave no result in time.
    if (limit.signal.aborted)
      return {
        answered: false,
        what: `no ${started.status === undefined ? 'answer' : 'result'} within ${formatDuration(request.limitMs)}`,
        refused: false,
        timedOut: true,
        ...status
      }
    const code = (error as { code?: string }).code
    return { answered: false, what: `no answer (${code ?? (error as Error).message})`, refused: code === 'ECONNREFUSED', ...status }
  } finally {
    limit.end()
  }
}

/**
 * One attempt through the control-plane client's transport (api/abortable.ts: @actions/http-client
 * with the runner's proxy settings, no redirect followed, aborted by `signal`), its body read by the
 * same capped reader. The attempt's own limit is also its idle limit: in real time the abort comes
 * first, so the socket's timeout only stands in for the one @actions/http-client would set itself.
 */
async function send(
  endpoint: { url: string; headers: OutgoingHttpHeaders },
  request: AskRequest,
  signal: AbortSignal,
  started: { status?: number }
): Promise<Answer> {
  const body = request.json === undefined ? null : JSON.stringify(request.json)
  const headers: OutgoingHttpHeaders = {
    ...(request.maxBytes > 0 ? { Accept: 'application/json' } : {}),
    ...(body === null ? {} : { 'Content-Type': 'application/json' }),
    ...endpoint.headers
  }
  const client = abortableHttpClient(`${ACTION_NAME}/${ACTION_VERSION}`, signal, Math.max(1, request.limitMs))
  // A 3xx is an answer like any other: the client follows no redirect.
  const response = await client.request(request.method, endpoint.url, body, headers)
  const status = response.message.statusCode ?? 0
  started.status = status
  const header = retryAfterOf(response)
  const retryAfter = header === undefined ? {} : { retryAfter: header }
  if (request.maxBytes <= 0) {
    response.message.destroy()
    return { answered: true, status, ...retryAfter }
  }
  try {
    return { answered: true, status, body: await readResponse(response, request.maxBytes), ...retryAfter }
  } catch (error) {
    // The body reader rejects with Errors only.
    if (signal.aborted) throw error
    if (error instanceof BodyTooLarge)
      return { answered: true, status, bodyProblem: `the answer was larger than ${formatBytes(request.maxBytes)}, so it was not read` }
    return { answered: true, status, bodyProblem: `the answer broke off (${(error as Error).message})` }
  }
}
