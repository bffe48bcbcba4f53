import { BUILDABLE_SOURCES } from '../../api/constants.js'
import type { Secret, SourceConfigRequest, SourceRevisionConfigRequest } from '../../api/schemas.js'
import type { InputName } from '../../inputs/names.js'
import { reservedSecretProblems } from '../../inputs/reserved-secrets.js'
import { possibleBeforeLookup, type SourceDecision, type SourceInputs } from './source.js'
import { SOURCE_FIELDS } from './sources/fields.js'
import { sourcesWithCommitProof } from './sources/registry.js'

/**
 * Which inputs make sense for which source, from the field notes of the reference
 * API ("Only applicable for `github` source", ...). Checked before any request when
 * `source` is given, and again once the existing deployment's source is known.
 */
export interface SourceSettings {
  sourceConfig: SourceConfigRequest
  sourceRevisionConfig: SourceRevisionConfigRequest
  hasSecretReferences: boolean
  /** `expected-commit`: only a revision that reports its commit, or a checkout's, can be held to one. */
  hasExpectedCommit?: boolean
}

interface Rule {
  input: InputName
  /** Revision fields follow `revision-source` when it is set; deployment fields the deployment's source. */
  level: 'deployment' | 'revision'
  isSet: (s: SourceSettings) => boolean
  sources: readonly string[]
}

const isSetValue = (value: unknown) => value !== undefined && value !== null && value !== ''

/** One rule for each field the table (sources/fields.ts) gives to some sources only, then those of inputs that are not fields. */
const RULES: Rule[] = [
  ...SOURCE_FIELDS.flatMap((field): Rule[] =>
    field.sources
      ? [
          {
            input: field.input,
            level: field.in === 'source_revision_config' ? 'revision' : 'deployment',
            isSet: (s) => isSetValue(field.read(field.in === 'source_revision_config' ? s.sourceRevisionConfig : s.sourceConfig)),
            sources: field.sources
          }
        ]
      : []
  ),
  { input: 'secret-references', level: 'deployment', isSet: (s) => s.hasSecretReferences, sources: ['external_docker'] },
  // Only where a source module proves the commit: a github revision reports the commit it was built from, and a remote
  // build ships the checkout; an image shows neither.
  { input: 'expected-commit', level: 'revision', isSet: (s) => s.hasExpectedCommit === true, sources: sourcesWithCommitProof() }
]

const list = (sources: readonly string[]) => sources.map((s) => `\`${s}\``).join(' and ')

/**
 * `deployment`: the deployment's own source; `builds`: the sources the revision may be built from
 * (source.ts decides them: one after the lookup, before it one for each way the lookup may end).
 * A rule is broken when it applies to none of them; one whose source is not known yet waits.
 */
export function sourceRuleProblems(
  settings: SourceSettings,
  deployment: string | undefined,
  builds: readonly string[],
  creating: boolean
): string[] {
  const problems: string[] = []
  for (const rule of RULES) {
    const applicable = rule.level === 'revision' ? builds : deployment === undefined ? [] : [deployment]
    if (applicable.length > 0 && rule.isSet(settings) && !applicable.some((source) => rule.sources.includes(source))) {
      problems.push(
        `\`${rule.input}\` applies only to ${list(rule.sources)} sources, not ${applicable.map((s) => `\`${s}\``).join(' or ')}; remove it`
      )
    }
  }
  if (creating && deployment !== undefined && BUILDABLE_SOURCES.includes(deployment) && !settings.sourceRevisionConfig.graph_config_path) {
    problems.push(
      `\`graph-config-path\` is required to create a \`${deployment}\` deployment: set it to the graph configuration file's path in the repository, e.g. \`graph.json\``
    )
  }
  return [...problems, ...tagRuleProblems(settings)]
}

/** Independent of the source, so checked before any request whatever the inputs. */
export function tagRuleProblems(settings: Pick<SourceSettings, 'sourceConfig' | 'sourceRevisionConfig'>): string[] {
  const ref = settings.sourceRevisionConfig.repo_ref
  if (settings.sourceConfig.build_on_push === true && ref?.startsWith('refs/tags/')) {
    return [
      `\`build-on-push\` cannot be \`true\` when \`repo-ref\` is a tag (\`${ref}\`): tags never change, so there is nothing to build on push`
    ]
  }
  return []
}

/** The inputs the source rules read. */
interface SourceRuleInputs extends SourceInputs {
  sourceConfig: SourceConfigRequest
  sourceRevisionConfig: SourceRevisionConfigRequest
  secretReferences?: unknown
  secrets?: readonly Secret[]
  expectedCommit?: string
}

/**
 * Before any request (the deploy input spec): what the inputs alone decide. The deployment's
 * rules when `source` says what it is; the revision's when the inputs name the source of every
 * way the lookup may end (source.ts), refusing what none of them takes; always those independent
 * of the source. Whether the run creates is
 * known only after the lookup, so the create rules wait. So do the secret names reserved only
 * for some sources, unless `source` says which.
 */
export function sourceProblemsBeforeLookup(inputs: SourceRuleInputs): string[] {
  const settings = {
    sourceConfig: inputs.sourceConfig,
    sourceRevisionConfig: inputs.sourceRevisionConfig,
    hasSecretReferences: inputs.secretReferences !== undefined,
    hasExpectedCommit: inputs.expectedCommit !== undefined
  }
  const reserved = reservedSecretProblems(inputs.secrets, inputs.source)
  // An archive the user uploaded is not the checkout, and reports no commit: nothing could show it is the one tested.
  const unverifiable =
    inputs.expectedCommit !== undefined && inputs.sourceRevisionConfig.source_tarball_path
      ? [
          '`expected-commit` cannot be checked against an archive you uploaded yourself (`source-tarball-path`): remove one ' +
            'of them; without `source-tarball-path` the action archives the checkout and checks its commit'
        ]
      : []
  return [...sourceRuleProblems(settings, inputs.source, possibleBeforeLookup(inputs), false), ...reserved, ...unverifiable]
}

/**
 * After the lookup (the planner): the same rules with what the lookup added, the
 * decided sources, whether this run creates, and the workflow's defaults.
 */
export function sourceProblemsAfterLookup(
  inputs: SourceRuleInputs,
  settings: Pick<SourceSettings, 'sourceConfig' | 'sourceRevisionConfig'>,
  source: Pick<SourceDecision, 'deployment' | 'builds' | 'creating'>
): string[] {
  return [
    ...sourceRuleProblems(
      { ...settings, hasSecretReferences: inputs.secretReferences !== undefined, hasExpectedCommit: inputs.expectedCommit !== undefined },
      source.deployment,
      [source.builds],
      source.creating
    ),
    ...reservedSecretProblems(inputs.secrets, source.deployment)
  ]
}
