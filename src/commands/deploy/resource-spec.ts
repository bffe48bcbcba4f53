import type { Deployment, ResourceSpec } from '../../api/schemas.js'

/**
 * `resource-spec` on an update, merged over the deployment's current `resource_spec` field by
 * field. The control plane replaces the whole object on a patch, so a partial spec alone would
 * reset every field it does not name (scale, memory, labels, volumes, pull secrets) to its
 * default; the owners' own provider reads and merges before it writes for that reason
 * (docs/control-plane.md). The fields given replace theirs; every other field keeps its current
 * value, including fields this action's schema does not model. A field whose value is itself an
 * object (`labels`, `annotations`) is replaced whole, as the control plane does. Null fields, given
 * or current, are left out.
 */
export function mergedResourceSpec(given: ResourceSpec, deployment: Deployment): ResourceSpec {
  const current = deployment.source_config?.resource_spec
  if (!current || typeof current !== 'object' || Array.isArray(current)) return given
  const kept = Object.entries(current as Record<string, unknown>).filter(([, value]) => value != null)
  // A field written with no value (`max_scale:` in YAML reads as null) is not configured, as the
  // owners' provider reads it: the current value stays, never reset to the default by a null.
  const set = Object.entries(given).filter(([, value]) => value != null)
  return { ...Object.fromEntries(kept), ...Object.fromEntries(set) }
}
