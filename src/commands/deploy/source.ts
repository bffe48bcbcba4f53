/**
 * Which source a deploy builds from, decided in this module and nowhere else: from `source` on a
 * create (where `revision-source` is ignored, with a warning), from `revision-source` or the
 * deployment's own source on an update. Every phase reads the decision: the archive, the gates,
 * the plan, the checks after the build.
 */
import type { RevisionSource } from '../../api/constants.js'
import type { Deployment } from '../../api/schemas.js'
import { InputError } from '../../core/errors.js'

/** The source a create sends when `source` is not set. */
export const DEFAULT_SOURCE = 'github'
const REMOTE_BUILD = 'internal_source' satisfies RevisionSource

/** The gates before any change, by id (gates/index.ts holds them in order). */
export type GateId = 'checkout-commit' | 'archive-config-check' | 'config-check' | 'expected-commit' | 'paths'

/** What the decision reads of the deploy's inputs. */
export interface SourceInputs {
  source?: string
  revisionSource?: RevisionSource
  sourceRevisionConfig: { source_tarball_path?: string }
  createIfMissing: boolean
  deploymentId?: string
}

export interface SourceDecision {
  /** The source the new revision is built from: `github`, `internal_source`, `internal_docker`, `external_docker`, ... */
  readonly builds: string
  /** The deployment's own source: what a create sends as `source`; undefined for one that reports none when `source` is not set. */
  readonly deployment: string | undefined
  readonly creating: boolean
  /**
   * A remote build: the action archives the checkout, uploads it and patches the deployment to build
   * it (`internal_source` without `source-tarball-path`, which names an archive the user uploaded).
   */
  readonly archivesCheckout: boolean
  /** The `revision_source` a patch sends, if any. */
  readonly revisionSourceSent: RevisionSource | undefined
  /**
   * A `github` revision: the plan fills `repo-url` and `repo-ref` from the workflow, the gates that
   * read GitHub apply, and the commit it was built from is held to `expected-commit` after the build.
   */
  readonly fromGitHub: boolean
  /**
   * The gates that apply. A remote build's (its checkout's commit, its config) run on its archive's
   * files, before any request when the inputs name a remote build; `paths` applies to every source,
   * and says itself when it cannot decide anything.
   */
  readonly gates: readonly GateId[]
  /** Inputs this decision set aside, each logged once as a warning. */
  readonly warnings: readonly string[]
  /** Bad input it found (a `source` the deployment was not created with): the plan refuses it with its own, all together. */
  readonly problems: readonly string[]
}

const GITHUB_GATES: readonly GateId[] = ['config-check', 'expected-commit', 'paths']
const REMOTE_BUILD_GATES: readonly GateId[] = ['checkout-commit', 'archive-config-check', 'paths']
const OTHER_GATES: readonly GateId[] = ['paths']

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
  return buildsBeforeLookup(inputs).some((source) => source !== undefined && archives(inputs, source))
}

/**
 * Whether the input rules see `repo-ref` defaulted to the workflow's ref before the lookup: unless
 * the inputs name another source for some way the lookup may end (as a `github` revision defaults to it).
 */
export function mayBuildFromGitHubBeforeLookup(inputs: SourceInputs): boolean {
  return buildsBeforeLookup(inputs).every((source) => source === undefined || source === DEFAULT_SOURCE)
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
  // The archive's patch names its source unless the deployment itself reports `internal_source`.
  const revisionSourceSent = archives(inputs, builds) ? (reported === REMOTE_BUILD ? undefined : REMOTE_BUILD) : inputs.revisionSource
  return decision(inputs, { builds, deployment, creating: false, revisionSourceSent, warnings: [], problems })
}

/** `internal_source` without `source-tarball-path` (an archive the user uploaded, sent as given). */
function archives(inputs: SourceInputs, builds: string): boolean {
  return builds === REMOTE_BUILD && !inputs.sourceRevisionConfig.source_tarball_path
}

function decision(
  inputs: SourceInputs,
  decided: Pick<SourceDecision, 'builds' | 'deployment' | 'creating' | 'revisionSourceSent' | 'warnings' | 'problems'>
): SourceDecision {
  const fromGitHub = decided.builds === 'github'
  const archivesCheckout = archives(inputs, decided.builds)
  return {
    ...decided,
    archivesCheckout,
    fromGitHub,
    gates: fromGitHub ? GITHUB_GATES : archivesCheckout ? REMOTE_BUILD_GATES : OTHER_GATES
  }
}
