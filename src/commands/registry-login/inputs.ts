import { readTarget } from '../../inputs/github.js'
import type { CommonInputs, InputSpec } from '../../inputs/spec.js'

export interface RegistryLoginSpecific {
  name?: string
  deploymentId?: string
  createIfMissing: boolean
}

export type RegistryLoginInputs = CommonInputs & { command: 'registry-login' } & RegistryLoginSpecific

/**
 * `command: registry-login`: which deployment, and whether to create it. Nothing else: a
 * new deployment is made as the official client makes one (source `internal_docker`, no
 * settings, no secrets), and what it runs, with which secrets, is the later `deploy`
 * step's to say. Any other input set is warned about as ignored.
 */
export const registryLoginSpec: InputSpec<RegistryLoginSpecific> = {
  uses: ['name', 'deployment-id', 'create-if-missing'],
  read(reader) {
    return { ...readTarget(reader), createIfMissing: reader.value('create-if-missing') as boolean }
  }
}
