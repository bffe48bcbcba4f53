import type { RevisionSource } from '../../../api/constants.js'
import type { Deployment, Revision } from '../../../api/schemas.js'
import type { ActionError } from '../../../core/errors.js'
import type { PlannedRequest } from '../../../core/request.js'
import type { ApplyContext } from '../../../operations/control-plane/apply.js'
import type { CommandDeps } from '../../types.js'
import type { DeployInputs } from '../inputs.js'
import type { Plan } from '../plan.js'

/** The gates before any change, by id (gates/index.ts holds them in order). */
export type GateId = 'checkout-commit' | 'archive-config-check' | 'config-check' | 'expected-commit' | 'paths'

/** What the source decision reads of the deploy's inputs. */
export interface SourceInputs {
  source?: string
  revisionSource?: RevisionSource
  sourceRevisionConfig: { source_tarball_path?: string }
  createIfMissing: boolean
  deploymentId?: string
}

/**
 * One way a revision is built: `github`, a remote build of the checkout, an archive the user
 * uploaded, an image, or a source the action has no module of its own for. The decision
 * (source.ts) picks one; from then on the pipeline asks it, and nothing else tells sources apart.
 * A new source is a module with these parts and one line in registry.ts
 * (`__tests__/source-modules.test.ts` fails when one lacks a part).
 */
export interface SourceModule {
  /** Its name in the registry and the tests, not a word the control plane knows (`remote-build`, `image`). */
  readonly kind: string
  /** The control plane's source words it may build (`claims` says which, with the inputs); none for the fallback. */
  readonly sources: readonly string[]
  /** Whether it builds a revision from `builds` (the control plane's source word) with these inputs. */
  claims: (builds: string, inputs: SourceInputs) => boolean
  /**
   * The gates where it can decide something, in the list's order. `paths` runs for every source
   * (the user asked for it): one that does not list it says that it does not apply.
   */
  readonly gates: readonly GateId[]
  /** How the revision is shown to be `expected-commit`. */
  readonly proof: CommitProof
  /**
   * What it must do before any request (a remote build's archive, so that a broken config makes
   * none): made before the lookup when some way it may end is this source. Absent for a source that
   * needs nothing then.
   */
  readonly prepare?: (inputs: DeployInputs, deps: PrepareDeps) => Promise<Prepared>
  /** Its share of the plan: what a create or a patch sends because of this source. */
  readonly plan: PlanShare
  /** Readies the send: what is shipped, checked before the change (and shown by a dry run). */
  ship: (ctx: ShipContext) => Promise<Shipment>
}

export type PrepareDeps = Pick<CommandDeps, 'workflow' | 'log' | 'run' | 'recorder'>

/** What a source made before the change, owned by the module that made it; its file is removed when the run ends. */
export interface Prepared {
  readonly by: SourceModule
  remove: () => Promise<void>
  /**
   * The lookup decided another source (`builds`): what was made is not shipped (the caller removes
   * it), and what it put on record is withdrawn.
   */
  setAside: (builds: string, deps: Pick<CommandDeps, 'log' | 'recorder'>) => void
}

export interface CommitProof {
  /** The gates that hold what ships to `expected-commit` before the change (each also in `gates`). */
  readonly before: readonly GateId[]
  /**
   * After the build (and when serving, with no new revision): the failure when the revision was
   * built from another commit than `expected-commit`. Absent where the revision cannot say.
   */
  readonly afterBuild?: (expected: string, revision: Pick<Revision, 'id' | 'source_revision_config'>) => ActionError | undefined
}

export interface PlanShare {
  /**
   * Whether the workflow fills what the step leaves unset: `repo-url` on a create and `repo-ref`
   * (the input rules see `repo-ref` so defaulted before the lookup), and a create outside a
   * workflow must then give `repo-url`.
   */
  readonly fromWorkflow: boolean
  /** The `revision_source` a patch sends, if any: `reported` is the deployment's own source. */
  revisionSource: (inputs: Pick<SourceInputs, 'revisionSource'>, reported: string | undefined) => RevisionSource | undefined
}

export interface ShipContext {
  plan: Plan
  inputs: DeployInputs
  deps: CommandDeps
  /** What this module made before the lookup, if anything. */
  prepared: Prepared | undefined
}

/** The send, readied: what a dry run shows, or the change sent. */
export interface Shipment {
  /** A dry run: what would be shipped goes on record; the requests it would send. */
  planned: () => Promise<PlannedRequest[]>
  send: (apply: ApplyContext) => Promise<Sent>
}

export interface Sent {
  deployment: Deployment
  revisionId: string | null
}
