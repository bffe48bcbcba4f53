import type { RevisionSource, Source } from '../../api/constants.js'
import type { Secret, SecretReference, SourceConfigRequest, SourceRevisionConfigRequest } from '../../api/schemas.js'
import { readGitHubInputs, readTarget, type GitHubInputs } from '../../inputs/github.js'
import { readHealthCheck, type HealthCheckInputs } from '../../inputs/health.js'
import { readVerification, type VerificationInputs } from '../../inputs/verification.js'
import { INPUT_NAMES, type InputName } from '../../inputs/names.js'
import type { PathFilter } from '../../inputs/paths.js'
import { readPollInterval } from '../../inputs/poll-interval.js'
import { defaultRepoRef } from '../../inputs/workflow-context.js'
import type { CommonInputs, InputReader, InputSpec } from '../../inputs/spec.js'
import type { SecretsUpdate } from './environment.js'
import { scaleToZeroProblemBeforeLookup } from './scale-to-zero.js'
import { sourceProblemsBeforeLookup } from './source-rules.js'
import { mayBuildFromGitHubBeforeLookup } from './source.js'
import { configOf } from './sources/fields.js'

export interface DeploySpecific {
  name?: string
  deploymentId?: string
  createIfMissing: boolean
  /** Set only when the user gave `source`; the create default is applied by the plan. */
  source?: Source
  revisionSource?: RevisionSource
  /** Only the fields the user set: a patch must not send what the user did not ask for. */
  sourceConfig: SourceConfigRequest
  sourceRevisionConfig: SourceRevisionConfigRequest
  secrets?: Secret[]
  secretReferences?: SecretReference[]
  /** `secrets-update`: what an update does to the deployment's environment (environment.ts). */
  secretsUpdate: SecretsUpdate
  wait: boolean
  pollIntervalMs?: number
  showLogs: boolean
  health?: HealthCheckInputs
  /** `verify-revision`, `smoke-test`: the checks after the health check. */
  verification: VerificationInputs
  /** `on-failure: rollback`: serve the previous revision again when this one fails (on-failure.ts). */
  rollbackOnFailure: boolean
  github: GitHubInputs
  /** `paths`: deploy only when a file under them changed since the serving revision's commit (gates/paths.ts). */
  paths?: PathFilter
  /** `expected-commit`: the commit this deploy must ship, full and lower-case (the source modules' `proof`, sources/types.ts). */
  expectedCommit?: string
  /** `github-token`, for the commit reads of `paths` and `expected-commit`. */
  githubToken?: string
  /** A remote build's extra exclusions (`.gitignore` patterns, relative to the workspace). */
  archiveExclude?: string[]
  /** A remote build's untracked files to ship anyway (`.gitignore` patterns, relative to the workspace). */
  archiveInclude?: string[]
  /** `secret-scan`: what a key found in a file a remote build ships does (remote-build.ts); undefined: not set (`warn`). */
  secretScan?: 'warn' | 'fail' | 'off'
  /** `config-check`: what a config the build would refuse does to the deploy (gates/config-check.ts, gates/archive-config-check.ts). */
  configCheck: 'error' | 'warn' | 'off'
}

export type DeployInputs = CommonInputs & { command: 'deploy' } & DeploySpecific

const NOT_DEPLOY: readonly InputName[] = [
  'delete-tracing-project',
  'ignore-missing',
  'rollback-to',
  'name-pattern',
  'max-age',
  'max-deletions'
]

/** `command: deploy` reads every input but the delete and prune ones and `rollback-to`. */
export const deploySpec: InputSpec<DeploySpecific> = {
  uses: INPUT_NAMES.filter((name) => !NOT_DEPLOY.includes(name)),
  read(reader) {
    const { value } = reader
    // Each field from its input, as the one table of fields says (sources/fields.ts); only those set: a patch sends nothing else.
    const sourceConfig = configOf<SourceConfigRequest>('source_config', (input) => value(input))
    const sourceRevisionConfig = configOf<SourceRevisionConfigRequest>('source_revision_config', (input) => value(input))
    const target = readTarget(reader)
    const github = readGitHubInputs(reader)
    const inputs: DeploySpecific = {
      ...target,
      createIfMissing: value('create-if-missing') as boolean,
      source: value('source'),
      revisionSource: value('revision-source'),
      sourceConfig,
      sourceRevisionConfig,
      secrets: value('secrets'),
      secretReferences: value('secret-references'),
      secretsUpdate: value('secrets-update') ?? 'merge',
      wait: value('wait') as boolean,
      pollIntervalMs: readPollInterval(reader),
      showLogs: value('show-logs') as boolean,
      health: readHealthCheck(reader),
      verification: readVerification(reader),
      rollbackOnFailure: value('on-failure') === 'rollback',
      github,
      paths: value('paths'),
      expectedCommit: value('expected-commit'),
      githubToken: value('github-token'),
      archiveExclude: value('archive-exclude'),
      archiveInclude: value('archive-include'),
      secretScan: value('secret-scan'),
      configCheck: value('config-check') ?? 'error'
    }
    replaceProblems(reader, inputs).forEach(reader.problem)
    const twice = repeatedNames(inputs.secretReferences ?? [])
    if (twice.length > 0)
      reader.problem(
        `\`secret-references\` names ${twice.map((name) => `\`${name}\``).join(', ')} more than once: each environment variable is set by one reference; keep one entry per \`name\``
      )
    // The rules see `repo-ref` as the deploy will send it: a github revision defaults to the workflow's ref.
    const refDefaulted = mayBuildFromGitHubBeforeLookup(inputs) && !sourceRevisionConfig.repo_ref
    const contextRef = refDefaulted ? defaultRepoRef(reader.context.env ?? process.env) : undefined
    sourceProblemsBeforeLookup(
      contextRef ? { ...inputs, sourceRevisionConfig: { ...sourceRevisionConfig, repo_ref: contextRef } } : inputs
    ).forEach(reader.problem)
    const scaleToZero = scaleToZeroProblemBeforeLookup(sourceConfig)
    if (scaleToZero) reader.problem(scaleToZero)
    return inputs
  }
}

/**
 * `secrets-update: replace` makes `secrets` the whole environment. An empty list would not clear
 * it (the control plane keeps the environment when given one), so an empty or missing `secrets`
 * with `replace` is a mistake, unless the step replaces only `secret-references`.
 */
function replaceProblems(reader: InputReader, inputs: DeploySpecific): string[] {
  if (inputs.secretsUpdate !== 'replace' || (inputs.secrets && inputs.secrets.length > 0)) return []
  if (reader.isSet('secrets')) {
    // A malformed `secrets` has its own problem already.
    const meaningful = !reader.raw('secrets').split(/\r?\n/).every(blankOrComment)
    if (inputs.secrets === undefined && meaningful) return []
  } else if (inputs.secretReferences !== undefined) return []
  return [
    '`secrets` is empty, and `secrets-update` is `replace`: an empty list does not clear the environment (the control plane keeps it ' +
      'as it is), so nothing would be replaced. List every secret the deployment needs in `secrets`, or remove `secrets-update: replace`'
  ]
}

const blankOrComment = (line: string) => line.trim() === '' || line.trimStart().startsWith('#')

/** The names given more than once, each once, in order. */
function repeatedNames(entries: ReadonlyArray<{ name: string }>): string[] {
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const { name } of entries) (seen.has(name) ? twice : seen).add(name)
  return [...twice]
}
