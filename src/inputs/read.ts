import * as core from '@actions/core'
import { DEPLOYMENT_TYPES, REVISION_SOURCES, SOURCES, type RevisionSource, type Source } from '../api/constants.js'
import type { Secret, SecretReference, SourceConfigRequest, SourceRevisionConfigRequest } from '../api/schemas.js'
import type { z } from 'zod'
import { sourceRuleProblems, tagRuleProblems } from '../deploy/source-rules.js'
import { InputError } from '../errors.js'
import { registerSecret } from '../masking.js'
import { EXPRESSION_DEFAULTS, INPUT_DEFAULTS, INPUT_NAMES, type InputName } from './names.js'
import {
  parseBoolean,
  parseControlPlaneUrl,
  parseDuration,
  parseEnum,
  parseHeaderValue,
  parseSingleLine,
  parseUuid
} from './parsers.js'
import { parseSecrets } from './secrets.js'
import { unlessUnexpanded } from './unexpanded.js'

export type Credential = { kind: 'api-key' | 'bearer-token'; value: string }

export interface Connection {
  baseUrl: string
  credential: Credential
  tenantId?: string
}

/** What every command reads. */
interface CommonInputs {
  connection: Connection
  dryRun: boolean
  timeoutMs: number
  /** Inputs set to a value that this command does not use: warned about, since one step may serve several commands. */
  ignored: InputName[]
}

/** The GitHub features; `token` is set whenever one of them is on. */
export interface GitHubInputs {
  token?: string
  environment?: string
  prComment: boolean
}

export interface DeployInputs extends CommonInputs {
  command: 'deploy'
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
  wait: boolean
  pollIntervalMs?: number
  showLogs: boolean
  github: GitHubInputs
}

export interface DeleteInputs extends CommonInputs {
  command: 'delete'
  name?: string
  deploymentId?: string
  deleteTracingProject: boolean
  ignoreMissing: boolean
  wait: boolean
  pollIntervalMs?: number
  github: GitHubInputs
}

export interface DeleteListenerInputs extends CommonInputs {
  command: 'delete-listener'
  listenerId: string
  ignoreMissing: boolean
}

/** Each command gets exactly what it uses. */
export type ActionInputs = DeployInputs | DeleteInputs | DeleteListenerInputs

export const COMMANDS = ['deploy', 'delete', 'delete-listener'] as const
export type Command = (typeof COMMANDS)[number]

const EVERY_COMMAND: InputName[] = ['control-plane-url', 'api-key', 'bearer-token', 'tenant-id', 'command', 'dry-run', 'timeout', 'github-token']
const GITHUB_FEATURES: InputName[] = ['github-environment', 'pr-comment']
/** The inputs each command uses besides EVERY_COMMAND; any other set input is ignored with a warning. */
const USED_BY: Record<Command, readonly InputName[]> = {
  deploy: INPUT_NAMES.filter((name) => name !== 'delete-tracing-project' && name !== 'ignore-missing'),
  delete: ['name', 'deployment-id', 'wait', 'poll-interval', 'delete-tracing-project', 'ignore-missing', ...GITHUB_FEATURES],
  'delete-listener': ['listener-id', 'ignore-missing']
}

/** What the workflow run says about the inputs: where the token may come from, and whether secrets can be there. */
export interface InputContext {
  env?: NodeJS.ProcessEnv
  /** A pull_request event from a fork, where GitHub passes no secrets. */
  pullRequestFromFork?: boolean
}

export type InputGetter = (name: InputName, options?: { trim: boolean }) => string

/** How inputs arrive on a runner: `INPUT_<NAME>` environment variables. */
export const runnerInputs: InputGetter = (name, options) =>
  unlessUnexpanded(core.getInput(name, { trimWhitespace: options?.trim ?? true }))

/**
 * Reads and checks every input, before any request, whatever the command: a typo in an
 * input the command ignores is still a typo. Secrets are registered for masking first,
 * so nothing logged later can show them. All problems are collected and thrown together
 * as one InputError. The result holds what the command uses, and nothing else.
 *
 * YAML and zod are loaded only for an input that needs them: most runs set none,
 * and loading them would delay the first request.
 */
export async function readInputs(get: InputGetter = runnerInputs, context: InputContext = {}): Promise<ActionInputs> {
  const env = context.env ?? process.env
  const problems: string[] = []
  const raw = (name: InputName): string => {
    const value = get(name)
    if (value !== '') return value
    const expression = (EXPRESSION_DEFAULTS as Partial<Record<InputName, { env: string }>>)[name]
    if (expression) return env[expression.env] ?? ''
    return (INPUT_DEFAULTS as Partial<Record<InputName, string>>)[name] ?? ''
  }
  function optional<T>(name: InputName, parse: (value: string) => T): T | undefined {
    const value = raw(name)
    if (value === '') return undefined
    try {
      return parse(value)
    } catch (error) {
      problems.push(`\`${name}\` ${(error as Error).message}`)
      return undefined
    }
  }
  async function structured<T>(
    name: InputName,
    read: (value: string) => Promise<{ data?: T; problems: string[] }>
  ): Promise<T | undefined> {
    const value = get(name, { trim: false })
    if (value.trim() === '') return undefined
    const result = await read(value)
    problems.push(...result.problems.map((p) => `\`${name}\`: ${p}`))
    return result.data
  }

  const apiKey = optional('api-key', parseHeaderValue)
  const bearerToken = optional('bearer-token', parseHeaderValue)
  // Register before anything else can fail and print: a malformed key is still a key.
  for (const name of ['api-key', 'bearer-token', 'github-token'] as const) registerSecret(raw(name))

  const secrets = await structured('secrets', async (value) => {
    const parsed = await parseSecrets(value)
    for (const secret of parsed.secrets ?? []) registerSecret(secret.value)
    return { data: parsed.secrets, problems: parsed.problems }
  })

  const baseUrl = optional('control-plane-url', parseControlPlaneUrl)
  if (raw('control-plane-url') === '') {
    problems.push('`control-plane-url` is required: set it to the control plane\'s base URL, e.g. `https://api.example.com`')
  }
  if (raw('api-key') === '' && raw('bearer-token') === '') {
    problems.push(context.pullRequestFromFork ? FORK_WITHOUT_SECRETS : NO_CREDENTIAL)
  }
  if (raw('api-key') !== '' && raw('bearer-token') !== '') {
    problems.push('set only one of `api-key` and `bearer-token`, not both')
  }
  const tenantId = optional('tenant-id', parseUuid)
  if (raw('bearer-token') !== '' && raw('tenant-id') === '') {
    problems.push('`tenant-id` is required with `bearer-token`: the control plane needs the workspace ID with a bearer token')
  }

  const command = optional('command', (v) => parseEnum(v, COMMANDS))
  const dryRun = optional('dry-run', parseBoolean)
  const name = optional('name', parseSingleLine)
  const deploymentId = optional('deployment-id', parseUuid)
  if (command !== 'delete-listener' && raw('name') === '' && raw('deployment-id') === '') {
    problems.push('`name` is required (or `deployment-id` to act on a known deployment): set it to the deployment\'s exact name')
  }
  const createIfMissing = optional('create-if-missing', parseBoolean)

  const source = optional('source', (v) => parseEnum(v, SOURCES))
  const revisionSource = optional('revision-source', (v) => parseEnum(v, REVISION_SOURCES))
  const k8sNamespace = optional('k8s-namespace', parseSingleLine)
  const sourceConfig = withoutUndefined<SourceConfigRequest>({
    integration_id: optional('integration-id', parseUuid),
    repo_url: optional('repo-url', parseSingleLine),
    deployment_type: optional('deployment-type', (v) => parseEnum(v, DEPLOYMENT_TYPES)),
    build_on_push: optional('build-on-push', parseBoolean),
    custom_url: optional('custom-url', parseSingleLine),
    install_command: optional('install-command', (v) => v),
    build_command: optional('build-command', (v) => v),
    listener_id: optional('listener-id', parseUuid),
    listener_config: k8sNamespace === undefined ? undefined : { k8s_namespace: k8sNamespace },
    resource_spec: await structured('resource-spec', (v) => checkedYaml(v, (schemas) => schemas.ResourceSpecInput))
  })
  const sourceRevisionConfig = withoutUndefined<SourceRevisionConfigRequest>({
    repo_ref: optional('repo-ref', parseSingleLine),
    graph_config_path: optional('graph-config-path', parseSingleLine),
    image_uri: optional('image-uri', parseSingleLine),
    source_tarball_path: optional('source-tarball-path', parseSingleLine)
  })
  const secretReferences = await structured('secret-references', (v) =>
    checkedYaml(v, (schemas) => schemas.SecretReferencesInput)
  )

  const wait = optional('wait', parseBoolean)
  const timeoutMs = optional('timeout', parseDuration)
  const pollIntervalMs = optional('poll-interval', parseDuration)
  const showLogs = optional('show-logs', parseBoolean)

  const deleteTracingProject = optional('delete-tracing-project', parseBoolean)
  const ignoreMissing = optional('ignore-missing', parseBoolean)
  const githubToken = optional('github-token', parseHeaderValue)
  const githubEnvironment = optional('github-environment', parseEnvironmentName)
  const prComment = optional('pr-comment', parseBoolean)

  const ignored = command === undefined ? [] : ignoredInputs(command, raw)
  const usesGitHub = command !== undefined && USED_BY[command].includes('github-environment')
  if (usesGitHub && (githubEnvironment !== undefined || prComment) && raw('github-token') === '') {
    problems.push(
      '`github-token` is required by `github-environment` and `pr-comment`: leave it unset to use the workflow\'s `${{ github.token }}`, or pass a token with `deployments: write` and `pull-requests: write`'
    )
  }
  if (command === 'delete-listener' && raw('listener-id') === '') {
    problems.push('`listener-id` is required by `command: delete-listener`: set it to the UUID of the listener to delete')
  }

  // The source rules concern what a deploy sends; the other commands send none of it.
  if (command === 'deploy' && source === undefined) {
    problems.push(...tagRuleProblems({ sourceConfig, sourceRevisionConfig }))
  } else if (command === 'deploy' && source !== undefined) {
    // Whether this run creates is known only after the lookup; the create-only rules wait for it.
    problems.push(
      ...sourceRuleProblems(
        { sourceConfig, sourceRevisionConfig, hasSecretReferences: secretReferences !== undefined },
        source,
        revisionSource,
        false
      )
    )
  }

  if (problems.length > 0) throw new InputError(problems)
  const credential: Credential =
    apiKey !== undefined ? { kind: 'api-key', value: apiKey } : { kind: 'bearer-token', value: bearerToken as string }
  const common: CommonInputs = {
    connection: { baseUrl: baseUrl as string, credential, tenantId },
    dryRun: dryRun as boolean,
    timeoutMs: timeoutMs as number,
    ignored
  }
  const github: GitHubInputs = {
    ...(githubEnvironment !== undefined || prComment ? { token: githubToken } : {}),
    environment: githubEnvironment,
    prComment: prComment as boolean
  }
  switch (command as Command) {
    case 'deploy':
      return {
        ...common,
        command: 'deploy',
        name,
        deploymentId,
        createIfMissing: createIfMissing as boolean,
        source,
        revisionSource,
        sourceConfig,
        sourceRevisionConfig,
        secrets,
        secretReferences,
        wait: wait as boolean,
        pollIntervalMs,
        showLogs: showLogs as boolean,
        github
      }
    case 'delete':
      return {
        ...common,
        command: 'delete',
        name,
        deploymentId,
        deleteTracingProject: deleteTracingProject as boolean,
        ignoreMissing: ignoreMissing as boolean,
        wait: wait as boolean,
        pollIntervalMs,
        github
      }
    case 'delete-listener':
      return { ...common, command: 'delete-listener', listenerId: sourceConfig.listener_id as string, ignoreMissing: ignoreMissing as boolean }
  }
}

const NO_CREDENTIAL =
  'one of `api-key` and `bearer-token` is required: pass it from a repository secret, e.g. `api-key: ${{ secrets.CONTROL_PLANE_API_KEY }}`'

const FORK_WITHOUT_SECRETS =
  'one of `api-key` and `bearer-token` is required, and both are empty because this pull request comes from a fork: ' +
  'GitHub passes no secrets to workflows that pull requests from forks trigger. Deploy fork pull requests from a workflow ' +
  'that runs in the base repository instead: a `workflow_run` workflow triggered when this one completes, a job gated on a ' +
  'label that a maintainer adds after reading the change, or `pull_request_target` (with care: it has secrets, so never ' +
  'run the fork\'s code in it before review). Or skip this step for forks: ' +
  '`if: github.event.pull_request.head.repo.full_name == github.repository`'

/** Set to something other than its default, and not used by `command`. */
function ignoredInputs(command: Command, raw: (name: InputName) => string): InputName[] {
  const used = new Set([...EVERY_COMMAND, ...USED_BY[command]])
  const defaults = INPUT_DEFAULTS as Partial<Record<InputName, string>>
  return INPUT_NAMES.filter((name) => !used.has(name) && raw(name) !== '' && raw(name).toLowerCase() !== (defaults[name] ?? ''))
}

/** GitHub takes environment names of up to 255 characters on one line. */
function parseEnvironmentName(raw: string): string {
  parseSingleLine(raw)
  if (raw.length > 255) throw new Error('must be at most 255 characters long')
  return raw
}

/** A YAML/JSON input checked against a schema, loading YAML and zod only now. */
async function checkedYaml<T>(value: string, pick: (schemas: typeof import('../api/schemas.js')) => z.ZodType<T>) {
  const [{ parseChecked }, schemas] = await Promise.all([import('./structured.js'), import('../api/schemas.js')])
  return parseChecked(value, pick(schemas))
}

function withoutUndefined<T extends object>(object: { [K in keyof T]?: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T
}
