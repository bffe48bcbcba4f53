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
