import { nearestName } from '../../core/similarity.js'

export { similarity } from '../../core/similarity.js'

/**
 * The keys the client's `validate_config` knows (`_KNOWN_CONFIG_KEYS`); its `validate`
 * command warns about any other, naming the nearest known one as `difflib.get_close_matches`
 * finds it. `$schema` is an editor's key, not a typo: never warned about.
 */
export const KNOWN_KEYS = [
  'python_version',
  'node_version',
  'api_version',
  'base_image',
  'image_distro',
  'pip_config_file',
  'pip_installer',
  'source',
  'dependencies',
  'dockerfile_lines',
  'graphs',
  'env',
  'store',
  'auth',
  'encryption',
  'http',
  'webhooks',
  'checkpointer',
  'ui',
  'ui_config',
  'keep_pkg_tools',
  '_INTERNAL_docker_tag',
  'project_root',
  'package'
]

/** Each unknown top-level key, with the nearest known one when there is one close enough (difflib's cutoff, 0.6). */
export function unknownKeys(keys: readonly string[]): Array<{ key: string; nearest?: string }> {
  return keys
    .filter((key) => !KNOWN_KEYS.includes(key) && key !== '$schema')
    .sort()
    .map((key) => {
      const nearest = nearestName(key, KNOWN_KEYS)
      return nearest ? { key, nearest } : { key }
    })
}
