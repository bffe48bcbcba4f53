import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { readBlobSync, type TreeFile } from '../git-tree.js'
import type { ConfigFiles } from './files.js'
import { READ_CAP_BYTES } from './read-capped.js'

/**
 * A commit's files for a `github` build (which fetches the commit, not the runner's folder), read
 * from the checkout's git objects (`HEAD`'s tree): a file a sparse checkout leaves out, or that a
 * step deleted or changed, is seen as committed; a file a step left beside them is absent, and
 * said to be left out because it was never committed. `top` is the checkout's top; paths are
 * relative to it. A link is neither a file nor a folder (the build does not follow it either).
 */
export function commitFiles(top: string, tree: readonly TreeFile[]): ConfigFiles {
  const files = new Map<string, TreeFile>()
  const children = new Map<string, Set<string>>([['', new Set()]])
  for (const file of tree) {
    files.set(file.path, file)
    let child = file.path
    for (let slash = child.lastIndexOf('/'); ; slash = child.lastIndexOf('/')) {
      const parent = slash < 0 ? '' : child.slice(0, slash)
      const known = children.has(parent)
      const names = children.get(parent) ?? new Set<string>()
      names.add(child.slice(slash + 1))
      children.set(parent, names)
      if (known || parent === '') break
      child = parent
    }
  }
  const kind = (path: string) => {
    const file = files.get(path)
    if (file) return file.kind === 'file' ? 'file' : file.kind === 'submodule' ? 'dir' : 'absent'
    return children.has(path) ? 'dir' : 'absent'
  }
  return {
    // No root name: the checkout's folder (usually the repository's name) is not the folder the build clones into.
    kind,
    list: (dir) => {
      const names = children.get(dir)
      return names ? [...names].sort() : undefined
    },
    read: (path) => {
      const file = files.get(path)
      return file?.kind === 'file' ? readBlobSync(top, file.oid, READ_CAP_BYTES)?.toString('utf8') : undefined
    },
    leftOut: (path) => (!files.has(path) && !children.has(path) && existsSync(join(top, ...path.split('/'))) ? 'git: not committed' : undefined),
    shipFix: ['Commit it: a ', { code: 'github' }, ' build gets the commit, not the files beside it on the runner.']
  }
}
