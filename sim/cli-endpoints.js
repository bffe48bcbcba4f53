import { randomBytes } from 'node:crypto'
import { ApiError } from './errors.js'

/** The path parameter both endpoints take, as the reference writes its own. */
const DEPLOYMENT_ID = {
  name: 'deployment_id',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid', title: 'Deployment Id' }
}

/**
 * Endpoints the platform's own command-line client calls that the reference document does not
 * describe, written as OpenAPI path items so that validation.js checks their parameters like any
 * other (a deployment_id that is not a UUID is a 422). Their shapes are those the official client
 * relies on: no request body; the answers below.
 * @type {Record<string, Record<string, any>>}
 */
export const CLI_PATHS = {
  '/v2/deployments/{deployment_id}/push-token': { post: { parameters: [DEPLOYMENT_ID] } },
  '/v2/deployments/{deployment_id}/upload-url': { post: { parameters: [DEPLOYMENT_ID] } }
}

/** Where the simulator says its managed registry is: a host that resolves nowhere, so nothing is ever pushed there by mistake. */
export const SIM_REGISTRY_HOST = 'registry.sim.example:5000'

/**
 * @typedef {{ deploymentId: string, token: string, registryUrl: string }} IssuedPushToken
 */

/**
 * A push token for a deployment's image registry. Only `internal_docker` deployments take pushed
 * images; for any other source the control plane answers 400 with the reason.
 * @param {{ id: string, source: string, tenantId: string }} deployment
 * @returns {IssuedPushToken}
 */
export function issuePushToken(deployment) {
  if (deployment.source !== 'internal_docker') {
    throw new ApiError(
      400,
      `Push tokens are only available for 'internal_docker' source deployments; deployment ${deployment.id} has source '${deployment.source}'.`
    )
  }
  return {
    deploymentId: deployment.id,
    token: `sim-push-${randomBytes(24).toString('base64url')}`,
    registryUrl: `${SIM_REGISTRY_HOST}/tenants/${deployment.tenantId}`
  }
}
