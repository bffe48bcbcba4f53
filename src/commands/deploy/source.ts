/**
 * Which source a deploy builds from, decided in this module and nowhere else: from `source` on a
 * create (where `revision-source` is ignored, with a warning), from `revision-source` or the
 * deployment's own source on an update. The decision names the module that builds it
 * (sources/registry.ts), and every phase asks that module: the preparation, the gates, the plan,
 * the send, the checks after the build.
 */
import type { RevisionSource } from '../../api/constants.js'
import type { Deployment } from '../../api/schemas.js'
import { InputError } from '../../core/errors.js'
import { DEFAULT_SOURCE, sourceModuleFor } from './sources/registry.js'
import type { GateId, SourceInputs, SourceModule } from './sources/types.js'

export { DEFAULT_SOURCE }
export type { GateId, SourceInputs }

export interface SourceDecision {
  /** The source the new revision is built from: `github`, `internal_source`, `internal_docker`, `external_docker`, ... */
  readonly builds: string
  /** The deployment's own source: what a create sends as `source`; undefined for one that reports none when `source` is not set. */
  readonly deployment: string | undefined
  readonly creating: boolean
  /** The module that builds it (sources/registry.ts): the pipeline asks it for its gates, its preparation, its send and its proof. */
  readonly module: SourceModule
  /**
   * A remote build: the module archives the checkout, uploads it and patches the deployment to
   * build it (`internal_source` without `source-tarball-path`). Said for the table of decisions;
   * the pipeline asks `module`.
   */
  readonly archivesCheckout: boolean
  /** The `revision_source` a patch sends, if any. */
  readonly revisionSourceSent: RevisionSource | undefined
  /**
   * The module holds the built commit to `expected-commit` after the build (a `github` revision,
   * whichever inputs made it). Said for the table of decisions; the pipeline asks `module`.
   */
  readonly fromGitHub: boolean
  /**
   * The gates that run: the module's own, and `paths` for every source (the user asked for it: one
   * that cannot decide it says that it does not apply).
   */
  readonly gates: readonly GateId[]
  /** Inputs this decision set aside, each logged once as a warning. */
  readonly warnings: readonly string[]
  /** Bad input it found (a `source` the deployment was not created with): the plan refuses it with its own, all together. */
  readonly problems: readonly string[]
}

/** A create is possible only when looking up by name, with `create-if-missing`. */
function mayCreate(inputs: SourceInputs): boolean {
  return inputs.createIfMissing && !inputs.deploymentId
}

/**
 * What the inputs alone say, before the lookup: for each way the lookup may end (a create, when it
 * may create; an update), the source it would build from, or undefined where only the deployment
 * can tell (an update with neither `source` nor `revision-source`). An update's source is
 * `revision-source`, else the deployment's, which `source` must be when set.
 */
function buildsBeforeLookup(inputs: SourceInputs): Array<string | undefined> {
  const update = inputs.revisionSource ?? inputs.source
  return mayCreate(inputs) ? [inputs.source ?? DEFAULT_SOURCE, update] : [update]
}

/**
 * The sources the ways the lookup may end build from, each once (one when the inputs alone decide
 * it); none when only the deployment can tell.
 */
export function possibleBeforeLookup(inputs: SourceInputs): string[] {
  const builds = buildsBeforeLookup(inputs)
  return builds.every((source) => source !== undefined) ? [...new Set(builds)] : []
}

/**
 * Whether the checkout is archived before any request: when some way the lookup may end is a remote
 * build, so that a broken config, a dependency outside the workspace or an archive too large sends
 * nothing. When the lookup then decides otherwise (`revision-source: internal_source` and the
 * deployment is created; `source: internal_source` with another `revision-source` and the
 * deployment exists), the archive is set aside (command.ts `keepsArchiveBuiltBeforeLookup`). When the inputs name no
 * remote build and the deployment turns out to be one, the archive is built after the lookup.
 */
export function archivesBeforeLookup(inputs: SourceInputs): boolean {
  return preparingBeforeLookup(inputs) !== undefined
}

/** The module that prepares before the lookup (a remote build's archive), when some way the lookup may end is its source. */
export function preparingBeforeLookup(inputs: SourceInputs): SourceModule | undefined {
  for (const builds of buildsBeforeLookup(inputs)) {
    const module = builds === undefined ? undefined : sourceModuleFor(builds, inputs)
    if (module?.prepare) return module
  }
  return undefined
}

/**
 * Whether the input rules see `repo-ref` defaulted to the workflow's ref before the lookup: unless
 * the inputs name another source for some way the lookup may end (as a `github` revision defaults to it).
 */
export function mayBuildFromGitHubBeforeLookup(inputs: SourceInputs): boolean {
  return buildsBeforeLookup(inputs).every((source) => source === undefined || sourceModuleFor(source, inputs).plan.fromWorkflow)
}

/**
 * The decision, once the lookup found the deployment (or not). Refuses, before any change, an
 * update whose source nothing tells (the deployment reports none, and neither `source` nor
 * `revision-source` is set); a `source` the deployment was not created with is among its `problems`.
 */
export function decideSource(inputs: SourceInputs, existing: Deployment | undefined): SourceDecision {
  if (!existing) {
    const source = inputs.source ?? DEFAULT_SOURCE
    const warnings = inputs.revisionSource
      ? [
          `\`revision-source\` (\`${inputs.revisionSource}\`) is ignored: the deployment does not exist yet, and a create builds its first revision ` +
            `from \`source\` (\`${source}\`${inputs.source ? '' : ', the default'}). \`revision-source\` applies when updating an existing deployment.`
        ]
      : []
    return decision(inputs, { builds: source, deployment: source, creating: true, revisionSourceSent: undefined, warnings, problems: [] })
  }
  const reported = existing.source
  const problems =
    inputs.source && reported && inputs.source !== reported
      ? [
          `\`source\` is \`${inputs.source}\` but deployment \`${existing.name}\` was created with \`${reported}\`, which cannot change: remove \`source\` or deploy under another \`name\``
        ]
      : []
  // A deployment that reports no source is taken to be what `source` says (its rules were checked against it).
  const deployment = reported ?? inputs.source
  const builds = inputs.revisionSource ?? deployment
  if (builds === undefined) {
    throw new InputError([
      `deployment \`${existing.name}\` reports no source, so what this deploy would build from is not known: set \`source\` ` +
        `to the source it was created with, or \`revision-source\` to the one this revision builds from`
    ])
  }
  const revisionSourceSent = sourceModuleFor(builds, inputs).plan.revisionSource(inputs, reported)
  return decision(inputs, { builds, deployment, creating: false, revisionSourceSent, warnings: [], problems })
}

function decision(
  inputs: SourceInputs,
  decided: Pick<SourceDecision, 'builds' | 'deployment' | 'creating' | 'revisionSourceSent' | 'warnings' | 'problems'>
): SourceDecision {
  const module = sourceModuleFor(decided.builds, inputs)
  return {
    ...decided,
    module,
    archivesCheckout: module.prepare !== undefined,
    fromGitHub: module.proof.afterBuild !== undefined,
    gates: module.gates.includes('paths') ? module.gates : [...module.gates, 'paths']
  }
}
