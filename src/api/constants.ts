/**
 * The control plane's enums (docs/control-plane.md), apart from the zod schemas so that code on
 * the way to the first request does not load zod (start-up time counts on every run).
 */
export const SOURCES = ['github', 'external_docker', 'internal_docker', 'internal_source', 'internal_template'] as const
export type Source = (typeof SOURCES)[number]
/** Sources the reference API accepts in a create request. */
export const CREATABLE_SOURCES = ['github', 'external_docker', 'internal_docker', 'internal_source'] as const
export type CreatableSource = (typeof CREATABLE_SOURCES)[number]
export function isCreatable(source: string): source is CreatableSource {
  return (CREATABLE_SOURCES as readonly string[]).includes(source)
}
export const REVISION_SOURCES = ['github', 'internal_docker', 'internal_source'] as const
export type RevisionSource = (typeof REVISION_SOURCES)[number]
/** Sources that build from source code and so need `graph_config_path` on create. */
export const BUILDABLE_SOURCES: readonly string[] = ['github', 'internal_source']
/** The most the upload host takes for a source archive: the range header of every upload says so. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024
export const DEPLOYMENT_TYPES = ['dev', 'prod', 'dev_free', 'dev_zero', 'dev_free_zero'] as const
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number]
/** The type a create that names none gets: the control plane's own default. */
export const DEFAULT_DEPLOYMENT_TYPE: DeploymentType = 'prod'
/** The only types whose deployments may scale to zero (`resource_spec.min_scale: 0`). */
export const SCALE_TO_ZERO_TYPES: readonly string[] = ['dev_zero', 'dev_free_zero']
/** The sources whose create takes a type: the official clients send one for github, remote builds and pushed images. */
export const TYPED_SOURCES: readonly string[] = ['github', 'internal_source', 'internal_docker']
