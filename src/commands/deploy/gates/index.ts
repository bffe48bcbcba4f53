import type { Outcome } from '../../../core/outcome.js'
import { configCheckGate } from './config-check.js'
import { expectedCommitGate } from './expected-commit.js'
import { pathsGate } from './paths.js'
import type { Gate, GateContext } from './types.js'

/**
 * The gates before any change, in order: the config check first (a config the build would
 * refuse is the cheapest thing to find). Those that refuse come before `paths`, whose skip ends
 * the run: a deploy that would be refused is refused even when nothing changed. A new gate is its
 * module and one entry here.
 */
export const DEPLOY_GATES: readonly Gate[] = [configCheckGate, expectedCommitGate, pathsGate]

/**
 * Runs the gates in order, recording each verdict. Returns the outcome of a gate that ended the
 * run (nothing to deploy), or undefined to go on; a refusal is thrown by its gate.
 */
export async function runGates(gates: readonly Gate[], ctx: GateContext): Promise<Outcome | undefined> {
  for (const gate of gates) {
    if (!ctx.source.gates.includes(gate.id) || !gate.appliesTo(ctx)) continue
    const result = await gate.run(ctx)
    if (result.verdict) ctx.deps.recorder.checked(result.verdict)
    if (!result.go) return result.outcome
  }
  return undefined
}
