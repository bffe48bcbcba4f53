import type { Outcome } from '../../../core/outcome.js'
import { archiveConfigCheckGate } from './archive-config-check.js'
import { checkoutCommitGate } from './checkout-commit.js'
import { configCheckGate } from './config-check.js'
import { expectedCommitGate } from './expected-commit.js'
import { pathsGate } from './paths.js'
import type { ArchiveGate, ArchiveGateContext, ChangeGate, Gate, GateContext } from './types.js'

/**
 * Every gate, in the order they run. The `archive` stage comes first: a remote build's gates run on
 * its files as selected, before any request when the inputs name a remote build (its commit first:
 * a checkout of another commit is refused whatever its config says). Then the `change` stage,
 * after the lookup: the config check first (a config the build would refuse is the cheapest thing
 * to find), and those that refuse before `paths`, whose skip ends the run: a deploy that would be
 * refused is refused even when nothing changed. A new gate is its module and one entry here.
 */
export const DEPLOY_GATES: readonly Gate[] = [checkoutCommitGate, archiveConfigCheckGate, configCheckGate, expectedCommitGate, pathsGate]

/**
 * Runs the `archive` gates on a remote build's selected files, recording each verdict; a refusal is
 * thrown by its gate. Whatever the source decision will say: for inputs that name a remote build
 * it is not made yet (the lookup comes after), and an archive set aside has its row withdrawn.
 */
export async function runArchiveGates(gates: readonly Gate[], ctx: ArchiveGateContext): Promise<void> {
  for (const gate of gates.filter((gate): gate is ArchiveGate => gate.stage === 'archive')) {
    if (!gate.appliesTo(ctx)) continue
    const result = await gate.run(ctx)
    if (result.verdict) ctx.deps.recorder.checked(result.verdict)
  }
}

/**
 * Runs the `change` gates the source has, in order, recording each verdict. Returns the outcome of
 * a gate that ended the run (nothing to deploy), or undefined to go on; a refusal is thrown by its gate.
 */
export async function runGates(gates: readonly Gate[], ctx: GateContext): Promise<Outcome | undefined> {
  for (const gate of gates.filter((gate): gate is ChangeGate => gate.stage === 'change')) {
    if (!ctx.source.gates.includes(gate.id) || !gate.appliesTo(ctx)) continue
    const result = await gate.run(ctx)
    if (result.verdict) ctx.deps.recorder.checked(result.verdict)
    if (!result.go) return result.outcome
  }
  return undefined
}
