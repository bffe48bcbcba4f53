import type { Log } from '../core/log.js'
import { redact, REDACTED } from '../core/masking.js'
import type { PlannedRequest } from '../core/request.js'

export type { PlannedRequest }

/**
 * The body as indented JSON with every secret value shown as `***`. `secrets` values
 * are hidden by position, not only by registration, so that a value too short for
 * redact() (or one the runner never saw) is hidden all the same.
 */
export function renderBody(body: unknown): string {
  return redact(JSON.stringify(hideSecretValues(body), null, 2))
}

function hideSecretValues(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const record = body as Record<string, unknown>
  if (!Array.isArray(record.secrets)) return body
  return {
    ...record,
    // Empty values never get here: `secrets` refuses them, on a dry run as on a real one.
    secrets: record.secrets.map((secret: unknown) => (secret && typeof secret === 'object' ? { ...secret, value: REDACTED } : REDACTED))
  }
}

export function requestLine(request: PlannedRequest): string {
  return redact(`${request.method} ${request.path}`)
}

/** The plan in a collapsible log group: each request line, then its body. */
export function printPlan(requests: readonly PlannedRequest[], log: Log): void {
  if (requests.length === 0) {
    log.info('Dry run: nothing would be sent; the control plane already matches the inputs.')
    return
  }
  log.startGroup(
    `Dry run: ${requests.length === 1 ? 'the request' : `the ${requests.length} requests`} this run would send (nothing was sent)`
  )
  for (const request of requests) {
    log.info(requestLine(request))
    // One line at a time: the log flattens line breaks (JSON keeps those inside values escaped).
    if (request.body !== undefined) for (const line of renderBody(request.body).split('\n')) log.info(line)
  }
  log.endGroup()
}
