import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { TreeFile } from '../git/git-tree.js'
import { folderIndex } from '../git/folder-index.js'
import type { CommitBackedFiles, CommitReads } from './commit-reads.js'

/**
 * A commit's files for a `github` build (which fetches the commit, not the runner's folder), read
 * from the checkout's git objects (`HEAD`'s tree): a file a sparse checkout leaves out, or that a
 * step deleted or changed, is seen as committed; a file a step left beside them is absent, and
 * said to be left out because it was never committed. `top` is the checkout's top; paths are
 * relative to it. A link is neither a file nor a folder (the build does not follow it either).
 * Contents come through `reads` (checkConfigFromCommit reads them from git).
 */
export function commitFiles(top: string, tree: readonly TreeFile[], reads: CommitReads): CommitBackedFiles {
  const files = new Map(tree.map((file) => [file.path, file]))
  const { children } = folderIndex(files.keys())
  const kind = (path: string) => {
    const file = files.get(path)
    if (file) return file.kind === 'file' ? 'file' : file.kind === 'submodule' ? 'dir' : 'absent'
    return children.has(path) ? 'dir' : 'absent'
  }
  return {
    reads,
    // No root name: the checkout's folder (usually the repository's name) is not the folder the build clones into.
    kind,
    list: (dir) => {
      const names = children.get(dir)
      return names ? [...names].sort() : undefined
    },
    read: (path) => {
      const file = files.get(path)
      return file?.kind === 'file' ? reads.text({ repo: top, oid: file.oid }) : undefined
    },
    leftOut: (path) =>
      !files.has(path) && !children.has(path) && existsSync(join(top, ...path.split('/'))) ? 'git: not committed' : undefined,
    shipFix: ['Commit it: a ', { code: 'github' }, ' build gets the commit, not the files beside it on the runner.']
  }
}
