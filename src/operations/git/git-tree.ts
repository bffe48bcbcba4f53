import { execFile } from 'node:child_process'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { access, realpath } from 'node:fs/promises'
import { CancelledError } from '../../core/cancel.js'
import { isStop, stopLimit, stopReason, type Stop } from '../../core/stop.js'
import { startTimeLimit, withinTimeLimit } from '../../core/time-limit.js'

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
  /** The repository's own attributes file (`$GIT_DIR/info/attributes`), absolute, whether or not it exists. */
  infoAttributes?: string
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
export function gitArgs(top: string | readonly string[], args: readonly string[], literalPathspecs = true): string[] {
  const safe = (typeof top === 'string' ? [top] : top).flatMap((dir) => ['-c', `safe.directory=${dir}`])
  // A command that needs a pathspec's magic (`:(exclude)`) writes `:(literal)` into each one itself.
  return [...safe, '-c', 'core.quotePath=false', '--no-optional-locks', ...(literalPathspecs ? ['--literal-pathspecs'] : []), ...args]
}

/**
 * What ends git early: the run's cancel and the step's deadline (core/stop.ts). Every git process
 * is killed on either, and each is given the time left when it starts (never more than
 * GIT_TIMEOUT_MS, unless a caller says otherwise). The time is real: the run's clock may be
 * virtual (tests), and git does not move it.
 */
export function gitLimit(stop: Stop | undefined, capMs = GIT_TIMEOUT_MS): { limitMs: number; signal?: AbortSignal } {
  return stopLimit(stop, capMs)
}

export interface GitRun {
  stop?: Stop
  /** The most this one command may take (default GIT_TIMEOUT_MS), whatever the deadline. */
  capMs?: number
  maxBuffer?: number
  /** Folders declared safe (default: `cwd`). */
  safe?: readonly string[]
  /** Written to git's standard input, then closed. */
  input?: string
  /** Set in git's environment besides the process's own. */
  env?: Record<string, string>
}

/**
 * One git command in `cwd`; its output, or a rejection naming the command and git's first line
 * of error. Killed on the run's cancel (CancelledError), or once its limit passes (the step's
 * deadline: a `timed-out` ActionError).
 */
export function runGit(cwd: string, args: readonly string[], run: GitRun = {}): Promise<string> {
  const stopped = stopReason(run.stop)
  if (stopped) return Promise.reject(stopped)
  const limit = startTimeLimit(gitLimit(run.stop, run.capMs))
  return new Promise<string>((resolve, reject) => {
    const child = execFile(
      'git',
      gitArgs(run.safe ?? [cwd], args),
      {
        cwd,
        env: run.env ? { ...process.env, ...run.env } : process.env,
        signal: limit.signal,
        maxBuffer: run.maxBuffer ?? LISTING_MAX_BYTES,
        windowsHide: true
      },
      (error, stdout, stderr) => {
        if (error) {
          if (limit.signal.aborted) {
            reject(
              stopReason(run.stop) ??
                (run.stop?.signal?.aborted ? new CancelledError() : new Error(`\`git ${args[0]}\` failed: it did not answer in time`))
            )
            return
          }
          const said = String(stderr ?? '')
            .trim()
            .split('\n')[0]
          reject(new Error(`\`git ${args[0]}\` failed${said ? `: ${said}` : ''}`))
          return
        }
        resolve(String(stdout))
      }
    )
    // A write after git exits early fails the command: its own error says why.
    child.stdin?.on('error', () => undefined)
    child.stdin?.end(run.input ?? '')
  }).finally(() => limit.end())
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
      if (
        await access(join(current, '.git')).then(
          () => true,
          () => false
        )
      )
        return true
      if (dirname(current) === current) return false
    }
  }
  return withinTimeLimit(look, { limitMs: LOOK_TIMEOUT_MS }).catch(() => false)
}

/**
 * The checkout that holds `dir` (found from `dir` itself, not the workspace: `actions/checkout`
 * with `path:` puts one in a subfolder), or undefined when there is none, or no commit yet.
 * Its top is declared safe when it is `dir` or a folder above it up to `trustedRoot` (the
 * workspace): never a repository above the workspace.
 */
export async function checkoutOf(dir: string, stop?: Stop, trustedRoot = dir): Promise<GitCheckout | undefined> {
  // No `.git` here or above: git would only walk up to say so (slowly, on a network filesystem).
  if (!(await mayBeInRepository(dir))) return undefined
  const safe = [dir]
  for (let at = dir; at !== trustedRoot && dirname(at) !== at && isInside(trustedRoot, at);) safe.push((at = dirname(at)))
  const said = await runGit(dir, ['rev-parse', '--show-toplevel', 'HEAD', '--git-path', 'info/attributes'], {
    stop,
    maxBuffer: 64 * 1024,
    safe
  }).catch(unlessStop)
  const [top, commit, attributes] = (said ?? '').split('\n').map((line) => line.trim())
  if (!top || !commit || !/^([0-9a-f]{40}|[0-9a-f]{64})$/i.test(commit)) return undefined
  // `--git-path` answers relative to `dir` unless the repository's folder is elsewhere.
  return { top, commit: commit.toLowerCase(), ...(attributes ? { infoAttributes: resolve(dir, attributes) } : {}) }
}

/**
 * In a partial clone (`actions/checkout` makes one for a sparse checkout: `--filter=blob:none`),
 * the commit's files outside the checked-out folders are not in the local objects; git would
 * fetch each one alone, on first use (a round trip per file). They are fetched here first, in
 * one `git fetch` of their ids, as git itself fetches for a checkout. Nothing happens in a
 * complete clone (one `git config` asks). Rejects when the fetch fails.
 */
export async function fetchMissingBlobs(top: string, commit: string, dirs: readonly string[], stop?: Stop): Promise<number> {
  const promisor =
    (await runGit(top, ['config', '--get-regexp', '^remote\\..*\\.promisor$'], { stop, maxBuffer: 64 * 1024 }).catch(unlessStop)) ?? ''
  const remote = /^remote\.(.+)\.promisor true$/m.exec(promisor)?.[1]
  if (!remote) return 0
  const pathspecs = dirs.includes('') ? [] : [...dirs]
  // `--missing=print` names what is not here without fetching it.
  const listed = await runGit(top, ['rev-list', '--objects', '--no-walk', '--missing=print', commit, '--', ...pathspecs], { stop })
  const missing = listed
    .split('\n')
    .filter((line) => line.startsWith('?'))
    .map((line) => line.slice(1).trim())
  if (missing.length === 0) return 0
  const args = [
    '-c',
    'fetch.negotiationAlgorithm=noop',
    'fetch',
    remote,
    '--no-tags',
    '--no-write-fetch-head',
    '--recurse-submodules=no',
    '--filter=blob:none',
    '--stdin'
  ]
  // A fetch may take long: it has all the time left, not the cap of a local command.
  await runGit(top, args, {
    stop,
    capMs: stop ? Infinity : GIT_TIMEOUT_MS,
    maxBuffer: 1024 * 1024,
    input: `${missing.join('\n')}\n`
  }).catch((error: unknown) => {
    if (isStop(error)) throw error
    throw new Error(
      `\`git fetch\` of ${missing.length} files of the commit that the partial clone does not hold failed: ${(error as Error).message}`
    )
  })
  return missing.length
}

/**
 * Every file of `commit`'s tree under `dirs` (relative to the top; '' for all of it): one
 * `git ls-tree -r -z --full-tree`, with `--long` when `sizes` are wanted (which reads every
 * blob's header: in a partial clone, fetch the missing ones first, fetchMissingBlobs). Without,
 * every size is 0. A submodule is one entry (its recorded commit).
 */
export async function listTree(top: string, commit: string, dirs: readonly string[], stop?: Stop, sizes = true): Promise<TreeFile[]> {
  const pathspecs = dirs.includes('') ? [] : [...dirs]
  const listed = await runGit(top, ['ls-tree', '-r', '-z', ...(sizes ? ['--long'] : []), '--full-tree', commit, '--', ...pathspecs], {
    stop
  })
  const files: TreeFile[] = []
  // Read in place, by offsets: no array of records nor of fields. Listing 27,687 files took the
  // process from 44 MB to about 79 MB of RSS that way, to about 65 MB this way.
  for (let at = 0; at < listed.length;) {
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
      if (!/^\d+$/.test(size))
        throw new Error(`git has no file \`${oid}\` (\`${path}\`) in this checkout's objects: a partial or broken clone?`)
      const link = listed.startsWith('120000 ', at)
      files.push({ path, kind: link ? 'link' : 'file', executable: listed.startsWith('100755 ', at), oid, size: Number(size) })
    }
    at = stop + 1
  }
  return files
}

/**
 * Tracked files under `dirs` whose working-tree content is not the commit's (changed, or
 * deleted), relative to the top: `git diff --name-only <commit>` (`HEAD` unless a submodule's
 * checkout moved off the commit its parent records). A file a sparse checkout leaves out
 * of the working tree is not one (git marks it so).
 */
export async function changedFiles(top: string, dirs: readonly string[], stop?: Stop, commit = 'HEAD'): Promise<string[]> {
  const pathspecs = dirs.includes('') ? [] : [...dirs]
  const listed = await runGit(top, ['diff', '--name-only', '-z', '--no-renames', '--ignore-submodules=dirty', commit, '--', ...pathspecs], {
    stop
  })
  return listed.split('\0').filter((path) => path !== '')
}

/** A failed git command is "no answer" (undefined), unless the run itself is ending. */
function unlessStop(error: unknown): undefined {
  if (isStop(error)) throw error
  return undefined
}

function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child)
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
}

/**
 * Which of `relativePaths` (from `cwd`, `..` allowed) are folders of the commit checked out where
 * `cwd` is, whether or not they are on disk: one `git cat-file --batch-check` for all of them
 * (`HEAD:./<path>`). None when `cwd` is not in a checkout.
 */
export async function committedDirectories(cwd: string, relativePaths: readonly string[], stop?: Stop): Promise<Set<string>> {
  const found = new Set<string>()
  if (relativePaths.length === 0 || !(await mayBeInRepository(cwd))) return found
  const asked = relativePaths.map((path) => `HEAD:./${path.split(sep).join('/')}`)
  const said = await runGit(cwd, ['cat-file', '--batch-check=%(objecttype)'], {
    stop,
    maxBuffer: 1024 * 1024,
    input: `${asked.join('\n')}\n`
  }).catch(unlessStop)
  // One answer a line, in the order asked: `tree`, `blob`, or `<name> missing`.
  const answers = (said ?? '').split('\n')
  relativePaths.forEach((path, index) => answers[index] === 'tree' && found.add(path))
  return found
}
