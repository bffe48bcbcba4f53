import { posix } from 'node:path'

/**
 * What the platform's build finds missing in an uploaded archive: a graph whose file (a
 * `"./path/file.py:variable"` entry of the config's `graphs`) is not in it. The build runs its
 * phases, then fails on the import, naming the file. Module-style graphs (`pkg.module:var`,
 * no `/`) are imported from installed packages: not looked for.
 *
 * @param {Map<string, string>} texts the archive's small JSON files by entry name
 * @param {Set<string>} names every entry's name
 * @param {string} configPath the revision's graph_config_path inside the archive
 * @returns {string | undefined} the build's status message, or undefined when nothing is missing
 */
export function missingGraphFile(texts, names, configPath) {
  const text = texts.get(configPath)
  if (text === undefined) return undefined
  /** @type {any} */
  let config
  try {
    config = JSON.parse(text)
  } catch {
    return `Build failed: ${configPath} is not valid JSON.`
  }
  const graphs = config && typeof config.graphs === 'object' ? config.graphs : {}
  for (const [id, spec] of Object.entries(graphs)) {
    const path = typeof spec === 'string' ? spec : spec && typeof spec === 'object' ? spec.path : undefined
    if (typeof path !== 'string') continue
    const file = path.split(':')[0]
    if (!file.includes('/')) continue
    const inArchive = posix.normalize(posix.join(posix.dirname(configPath), file))
    if (!names.has(inArchive)) {
      return `Build failed: graph '${id}': could not import ${file} (${inArchive} is not in the source archive): No such file or directory`
    }
  }
  return undefined
}
