import { BUILDABLE_SOURCES, TYPED_SOURCES } from '../../../api/constants.js'
import type { SourceConfig, SourceConfigRequest, SourceRevisionConfig, SourceRevisionConfigRequest } from '../../../api/schemas.js'
import type { InputName } from '../../../inputs/names.js'

type AnyConfig = SourceConfig | SourceConfigRequest | SourceRevisionConfig | SourceRevisionConfigRequest | null | undefined

/** The deployment's settings (`source_config`) or the revision's (`source_revision_config`). */
export type FieldPlace = 'source_config' | 'source_revision_config'

export interface SourceField {
  /** The input that sets it. */
  input: InputName
  /** Which object of a create or a patch carries it. */
  in: FieldPlace
  /** Its key in that object. */
  key: string
  /** Its value in a request or in what the control plane reports. */
  read: (config: AnyConfig) => unknown
  /** The input's value as the request carries it (`k8s-namespace` goes inside `listener_config`); as given when absent. */
  write?: (value: unknown) => unknown
  /**
   * The sources that take it, from the reference's field notes ("Only applicable for `github`
   * source", ...); absent: every source. Set for another, the input rules refuse it (source-rules.ts).
   */
  sources?: readonly string[]
  /** Fixed at creation: a patch leaves it out, and a value that differs from the deployment's is refused (plan.ts). */
  createOnly: boolean
  /** Values that differ only in spelling name the same thing: ids and enum words in either case, a URL with or without a last `/` or `.git`. */
  loose: boolean
}

const DOCKER = ['external_docker', 'internal_docker']
const GITHUB = ['github']
const SELF_HOSTED = ['external_docker']

/** A field's value by its key: the schemas' objects keep keys they do not name, and so does this. */
function at(key: string): (config: AnyConfig) => unknown {
  return (config) => (config ? Object.entries(config).find(([name]) => name === key)?.[1] : undefined)
}

/**
 * Every `source_config` and `source_revision_config` field the deploy sets, once: the inputs
 * read them from here (inputs.ts), the input rules say which sources take them
 * (source-rules.ts), the plan leaves the create-only ones out of a patch (plan.ts), and the plan
 * and `paths` compare them the one way (settings-differ.ts). The revision's fields come first:
 * the input rules say their problems in this order. A new field is one row.
 */
export const SOURCE_FIELDS: readonly SourceField[] = [
  {
    input: 'repo-ref',
    in: 'source_revision_config',
    key: 'repo_ref',
    read: at('repo_ref'),
    sources: GITHUB,
    createOnly: false,
    loose: false
  },
  {
    input: 'graph-config-path',
    in: 'source_revision_config',
    key: 'graph_config_path',
    read: at('graph_config_path'),
    sources: BUILDABLE_SOURCES,
    createOnly: false,
    loose: false
  },
  {
    input: 'image-uri',
    in: 'source_revision_config',
    key: 'image_uri',
    read: at('image_uri'),
    sources: DOCKER,
    createOnly: false,
    loose: false
  },
  {
    input: 'source-tarball-path',
    in: 'source_revision_config',
    key: 'source_tarball_path',
    read: at('source_tarball_path'),
    sources: ['internal_source'],
    createOnly: false,
    loose: false
  },
  {
    input: 'integration-id',
    in: 'source_config',
    key: 'integration_id',
    read: at('integration_id'),
    sources: GITHUB,
    createOnly: true,
    loose: true
  },
  { input: 'repo-url', in: 'source_config', key: 'repo_url', read: at('repo_url'), sources: GITHUB, createOnly: true, loose: true },
  {
    input: 'deployment-type',
    in: 'source_config',
    key: 'deployment_type',
    read: at('deployment_type'),
    sources: TYPED_SOURCES,
    createOnly: true,
    loose: true
  },
  {
    input: 'build-on-push',
    in: 'source_config',
    key: 'build_on_push',
    read: at('build_on_push'),
    sources: GITHUB,
    createOnly: false,
    loose: false
  },
  {
    input: 'custom-url',
    in: 'source_config',
    key: 'custom_url',
    read: at('custom_url'),
    sources: SELF_HOSTED,
    createOnly: false,
    loose: true
  },
  { input: 'install-command', in: 'source_config', key: 'install_command', read: at('install_command'), createOnly: false, loose: false },
  { input: 'build-command', in: 'source_config', key: 'build_command', read: at('build_command'), createOnly: false, loose: false },
  {
    input: 'listener-id',
    in: 'source_config',
    key: 'listener_id',
    read: at('listener_id'),
    sources: SELF_HOSTED,
    createOnly: true,
    loose: true
  },
  {
    input: 'k8s-namespace',
    in: 'source_config',
    key: 'listener_config',
    read: (config) => (at('listener_config')(config) as { k8s_namespace?: unknown } | null | undefined)?.k8s_namespace,
    write: (value) => ({ k8s_namespace: value }),
    sources: SELF_HOSTED,
    createOnly: true,
    loose: true
  },
  { input: 'resource-spec', in: 'source_config', key: 'resource_spec', read: at('resource_spec'), createOnly: false, loose: false }
]

/** The fields one object carries, in the table's order. */
export function fieldsIn(place: FieldPlace): readonly SourceField[] {
  return SOURCE_FIELDS.filter((field) => field.in === place)
}

/** The object a request carries, from the inputs set (`valueOf` is undefined for one not set), keys in the table's order. */
export function configOf<T>(place: FieldPlace, valueOf: (input: InputName) => unknown): T {
  const entries = fieldsIn(place).flatMap((field) => {
    const value = valueOf(field.input)
    return value === undefined ? [] : [[field.key, field.write ? field.write(value) : value] as const]
  })
  return Object.fromEntries(entries) as T
}
