import { enforceConfigVerdict, githubVerdict } from '../config-gate.js'
import type { Gate } from './types.js'

/**
 * The config check (`config-check`) of a `github` deployment: the config at the commit to be
 * built. A problem with `error` refuses here (every problem in the error); a remote build's
 * check ran already, on its archive, before any request.
 */
export const configCheckGate: Gate = {
  id: 'config-check',
  appliesTo: ({ ships }) => ships === 'github',
  async run({ inputs, deps, existing }) {
    const verdict = await githubVerdict({ inputs, deps, existing })
    // Recorded before it throws: the refusal's reports list the problems.
    if (verdict.status === 'failed') enforceConfigVerdict(verdict, deps)
    return { go: true, verdict }
  }
}
