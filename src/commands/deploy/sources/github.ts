import { builtCommitFailure } from './built-commit.js'
import type { SourceModule } from './types.js'

/**
 * `github`: the control plane builds the ref from the repository. Its config is checked at that
 * commit and the ref held to `expected-commit` before the change (gates/config-check.ts,
 * gates/expected-commit.ts), `paths` compares commits through GitHub, the workflow fills
 * `repo-url` and `repo-ref`, and the revision reports the commit it was built from, held to
 * `expected-commit` after the build whichever inputs made it (the ref may move meanwhile).
 */
export const githubSource: SourceModule = {
  kind: 'github',
  sources: ['github'],
  claims: (builds) => builds === 'github',
  gates: ['config-check', 'expected-commit', 'paths'],
  proof: { before: ['expected-commit'], afterBuild: builtCommitFailure },
  plan: { fromWorkflow: true, revisionSource: (inputs) => inputs.revisionSource },
  // Loaded on first use: the input rules read this module on every run's way to its first request.
  ship: async (ctx) => (await import('./send-plan.js')).sendAsPlanned(ctx)
}
