import { readActionInputs as readInputs } from '../../src/commands/registry.js'
import type { DeployInputs } from '../../src/commands/deploy/inputs.js'
import type { InputGetter } from '../../src/inputs/read.js'
import type { InputName } from '../../src/inputs/names.js'

export const VALID_UUID = '123e4567-e89b-12d3-a456-426614174000'

/** The smallest set of inputs that deploys. */
export const BASE_INPUTS: Partial<Record<InputName, string>> = {
  'control-plane-url': 'https://api.example.com',
  'api-key': 'key-123',
  name: 'support-agent',
  'graph-config-path': 'graph.json'
}

/** An InputGetter over a plain object, trimming like @actions/core does by default. */
export function inputsFrom(values: Partial<Record<InputName, string>>): InputGetter {
  return (name, options) => {
    const value = values[name] ?? ''
    return options?.trim === false ? value : value.trim()
  }
}

/** readInputs for a deploy, narrowed to what the deploy command gets. */
export async function readDeployInputs(values: Partial<Record<InputName, string>>): Promise<DeployInputs> {
  const inputs = await readInputs(inputsFrom(values), { env: {} })
  if (inputs.command !== 'deploy') throw new Error(`expected deploy inputs, got command ${inputs.command}`)
  return inputs
}
