import { access } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { changedFiles, checkoutOf, fetchMissingBlobs, listTree, type GitCheckout } from '../git-tree.js'
import type { Stop } from '../../core/stop.js'
import { addToFolderIndex } from '../folder-index.js'
import { toPosix } from './layout.js'

/** A file of the commit, as the archive ships it: from git's objects. */
export interface CommitFile {
  kind: 'file' | 'link' | 'submodule'
  executable: boolean
  size: number
  blob: CommitBlob
}

/** Where a file of the commit's content is: the repository (its top, absolute), the blob's id, and the file in the repository's commit. */
export interface CommitBlob {
  repo: string
  oid: string
  /** The commit of the repository (the checkout's, or a submodule's own) that holds the file. */
  commit: string
  /** Relative to the repository's top, `/`-separated. */
  path: string
  /**
   * The included folders of that repository, from its top ('' for all of it): what was listed,
   * and, in a partial clone, fetched. A git command that reads more would fetch each missing file alone.
   */
  dirs: readonly string[]
}

/**
 * The files of the commit under the included directories, by workspace-relative path: the
 * checkout's `HEAD` and, inside it, each initialised submodule's own `HEAD`.
 */
export interface CommitTree {
  /** The checkout that holds the config's directory. */
  checkout: GitCheckout
  files: Map<string, CommitFile>
  /** Every directory that holds a file of the commit (workspace-relative, no trailing `/`). */
  dirs: Set<string>
  /** The names directly in each such directory ('' for the workspace). */
  children: Map<string, Set<string>>
  /** Submodules the commit records whose files are not in the checkout (not initialised): workspace paths. */
  uninitialised: string[]
  /** Tracked files whose working tree differs from the commit (changed, or deleted), workspace paths. */
  changed: string[]
}

/** How deep submodules inside submodules are followed. */
const SUBMODULE_DEPTH = 8

/**
 * The commit's tree for the included directories, when the config's directory is in a git
 * checkout (found from that directory: a checkout in a subfolder of the workspace counts);
 * undefined when it is not. Git runs a constant number of times per repository: one
 * `rev-parse`, one `ls-tree`, one `diff`.
 */
export async function readCommitTree(
  workspace: string,
  configDir: string,
  included: readonly string[],
  stop?: Stop
): Promise<CommitTree | undefined> {
  const checkout = await checkoutOf(configDir, stop, workspace)
  if (!checkout) return undefined
  const tree: CommitTree = { checkout, files: new Map(), dirs: new Set(), children: new Map(), uninitialised: [], changed: [] }
  await addRepository(tree, workspace, checkout, included, stop, 0)
  return tree
}

async function addRepository(
  tree: CommitTree,
  workspace: string,
  repo: GitCheckout,
  included: readonly string[],
  stop: Stop | undefined,
  depth: number
): Promise<void> {
  // The included directories inside this repository, from its top ('' for all of it); a directory above the top takes all of it.
  const dirs = included.flatMap((dir) => {
    const fromTop = toPosix(relative(repo.top, dir))
    if (fromTop === '') return ['']
    if (!fromTop.startsWith('../') && fromTop !== '..') return [fromTop]
    return toPosix(relative(dir, repo.top)).startsWith('..') ? [] : ['']
  })
  if (dirs.length === 0) return
  // A partial clone's missing files in one fetch, before anything reads them (their sizes, their contents).
  await fetchMissingBlobs(repo.top, repo.commit, dirs, stop)
  const [files, changed] = await Promise.all([listTree(repo.top, repo.commit, dirs, stop), changedFiles(repo.top, dirs, stop)])
  // The top may be the workspace, a folder in it (a checkout with `path:`), or above it.
  const inWorkspace = (path: string) => toPosix(relative(workspace, join(repo.top, path)))
  for (const path of changed) tree.changed.push(inWorkspace(path))
  for (const file of files) {
    const path = inWorkspace(file.path)
    addToFolderIndex(tree.children, tree.dirs, path)
    if (file.kind !== 'submodule') {
      tree.files.set(path, {
        kind: file.kind,
        executable: file.executable,
        size: file.size,
        blob: { repo: repo.top, oid: file.oid, commit: repo.commit, path: file.path, dirs }
      })
      continue
    }
    const top = join(repo.top, file.path)
    const inner = depth < SUBMODULE_DEPTH && (await isOwnCheckout(top)) ? await checkoutOf(top, stop) : undefined
    if (inner && inner.top === top) {
      tree.dirs.add(path)
      await addRepository(tree, workspace, inner, included, stop, depth + 1)
    } else {
      tree.files.set(path, {
        kind: 'submodule',
        executable: false,
        size: 0,
        blob: { repo: repo.top, oid: file.oid, commit: repo.commit, path: file.path, dirs }
      })
      tree.uninitialised.push(path)
    }
  }
}

/** A submodule's folder is a checkout of its own once initialised: it holds a `.git` (a file pointing into the parent's `.git/modules`). */
async function isOwnCheckout(dir: string): Promise<boolean> {
  return access(join(dir, '.git')).then(
    () => true,
    () => false
  )
}
