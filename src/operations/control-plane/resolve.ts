import type { ControlPlaneClient } from '../../api/client.js'
import type { Deployment } from '../../api/schemas.js'
import { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import type { Recorder } from '../../core/recorder.js'
import { findDeploymentByName, type WalkLimits } from './find.js'
import type { Stop } from '../../core/stop.js'

/** Which deployment a command acts on: by id, by exact name, or both (then they must agree). */
export interface Target {
  name?: string
  deploymentId?: string
}

/**
 * The deployment this run acts on, if it exists: by `deployment-id` (no lookup), else
 * by exact name. Returned in full (GET by id), since list items lack `source` and `status`.
 */
export async function resolveDeployment(
  client: Pick<ControlPlaneClient, 'listDeployments' | 'getDeployment'>,
  inputs: Target,
  limits: WalkLimits
): Promise<Deployment | undefined> {
  if (inputs.deploymentId) {
    const deployment = await client.getDeployment(inputs.deploymentId)
    if (inputs.name && deployment.name !== inputs.name) {
      throw new ActionError(
        'bad-input',
        `\`deployment-id\` ${inputs.deploymentId} is deployment \`${deployment.name}\`, not \`${inputs.name}\` as \`name\` says.`,
        'Fix `name` or `deployment-id` so that they agree, or set only one of them.'
      )
    }
    return deployment
  }
  const match = await findDeploymentByName(client, inputs.name as string, limits)
  if (!match) return undefined
  return match.source !== undefined && match.status !== undefined ? match : client.getDeployment(match.id)
}

/** How messages name the target before it is found: its name as code, else its id. */
export function targetLabel(target: Target): string {
  return target.name !== undefined ? `\`${target.name}\`` : String(target.deploymentId)
}

/**
 * The start every deployment command shares: record what it acts on, say so, resolve
 * it (see resolveDeployment) within the step's deadline, and record the deployment found.
 */
export async function lookUpTarget(
  inputs: Target & { timeoutMs: number },
  deps: {
    client: Pick<ControlPlaneClient, 'listDeployments' | 'getDeployment'>
    log: Pick<Log, 'info'>
    recorder: Pick<Recorder, 'target' | 'seen'>
    /** The run's limits: the lookup ends by its deadline. */
    run: Pick<Stop, 'clock' | 'deadline'>
  }
): Promise<Deployment | undefined> {
  deps.recorder.target({ kind: 'deployment', name: inputs.name, id: inputs.deploymentId })
  deps.log.info(inputs.deploymentId ? `Reading deployment ${inputs.deploymentId}…` : `Looking up deployment \`${inputs.name}\`…`)
  const found = await resolveDeployment(deps.client, inputs, {
    clock: deps.run.clock,
    deadline: deps.run.deadline,
    timeoutMs: inputs.timeoutMs
  })
  if (found) deps.recorder.seen(found)
  return found
}
