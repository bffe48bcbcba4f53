import { isHttpsOrLoopbackHttp } from '../core/loopback.js'
import { shown } from './parsers.js'

/**
 * `langsmith-endpoint`: an absolute URL, `https://` (or `http://` on this machine only: the key
 * travels in a header), with no credentials, query or fragment in it. Its path is kept: a
 * self-hosted LangSmith answers under one (`https://langsmith.example.com/api/v1`).
 */
export function parseLangSmithEndpoint(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`must be an absolute URL such as \`https://api.smith.langchain.com\`, got ${shown(raw)}`)
  }
  if (!isHttpsOrLoopbackHttp(url)) {
    throw new Error(
      `must use https:// (http:// is allowed only for localhost, 127.0.0.0/8 and [::1]): the API key travels with each request, got \`${url.protocol}//${url.host}\``
    )
  }
  if (url.username || url.password) throw new Error('must not contain a user name or password; pass the key with `langsmith-api-key`')
  if (url.search || url.hash) throw new Error('must not contain a query string or fragment; give the base URL only')
  return url.toString().replace(/\/+$/, '')
}
