import type { SourceModule } from './types.js'

/**
 * `internal_source` with `source-tarball-path`: an archive the user uploaded, sent as given. It is
 * not the checkout and reports no commit, so nothing here can decide `paths` or prove
 * `expected-commit` (the input rules refuse that pair before any request).
 */
export const uploadedTarballSource: SourceModule = {
  kind: 'uploaded-tarball',
  sources: ['internal_source'],
  claims: (builds, inputs) => builds === 'internal_source' && !!inputs.sourceRevisionConfig.source_tarball_path,
  gates: [],
  proof: { before: [] },
  plan: { fromWorkflow: false, revisionSource: (inputs) => inputs.revisionSource },
  // Loaded on first use: the input rules read this module on every run's way to its first request.
  ship: async (ctx) => (await import('./send-plan.js')).sendAsPlanned(ctx)
}
