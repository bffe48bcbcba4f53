import type { Deployment, Secret, SecretReference } from '../../api/schemas.js'
import { ActionError } from '../../core/errors.js'
import type { EnvironmentNames } from '../../core/outcome.js'
import { quotable } from '../../core/quoted.js'

/**
 * What a deploy does to the deployment's environment (docs/control-plane.md, "The environment").
 * The control plane keeps one environment per deployment, and a `secrets` list on an update
 * replaces it whole (an empty one leaves it as it is). So `merge`, the default, sends the
 * environment the deployment has, with the input's names set to the input's values: what was
 * set in the UI, by a CLI or by Terraform stays. `replace` sends the input as the whole
 * environment, and says by name what it removes. `secret-references` follow the same rule,
 * by `name`. Values are compared, never shown; names are.
 */
export type SecretsUpdate = 'merge' | 'replace'

export type { EnvironmentNames }

/** The plan's part for `secrets` (and `secret_references`): what to send, and what it does, by name. */
export interface EnvironmentChange<T> {
  /** The list to send; undefined when the environment would not change (nothing is sent then). */
  send?: T[]
  names: EnvironmentNames
  /** `replace` on a deployment that does not report its environment: what is removed cannot be named. */
  removedUnknown?: boolean
}

/** A name as the deployment reports it, made fit for our messages (server text). */
const shown = (name: string) => `\`${quotable(name, 100)}\``
/** Names as the deployment reports them, for a message: each made fit, comma-separated. */
export const shownNames = (names: readonly string[]): string => names.map(shown).join(', ')

interface Entry<T> {
  name: string
  /** The entry as compared: a secret's value (undefined when the deployment names it without one), a reference whole. */
  value: string | undefined
  item?: T
}

/** The deployment's environment as reported: undefined when it reports none, or an entry without a name. */
function currentSecrets(deployment: Deployment): Array<Entry<Secret>> | undefined {
  if (!Array.isArray(deployment.secrets)) return undefined
  const entries: Array<Entry<Secret>> = []
  for (const raw of deployment.secrets) {
    const { name, value } = (raw ?? {}) as { name?: unknown; value?: unknown }
    if (typeof name !== 'string' || name === '') return undefined
    const text = typeof value === 'string' ? value : undefined
    entries.push({ name, value: text, item: text === undefined ? undefined : { name, value: text } })
  }
  return entries
}

function currentReferences(deployment: Deployment): Array<Entry<SecretReference>> | undefined {
  // A deployment that is not `external_docker` reports null: it has none.
  if (deployment.secret_references == null) return []
  const entries: Array<Entry<SecretReference>> = []
  for (const raw of deployment.secret_references) {
    const { name, secret_name, secret_key } = (raw ?? {}) as Record<string, unknown>
    if (typeof name !== 'string' || typeof secret_name !== 'string' || typeof secret_key !== 'string') return undefined
    const item = { name, secret_name, secret_key }
    entries.push({ name, value: JSON.stringify([secret_name, secret_key]), item })
  }
  return entries
}

/** The input's secrets as entries. */
const secretEntries = (secrets: readonly Secret[]): Array<Entry<Secret>> => secrets.map((s) => ({ name: s.name, value: s.value, item: s }))
const referenceEntries = (refs: readonly SecretReference[]): Array<Entry<SecretReference>> =>
  refs.map((r) => ({ name: r.name, value: JSON.stringify([r.secret_name, r.secret_key]), item: r }))

/**
 * The change an update makes: `merge` keeps every current entry the input does not name, `replace`
 * makes the input the whole list. Undefined `current`: the deployment does not report the list
 * (then a merge is refused by the caller; a replace cannot name what it removes).
 */
function change<T>(current: Array<Entry<T>> | undefined, given: Array<Entry<T>>, mode: SecretsUpdate): EnvironmentChange<T> {
  const now = new Map((current ?? []).map((entry) => [entry.name, entry]))
  const wanted = new Map(given.map((entry) => [entry.name, entry]))
  const names: EnvironmentNames = { kept: [], set: [], added: [], removed: [] }
  for (const [name, entry] of now) {
    const asked = wanted.get(name)
    if (!asked) (mode === 'merge' ? names.kept : names.removed).push(name)
    else if (entry.value !== undefined && entry.value === asked.value) names.kept.push(name)
    else names.set.push(name)
  }
  for (const name of wanted.keys()) if (!now.has(name)) names.added.push(name)
  const removedUnknown = mode === 'replace' && current === undefined
  const changes = names.set.length + names.added.length + names.removed.length > 0 || removedUnknown
  if (!changes) return { names }
  const send =
    mode === 'replace'
      ? given.map((entry) => entry.item as T)
      : [
          ...[...now.values()].map((entry) => (wanted.get(entry.name) ?? entry).item as T),
          ...given.filter((e) => !now.has(e.name)).map((e) => e.item as T)
        ]
  return { send, names, ...(removedUnknown ? { removedUnknown } : {}) }
}

/** What a create does: the input as given, every name added. */
export function environmentOfCreate<T extends { name: string }>(given: readonly T[] | undefined): EnvironmentChange<T> | undefined {
  if (!given) return undefined
  return { send: [...given], names: { kept: [], set: [], added: given.map((item) => item.name), removed: [] } }
}

/**
 * What an update sends as `secrets`. A merge needs every current value: when the deployment names
 * a secret without returning its value (or reports no environment), the deploy is refused before any
 * change, naming those secrets and the two ways out.
 */
export function secretsOfUpdate(
  deployment: Deployment,
  given: readonly Secret[] | undefined,
  mode: SecretsUpdate
): EnvironmentChange<Secret> | undefined {
  if (!given) return undefined
  const current = currentSecrets(deployment)
  if (mode === 'merge' && given.length > 0) {
    if (!current) throw unreadableEnvironment(deployment)
    const asked = new Set(given.map((s) => s.name))
    const hidden = current.filter((entry) => entry.value === undefined && !asked.has(entry.name)).map((entry) => entry.name)
    if (hidden.length > 0) throw valuesNotReturned(deployment, hidden)
  }
  return change(current, secretEntries(given), mode)
}

/** What an update sends as `secret_references`: the same rule, by `name`. */
export function referencesOfUpdate(
  deployment: Deployment,
  given: readonly SecretReference[] | undefined,
  mode: SecretsUpdate
): EnvironmentChange<SecretReference> | undefined {
  if (!given) return undefined
  const current = currentReferences(deployment)
  if (mode === 'merge' && given.length > 0 && !current) {
    throw new ActionError(
      'bad-response',
      `Deployment \`${deployment.name}\` reports its secret references in a form the action cannot read, so \`secret-references\` cannot be merged into them.`,
      'List every reference the deployment needs in `secret-references` and set `secrets-update: replace`.'
    )
  }
  return change(current, referenceEntries(given), mode)
}

function valuesNotReturned(deployment: Deployment, names: string[]): ActionError {
  const listed = names.map(shown).join(', ')
  return new ActionError(
    'api-refused',
    `Deployment \`${deployment.name}\` has ${names.length === 1 ? 'a secret' : `${names.length} secrets`} whose value the control plane did not return: ${listed}. ` +
      'A `secrets` list replaces the whole environment, so merging `secrets` into it would delete ' +
      `${names.length === 1 ? 'that secret' : 'them'}; nothing was sent.`,
    `Either list ${names.length === 1 ? 'it' : 'them'} in \`secrets\` with ${names.length === 1 ? 'its value' : 'their values'}, ` +
      'or set `secrets-update: replace` to make `secrets` the whole environment (the log names every secret that removes).'
  )
}

function unreadableEnvironment(deployment: Deployment): ActionError {
  return new ActionError(
    'api-refused',
    `Deployment \`${deployment.name}\` does not report its environment (its secrets' names and values), so \`secrets\` cannot be merged into it: ` +
      'a `secrets` list replaces the whole environment, and what is not in it would be deleted; nothing was sent.',
    'Set `secrets-update: replace` and list every secret the deployment needs in `secrets`.'
  )
}

/** For the log: what the change does to the list, names only (never a value). */
export function describeEnvironment(what: 'secrets' | 'secret-references', change: EnvironmentChange<unknown>, creating: boolean): string {
  const { kept, set, added, removed } = change.names
  const list = shownNames
  if (creating) return `\`${what}\`: the new deployment gets ${added.length ? list(added) : 'none'}.`
  const parts = [
    set.length ? `sets ${list(set)}` : '',
    added.length ? `adds ${list(added)}` : '',
    removed.length ? `removes ${list(removed)}` : '',
    change.removedUnknown ? 'removes any other the deployment has (it does not report them, so they cannot be named)' : '',
    kept.length ? `keeps ${list(kept)}` : ''
  ].filter(Boolean)
  if (!change.send) return `\`${what}\`: the deployment already has these values (${list(kept) || 'none'}); nothing to send.`
  return `\`${what}\`: ${parts.join('; ')}.`
}
