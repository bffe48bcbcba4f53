import * as core from '@actions/core'
import { DEPLOYMENT_TYPES, REVISION_SOURCES, SOURCES, type RevisionSource, type Source } from '../api/constants.js'
import type { Secret, SecretReference, SourceConfigRequest, SourceRevisionConfigRequest } from '../api/schemas.js'
import type { z } from 'zod'
import { sourceRuleProblems, tagRuleProblems } from '../deploy/source-rules.js'
import { InputError } from '../errors.js'
import { registerSecret } from '../masking.js'
import { INPUT_DEFAULTS, type InputName } from './names.js'
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

export type Credential = { kind: 'api-key' | 'bearer-token'; value: string }

export interface Connection {
  baseUrl: string
  credential: Credential
  tenantId?: string
}

export interface DeployInputs {
  connection: Connection
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
  timeoutMs: number
  pollIntervalMs?: number
  showLogs: boolean
}

export const COMMANDS = ['deploy'] as const

export type InputGetter = (name: InputName, options?: { trim: boolean }) => string

/** How inputs arrive on a runner: `INPUT_<NAME>` environment variables. */
export const runnerInputs: InputGetter = (name, options) =>
  core.getInput(name, { trimWhitespace: options?.trim ?? true })

/**
 * Reads and checks every input the deploy command uses, before any request. Secrets
 * are registered for masking first, so nothing logged later can show them. All
 * problems are collected and thrown together as one InputError.
 *
 * YAML and zod are loaded only for an input that needs them: most runs set none,
 * and loading them would delay the first request.
 */
export async function readInputs(get: InputGetter = runnerInputs): Promise<DeployInputs> {
  const problems: string[] = []
  const raw = (name: InputName): string => {
    const value = get(name)
    return value !== '' ? value : ((INPUT_DEFAULTS as Partial<Record<InputName, string>>)[name] ?? '')
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
  for (const name of ['api-key', 'bearer-token'] as const) registerSecret(get(name))

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
    problems.push('one of `api-key` and `bearer-token` is required: pass it from a repository secret, e.g. `api-key: ${{ secrets.CONTROL_PLANE_API_KEY }}`')
  }
  if (raw('api-key') !== '' && raw('bearer-token') !== '') {
    problems.push('set only one of `api-key` and `bearer-token`, not both')
  }
  const tenantId = optional('tenant-id', parseUuid)
  if (raw('bearer-token') !== '' && raw('tenant-id') === '') {
    problems.push('`tenant-id` is required with `bearer-token`: the control plane needs the workspace ID with a bearer token')
  }

  const command = optional('command', (v) => parseEnum(v, COMMANDS))
  const name = optional('name', parseSingleLine)
  const deploymentId = optional('deployment-id', parseUuid)
  if (raw('name') === '' && raw('deployment-id') === '') {
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

  if (source === undefined) {
    problems.push(...tagRuleProblems({ sourceConfig, sourceRevisionConfig }))
  } else {
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
  return {
    connection: { baseUrl: baseUrl as string, credential, tenantId },
    command: command as 'deploy',
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
    timeoutMs: timeoutMs as number,
    pollIntervalMs,
    showLogs: showLogs as boolean
  }
}

/** A YAML/JSON input checked against a schema, loading YAML and zod only now. */
async function checkedYaml<T>(value: string, pick: (schemas: typeof import('../api/schemas.js')) => z.ZodType<T>) {
  const [{ parseChecked }, schemas] = await Promise.all([import('./structured.js'), import('../api/schemas.js')])
  return parseChecked(value, pick(schemas))
}

function withoutUndefined<T extends object>(object: { [K in keyof T]?: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T
}
