import type { HttpClient } from '@actions/http-client'
import type { OutgoingHttpHeaders } from 'node:http'
import type { z } from 'zod'
import { CancelledError } from '../core/cancel.js'
import { formatDuration, realClock, type Clock } from '../core/clock.js'
import type { Connection } from '../core/connection.js'
import { firstLine } from '../core/errors.js'
import { registerReadSecret } from '../core/masking.js'
import type { RequestDescription } from '../core/request.js'
import { DEFAULT_REQUEST_LIMIT_MS } from '../core/run-context.js'
import type { Stop } from '../core/stop.js'
import { TimeLimitReached, withinTimeLimit } from '../core/time-limit.js'
import { ACTION_NAME, ACTION_VERSION } from '../core/version.js'
import { abortableHttpClient, readResponse, retryAfterOf } from './abortable.js'
import { BodyTooLarge, formatBytes } from './body.js'
import { ApiError, errorFromResponse, excerpt, isNotFound, type OperationLabel } from './errors.js'
import { requests, type ListDeploymentsQuery, type ListRevisionsQuery, type RevisionLogsQuery } from './requests.js'
import { neverSent, parseRetryAfter, READ_RETRY, retrying, type RetryPolicy } from './retry.js'
import type {
  CreateDeploymentRequest,
  Deployment,
  DeploymentsList,
  Listener,
  LogsPage,
  PatchDeploymentRequest,
  PushToken,
  Revision,
  RevisionsList,
  UploadUrl
} from './schemas.js'

type Schemas = typeof import('./schemas.js')
/** Picks the schema that reads an operation's answer. */
type SchemaOf<T> = (schemas: Schemas) => z.ZodType<T>

/**
 * zod and the schemas are loaded when the first answer arrives, not at start-up:
 * the first request goes out sooner, on every run.
 */
let schemas: Promise<Schemas> | undefined
function loadSchemas(): Promise<Schemas> {
  schemas ??= import('./schemas.js')
  return schemas
}

/** The part of HttpClient the client uses, so tests can substitute it. */
export type Requester = Pick<HttpClient, 'request'>

export { segment } from './requests.js'
export type { ListDeploymentsQuery, ListRevisionsQuery, RevisionLogsQuery }

/** The run's clock, cancel and deadline (by which all waiting must be over: retries never sleep past it), each optional. */
export interface ClientOptions extends Partial<Stop> {
  http?: Requester
  /** The longest one request may take: the run context's request limit (DEFAULT_REQUEST_LIMIT_MS when not given). */
  requestTimeoutMs?: number
  retry?: RetryPolicy
  random?: () => number
  /** Where retries are announced. */
  log?: (line: string) => void
}

/** Logs are a courtesy: one try and a short limit, so a slow logs endpoint never holds up the status checks. */
const LOGS_RETRY: RetryPolicy = { maxAttempts: 1, baseMs: 250, capMs: 1_000 }
export const LOGS_TIME_LIMIT_MS = 3_000

/** The shortest time limit a request gets, even right at the deadline. */
const MIN_REQUEST_MS = 1_000

interface Exchange {
  status: number
  text: string
  retryAfter?: string
}

/**
 * The control plane's HTTP API.
 *
 * Reads and deletes are retried on network failures, time-outs, 429 and 5xx, honouring
 * `Retry-After`, within the deadline. Changes (POST, PATCH) are sent once per call:
 * whether to send one again depends on whether it took effect, which only the
 * caller can find out (see operations/control-plane/apply.ts); their errors say whether that is in doubt.
 *
 * Credentials are sent per request, never set on the HttpClient, and redirects are
 * not followed: @actions/http-client would forward `X-Api-Key` and `Authorization`
 * to whatever host a redirect names.
 */
export class ControlPlaneClient {
  /** A substitute for tests; by default each request gets its own abortable HttpClient. */
  private readonly http: Requester | undefined
  private readonly clock: Clock
  private readonly requestTimeoutMs: number

  constructor(
    private readonly connection: Connection,
    private readonly options: ClientOptions = {}
  ) {
    this.clock = options.clock ?? realClock
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_LIMIT_MS
    this.http = options.http
  }

  private requester(signal: AbortSignal): Requester {
    // The idle limit is the request's limit too, as a second line behind the abort.
    return this.http ?? abortableHttpClient(`${ACTION_NAME}/${ACTION_VERSION}`, signal, this.requestTimeoutMs)
  }

  listDeployments(query: ListDeploymentsQuery): Promise<DeploymentsList> {
    return this.send({ label: 'List deployments' }, requests.listDeployments(query), (s) => s.DeploymentsListSchema)
  }

  getDeployment(deploymentId: string): Promise<Deployment> {
    return this.send(
      {
        label: `Get deployment ${deploymentId}`,
        hints: { 404: 'Check `deployment-id`, or look the deployment up by `name` instead.' }
      },
      requests.getDeployment(deploymentId),
      (s) => s.DeploymentSchema
    )
  }

  createDeployment(body: CreateDeploymentRequest): Promise<Deployment> {
    return this.send(
      {
        label: `Create deployment \`${body.name}\``,
        hints: {
          409:
            'Creating a deployment also creates a tracing project of the same name, and one by this name still exists ' +
            '(often left by a deployment deleted without its tracing project). Delete that tracing project, or choose another `name`.'
        }
      },
      requests.createDeployment(body),
      (s) => s.DeploymentSchema
    )
  }

  patchDeployment(deploymentId: string, body: PatchDeploymentRequest): Promise<Deployment> {
    return this.send(
      { label: `Update deployment ${deploymentId}` },
      requests.patchDeployment(deploymentId, body),
      (s) => s.DeploymentSchema
    )
  }

  /**
   * Sent again like a read when it fails, since deleting twice deletes once. A 404 on a
   * try after one whose outcome is in doubt means that one went through: it resolves.
   */
  deleteDeployment(deploymentId: string, deleteTracingProject: boolean): Promise<void> {
    return this.send(
      { label: `Delete deployment ${deploymentId}` },
      requests.deleteDeployment(deploymentId, deleteTracingProject),
      NO_CONTENT,
      { goneAfterDoubt: true }
    )
  }

  /** What a dry run of delete-listener reads: whether the listener exists (404 if not). */
  getListener(listenerId: string): Promise<Listener> {
    return this.send(
      { label: `Get listener ${listenerId}`, hints: LISTENER_HINTS },
      requests.getListener(listenerId),
      (s) => s.ListenerSchema
    )
  }

  /** As deleteDeployment: retried, and a 404 after a doubtful try resolves. */
  deleteListener(listenerId: string): Promise<void> {
    return this.send({ label: `Delete listener ${listenerId}`, hints: LISTENER_HINTS }, requests.deleteListener(listenerId), NO_CONTENT, {
      goneAfterDoubt: true
    })
  }

  getRevision(deploymentId: string, revisionId: string): Promise<Revision> {
    return this.send({ label: `Get revision ${revisionId}` }, requests.getRevision(deploymentId, revisionId), (s) => s.RevisionSchema)
  }

  /** One page of a deployment's revisions, newest first. */
  listRevisions(deploymentId: string, query: ListRevisionsQuery): Promise<RevisionsList> {
    return this.send(
      { label: `List revisions of deployment ${deploymentId}` },
      requests.listRevisions(deploymentId, query),
      (s) => s.RevisionsListSchema
    )
  }

  /**
   * Makes a new revision from `revisionId`'s settings (no body); the answer's
   * `latest_revision_id` names it. Sent once per call, like a create: see operations/control-plane/apply.ts.
   */
  redeployRevision(deploymentId: string, revisionId: string): Promise<Deployment> {
    return this.send(
      {
        label: `Redeploy revision ${revisionId}`,
        hints: { 404: 'Check `name` / `deployment-id` and `rollback-to`: the control plane knows no such deployment or revision.' }
      },
      requests.redeployRevision(deploymentId, revisionId),
      (s) => s.DeploymentSchema
    )
  }

  /**
   * A password for the deployment's image registry (no body). It changes nothing on the
   * control plane, so a failed try is sent again like a read. The answer holds a secret:
   * the caller registers it before anything can print it.
   */
  pushToken(deploymentId: string): Promise<PushToken> {
    return this.send(
      {
        label: `Get a push token for deployment ${deploymentId}`,
        hints: {
          400:
            'The managed registry takes images only for deployments whose source is `internal_docker`: set `name` (or `deployment-id`) ' +
            'to such a deployment, or choose a new `name` and `registry-login` creates one with that source.',
          404: 'Check `deployment-id`, or look the deployment up by `name` instead.'
        }
      },
      requests.pushToken(deploymentId),
      (s) => s.PushTokenSchema,
      { repeatable: true }
    )
  }

  /**
   * A signed URL to upload a source archive to, and the object path the patch then names.
   * Asking again only makes another URL, so it is retried like a read.
   */
  requestUploadUrl(deploymentId: string): Promise<UploadUrl> {
    return this.send(
      {
        label: `Get an upload URL for deployment ${deploymentId}`,
        hints: { 400: 'Upload URLs exist only for `internal_source` deployments: check `name` / `deployment-id` and `revision-source`.' }
      },
      requests.requestUploadUrl(deploymentId),
      (s) => s.UploadUrlSchema,
      { repeatable: true }
    )
  }

  getRevisionLogs(deploymentId: string, revisionId: string, query: RevisionLogsQuery): Promise<LogsPage> {
    return this.send(
      { label: `Get ${query.type} logs of revision ${revisionId}` },
      requests.getRevisionLogs(deploymentId, revisionId, query),
      (s) => s.LogsPageSchema,
      { retry: LOGS_RETRY, timeoutMs: LOGS_TIME_LIMIT_MS }
    )
  }

  private async send<T>(
    operation: OperationLabel,
    request: RequestDescription,
    schema: SchemaOf<T> | typeof NO_CONTENT,
    options: SendOptions = {}
  ): Promise<T> {
    const mutation = request.method !== 'GET'
    // Sending a DELETE twice has the effect of sending it once, so it is retried like a read.
    const repeatable = options.repeatable ?? (request.method === 'GET' || request.method === 'DELETE')
    const policy = options.retry ?? this.options.retry ?? READ_RETRY
    let doubtful = false
    return retrying<T>(
      {
        policy,
        clock: this.clock,
        deadline: this.options.deadline,
        signal: this.options.signal,
        random: this.options.random,
        announce: (error, waitMs, next) =>
          this.options.log?.(`${firstLine(error)} Retrying in ${formatDuration(waitMs)} (attempt ${next} of ${policy.maxAttempts}).`)
      },
      async () => {
        try {
          return { done: await this.attempt(operation, request, schema, options, mutation) }
        } catch (caught) {
          if (!(caught instanceof ApiError)) throw caught
          if (options.goneAfterDoubt && doubtful && isNotFound(caught)) {
            this.options.log?.(`${operation.label}: the earlier try went through (now answered HTTP 404, gone).`)
            return { done: undefined as T }
          }
          doubtful ||= caught.ambiguous
          if (!repeatable || !caught.retryable) throw caught
          return { retry: caught }
        }
      }
    )
  }

  /** One request and its answer, as a value or a classified ApiError. */
  private async attempt<T>(
    operation: OperationLabel,
    request: RequestDescription,
    schema: SchemaOf<T> | typeof NO_CONTENT,
    options: SendOptions,
    mutation: boolean
  ): Promise<T> {
    const url = `${this.connection.baseUrl}${request.path}`
    const body = request.body === undefined ? null : JSON.stringify(request.body)
    let answer: Exchange
    try {
      answer = await this.exchange(request.method, url, body, this.headers(body !== null), this.timeLimit(options.timeoutMs))
    } catch (error) {
      if (error instanceof CancelledError) throw error
      if (error instanceof BodyTooLarge) throw this.tooLarge(operation, request, error, mutation)
      throw this.transportError(operation, error, mutation)
    }
    const { status, text } = answer
    if (status >= 300 && status < 400) {
      throw new ApiError(
        'api-refused',
        `${operation.label} was answered with a redirect (HTTP ${status}), which the action does not follow so that credentials stay with the control plane.`,
        {
          status,
          hint: 'Set `control-plane-url` to the URL the control plane serves its API on (the redirect target).'
        }
      )
    }
    if (status < 200 || status >= 300) {
      throw errorFromResponse(operation, status, text, {
        mutation,
        retryAfterMs: parseRetryAfter(answer.retryAfter, Date.now())
      })
    }
    if (schema === NO_CONTENT) return undefined as T
    return this.parse(operation, status, text, schema)
  }

  /** A request's limit: its own, but never far past the step's deadline. */
  private timeLimit(own: number | undefined): number {
    const limit = own ?? this.requestTimeoutMs
    if (this.options.deadline === undefined) return limit
    return Math.min(limit, Math.max(MIN_REQUEST_MS, this.options.deadline - this.clock.now()))
  }

  /**
   * One request, ended by its time limit (on the client's clock) or the run's cancellation
   * (core/time-limit.ts). What was sent goes on on the control plane.
   */
  private exchange(method: string, url: string, body: string | null, headers: OutgoingHttpHeaders, limitMs: number): Promise<Exchange> {
    return withinTimeLimit(
      async (signal) => {
        const response = await this.requester(signal).request(method, url, body, headers)
        const text = await readResponse(response)
        return { status: response.message.statusCode ?? 0, text, retryAfter: retryAfterOf(response) }
      },
      { limitMs, signal: this.options.signal, clock: this.clock }
    )
  }

  private tooLarge(operation: OperationLabel, request: RequestDescription, error: BodyTooLarge, mutation: boolean): ApiError {
    // The path without its query: the error reads as the operation, not its parameters.
    const path = request.path.split('?')[0]
    const method = request.method
    return new ApiError(
      'bad-response',
      `${operation.label} failed: the control plane's response to ${method} ${path} exceeded ${formatBytes(error.limitBytes)}, ` +
        'more than any answer of its API; the action stopped reading it.',
      {
        hint: "Check `control-plane-url` (a proxy or another service may be answering), and report this to the control plane's operators.",
        // Reading it again would read as much again.
        retryable: false,
        ambiguous: mutation
      }
    )
  }

  private transportError(operation: OperationLabel, error: unknown, mutation: boolean): ApiError {
    const reason =
      error instanceof TimeLimitReached
        ? error.message
        : `could not reach the control plane at ${this.connection.baseUrl} (${(error as Error).message})`
    return new ApiError('api-refused', `${operation.label} failed: ${reason}.`, {
      hint: 'Check `control-plane-url` and that the control plane is reachable from the runner; re-run the job if it was a passing outage.',
      retryable: true,
      ambiguous: mutation && !neverSent(error)
    })
  }

  private async parse<T>(operation: OperationLabel, status: number, text: string, schemaOf: SchemaOf<T>): Promise<T> {
    const fail = (why: string) =>
      new ApiError('bad-response', `${operation.label}: the control plane answered HTTP ${status} with ${why}`, {
        status,
        hint: 'This is not a response the control plane API sends; check `control-plane-url` (a proxy or another service may be answering).',
        retryable: true,
        // The change was accepted; only its answer is unreadable.
        ambiguous: true
      })
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw fail(`a body that is not JSON: ${excerpt(text) || '(empty body)'}`)
    }
    const result = schemaOf(await loadSchemas()).safeParse(json)
    if (!result.success) {
      // Field paths only: a JSON body may hold other deployments' secret values.
      const fields = [...new Set(result.error.issues.map((i) => i.path.join('.') || '(root)'))].join(', ')
      throw fail(`JSON that lacks what the action needs (${fields})`)
    }
    registerSecretValues(result.data)
    return result.data
  }

  private headers(hasBody: boolean): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = { Accept: 'application/json', ...credentialHeaders(this.connection) }
    if (hasBody) headers['Content-Type'] = 'application/json'
    return headers
  }
}

/**
 * A deployment's `GET` returns its environment, values included: each value in an answer (a
 * deployment, or a page of them) is registered for masking before the answer is used, so nothing
 * the run prints later can show one.
 */
function registerSecretValues(data: unknown): void {
  const page = (data as { resources?: unknown } | null)?.resources
  for (const deployment of Array.isArray(page) ? page : [data]) {
    const secrets = (deployment as { secrets?: unknown } | null)?.secrets
    if (!Array.isArray(secrets)) continue
    for (const secret of secrets) {
      const value = (secret as { value?: unknown } | null)?.value
      if (typeof value === 'string') registerReadSecret(value)
    }
  }
}

/** A listener's read and its delete fail for the same reasons, so they give the same advice. */
const LISTENER_HINTS = {
  403: 'The control plane manages listeners only for organizations on a self-hosted enterprise plan; check the plan of the workspace this credential acts in (`tenant-id`).',
  404: 'Check `listener-id`, or set `ignore-missing: true` if a listener that is already gone is fine.'
}

/** For answers whose body the action does not read (204). */
const NO_CONTENT = null

interface SendOptions {
  /** For deletes: a 404 after a try whose outcome was in doubt is that try's success. */
  goneAfterDoubt?: boolean
  retry?: RetryPolicy
  /** This request's own time limit, shorter than the client's. */
  timeoutMs?: number
  /** A POST whose repetition does no harm (it only hands out a credential or an upload URL): retried like a read. */
  repeatable?: boolean
}

/** The headers that carry the credential (and workspace), as the control plane takes them; also sent by the health check. */
export function credentialHeaders({ credential, tenantId }: Connection): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders =
    credential.kind === 'api-key' ? { 'X-Api-Key': credential.value } : { Authorization: `Bearer ${credential.value}` }
  if (tenantId) headers['X-Tenant-Id'] = tenantId
  return headers
}
