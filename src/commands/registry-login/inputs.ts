import { readTarget } from '../../inputs/github.js'
import type { CommonInputs, InputSpec } from '../../inputs/spec.js'

export interface RegistryLoginSpecific {
  name?: string
  deploymentId?: string
  createIfMissing: boolean
  /** `registry-logout`: log Docker out again in the post step at the end of the job. */
  logoutAtEnd: boolean
}

export type RegistryLoginInputs = CommonInputs & { command: 'registry-login' } & RegistryLoginSpecific

/** The only source whose deployments take pushed images from the managed registry. */
export const REGISTRY_SOURCE = 'internal_docker'

/**
 * `command: registry-login`: which deployment, and whether to create it. A new deployment is
 * made as the official client makes one (source `internal_docker`, no settings, no secrets),
 * and what it runs, with which secrets, is the later `deploy` step's to say. `source` is read
 * only to refuse another one: a step that asks for a `github` deployment and gets an
 * `internal_docker` one has been misread, and the push token exists for no other source.
 * Any other input set is warned about as ignored.
 */
export const registryLoginSpec: InputSpec<RegistryLoginSpecific> = {
  uses: ['name', 'deployment-id', 'create-if-missing', 'source', 'registry-logout'],
  read(reader) {
    const source = reader.value('source')
    if (source !== undefined && source !== REGISTRY_SOURCE) {
      reader.problem(
        `\`source\` is \`${source}\`, but \`command: registry-login\` logs in to the managed registry, which takes images only for \`${REGISTRY_SOURCE}\` deployments: ` +
          `remove \`source\` (or set it to \`${REGISTRY_SOURCE}\`); to deploy a \`${source}\` deployment, use \`command: deploy\` without \`registry-login\``
      )
    }
    return {
      ...readTarget(reader),
      createIfMissing: reader.value('create-if-missing') as boolean,
      logoutAtEnd: reader.value('registry-logout') as boolean
    }
  }
}
