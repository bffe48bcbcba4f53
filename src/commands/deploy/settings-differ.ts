import type { SourceConfig, SourceConfigRequest } from '../../api/schemas.js'
import type { InputName } from '../../inputs/names.js'

/** Each `source_config` field and the input that sets it. */
const FIELDS: Array<{ input: InputName; read: (c: SourceConfig | SourceConfigRequest) => unknown }> = [
  { input: 'integration-id', read: (c) => c.integration_id },
  { input: 'repo-url', read: (c) => c.repo_url },
  { input: 'deployment-type', read: (c) => c.deployment_type },
  { input: 'build-on-push', read: (c) => c.build_on_push },
  { input: 'custom-url', read: (c) => c.custom_url },
  { input: 'install-command', read: (c) => c.install_command },
  { input: 'build-command', read: (c) => c.build_command },
  { input: 'listener-id', read: (c) => c.listener_id },
  { input: 'k8s-namespace', read: (c) => c.listener_config?.k8s_namespace },
  { input: 'resource-spec', read: (c) => c.resource_spec }
]

/** Values that name the same thing: ids in either case, a URL with or without a last `/` or `.git`. */
const LOOSE = new Set<InputName>(['integration-id', 'repo-url', 'listener-id', 'custom-url'])

/**
 * The inputs set in the step whose `source_config` value is not the deployment's: sending them
 * would change the deployment. A mapping (`resource-spec`) is the same when every key it sets
 * has the deployment's value: the deployment's may hold defaults the step leaves unset.
 */
export function sourceConfigDifferences(requested: SourceConfigRequest, current: SourceConfig | SourceConfigRequest): InputName[] {
  return FIELDS.filter(({ input, read }) => {
    const wanted = read(requested)
    return wanted !== undefined && !covers(wanted, read(current), LOOSE.has(input))
  }).map((field) => field.input)
}

function covers(wanted: unknown, current: unknown, loose: boolean): boolean {
  if (wanted === null) return current == null
  if (typeof wanted === 'object') {
    if (Array.isArray(wanted)) return JSON.stringify(wanted) === JSON.stringify(current)
    if (typeof current !== 'object' || current === null) return false
    return Object.entries(wanted).every(([key, value]) => value === undefined || covers(value, (current as Record<string, unknown>)[key], false))
  }
  if (loose && typeof wanted === 'string' && typeof current === 'string') return same(wanted) === same(current)
  return wanted === current
}

function same(value: string): string {
  return value.trim().toLowerCase().replace(/\/+$/, '').replace(/\.git$/, '')
}
