import type { Deployment } from '../../../api/schemas.js'
import type { CheckVerdict, Outcome } from '../../../core/outcome.js'
import type { ArchiveLayout } from '../../../operations/archive/layout.js'
import type { ArchiveSelection } from '../../../operations/archive/select.js'
import type { CommandDeps } from '../../types.js'
import type { DeployInputs } from '../inputs.js'
import type { Plan } from '../plan.js'
import type { GateId, SourceDecision } from '../source.js'

/**
 * What a gate of the `change` stage may read: the inputs, the deployment found (if any), the
 * plan, and the source decided.
 */
export interface GateContext {
  inputs: DeployInputs
  deps: CommandDeps
  existing: Deployment | undefined
  plan: Plan
  /** Which source the revision is built from, and what follows from it (source.ts): the gates that apply, among others. */
  source: SourceDecision
}

/**
 * What a gate of the `archive` stage may read: the inputs and the remote build's files as
 * selected, nothing packed yet. No deployment: for inputs that name a remote build, this stage
 * runs before the lookup, so its refusals make no request at all.
 */
export interface ArchiveGateContext {
  inputs: DeployInputs
  /** Without `run` (as tests call it), no deadline or cancel stops the config check's reads. */
  deps: Pick<CommandDeps, 'log' | 'recorder'> & Partial<Pick<CommandDeps, 'run'>>
  layout: ArchiveLayout
  selection: ArchiveSelection
}

/**
 * What a gate decided: go on to the next (with a verdict to record, when it has one), or end the
 * run here with an outcome that is not a failure (`paths` found nothing to deploy). A gate that
 * refuses throws: nothing has been sent.
 */
export type GateResult = { verdict?: CheckVerdict } & ({ go: true } | { go: false; outcome: Outcome })

/**
 * One gate, a module of its own, in the list gates/index.ts runs. Its stage says when it runs:
 * - `archive`: on a remote build's archive, once its files are selected and before they are
 *   packed (so it reads what will ship), and before any request when the inputs name a remote build;
 * - `change`: after the lookup and the source decision, before any change.
 */
export type Gate = ArchiveGate | ChangeGate

export interface ArchiveGate {
  id: GateId
  stage: 'archive'
  appliesTo(ctx: ArchiveGateContext): boolean
  /** Goes on (with a verdict to record, when it has one) or throws: an archive gate never ends a run that is not refused. */
  run(ctx: ArchiveGateContext): { verdict?: CheckVerdict } | Promise<{ verdict?: CheckVerdict }>
}

export interface ChangeGate {
  id: GateId
  stage: 'change'
  /** Whether the inputs ask for it; whether the source has it is the source decision's (`SourceDecision.gates`). */
  appliesTo(ctx: GateContext): boolean
  run(ctx: GateContext): Promise<GateResult>
}
