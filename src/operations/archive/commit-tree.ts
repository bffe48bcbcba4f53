import { access } from 'node:fs/promises'
import { isAbsolute, join, relative } from 'node:path'
import { ActionError } from '../../core/errors.js'
import { isStop, type Stop } from '../../core/stop.js'
import { exportIgnored, isExportIgnored } from '../git/git-attributes.js'
import { changedFiles, checkoutOf, fetchMissingBlobs, listTree, type GitCheckout, type TreeFile } from '../git/git-tree.js'
import { addToFolderIndex } from '../git/folder-index.js'
import { toPosix } from './layout.js'
import { SCAN_MAX_BYTES } from './secret-content.js'

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
  /**
   * That repository's files under `dirs` of SCAN_MAX_BYTES and over (from its top): the secret
   * scan judges none of them, so its search of the commit must not read them (one list per repository).
   */
  large: readonly string[]
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
  /**
   * What `git archive` would leave out for `export-ignore` in the commit's `.gitattributes`
   * (files, submodules and folders; a folder's covers all below it), workspace paths.
   */
  exportIgnored: Set<string>
}

/** How deep submodules inside submodules are followed. */
const SUBMODULE_DEPTH = 8

/**
 * The commit's tree for the included directories, when the config's directory is in a git
 * checkout (found from that directory: a checkout in a subfolder of the workspace counts);
 * undefined when it is not. An initialised submodule's files are those of the commit its parent
 * records, read from its own objects wherever its checkout stands; a submodule whose objects do
 * not hold that commit is refused, named. Git runs a constant number of times per repository:
 * one `rev-parse`, one `ls-tree`, one `diff`, and, when there is an attributes file, one
 * `update-index` and one `check-attr` (git-attributes.ts).
 */
export async function readCommitTree(
  workspace: string,
  configDir: string,
  included: readonly string[],
  stop?: Stop
): Promise<CommitTree | undefined> {
  const checkout = await checkoutOf(configDir, stop, workspace)
  if (!checkout) return undefined
  const tree: CommitTree = {
    checkout,
    files: new Map(),
    dirs: new Set(),
    children: new Map(),
    uninitialised: [],
    changed: [],
    exportIgnored: new Set()
  }
  await addRepository(tree, workspace, checkout, included, stop, 0)
  return tree
}

async function addRepository(
  tree: CommitTree,
  workspace: string,
  repo: GitCheckout,
  included: readonly string[],
  stop: Stop | undefined,
  depth: number,
  /** A submodule whose checkout is not at the commit its parent records (`repo.commit`): the commit it is at. */
  movedFrom?: string
): Promise<void> {
  // The included directories inside this repository, from its top ('' for all of it); a directory above the top takes all of it.
  const dirs = included.flatMap((dir) => {
    const fromTop = toPosix(relative(repo.top, dir))
    if (fromTop === '') return ['']
    if (!fromTop.startsWith('../') && fromTop !== '..') return [fromTop]
    return toPosix(relative(dir, repo.top)).startsWith('..') ? [] : ['']
  })
  if (dirs.length === 0) return
  // The `.gitattributes` of the folders above the included ones apply to them too: listed with them, in the same command.
  const above = attributesAbove(dirs)
  const under = (path: string) => dirs.some((dir) => dir === '' || path === dir || path.startsWith(`${dir}/`))
  let listed: TreeFile[]
  let changed: string[]
  try {
    // A partial clone's missing files in one fetch, before anything reads them (their sizes, their contents).
    await fetchMissingBlobs(repo.top, repo.commit, [...dirs, ...above], stop)
    ;[listed, changed] = await Promise.all([
      listTree(repo.top, repo.commit, [...dirs, ...above], stop),
      changedFiles(repo.top, dirs, stop, repo.commit)
    ])
  } catch (error) {
    if (isStop(error) || !movedFrom) throw error
    throw new ActionError(
      'bad-input',
      `The submodule \`${toPosix(relative(workspace, repo.top))}\` is checked out at ${movedFrom.slice(0, 12)}, not at the commit ` +
        `its parent records (${repo.commit.slice(0, 12)}), and its objects do not hold that commit (${(error as Error).message}): ` +
        'what the commit ships there cannot be read. Nothing was sent.',
      'Check the submodule out at the recorded commit before this step (`git submodule update --init --recursive`, or ' +
        '`submodules: true` of actions/checkout), then re-run.'
    )
  }
  const files = listed.filter((file) => under(file.path))
  const large = files.filter((file) => file.kind === 'file' && file.size >= SCAN_MAX_BYTES).map((file) => file.path)
  const attributeFiles = listed.filter(
    (file) => file.kind === 'file' && (file.path === '.gitattributes' || file.path.endsWith('/.gitattributes'))
  )
  const ignored = await exportIgnored(repo.top, files, attributeFiles, repo.infoAttributes, stop)
  // The top may be the workspace, a folder in it (a checkout with `path:`), or above it. In the
  // first two cases a path is a prefix and git's own (normalised) path: no path.relative per file.
  const topInWorkspace = toPosix(relative(workspace, repo.top))
  const prefixed = !isAbsolute(topInWorkspace) && topInWorkspace !== '..' && !topInWorkspace.startsWith('../')
  const inWorkspace = (path: string) =>
    prefixed ? (topInWorkspace ? `${topInWorkspace}/${path}` : path) : toPosix(relative(workspace, join(repo.top, path)))
  for (const path of changed) tree.changed.push(inWorkspace(path))
  for (const path of ignored) tree.exportIgnored.add(inWorkspace(path))
  for (const file of files) {
    const path = inWorkspace(file.path)
    addToFolderIndex(tree.children, tree.dirs, path)
    if (file.kind !== 'submodule') {
      tree.files.set(path, {
        kind: file.kind,
        executable: file.executable,
        size: file.size,
        blob: { repo: repo.top, oid: file.oid, commit: repo.commit, path: file.path, dirs, large }
      })
      continue
    }
    // Left out whole by the parent's attributes, itself or a folder above it, as `git archive` leaves it out.
    if (isExportIgnored(ignored, file.path)) continue
    const top = join(repo.top, file.path)
    const inner = depth < SUBMODULE_DEPTH && (await isOwnCheckout(top)) ? await checkoutOf(top, stop) : undefined
    if (inner && inner.top === top) {
      tree.dirs.add(path)
      // What the parent's commit records, not what the submodule's checkout has moved to since.
      const recorded = { ...inner, commit: file.oid.toLowerCase() }
      await addRepository(tree, workspace, recorded, included, stop, depth + 1, inner.commit === recorded.commit ? undefined : inner.commit)
    } else {
      tree.files.set(path, {
        kind: 'submodule',
        executable: false,
        size: 0,
        blob: { repo: repo.top, oid: file.oid, commit: repo.commit, path: file.path, dirs, large }
      })
      tree.uninitialised.push(path)
    }
  }
}

/** The `.gitattributes` paths of the folders above each included one (from the top), which apply to its files too. */
function attributesAbove(dirs: readonly string[]): string[] {
  const found = new Set<string>()
  for (const dir of dirs) {
    if (dir === '') continue
    found.add('.gitattributes')
    for (let at = dir.indexOf('/'); at > 0; at = dir.indexOf('/', at + 1)) found.add(`${dir.slice(0, at)}/.gitattributes`)
  }
  return [...found]
}

/** A submodule's folder is a checkout of its own once initialised: it holds a `.git` (a file pointing into the parent's `.git/modules`). */
async function isOwnCheckout(dir: string): Promise<boolean> {
  return access(join(dir, '.git')).then(
    () => true,
    () => false
  )
}
