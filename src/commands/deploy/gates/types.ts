import type { Deployment } from '../../../api/schemas.js'
import type { CheckVerdict, Outcome } from '../../../core/outcome.js'
import type { CommandDeps } from '../../types.js'
import type { DeployInputs } from '../inputs.js'
import type { Plan } from '../plan.js'
import type { GateId, SourceDecision } from '../source.js'

/** What a gate before any change may read: the inputs, the deployment found (if any), the plan, and the source decided. */
export interface GateContext {
  inputs: DeployInputs
  deps: CommandDeps
  existing: Deployment | undefined
  plan: Plan
  /** Which source the revision is built from, and what follows from it (source.ts): the gates that apply, among others. */
  source: SourceDecision
}

/**
 * What a gate decided: go on to the next (with a verdict to record, when it has one), or end the
 * run here with an outcome that is not a failure (`paths` found nothing to deploy). A gate that
 * refuses throws: nothing has been sent.
 */
export type GateResult = { verdict?: CheckVerdict } & ({ go: true } | { go: false; outcome: Outcome })

/** One gate before any change: a module of its own, in the list gates/index.ts runs. */
export interface Gate {
  id: GateId
  /** Whether the inputs ask for it; whether the source has it is the source decision's (`SourceDecision.gates`). */
  appliesTo(ctx: GateContext): boolean
  run(ctx: GateContext): Promise<GateResult>
}
