import * as core from '@actions/core'
import type { Deployment } from '../api/schemas.js'
import type { OutputName } from '../inputs/names.js'
import { redact } from '../masking.js'
import type { DeployState } from './state.js'

/** The outputs of the interface page, from whatever the run learned. Unknown ones stay unset. */
export function outputsOf(state: DeployState): Partial<Record<OutputName, string>> {
  const { revision } = state
  // A deleted deployment has an id, but no status or URL to report any more.
  const deployment: Partial<Deployment> | undefined = state.operation === 'deleted' ? state.deployment && { id: state.deployment.id } : state.deployment
  const values: Partial<Record<OutputName, string | null | undefined>> = {
    'deployment-id': deployment?.id,
    'revision-id': state.revisionId,
    'revision-status': revision?.status,
    'deployment-status': deployment?.status,
    operation: state.operation,
    'deployment-url': deployment?.url || deployment?.source_config?.custom_url,
    'commit-sha': revision?.source_revision_config?.repo_commit_sha
  }
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v != null && v !== '')) as Partial<
    Record<OutputName, string>
  >
}

export function setOutputs(state: DeployState): void {
  for (const [name, value] of Object.entries(outputsOf(state))) core.setOutput(name, redact(value))
}
