import { checkRefBeforeChange } from '../expected-commit.js'
import type { Gate } from './types.js'

/** `expected-commit` for a `github` revision (the only source with this gate): the ref the control plane will build points at it now. */
export const expectedCommitGate: Gate = {
  id: 'expected-commit',
  appliesTo: ({ inputs }) => inputs.expectedCommit !== undefined,
  async run({ inputs, deps, existing, plan }) {
    const repoUrl = existing?.source_config?.repo_url ?? (plan.action === 'create' ? plan.body.source_config.repo_url : undefined)
    await checkRefBeforeChange(inputs.expectedCommit!, inputs.sourceRevisionConfig.repo_ref ?? deps.workflow.repoRef, repoUrl ?? undefined, inputs, deps, existing)
    return { go: true }
  }
}
