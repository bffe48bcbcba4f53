import { HttpClient } from '@actions/http-client'
import type { OutgoingHttpHeaders } from 'node:http'
import type { z } from 'zod'
import type { Connection } from '../inputs/read.js'
import { ACTION_NAME, ACTION_VERSION } from '../version.js'
import { ApiError, errorFromResponse, excerpt, type OperationLabel } from './errors.js'
import {
  DeploymentSchema,
  DeploymentsListSchema,
  RevisionSchema,
  type CreateDeploymentRequest,
  type Deployment,
  type DeploymentsList,
  type PatchDeploymentRequest,
  type Revision
} from './schemas.js'

/** The part of HttpClient the client uses, so tests can substitute it. */
export type Requester = Pick<HttpClient, 'request'>

export interface ListDeploymentsQuery {
  name_contains?: string
  limit: number
  offset: number
}

// An idle socket this long means the control plane is not answering.
const SOCKET_TIMEOUT_MS = 30_000

/**
 * The control plane's HTTP API. Credentials are sent per request, never set on the
 * HttpClient, and redirects are not followed: @actions/http-client would forward
 * `X-Api-Key` and `Authorization` to whatever host a redirect names.
 */
export class ControlPlaneClient {
  private readonly http: Requester

  constructor(
    private readonly connection: Connection,
    http?: Requester
  ) {
    this.http =
      http ??
      new HttpClient(`${ACTION_NAME}/${ACTION_VERSION}`, [], {
        allowRedirects: false,
        socketTimeout: SOCKET_TIMEOUT_MS
      })
  }

  listDeployments(query: ListDeploymentsQuery): Promise<DeploymentsList> {
    return this.send({ label: 'List deployments' }, 'GET', '/v2/deployments', DeploymentsListSchema, { query })
  }

  getDeployment(deploymentId: string): Promise<Deployment> {
    return this.send(
      {
        label: `Get deployment ${deploymentId}`,
        hints: { 404: 'Check `deployment-id`, or look the deployment up by `name` instead.' }
      },
      'GET',
      `/v2/deployments/${encodeURIComponent(deploymentId)}`,
      DeploymentSchema
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
      'POST',
      '/v2/deployments',
      DeploymentSchema,
      { body }
    )
  }

  patchDeployment(deploymentId: string, body: PatchDeploymentRequest): Promise<Deployment> {
    return this.send(
      { label: `Update deployment ${deploymentId}` },
      'PATCH',
      `/v2/deployments/${encodeURIComponent(deploymentId)}`,
      DeploymentSchema,
      { body }
    )
  }

  getRevision(deploymentId: string, revisionId: string): Promise<Revision> {
    return this.send(
      { label: `Get revision ${revisionId}` },
      'GET',
      `/v2/deployments/${encodeURIComponent(deploymentId)}/revisions/${encodeURIComponent(revisionId)}`,
      RevisionSchema
    )
  }

  private async send<T>(
    operation: OperationLabel,
    method: string,
    path: string,
    schema: z.ZodType<T>,
    options: { query?: object; body?: unknown } = {}
  ): Promise<T> {
    const url = this.url(path, options.query)
    const headers = this.headers(options.body !== undefined)
    let status: number
    let text: string
    try {
      const response = await this.http.request(
        method,
        url,
        options.body === undefined ? null : JSON.stringify(options.body),
        headers
      )
      status = response.message.statusCode ?? 0
      text = await response.readBody()
    } catch (error) {
      throw new ApiError(
        'api-refused',
        operation.label,
        undefined,
        `${operation.label} failed: could not reach the control plane at ${this.connection.baseUrl} (${(error as Error).message})`,
        'Check `control-plane-url` and that the control plane is reachable from the runner.'
      )
    }
    if (status >= 300 && status < 400) {
      throw new ApiError(
        'api-refused',
        operation.label,
        status,
        `${operation.label} was answered with a redirect (HTTP ${status}), which the action does not follow so that credentials stay with the control plane.`,
        'Set `control-plane-url` to the URL the control plane serves its API on (the redirect target).'
      )
    }
    if (status < 200 || status >= 300) throw errorFromResponse(operation, status, text)
    return this.parse(operation, status, text, schema)
  }

  private parse<T>(operation: OperationLabel, status: number, text: string, schema: z.ZodType<T>): T {
    const fail = (why: string) =>
      new ApiError(
        'bad-response',
        operation.label,
        status,
        `${operation.label}: the control plane answered HTTP ${status} with ${why}: ${excerpt(text) || '(empty body)'}`,
        'This is not a response the control plane API sends; check `control-plane-url` (a proxy or another service may be answering).'
      )
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw fail('a body that is not JSON')
    }
    const result = schema.safeParse(json)
    if (!result.success) {
      const fields = result.error.issues.map((i) => i.path.join('.') || '(root)').join(', ')
      throw fail(`JSON that lacks what the action needs (${fields})`)
    }
    return result.data
  }

  private url(path: string, query?: object): string {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(key, String(value))
    }
    const search = params.toString()
    return `${this.connection.baseUrl}${path}${search ? `?${search}` : ''}`
  }

  private headers(hasBody: boolean): OutgoingHttpHeaders {
    const { credential, tenantId } = this.connection
    const headers: OutgoingHttpHeaders = { Accept: 'application/json' }
    if (hasBody) headers['Content-Type'] = 'application/json'
    if (credential.kind === 'api-key') headers['X-Api-Key'] = credential.value
    else headers.Authorization = `Bearer ${credential.value}`
    if (tenantId) headers['X-Tenant-Id'] = tenantId
    return headers
  }
}
