import type { RequestDescription } from '../core/request.js'
import { ApiError } from './errors.js'
import type { CreateDeploymentRequest, PatchDeploymentRequest } from './schemas.js'

/**
 * Every request the action makes, described once. The client sends these; a dry run
 * prints the same values, so a plan shows the path exactly as it would be sent.
 */
export interface ListDeploymentsQuery {
  name_contains?: string
  limit: number
  offset: number
}

export interface ListRevisionsQuery {
  /** Comma-separated revision statuses to keep, e.g. `DEPLOYED`. */
  status?: string
  limit: number
  offset: number
}

export interface RevisionLogsQuery {
  type: 'build' | 'deploy'
  order?: 'asc' | 'desc'
  limit: number
  offset?: string
}

export const requests = {
  listDeployments: (query: ListDeploymentsQuery) => get(`/v2/deployments${search(query)}`),
  getDeployment: (deploymentId: string) => get(`/v2/deployments/${segment(deploymentId)}`),
  createDeployment: (body: CreateDeploymentRequest) => ({ method: 'POST', path: '/v2/deployments', body }) as const,
  patchDeployment: (deploymentId: string, body: PatchDeploymentRequest) =>
    ({ method: 'PATCH', path: `/v2/deployments/${segment(deploymentId)}`, body }) as const,
  deleteDeployment: (deploymentId: string, deleteTracingProject: boolean) =>
    ({
      method: 'DELETE',
      path: `/v2/deployments/${segment(deploymentId)}${search({ delete_tracing_project: deleteTracingProject })}`
    }) as const,
  getListener: (listenerId: string) => get(`/v2/listeners/${segment(listenerId)}`),
  deleteListener: (listenerId: string) => ({ method: 'DELETE', path: `/v2/listeners/${segment(listenerId)}` }) as const,
  getRevision: (deploymentId: string, revisionId: string) =>
    get(`/v2/deployments/${segment(deploymentId)}/revisions/${segment(revisionId)}`),
  listRevisions: (deploymentId: string, query: ListRevisionsQuery) =>
    get(`/v2/deployments/${segment(deploymentId)}/revisions${search(query)}`),
  redeployRevision: (deploymentId: string, revisionId: string) =>
    ({ method: 'POST', path: `/v2/deployments/${segment(deploymentId)}/revisions/${segment(revisionId)}/redeploy` }) as const,
  pushToken: (deploymentId: string) => ({ method: 'POST', path: `/v2/deployments/${segment(deploymentId)}/push-token` }) as const,
  /** Not in the reference document: the platform's own client calls it before uploading a source archive. */
  requestUploadUrl: (deploymentId: string) => ({ method: 'POST', path: `/v2/deployments/${segment(deploymentId)}/upload-url` }) as const,
  getRevisionLogs: (deploymentId: string, revisionId: string, query: RevisionLogsQuery) =>
    get(`/v2/deployments/${segment(deploymentId)}/revisions/${segment(revisionId)}/logs${search(query)}`)
} satisfies Record<string, (...args: never[]) => RequestDescription>

function get(path: string): RequestDescription {
  return { method: 'GET', path }
}

/** `?a=1&b=2` from the defined values, or nothing. */
function search(query: object): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * An id as one path segment. Ids come from inputs (checked as UUIDs) and from
 * responses; percent-encoding keeps `/` and `?` inside the segment, and `.`/`..`,
 * which URL resolution would turn into another path, are refused.
 */
export function segment(id: string): string {
  if (id === '' || id === '.' || id === '..') {
    throw new ApiError('bad-response', `The control plane returned an unusable id (\`${id}\`).`, {})
  }
  return encodeURIComponent(id)
}
