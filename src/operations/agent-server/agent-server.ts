import type { OutgoingHttpHeaders } from 'node:http'
import { credentialHeaders } from '../../api/client.js'
import type { Connection } from '../../core/connection.js'
import type { DeploymentSeen } from '../../core/outcome.js'
import { healthCheckTarget } from './health-url.js'

/**
 * The one way to talk to a deployed agent server (the health probe, `GET /info`,
 * `POST /runs/wait`), so that its trust rules hold for every request in one place:
 * - only the URL the control plane reported for this deployment, https:// (http:// on loopback
 *   only), with the path kept under it (health-url.ts);
 * - the credential header the control plane takes, and nothing else of ours;
 * - sent by the action's one requester (api/ask.ts): no redirect followed (the credential would
 *   go along to wherever it points), the body read capped, every attempt bounded in time and
 *   aborted when given up on, the runner's proxy settings.
 */

/** The requester (api/ask.ts), by the names its agent-server callers know it by. */
export { ask as askServer, type Answer as ServerAnswer, type AskRequest as ServerRequest } from '../../api/ask.js'

/** Where a request to the deployment's server may go, and with which credential; or why it may not go at all. */
export type ServerEndpoint = { url: string; headers: OutgoingHttpHeaders } | { refused: string }

/** The deployment's reported URL plus `path`, with the control plane's credential; refused when the URL is not one it may travel to. */
export function serverEndpoint(deployment: Pick<DeploymentSeen, 'url'>, path: string, connection: Connection): ServerEndpoint {
  const target = healthCheckTarget(deployment.url, path)
  if ('refused' in target) return target
  return { url: target.url, headers: credentialHeaders(connection) }
}
