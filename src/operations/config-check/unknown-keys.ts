/**
 * The keys the client's `validate_config` knows (`_KNOWN_CONFIG_KEYS`); its `validate`
 * command warns about any other, naming the nearest known one as `difflib.get_close_matches`
 * finds it. `$schema` is an editor's key, not a typo: never warned about.
 */
export const KNOWN_KEYS = [
  'python_version', 'node_version', 'api_version', 'base_image', 'image_distro', 'pip_config_file', 'pip_installer', 'source',
  'dependencies', 'dockerfile_lines', 'graphs', 'env', 'store', 'auth', 'encryption', 'http', 'webhooks', 'checkpointer', 'ui',
  'ui_config', 'keep_pkg_tools', '_INTERNAL_docker_tag', 'project_root', 'package'
]

/** Each unknown top-level key, with the nearest known one when there is one close enough (difflib's cutoff, 0.6). */
export function unknownKeys(keys: readonly string[]): Array<{ key: string; nearest?: string }> {
  return keys
    .filter((key) => !KNOWN_KEYS.includes(key) && key !== '$schema')
    .sort()
    .map((key) => {
      let best: { name: string; score: number } | undefined
      for (const name of KNOWN_KEYS) {
        const score = similarity(key, name)
        if (score >= 0.6 && (!best || score > best.score)) best = { name, score }
      }
      return best ? { key, nearest: best.name } : { key }
    })
}

/** difflib's `SequenceMatcher.ratio()`: twice the characters in matching blocks over both lengths. */
export function similarity(a: string, b: string): number {
  return a.length + b.length === 0 ? 1 : (2 * matched(a, 0, a.length, b, 0, b.length)) / (a.length + b.length)
}

/** Characters in the longest common substring, plus (recursively) those left and right of it, as difflib counts them. */
function matched(a: string, aLo: number, aHi: number, b: string, bLo: number, bHi: number): number {
  let size = 0
  let atA = aLo
  let atB = bLo
  // Keys are short: the plain O(n·m) search is enough.
  for (let i = aLo; i < aHi; i++) {
    for (let j = bLo; j < bHi; j++) {
      let k = 0
      while (i + k < aHi && j + k < bHi && a[i + k] === b[j + k]) k++
      if (k > size) {
        size = k
        atA = i
        atB = j
      }
    }
  }
  if (size === 0) return 0
  return size + matched(a, aLo, atA, b, bLo, atB) + matched(a, atA + size, aHi, b, atB + size, bHi)
}
