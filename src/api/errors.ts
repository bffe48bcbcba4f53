import { ActionError, type ErrorKind } from '../core/errors.js'
import { redact } from '../core/masking.js'

export interface ApiErrorDetails {
  /** The HTTP status, when there was a response. */
  status?: number
  hint?: string
  /** Trying again may succeed: a network failure, a time-out, 429 or a 5xx. */
  retryable?: boolean
  /**
   * For a change (POST, PATCH): the control plane may have applied it although the
   * answer says otherwise (time-out, reset, 5xx, or a success whose body was unreadable).
   * Such a change is re-read before it is ever sent again.
   */
  ambiguous?: boolean
  retryAfterMs?: number
}

/** A request the control plane answered with an error, or did not answer. */
export class ApiError extends ActionError {
  readonly status?: number
  readonly retryable: boolean
  readonly ambiguous: boolean
  readonly retryAfterMs?: number

  constructor(kind: ErrorKind, message: string, details: ApiErrorDetails) {
    super(kind, message, details.hint)
    this.name = 'ApiError'
    this.status = details.status
    this.retryable = details.retryable ?? false
    this.ambiguous = details.ambiguous ?? false
    this.retryAfterMs = details.retryAfterMs
  }
}

/** What an operation is, for error messages: "Create deployment `x`". */
export interface OperationLabel {
  label: string
  /** Extra advice for specific statuses of this operation. */
  hints?: Partial<Record<number, string>>
}

const EXCERPT_LENGTH = 200

/**
 * A short, single-line, masked piece of a body that was not what it claimed to be.
 * JSON is not quoted, only sized: a deployment's JSON can hold secret values of
 * other runs that this one could not register for masking.
 */
export function excerpt(body: string): string {
  const trimmed = body.trim()
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return `(${Buffer.byteLength(body)} bytes of JSON, not shown)`
  const flat = redact(body).replace(/\s+/g, ' ').trim()
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat
}

/** Statuses that say "not now" rather than "no": rate limits and server or gateway failures. The retry loop (retry.ts) tries again after them. */
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504])

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status)
}

/**
 * The `detail` of an error body (docs/control-plane.md, Errors): a string, or HTTPValidationError's
 * ValidationError list as `loc: msg` lines. Read by hand rather than with the zod
 * schemas: errors can come before the schemas are loaded, and must never fail to render.
 */
export function renderDetail(body: string): string | undefined {
  let detail: unknown
  try {
    detail = (JSON.parse(body) as { detail?: unknown } | null)?.detail
  } catch {
    return undefined
  }
  // Server text, not without end. Only capped here: each place it is written (log,
  // summary, comment) neutralises it for that place, and `⏎` markers added here would
  // show as typed in the summary and the comment.
  if (typeof detail === 'string') return capped(detail)
  if (!Array.isArray(detail) || !detail.every(isValidationError)) return undefined
  return detail
    .slice(0, MAX_DETAIL_ITEMS)
    .map((e) => `\n  ${capped(`${e.loc.join('.')}: ${e.msg}`)}`)
    .join('')
}

const MAX_DETAIL_LENGTH = 1_000
const MAX_DETAIL_ITEMS = 20

function capped(text: string): string {
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text
}

function isValidationError(value: unknown): value is { loc: Array<string | number>; msg: string } {
  const e = value as { loc?: unknown; msg?: unknown } | null
  return typeof e?.msg === 'string' && Array.isArray(e.loc) && e.loc.every((p) => typeof p === 'string' || typeof p === 'number')
}

function statusHint(status: number, detail: string): string | undefined {
  if (status === 401) return 'Check `api-key` (or `bearer-token`): the control plane did not accept it.'
  if (status === 403 && /workspace/i.test(detail)) {
    return 'Set `tenant-id` to the workspace ID: this credential needs to be told which workspace to act in.'
  }
  if (status === 403) return 'The credential is valid but not allowed to do this; check its permissions and `tenant-id`.'
  if (status === 429) return 'The control plane kept rate-limiting requests; re-run the job in a few minutes.'
  if (status >= 500) return 'The control plane kept failing to handle the request; re-run the job, and report it if it persists.'
  return undefined
}

export function errorFromResponse(
  operation: OperationLabel,
  status: number,
  body: string,
  extra: { mutation: boolean; retryAfterMs?: number }
): ApiError {
  const detail = renderDetail(body)
  const shown = detail !== undefined ? redact(detail) : body.trim() ? `(unexpected body) ${excerpt(body)}` : '(empty body)'
  const separator = shown.startsWith('\n') ? '' : ' '
  const retryable = isRetryableStatus(status)
  return new ApiError(status === 404 ? 'not-found' : 'api-refused', `${operation.label} failed with HTTP ${status}:${separator}${shown}`, {
    status,
    hint: operation.hints?.[status] ?? statusHint(status, detail ?? ''),
    retryable,
    // A rate limit is refused before any work; a 5xx may come after the work was done.
    ambiguous: extra.mutation && retryable && status !== 429,
    retryAfterMs: extra.retryAfterMs
  })
}

/** The control plane answered 404: what was asked for does not exist, or no longer does. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** What `read` gives, or undefined when the control plane answered 404; any other error is thrown. */
export async function unlessNotFound<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
}
