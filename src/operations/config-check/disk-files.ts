import { readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { ConfigFiles } from './files.js'
import { readCapped } from './read-capped.js'

/** The files of a directory on disk (a checkout of the commit to be built), as the build gets them all. */
export function diskFiles(root: string): ConfigFiles {
  const at = (path: string) => join(root, ...path.split('/').filter(Boolean))
  return {
    rootName: basename(root),
    kind(path) {
      try {
        const stats = statSync(at(path))
        return stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'absent'
      } catch {
        return 'absent'
      }
    },
    list(dir) {
      try {
        return readdirSync(at(dir))
      } catch {
        return undefined
      }
    },
    read: (path) => readCapped(at(path))
  }
}

/**
 * A checkout as the commit has it, for a `github` build (which fetches the commit, not the runner's
 * folder): only the files git tracks, read from disk; a file a step left beside them is absent,
 * and said to be left out because it was never committed.
 */
export function trackedDiskFiles(root: string, tracked: readonly string[]): ConfigFiles {
  const files = new Set(tracked)
  const dirs = new Set([''])
  for (const file of tracked) for (let slash = file.indexOf('/'); slash >= 0; slash = file.indexOf('/', slash + 1)) dirs.add(file.slice(0, slash))
  const disk = diskFiles(root)
  const kind = (path: string) => (files.has(path) ? disk.kind(path) : dirs.has(path) ? 'dir' : 'absent')
  return {
    rootName: disk.rootName,
    kind,
    list: (dir) => disk.list(dir)?.filter((name) => kind(dir ? `${dir}/${name}` : name) !== 'absent'),
    read: (path) => (files.has(path) ? disk.read(path) : undefined),
    leftOut: (path) => (!files.has(path) && disk.kind(path) === 'file' ? 'git: not committed' : undefined),
    shipFix: ['Commit it: a ', { code: 'github' }, ' build gets the commit, not the files beside it on the runner.']
  }
}
