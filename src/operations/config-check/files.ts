import { posix } from 'node:path'
import type { RichText } from '../../core/outcome.js'

/**
 * The files a config check sees: those the build will get (the archive's selection, the
 * checkout, or the commit's tree on GitHub). Paths are posix, relative to the source's root
 * (the archive's root, the workspace, the repository).
 */
export interface ConfigFiles {
  /** `unknown`: this source cannot tell (GitHub's tree listing was cut short), so no rule acts on it. */
  kind(path: string): 'file' | 'dir' | 'absent' | 'unknown'
  /** The names directly in a directory, or undefined when it cannot be listed. */
  list(dir: string): string[] | undefined
  /** A small text file (a graph's module, `package.json`), or undefined when it cannot be read. */
  read(path: string): string | undefined
  /** When the file is on disk but the build will not get it: the rule that left it out (e.g. `` `.gitignore` ``). */
  leftOut?(path: string): string | undefined
  /** How to ship a file that `leftOut` names, in the words of the rule that left it out (an archive's rules differ). */
  leftOutFix?(path: string): RichText | undefined
  /** How to ship a file that `leftOut` names, when `leftOutFix` does not say (a checkout: commit it). */
  shipFix?: RichText
  /**
   * The files are a remote build's archive: the client's archive step (`create_archive`) runs
   * for every config, so its checks of `dependencies` apply to Node.js and uv configs too.
   */
  archive?: true
  /**
   * The name of the root directory on this machine. A `github` build's folder has its own name
   * (a repository's name is not it), so only the archive step, which the client runs on this
   * machine's folder, judges a flat-layout package at the root by it (`archive` with `rootName`).
   */
  rootName?: string
}

/**
 * `relative` (as written in the config) from the config's directory, normalised against the
 * source's root; undefined when it leaves the root (`../..` past it, or absolute), where no
 * source has anything.
 */
export function fromConfig(configPath: string, relative: string): string | undefined {
  // The build runs on Linux, where a `\\` is part of a name, not a separator.
  const written = relative
  if (written.startsWith('/')) return undefined
  const joined = posix.normalize(posix.join(posix.dirname(configPath), written))
  if (joined === '..' || joined.startsWith('../')) return undefined
  // `a/b/../../` normalises to `./`: the root, as `.` is.
  const path = joined.replace(/\/$/, '')
  return path === '.' ? '' : path
}

/** Whether `path` is `dir` or below it ('' is the root, above everything). */
export function isWithin(path: string, dir: string): boolean {
  return dir === '' || path === dir || path.startsWith(`${dir}/`)
}
