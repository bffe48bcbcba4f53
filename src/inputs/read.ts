import * as core from '@actions/core'
import type { Credential } from '../core/connection.js'
import { InputError } from '../core/errors.js'
import { registerSecret } from '../core/masking.js'
import { FORMATS, type Format, type InputValue } from './formats.js'
import { EXPRESSION_DEFAULTS, INPUT_DEFAULTS, INPUT_NAMES, type InputName } from './names.js'
import { parseEnum } from './parsers.js'
import type { CommonInputs, InputContext, InputReader, InputSpec } from './spec.js'
import { unlessUnexpanded } from './unexpanded.js'
import { unparsedSecretValues } from './secrets.js'

export type { InputContext } from './spec.js'

export type InputGetter = (name: InputName, options?: { trim: boolean }) => string

/** How inputs arrive on a runner: `INPUT_<NAME>` environment variables. */
export const runnerInputs: InputGetter = (name, options) => unlessUnexpanded(core.getInput(name, { trimWhitespace: options?.trim ?? true }))

/** Read by every command, whatever its spec. */
const EVERY_COMMAND: InputName[] = [
  'control-plane-url',
  'api-key',
  'bearer-token',
  'tenant-id',
  'command',
  'dry-run',
  'timeout',
  'github-token'
]

/**
 * The one input reader. Before any request: registers the credentials for masking
 * first, reads `command`, then reads by its format every set input that the chosen
 * command uses (and those every command shares), checks the shared ones (control plane,
 * credential, `dry-run`, `timeout`), then hands the rest to the command's spec. An input
 * the command does not use is never parsed: one step may serve several commands (deploy
 * or delete a preview), so a value meant for another command, even a malformed one, must
 * not block this one; it is only named in a warning (`ignored`). All problems are thrown
 * together as one InputError: format problems first, then the rules that relate inputs
 * to each other. The result is the common inputs plus what the spec returned, and nothing else.
 */
export async function readInputs<C extends string, T>(
  specs: Readonly<Record<C, InputSpec<T>>>,
  get: InputGetter = runnerInputs,
  context: InputContext = {}
): Promise<CommonInputs & { command: C } & T> {
  const env = context.env ?? process.env
  const raw = (name: InputName): string => {
    const value = get(name)
    if (value !== '') return value
    const expression = (EXPRESSION_DEFAULTS as Partial<Record<InputName, { env: string }>>)[name]
    if (expression) return env[expression.env] ?? ''
    return (INPUT_DEFAULTS as Partial<Record<InputName, string>>)[name] ?? ''
  }
  // Register before anything else can fail and print: a malformed key is still a key.
  for (const name of ['api-key', 'bearer-token', 'github-token', 'langsmith-api-key'] as const) registerSecret(raw(name), `\`${name}\``)

  const formatProblems: string[] = []
  const problems: string[] = []
  /** Files the format problems are in (an `evals` suite), and how many problems are in none. */
  const files: string[] = []
  let outsideFiles = 0
  let command: C | undefined
  try {
    command = parseEnum(raw('command'), Object.keys(specs) as C[])
  } catch (error) {
    formatProblems.push(`\`command\` ${(error as Error).message}`)
  }
  const spec = command === undefined ? undefined : specs[command]
  const used = new Set<InputName>([...EVERY_COMMAND, ...(spec?.uses ?? [])])
  const values = new Map<InputName, unknown>()
  for (const name of INPUT_NAMES) {
    if (name === 'secrets' && !used.has(name))
      unparsedSecretValues(get(name, { trim: false })).forEach((value) => registerSecret(value, 'a value in `secrets`'))
    if (name === 'command' || !used.has(name)) continue
    const format: Format<unknown> = FORMATS[name]
    if ('structured' in format) {
      const value = get(name, { trim: false })
      if (value.trim() === '') continue
      const result = await format.structured(value, { ...context, input: raw })
      formatProblems.push(...result.problems.map((p) => `\`${name}\`: ${p}`))
      if (result.file !== undefined && result.problems.length > 0) files.push(result.file)
      else outsideFiles += result.problems.length
      if (result.data !== undefined) values.set(name, result.data)
      continue
    }
    const value = raw(name)
    if (value === '') continue
    try {
      values.set(name, format.text(value))
    } catch (error) {
      formatProblems.push(`\`${name}\` ${(error as Error).message}`)
      outsideFiles++
    }
  }
  /** A spec reads only the inputs it declares: any other was never parsed, and reading it is a bug here, not the user's. */
  const declared = (name: InputName): InputName => {
    if (!used.has(name)) throw new Error(`the input spec of \`command: ${command}\` reads \`${name}\` without listing it in \`uses\``)
    return name
  }
  const reader: InputReader = {
    raw: (name) => raw(declared(name)),
    isSet: (name) => raw(declared(name)) !== '',
    value: <N extends InputName>(name: N) => values.get(declared(name)) as InputValue<N> | undefined,
    problem: (text) => problems.push(text),
    context
  }

  const connection = readConnection(reader)
  const specific = spec?.read(reader)
  const all = [...formatProblems, ...problems]
  if (all.length > 0 || !spec || !connection)
    throw new InputError(all, { files, alsoStep: outsideFiles + problems.length > 0 || formatProblems.length === 0 })
  return {
    connection,
    dryRun: reader.value('dry-run') as boolean,
    timeoutMs: reader.value('timeout') as number,
    ignored: ignoredInputs(used, raw),
    command: command as C,
    ...(specific as T)
  }
}

/** The control plane and the credential: every command talks to it. */
function readConnection(reader: InputReader): CommonInputs['connection'] | undefined {
  const { raw } = reader
  if (raw('control-plane-url') === '') {
    reader.problem("`control-plane-url` is required: set it to the control plane's base URL, e.g. `https://api.example.com`")
  }
  if (raw('api-key') === '' && raw('bearer-token') === '') {
    reader.problem(reader.context.pullRequestFromFork ? FORK_WITHOUT_SECRETS : NO_CREDENTIAL)
  }
  if (raw('api-key') !== '' && raw('bearer-token') !== '') reader.problem('set only one of `api-key` and `bearer-token`, not both')
  if (raw('bearer-token') !== '' && raw('tenant-id') === '') {
    reader.problem('`tenant-id` is required with `bearer-token`: the control plane needs the workspace ID with a bearer token')
  }
  const baseUrl = reader.value('control-plane-url')
  const apiKey = reader.value('api-key')
  const bearerToken = reader.value('bearer-token')
  if (baseUrl === undefined || (apiKey === undefined && bearerToken === undefined)) return undefined
  const credential: Credential =
    apiKey !== undefined ? { kind: 'api-key', value: apiKey } : { kind: 'bearer-token', value: bearerToken as string }
  return { baseUrl, credential, tenantId: reader.value('tenant-id') }
}

const NO_CREDENTIAL =
  'one of `api-key` and `bearer-token` is required: pass it from a repository secret, e.g. `api-key: ${{ secrets.CONTROL_PLANE_API_KEY }}`'

const FORK_WITHOUT_SECRETS =
  'one of `api-key` and `bearer-token` is required, and both are empty because this pull request comes from a fork: ' +
  'GitHub passes no secrets to workflows that pull requests from forks trigger. Deploy fork pull requests from a workflow ' +
  'that runs in the base repository instead: a `workflow_run` workflow triggered when this one completes, a job gated on a ' +
  'label that a maintainer adds after reading the change, or `pull_request_target` (with care: it has secrets, so never ' +
  "run the fork's code in it before review). Or skip this step for forks: " +
  '`if: github.event.pull_request.head.repo.full_name == github.repository`'

/** Set to something other than its default, and not used by the command. */
function ignoredInputs(used: ReadonlySet<InputName>, raw: (name: InputName) => string): InputName[] {
  const defaults = INPUT_DEFAULTS as Partial<Record<InputName, string>>
  return INPUT_NAMES.filter((name) => {
    const value = raw(name)
    return !used.has(name) && value !== '' && value.toLowerCase() !== (defaults[name] ?? '')
  })
}

/**
 * The one warning about inputs the command does not use: they are not errors (one step
 * may serve several commands), and were not checked, so a value meant for another
 * command cannot block this one.
 */
export function ignoredInputsWarning(command: string, ignored: readonly InputName[]): string | undefined {
  if (ignored.length === 0) return undefined
  const names = ignored.map((name) => `\`${name}\``)
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
  const [verb, pronoun] = names.length === 1 ? ['is', 'it; it is'] : ['are', 'them; they are']
  return `${listed} ${verb} set but \`command: ${command}\` does not use ${pronoun} ignored, and not checked.`
}
