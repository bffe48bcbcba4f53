import type { SourceModule } from './types.js'

/**
 * A source the action has no module of its own for (`internal_template`, or one a later control
 * plane reports): the plan is sent as given, and nothing here decides `paths` or proves a commit.
 * Not in the registry's list: the decision falls back to it when no module there claims the source.
 */
export const otherSource: SourceModule = {
  kind: 'other',
  sources: [],
  claims: () => true,
  gates: [],
  proof: { before: [] },
  plan: { fromWorkflow: false, revisionSource: (inputs) => inputs.revisionSource },
  // Loaded on first use: the input rules read this module on every run's way to its first request.
  ship: async (ctx) => (await import('./send-plan.js')).sendAsPlanned(ctx)
}
