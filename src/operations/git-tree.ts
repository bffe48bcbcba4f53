import { execFile, execFileSync } from 'node:child_process'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { access, realpath } from 'node:fs/promises'
import { withinTimeLimit } from '../core/time-limit.js'

/**
 * A commit's files as git's objects have them (`git ls-tree`), not as the working tree has them:
 * a sparse checkout, a file a step deleted or changed, all read as committed. Paths are
 * `/`-separated, relative to the repository's top, unquoted whatever they hold.
 */

/** One entry of a commit's tree. */
export interface TreeFile {
  /** Relative to the repository's top. */
  path: string
  kind: 'file' | 'link' | 'submodule'
  executable: boolean
  /** The blob's id (a file or a link), or the commit a submodule records. */
  oid: string
  /** Bytes (0 for a submodule). */
  size: number
}

/** A git checkout: where its top is, and the commit checked out. */
export interface GitCheckout {
  /** The repository's top (its working tree), absolute. */
  top: string
  /** `HEAD`, lower-case. */
  commit: string
}

/** A listing of a large monorepo (a million paths, with modes, ids and sizes) fits in this. */
const LISTING_MAX_BYTES = 256 * 1024 * 1024
/** Git answers these from its objects at once; one that does not in this long (a hung filesystem) must not hold the step. */
const GIT_TIMEOUT_MS = 60_000

/**
 * Arguments every git command here gets: the repository declared safe for this command only (in a
 * container job the checkout belongs to another user, and git would call it dubious), paths as
 * they are (no quoting), pathspecs taken literally (a folder named `*` is that folder), and no
 * lock taken (nothing is written).
 */
export function gitArgs(top: string | readonly string[], args: readonly string[]): string[] {
  const safe = (typeof top === 'string' ? [top] : top).flatMap((dir) => ['-c', `safe.directory=${dir}`])
  return [...safe, '-c', 'core.quotePath=false', '--no-optional-locks', '--literal-pathspecs', ...args]
}

/** One git command in `cwd`; its output, or a rejection naming the command and git's first line of error. */
export function runGit(cwd: string, args: readonly string[], limitMs = GIT_TIMEOUT_MS, maxBuffer = LISTING_MAX_BYTES, safe: readonly string[] = [cwd]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', gitArgs(safe, args), { cwd, env: process.env, timeout: Math.max(1_000, Math.min(GIT_TIMEOUT_MS, limitMs)), maxBuffer, windowsHide: true }, (error, stdout, stderr) => {
      if (error) {
        const said = String(stderr ?? '').trim().split('\n')[0]
        reject(new Error(`\`git ${args[0]}\` failed${said ? `: ${said}` : error.killed ? ': it did not answer in time' : ''}`))
        return
      }
      resolve(String(stdout))
    })
  })
}

/** Looking for a `.git` above a folder answers at once; a filesystem that does not must not hold the step. */
const LOOK_TIMEOUT_MS = 10_000

/**
 * Whether git could find a repository from `dir`: `GIT_DIR` is set, or there is a `.git` (a
 * folder, or a file for a worktree or submodule) in `dir` or a folder above it, walking up from
 * where `dir` really is (its symbolic links resolved, as git does). Where there is none, git
 * would only start to say "not a git repository". A path that cannot be resolved is left to
 * git; a filesystem that does not answer within git's own limit is no checkout (git would hang
 * on it too).
 */
async function mayBeInRepository(dir: string): Promise<boolean> {
  if (process.env.GIT_DIR !== undefined) return true
  const look = async () => {
    let current: string
    try {
      current = await realpath(dir)
    } catch {
      return true
    }
    for (; ; current = dirname(current)) {
      if (await access(join(current, '.git')).then(() => true, () => false)) return true
      if (dirname(current) === current) return false
    }
  }
  return withinTimeLimit(look, { limitMs: LOOK_TIMEOUT_MS }).catch(() => false)
}

/** The commit checked out where `dir` is (`git rev-parse HEAD`), lower-case; undefined when it cannot be read. */
export async function checkoutCommit(dir: string): Promise<string | undefined> {
  return (await checkoutOf(dir))?.commit
}

/**
 * The checkout that holds `dir` (found from `dir` itself, not the workspace: `actions/checkout`
 * with `path:` puts one in a subfolder), or undefined when there is none, or no commit yet.
 * Its top is declared safe when it is `dir` or a folder above it up to `trustedRoot` (the
 * workspace): never a repository above the workspace.
 */
export async function checkoutOf(dir: string, limitMs = GIT_TIMEOUT_MS, trustedRoot = dir): Promise<GitCheckout | undefined> {
  // No `.git` here or above: git would only walk up to say so (slowly, on a network filesystem).
  if (!(await mayBeInRepository(dir))) return undefined
  const safe = [dir]
  for (let at = dir; at !== trustedRoot && dirname(at) !== at && isInside(trustedRoot, at); ) safe.push((at = dirname(at)))
  const said = await runGit(dir, ['rev-parse', '--show-toplevel', 'HEAD'], limitMs, 64 * 1024, safe).catch(() => undefined)
  const [top, commit] = (said ?? '').split('\n').map((line) => line.trim())
  if (!top || !commit || !/^([0-9a-f]{40}|[0-9a-f]{64})$/i.test(commit)) return undefined
  return { top, commit: commit.toLowerCase() }
}

/**
 * In a partial clone (`actions/checkout` makes one for a sparse checkout: `--filter=blob:none`),
 * the commit's files outside the checked-out folders are not in the local objects; git would
 * fetch each one alone, on first use (a round trip per file). They are fetched here first, in
 * one `git fetch` of their ids, as git itself fetches for a checkout. Nothing happens in a
 * complete clone (one `git config` asks). Rejects when the fetch fails.
 */
export async function fetchMissingBlobs(top: string, commit: string, dirs: readonly string[], limitMs = GIT_TIMEOUT_MS): Promise<number> {
  const promisor = await runGit(top, ['config', '--get-regexp', '^remote\\..*\\.promisor$'], limitMs, 64 * 1024).catch(() => '')
  const remote = /^remote\.(.+)\.promisor true$/m.exec(promisor)?.[1]
  if (!remote) return 0
  const pathspecs = dirs.includes('') ? [] : [...dirs]
  // `--missing=print` names what is not here without fetching it.
  const listed = await runGit(top, ['rev-list', '--objects', '--no-walk', '--missing=print', commit, '--', ...pathspecs], limitMs)
  const missing = listed.split('\n').filter((line) => line.startsWith('?')).map((line) => line.slice(1).trim())
  if (missing.length === 0) return 0
  await new Promise<void>((resolve, reject) => {
    const args = ['-c', 'fetch.negotiationAlgorithm=noop', 'fetch', remote, '--no-tags', '--no-write-fetch-head', '--recurse-submodules=no', '--filter=blob:none', '--stdin']
    const child = execFile('git', gitArgs(top, args), { cwd: top, env: process.env, timeout: Math.max(1_000, limitMs), maxBuffer: 1024 * 1024, windowsHide: true }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`\`git fetch\` of ${missing.length} files of the commit that the partial clone does not hold failed: ${String(stderr ?? '').trim().split('\n')[0] || error.message}`))
      else resolve()
    })
    child.stdin?.end(`${missing.join('\n')}\n`)
  })
  return missing.length
}

/**
 * Every file of `commit`'s tree under `dirs` (relative to the top; '' for all of it): one
 * `git ls-tree -r -z --full-tree`, with `--long` when `sizes` are wanted (which reads every
 * blob's header: in a partial clone, fetch the missing ones first, fetchMissingBlobs). Without,
 * every size is 0. A submodule is one entry (its recorded commit).
 */
export async function listTree(top: string, commit: string, dirs: readonly string[], limitMs = GIT_TIMEOUT_MS, sizes = true): Promise<TreeFile[]> {
  const pathspecs = dirs.includes('') ? [] : [...dirs]
  const listed = await runGit(top, ['ls-tree', '-r', '-z', ...(sizes ? ['--long'] : []), '--full-tree', commit, '--', ...pathspecs], limitMs)
  const files: TreeFile[] = []
  // Read in place, by offsets: no array of records nor of fields. Listing 27,687 files took the
  // process from 44 MB to about 79 MB of RSS that way, to about 65 MB this way.
  for (let at = 0; at < listed.length; ) {
    const end = listed.indexOf('\0', at)
    const stop = end < 0 ? listed.length : end
    // `<mode> SP <type> SP <oid> [SP+ <size>] TAB <path>`
    const tab = listed.indexOf('\t', at)
    const typeAt = listed.indexOf(' ', at) + 1
    const oidAt = listed.indexOf(' ', typeAt) + 1
    const sizeAt = listed.indexOf(' ', oidAt) + 1
    const oidEnd = sizeAt > 0 && sizeAt < tab ? sizeAt - 1 : tab
    const oid = listed.slice(oidAt, oidEnd)
    const path = listed.slice(tab + 1, stop)
    if (listed.startsWith('commit ', typeAt)) files.push({ path, kind: 'submodule', executable: false, oid, size: 0 })
    else if (listed.startsWith('blob ', typeAt)) {
      const size = oidEnd < tab ? listed.slice(oidEnd, tab).trim() : '0'
      // git says `BAD` for the size of a blob it does not have (a broken or partial clone).
      if (!/^\d+$/.test(size)) throw new Error(`git has no file \`${oid}\` (\`${path}\`) in this checkout's objects: a partial or broken clone?`)
      const link = listed.startsWith('120000 ', at)
      files.push({ path, kind: link ? 'link' : 'file', executable: listed.startsWith('100755 ', at), oid, size: Number(size) })
    }
    at = stop + 1
  }
  return files
}

/**
 * Tracked files under `dirs` whose working-tree content is not the commit's (changed, or
 * deleted), relative to the top: `git diff --name-only HEAD`. A file a sparse checkout leaves out
 * of the working tree is not one (git marks it so).
 */
export async function changedFiles(top: string, dirs: readonly string[], limitMs = GIT_TIMEOUT_MS): Promise<string[]> {
  const pathspecs = dirs.includes('') ? [] : [...dirs]
  const listed = await runGit(top, ['diff', '--name-only', '-z', '--no-renames', '--ignore-submodules=dirty', 'HEAD', '--', ...pathspecs], limitMs)
  return listed.split('\0').filter((path) => path !== '')
}

/**
 * One small blob's bytes (an ignore file, a config's module), read at once: for the few files
 * a check reads, not for an archive (blob-stream.ts streams those). Undefined when it is larger
 * than `cap` or cannot be read.
 */
export function readBlobSync(top: string, oid: string, cap: number): Buffer | undefined {
  try {
    return execFileSync('git', gitArgs(top, ['cat-file', 'blob', oid]), { cwd: top, env: process.env, timeout: GIT_TIMEOUT_MS, maxBuffer: cap, windowsHide: true, stdio: ['ignore', 'pipe', 'ignore'] })
  } catch {
    return undefined
  }
}

function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child)
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
}

/**
 * Whether `relativePath` (from `cwd`, `..` allowed) is a folder of the commit checked out where
 * `cwd` is (`git cat-file -t HEAD:./<path>`), whether or not it is on disk.
 */
export function isCommittedDirectory(cwd: string, relativePath: string): boolean {
  try {
    const type = execFileSync('git', gitArgs(cwd, ['cat-file', '-t', `HEAD:./${relativePath.split(sep).join('/')}`]), { cwd, env: process.env, timeout: 10_000, windowsHide: true, stdio: ['ignore', 'pipe', 'ignore'] })
    return type.toString('utf8').trim() === 'tree'
  } catch {
    return false
  }
}
