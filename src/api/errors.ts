import { ActionError, type ErrorKind } from '../errors.js'
import { redact } from '../masking.js'
import { DetailTextSchema, HttpValidationErrorSchema } from './schemas.js'

/** A request the control plane answered with an error, or did not answer. */
export class ApiError extends ActionError {
  constructor(
    kind: ErrorKind,
    readonly operation: string,
    readonly status: number | undefined,
    message: string,
    hint?: string
  ) {
    super(kind, message, hint)
    this.name = 'ApiError'
  }
}

/** What an operation is, for error messages: "Create deployment `x`". */
export interface OperationLabel {
  label: string
  /** Extra advice for specific statuses of this operation. */
  hints?: Partial<Record<number, string>>
}

const EXCERPT_LENGTH = 200

/** A short, single-line, masked piece of a body that was not what it claimed to be. */
export function excerpt(body: string): string {
  const flat = redact(body).replace(/\s+/g, ' ').trim()
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat
}

/** The `detail` of an error body: a string, or 422 `loc: msg` lines. */
export function renderDetail(body: string): string | undefined {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return undefined
  }
  const validation = HttpValidationErrorSchema.safeParse(json)
  if (validation.success) {
    return validation.data.detail.map((e) => `\n  ${e.loc.join('.')}: ${e.msg}`).join('')
  }
  const text = DetailTextSchema.safeParse(json)
  return text.success ? text.data.detail : undefined
}

function statusHint(status: number, detail: string): string | undefined {
  if (status === 401) return 'Check `api-key` (or `bearer-token`): the control plane did not accept it.'
  if (status === 403 && /workspace/i.test(detail)) {
    return 'Set `tenant-id` to the workspace ID: this credential needs to be told which workspace to act in.'
  }
  if (status === 403) return 'The credential is valid but not allowed to do this; check its permissions and `tenant-id`.'
  if (status === 429) return 'The control plane is rate-limiting requests; re-run the job in a few minutes.'
  if (status >= 500) return 'The control plane failed to handle the request; re-run the job, and report it if it persists.'
  return undefined
}

export function errorFromResponse(operation: OperationLabel, status: number, body: string): ApiError {
  const detail = renderDetail(body)
  const shown = detail !== undefined ? redact(detail) : body.trim() ? `(unexpected body) ${excerpt(body)}` : '(empty body)'
  const separator = shown.startsWith('\n') ? '' : ' '
  const kind: ErrorKind = status === 404 ? 'not-found' : 'api-refused'
  return new ApiError(
    kind,
    operation.label,
    status,
    `${operation.label} failed with HTTP ${status}:${separator}${shown}`,
    operation.hints?.[status] ?? statusHint(status, detail ?? '')
  )
}
