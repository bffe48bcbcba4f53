import { requests } from '../../api/requests.js'
import type { CreateDeploymentRequest, Deployment } from '../../api/schemas.js'
import { ActionError, InputError } from '../../core/errors.js'
import { registerSecret } from '../../core/masking.js'
import { POST_STATE } from '../../core/post-state.js'
import type { Outcome } from '../../core/outcome.js'
import type { PlannedRequest } from '../../core/request.js'
import { newDeploymentNameProblem } from '../../inputs/deployment-name.js'
import { applyContextOf, createOnce, refuseTwins, sendRecorded } from '../../operations/control-plane/apply.js'
import { lookUpTarget } from '../../operations/control-plane/resolve.js'
import { defineCommand, type CommandDeps } from '../types.js'
import { dockerLogin, dockerLoginLine, dockerMissing, dockerOnPath } from './docker.js'
import { REGISTRY_SOURCE, type RegistryLoginInputs, type RegistryLoginSpecific } from './inputs.js'
import { registryOf } from './registry-url.js'

/**
 * `command: registry-login`: find (or create) an `internal_docker` deployment, get a push
 * token for its registry, and log the job's Docker in with it, so that the next steps push
 * the image and a `deploy` step ships it by digest.
 */
export const registryLoginCommand = defineCommand<RegistryLoginSpecific>({
  run: registryLogin
})

export async function registryLogin(inputs: RegistryLoginInputs, deps: CommandDeps): Promise<Outcome> {
  const { client, log, recorder } = deps
  const docker = dockerOnPath()
  if (!docker && !inputs.dryRun) {
    recorder.target({ kind: 'deployment', name: inputs.name, id: inputs.deploymentId })
    throw dockerMissing()
  }
  const existing = await lookUpTarget(inputs, deps)
  if (existing) {
    log.info(`Found deployment \`${existing.name}\` (${existing.id}), source ${existing.source ?? 'unknown'}.`)
  } else if (!inputs.createIfMissing) {
    throw new ActionError(
      'not-found',
      `No deployment is named \`${inputs.name}\`, and \`create-if-missing\` is false.`,
      'Create the deployment first, fix `name`, or set `create-if-missing: true`.'
    )
  }
  const create = existing ? undefined : createRequest(inputs.name as string)
  // The lookup already says the control plane would refuse the token: it is not asked for, and a
  // dry run is refused the same way, since the real run would be on any runner.
  if (existing?.source && existing.source !== REGISTRY_SOURCE) throw otherSource(existing)

  if (inputs.dryRun) {
    // Unlike the deployment's source, docker is this runner's: the real run's runner may have it.
    if (!docker) log.warn(`${dockerMissing().message} A real run would stop there, before any request.`)
    return plan(existing, create, deps)
  }
  // No change is started once the workflow is cancelled.
  deps.run.throwIfCancelled()
  let deployment: Deployment
  if (create) {
    log.info(`Creating deployment \`${create.name}\` (source ${REGISTRY_SOURCE})…`)
    deployment = await sendRecorded(recorder, 'create', () => createOnce(create, applyContextOf(deps)))
    recorder.changed('created', deployment)
    await refuseTwins(client, deployment, { ...deps.run.stop(), timeoutMs: inputs.timeoutMs })
    log.info(`Created deployment \`${deployment.name}\` (${deployment.id}).`)
  } else {
    deployment = existing as Deployment
  }

  log.info(`Asking for a push token for deployment \`${deployment.name}\`…`)
  const grant = await client.pushToken(deployment.id)
  // Before anything else: from here on no line, output or error can show it.
  registerSecret(grant.token)
  const where = registryOf(grant.registry_url, deployment.name)
  if (!create) recorder.changed('unchanged', deployment)
  if (deployment.name !== deployment.name.toLowerCase()) {
    log.warn(
      `Deployment \`${deployment.name}\` has upper-case letters, and Docker takes only lower-case repository names: ` +
        `pushing to \`${where.imageRepository}\` may be refused.`
    )
  }

  log.info(`Logging Docker in to ${where.registry} (\`${dockerLoginLine(where.registry)}\`, the token on its standard input)…`)
  // Kept before the login, not after: a login stopped half-way may still have written the token to Docker's config.
  if (inputs.logoutAtEnd && deps.saveState) {
    deps.saveState(POST_STATE.registry, where.registry)
    log.info(
      `Docker will be logged out of ${where.registry} at the end of the job (\`registry-logout\`), so that the token does not stay in the runner's Docker config.`
    )
  } else if (!inputs.logoutAtEnd) {
    log.info(
      `\`registry-logout\` is false: Docker stays logged in to ${where.registry} after this job (on a self-hosted runner, the token stays in its Docker config until it expires).`
    )
  }
  await dockerLogin({ host: where.registry, token: grant.token, ...deps.run.stop() })
  recorder.registryLogin(where)
  log.info(
    `Docker is logged in to ${where.registry}. Push the image to ${where.imageRepository}, then deploy it with \`image-uri: ${where.imageRepository}@<digest>\`.`
  )
  return recorder.finish({ kind: 'logged-in' })
}

/** A deployment of another source: named with its source, and what to do instead. */
function otherSource(existing: Deployment): ActionError {
  // The source is the control plane's text: shown only when it is a plain word.
  const source = /^[a-z_]{1,40}$/.test(existing.source ?? '') ? `\`${existing.source}\`` : 'another source'
  return new ActionError(
    'bad-input',
    `Deployment \`${existing.name}\` (${existing.id}) has source ${source}, and the managed registry takes images only for ` +
      `\`${REGISTRY_SOURCE}\` deployments: no push token was asked for, and Docker was not logged in.`,
    `Set \`name\` (or \`deployment-id\`) to an \`${REGISTRY_SOURCE}\` deployment, or choose a new \`name\` and \`registry-login\` creates one with that source; ` +
      `a deployment's source cannot change, so deploy this one with \`command: deploy\` as it is.`
  )
}

/** A new deployment as the official client makes one for its own image: the source, and nothing else yet. */
function createRequest(name: string): CreateDeploymentRequest {
  // Checked here, not with the inputs: an existing deployment keeps the name it was made with.
  const problem = newDeploymentNameProblem(name)
  if (problem) throw new InputError([problem])
  return { name, source: REGISTRY_SOURCE, source_config: {}, source_revision_config: {}, secrets: [] }
}

/** A dry run: the requests it would send and the login it would run; nothing is sent, docker is not run. */
function plan(existing: Deployment | undefined, create: CreateDeploymentRequest | undefined, deps: CommandDeps): Outcome {
  const { log, recorder } = deps
  const pushToken: PlannedRequest = existing
    ? requests.pushToken(existing.id)
    : { method: 'POST', path: '/v2/deployments/{id of the new deployment}/push-token' }
  log.info(
    `Dry run: would ${create ? `create deployment \`${create.name}\` (source ${REGISTRY_SOURCE}), then ` : ''}ask for a push token (${pushToken.method} ${pushToken.path}), ` +
      `then run \`${dockerLoginLine('<registry host>')}\` with the token on its standard input, never as an argument. Docker was not run.`
  )
  recorder.changed('planned')
  return recorder.finish({ kind: 'planned', requests: create ? [requests.createDeployment(create), pushToken] : [pushToken] })
}
