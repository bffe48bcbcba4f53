import { enforceConfigVerdict, githubVerdict } from '../config-gate.js'
import type { Gate } from './types.js'

/**
 * The config check (`config-check`) of a `github` revision: the config at the commit to be
 * built. A problem with `error` refuses here (every problem in the error). Only the `github`
 * source has this gate (source.ts): a remote build's check ran already, on its archive.
 */
export const configCheckGate: Gate = {
  id: 'config-check',
  appliesTo: () => true,
  async run({ inputs, deps, existing }) {
    const verdict = await githubVerdict({ inputs, deps, existing })
    // Recorded before it throws: the refusal's reports list the problems.
    if (verdict.status === 'failed') enforceConfigVerdict(verdict, deps)
    return { go: true, verdict }
  }
}
