import { isDeepStrictEqual } from 'node:util'
import type { SourceConfig, SourceConfigRequest } from '../../api/schemas.js'
import type { InputName } from '../../inputs/names.js'
import { fieldsIn } from './sources/fields.js'

type AnySourceConfig = SourceConfig | SourceConfigRequest | null | undefined

/**
 * Each `source_config` field (sources/fields.ts, the one table of fields): the input that sets it,
 * whether the control plane fixes it at creation (a patch must leave it out), and whether values
 * that differ only in spelling name the same thing (ids and enum words in either case, a URL with
 * or without a last `/` or `.git`). The plan (plan.ts) and `paths` (gates/paths.ts) both read it
 * and compare with `sameSetting`, so they never disagree on whether a setting changes.
 */
export const SOURCE_CONFIG_FIELDS: ReadonlyArray<{
  input: InputName
  read: (c: AnySourceConfig) => unknown
  createOnly: boolean
  loose: boolean
}> = fieldsIn('source_config')

/**
 * Whether the deployment's value already is the one wanted. A mapping (`resource-spec`) is the
 * same when every key it sets has the deployment's value: the deployment's may hold defaults
 * the step leaves unset.
 */
export function sameSetting(field: { loose: boolean }, wanted: unknown, current: unknown): boolean {
  return covers(wanted, current, field.loose)
}

/** A setting's value as a message shows it: text as written, anything else (a flag, a mapping) as JSON. */
export function shownSetting(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The inputs set in the step whose `source_config` value is not the deployment's: sending them would change the deployment. */
export function sourceConfigDifferences(requested: SourceConfigRequest, current: AnySourceConfig): InputName[] {
  return SOURCE_CONFIG_FIELDS.filter((field) => {
    const wanted = field.read(requested)
    return wanted !== undefined && !sameSetting(field, wanted, field.read(current))
  }).map((field) => field.input)
}

function covers(wanted: unknown, current: unknown, loose: boolean, depth = 0): boolean {
  if (wanted === null) return current == null
  if (typeof wanted === 'object') {
    if (Array.isArray(wanted)) return JSON.stringify(wanted) === JSON.stringify(current)
    // A field's own object (`resource_spec.labels`) is sent whole and replaces the current one: a key
    // it lacks is removed, so only the same object is no change.
    if (depth > 0) return isDeepStrictEqual(wanted, current)
    if (typeof current !== 'object' || current === null) return false
    return Object.entries(wanted).every(
      ([key, value]) => value === undefined || covers(value, (current as Record<string, unknown>)[key], false, depth + 1)
    )
  }
  if (loose && typeof wanted === 'string' && typeof current === 'string') return same(wanted) === same(current)
  return wanted === current
}

function same(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
}
