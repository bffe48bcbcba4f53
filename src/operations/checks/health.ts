import { verifyHealth } from '../agent-server/verify-health.js'
import type { Check } from './types.js'

/**
 * `health-check-path`: the deployment's URL answers 2xx. Keeps its own `health` fact and row
 * (verify-health.ts), so it returns no verdict; its failure is returned, for the list's loop to throw.
 */
export const healthCheck: Check = {
  id: 'health-check',
  appliesTo: (ctx) => ctx.settings.health !== undefined,
  async run(ctx) {
    const failure = await verifyHealth({ ...ctx, health: ctx.settings.health!, suggestRollback: ctx.settings.suggestRollback })
    return failure ? { failure } : {}
  }
}
