import { isHttpsOrLoopbackHttp } from '../../core/loopback.js'

/** The API's version prefix, which `langsmith-endpoint` may already end with (a self-hosted one's `…/api/v1`). */
const API_PREFIX = '/api/v1'

/** `POST <endpoint>/api/v1/datasets/upload-experiment`; an endpoint that already ends with `/api/v1` is not given it twice. */
export function uploadUrl(endpoint: string): string {
  const base = endpoint.replace(/\/+$/, '')
  return `${base.endsWith(API_PREFIX) ? base : `${base}${API_PREFIX}`}/datasets/upload-experiment`
}

/**
 * Where LangSmith's web app is for an API endpoint: LangSmith's own API hosts are the app's host
 * with `api.` in front (`api.smith.langchain.com` for `smith.langchain.com`,
 * `eu.api.smith.langchain.com` for `eu.smith.langchain.com`), so that label is dropped; any other
 * endpoint (a self-hosted LangSmith, which serves its API under its app's host) keeps its host,
 * with the path's `/api/v1` or `/api` dropped. Undefined for a URL that is not https:// (or
 * http:// on this machine).
 */
export function webBase(endpoint: string): string | undefined {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return undefined
  }
  if (!isHttpsOrLoopbackHttp(url)) return undefined
  const own = /^(?:([a-z0-9-]+)\.)?api\.(smith\.langchain\.com)$/.exec(url.hostname)
  if (own) return `https://${own[1] ? `${own[1]}.` : ''}${own[2]}`
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api(?:\/v1)?$/, '')
  return `${url.origin}${path}`
}

/**
 * The comparison of the experiments in LangSmith's app, the form LangChain's own tools print:
 * `<app>/o/<tenant>/datasets/<dataset>/compare?selectedSessions=<id>,<id>`. Every id is a UUID
 * (checked where the answer was read), so nothing of the server's reaches the link but them.
 */
export function compareUrl(
  endpoint: string,
  ids: { tenantId: string; datasetId: string; experimentIds: readonly string[] }
): string | undefined {
  const base = webBase(endpoint)
  if (base === undefined) return undefined
  return `${base}/o/${ids.tenantId}/datasets/${ids.datasetId}/compare?selectedSessions=${ids.experimentIds.join(',')}`
}
