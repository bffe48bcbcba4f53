import { ApiError } from './errors.js'

/**
 * @typedef {object} Credentials
 * @property {string[]} apiKeys keys that work alone
 * @property {string[]} orgApiKeys organization keys, which must name a workspace
 * @property {string[]} bearerTokens tokens, which must name a workspace or an organization
 * @property {string} tenantId the only workspace that exists
 */

const NEEDS_WORKSPACE = 'This request requires a workspace specification: set the X-Tenant-Id header.'

/**
 * @param {Record<string, string>} headers lower-cased names
 * @param {Credentials} credentials
 * @returns {string} the workspace the request acts in
 */
export function authenticate(headers, credentials) {
  const apiKey = headers['x-api-key']
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1]
  /** @type {string[] | undefined} headers of which one must name the scope */
  let scopeHeaders
  if (apiKey !== undefined) {
    if (credentials.apiKeys.includes(apiKey)) scopeHeaders = []
    else if (credentials.orgApiKeys.includes(apiKey)) scopeHeaders = ['x-tenant-id']
  } else if (bearer !== undefined && credentials.bearerTokens.includes(bearer)) {
    scopeHeaders = ['x-tenant-id', 'x-organization-id']
  }
  if (!scopeHeaders) throw new ApiError(401, 'Invalid or missing credentials.')

  const workspace = headers['x-tenant-id']
  if (workspace !== undefined) {
    if (workspace.toLowerCase() !== credentials.tenantId.toLowerCase()) {
      throw new ApiError(403, `Workspace ${workspace} not found or not accessible.`)
    }
  } else if (scopeHeaders.length > 0 && !scopeHeaders.some((name) => headers[name])) {
    throw new ApiError(403, NEEDS_WORKSPACE)
  }
  return credentials.tenantId
}
