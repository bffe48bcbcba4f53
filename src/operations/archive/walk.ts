import ignore, { type Ignore } from 'ignore'
import { constants } from 'node:fs'
import { lstat, open, readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { ArchiveLayout } from './layout.js'
import { toPosix } from './layout.js'
import { throwIfStopped, type Stop } from '../../core/stop.js'
import { readToEnd } from '../../core/read-to-end.js'
import { formatBytes } from '../../api/body.js'
import type { LeftOutReason } from '../../core/outcome.js'
import { namedExactly, secretRule } from './secret-files.js'
import { openBlobReads, type BlobReads } from '../git/blob-stream.js'
import type { CommitBlob, CommitFile, CommitTree } from './commit-tree.js'

/** One thing the archive will hold. */
export interface ArchiveEntry {
  /** Posix path inside the archive (relative to the layout's root); a directory's ends with `/`. */
  path: string
  /** Posix path relative to the workspace, as every message names it; a directory's ends with `/`. */
  workspacePath: string
  type: 'file' | 'directory'
  /** Absolute path on disk. */
  absPath: string
  size: number
  executable: boolean
  /** A file of the commit: its content comes from git's objects (that repository, that blob), not from `absPath`. */
  blob?: CommitBlob
}

export type { LeftOutReason } from '../../core/outcome.js'

/** Something left out, why, and which rule did it. */
export interface LeftOut {
  /** Posix path relative to the workspace; a directory's ends with `/` (nothing below it was looked at). */
  path: string
  reason: LeftOutReason
  /** The rule that left it out, as a user would find it: `apps/agent/.gitignore`, `archive-exclude`, `node_modules/`. */
  rule?: string
  /** Our words for the log: why, in a few words (markdown code spans for names). */
  why: string
  /** A secret found by what the file holds (`rule` is the marker found), not by its name. */
  byContent?: true
}

export interface Walked {
  entries: ArchiveEntry[]
  leftOut: LeftOut[]
  /** Ignore files that were not read (a link, not a regular file, too large), each in a sentence. */
  unreadIgnoreFiles: string[]
}

export interface WalkOptions {
  /** `archive-exclude`: patterns relative to the workspace. */
  exclude: readonly string[]
  /** `archive-include`: patterns relative to the workspace, of files to ship that are not tracked (or, outside a checkout, that a `.gitignore` names). */
  include: readonly string[]
  /** A git checkout: the commit's files (which ship from git's objects). Undefined: not a checkout, and the `.gitignore` files decide. */
  commit?: CommitTree
  stop?: Stop
}

/** Directories the platform's own client never archives: caches and environments. */
const ALWAYS_LEFT_OUT = new Set(['__pycache__', '.git', '.venv', 'venv', 'node_modules', '.tox', '.mypy_cache'])
/** An ignore file is a few lines: one larger than this is not one, and is not read. */
const IGNORE_FILE_MAX_BYTES = 1024 * 1024

/** A set of patterns that applies below `base` (posix, relative to the workspace; '' for the workspace). */
interface Rules {
  base: string
  matcher: Ignore
  reason: LeftOutReason
  /** The rule as the user knows it: the ignore file's path, or `archive-exclude`. */
  rule: string
  /** A `.gitignore`'s: `archive-include` may ship what it names. */
  gitignore?: boolean
}

/**
 * Every file and directory of the layout's included directories that goes into the archive,
 * and what was left out, with why. Always left out: symbolic links (never followed), what is
 * not a file or a directory, the client's cache and environment directories, secret files
 * (secret-files.ts; unless `archive-include` names its exact path), `archive-exclude` and what
 * each directory's `.dockerignore` names. In a git checkout, only the commit's files go (listed
 * from the commit, on disk or not, their content from git's objects: `blob`), plus the files on
 * disk that `archive-include` names; a submodule not initialised is left out; outside one, what the `.gitignore` files from the workspace
 * down name (nested ones apply below their own directory, a deeper file overriding a
 * shallower one, as in git) is left out, unless `archive-include` names it. A directory left
 * out is not entered, except when `archive-include` may name something below it: then it is
 * left out whole only when nothing below it goes.
 */
export async function walkLayout(layout: ArchiveLayout, options: WalkOptions): Promise<Walked> {
  const { stop } = options
  const entries: ArchiveEntry[] = []
  const leftOut: LeftOut[] = []
  const unreadIgnoreFiles: string[] = []
  const excluded: Rules | undefined =
    options.exclude.length > 0
      ? { base: '', matcher: matcher().add([...options.exclude]), reason: 'excluded', rule: 'archive-exclude' }
      : undefined
  const include = options.include.length > 0 ? matcher().add([...options.include]) : undefined
  // A secret file ships only when a pattern is its very path (`apps/agent/.npmrc`): never a bare name
  // at any depth (`.npmrc`), a wildcard, or a folder above it (`dist` ships `dist/app.js`, not `dist/.env`).
  const explicit = options.include.filter((pattern) => !/[*?[\]!]/.test(pattern))
  const git = options.commit
  const fromWorkspace = (abs: string) => toPosix(relative(layout.workspace, abs))
  // Per file, a slice rather than path.relative (which normalises both paths again, 50,000 times for 50,000 files).
  const rootPrefix = layout.root.endsWith(sep) ? layout.root : `${layout.root}${sep}`
  const inArchive = (abs: string) =>
    abs.startsWith(rootPrefix) ? toPosix(abs.slice(rootPrefix.length)) : toPosix(relative(layout.root, abs))
  const included = (matcher: Ignore | undefined, path: string, isDir: boolean) => matcher?.test(isDir ? `${path}/` : path).ignored === true

  /**
   * The patterns of the ignore files in `dir`: a checkout's tracked files are not subject to its
   * `.gitignore`. In a checkout, a `.dockerignore` applies only when it is in the archive: the
   * commit's, or one on disk that `archive-include` ships (and no rule above, nor its own, leaves
   * out). One a step left beside the commit's files never removes a committed file.
   */
  const rulesIn = async (dir: string, names: readonly string[], inherited: Rules[] = []): Promise<Rules[]> => {
    const base = fromWorkspace(dir)
    const found: Rules[] = []
    for (const name of names) {
      const path = `${base ? `${base}/` : ''}${name}`
      const committed = git?.files.get(path)
      if (git && !committed && !included(include, path, false)) continue
      const read = await readIgnoreFile(join(dir, name), committed && blobs ? { file: committed, blobs } : undefined)
      if (typeof read !== 'string') {
        if (read) unreadIgnoreFiles.push(`\`${path}\` ${read.problem}`)
        continue
      }
      const rules: Rules = { base, matcher: matcher().add(read), reason: 'ignored', rule: path, gitignore: name === '.gitignore' }
      if (git && !committed && ignoredBy([...inherited, rules, ...(excluded ? [excluded] : [])], path, false)) continue
      found.push(rules)
    }
    return found
  }
  const ignoreFiles = git ? ['.dockerignore'] : ['.gitignore', '.dockerignore']

  /**
   * Enters a directory that is left out unless `archive-include` names something below it:
   * when nothing below it goes, it is left out whole, as one item.
   */
  const tentatively = async (entry: ArchiveEntry, rules: Rules[], whole: LeftOut): Promise<void> => {
    const [entriesBefore, leftOutBefore] = [entries.length, leftOut.length]
    entries.push(entry)
    await visit(entry.absPath, rules)
    if (entries.length > entriesBefore + 1) return
    entries.length = entriesBefore
    leftOut.length = leftOutBefore
    leftOut.push(whole)
  }

  const visit = async (dir: string, inherited: Rules[]): Promise<void> => {
    const base = fromWorkspace(dir)
    const rules = [...inherited, ...(await rulesIn(dir, ignoreFiles, inherited))]
    // In a checkout, what the commit has here (on disk or not: a sparse checkout, a deleted file) and what the disk has besides.
    // A folder of the commit that a step replaced with a link is not followed: only the commit's files go from it.
    const linked = git !== undefined && (await lstat(dir).catch(() => undefined))?.isSymbolicLink() === true
    const onDisk = linked
      ? []
      : await readdir(dir).catch((error: NodeJS.ErrnoException) => {
          if (git && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return []
          throw error
        })
    const names = [...new Set([...onDisk, ...(git?.children.get(base) ?? [])])].sort()
    for (const name of names) {
      throwIfStopped(stop)
      // A name from a folder's listing holds no separator: no normalising needed.
      const absPath = dir.endsWith(sep) ? join(dir, name) : `${dir}${sep}${name}`
      const path = base ? `${base}/${name}` : name
      const committed = git?.files.get(path)
      if (git?.exportIgnored.has(path)) {
        const folder = !committed || committed.kind === 'submodule'
        leftOut.push({
          path: folder ? `${path}/` : path,
          reason: 'ignored',
          rule: '.gitattributes',
          why: "`export-ignore` in the commit's `.gitattributes` (as `git archive` leaves it out)"
        })
        continue
      }
      if (committed?.kind === 'submodule') {
        leftOut.push({
          path: `${path}/`,
          reason: 'other',
          rule: 'submodule not initialised',
          why: 'submodule not initialised: its files are not in the checkout (`git submodule update --init`, or `submodules: true` of actions/checkout)'
        })
        continue
      }
      const stats = committed || git?.dirs.has(path) ? undefined : await lstat(absPath)
      if (committed?.kind === 'link' || stats?.isSymbolicLink()) {
        leftOut.push({ path, reason: 'link', why: 'symbolic link (never followed or archived)' })
        continue
      }
      const isDir = committed ? false : stats ? stats.isDirectory() : true
      if (stats && !isDir && !stats.isFile()) {
        leftOut.push({ path, reason: 'other', why: 'not a regular file or directory' })
        continue
      }
      const shown = isDir ? `${path}/` : path
      if (ALWAYS_LEFT_OUT.has(name)) {
        leftOut.push({
          path: shown,
          reason: 'ignored',
          rule: `${name}/`,
          why: `cache or environment directory (\`${name}/\`, always left out)`
        })
        continue
      }
      const secret = secretRule(path, isDir)
      if (secret && !namedExactly(explicit, path)) {
        leftOut.push({
          path: shown,
          reason: 'secret',
          rule: secret,
          why: `secret file (\`${secret}\`): pass what the agent needs through \`secrets\``
        })
        continue
      }
      const entry: ArchiveEntry = isDir
        ? { path: `${inArchive(absPath)}/`, workspacePath: shown, type: 'directory', absPath, size: 0, executable: true }
        : committed
          ? {
              path: inArchive(absPath),
              workspacePath: path,
              type: 'file',
              absPath,
              size: committed.size,
              executable: committed.executable,
              blob: committed.blob
            }
          : {
              path: inArchive(absPath),
              workspacePath: path,
              type: 'file',
              absPath,
              size: stats?.size ?? 0,
              executable: ((stats?.mode ?? 0) & 0o111) !== 0
            }
      const rule = ignoredBy(excluded ? [...rules, excluded] : rules, path, isDir)
      if (rule) {
        const ruled: LeftOut = { path: shown, reason: rule.reason, rule: rule.rule, why: `\`${rule.rule}\`` }
        // Only a `.gitignore` gives way to `archive-include`: `.dockerignore` and `archive-exclude` always leave out.
        if (!rule.gitignore || !include) leftOut.push(ruled)
        else if (included(include, path, isDir)) await add(entry, rules)
        else if (isDir) await tentatively(entry, rules, ruled)
        else leftOut.push(ruled)
        continue
      }
      if (git && !(isDir ? git.dirs.has(path) : committed)) {
        const untracked: LeftOut = { path: shown, reason: 'untracked', why: `not in commit ${git.checkout.commit.slice(0, 12)}` }
        if (included(include, path, isDir)) await add(entry, rules)
        else if (isDir && include) await tentatively(entry, rules, untracked)
        else leftOut.push(untracked)
        continue
      }
      await add(entry, rules)
    }
  }

  const add = async (entry: ArchiveEntry, rules: Rules[]): Promise<void> => {
    entries.push(entry)
    if (entry.type === 'directory') await visit(entry.absPath, rules)
  }

  // The commit's ignore files, read from git's objects through one process per repository.
  const blobs = git ? openBlobReads(stop) : undefined
  try {
    for (const dir of layout.included) {
      const path = inArchive(dir)
      if (path)
        entries.push({
          path: `${path}/`,
          workspacePath: `${fromWorkspace(dir)}/`,
          type: 'directory',
          absPath: dir,
          size: 0,
          executable: true
        })
      // Outside a checkout, the `.gitignore` files above the directory apply too, from the workspace's down, as git applies them.
      const above = git ? [] : await rulesAbove(layout.workspace, dir, (d) => rulesIn(d, ['.gitignore']))
      await visit(dir, above)
    }
  } finally {
    blobs?.close()
  }
  return { entries: sortEntries(entries), leftOut, unreadIgnoreFiles }
}

/** The rules of each directory from `top` down to `dir`'s parent, outermost first. */
async function rulesAbove(top: string, dir: string, rulesIn: (dir: string) => Promise<Rules[]>): Promise<Rules[]> {
  const rules: Rules[] = []
  const segments = relative(top, dir)
    .split(sep)
    .filter((segment) => segment !== '')
  let at = top
  for (const segment of segments) {
    rules.push(...(await rulesIn(at)))
    at = join(at, segment)
  }
  return rules
}

/** Patterns matched as git on Linux and the platform's client match them: case counts. */
function matcher(): Ignore {
  return ignore({ ignorecase: false })
}

/**
 * An ignore file's text; undefined when there is none; a problem when it is there but is
 * not read: a symbolic link (it could name any file on the runner, or one outside the
 * checkout), anything but a regular file (a FIFO would block the read for ever), or over
 * the size cap. Read through the descriptor that was checked, up to the cap.
 */
async function readIgnoreFile(
  file: string,
  fromCommit?: { file: CommitFile; blobs: BlobReads }
): Promise<string | { problem: string } | undefined> {
  if (fromCommit) {
    // The commit's, whatever the disk holds now.
    const committed = fromCommit.file
    if (committed.kind !== 'file')
      return { problem: committed.kind === 'link' ? 'is a symbolic link: not read' : 'is not a regular file: not read' }
    if (committed.size > IGNORE_FILE_MAX_BYTES) return { problem: `is over ${formatBytes(IGNORE_FILE_MAX_BYTES)}: not read` }
    const read = await fromCommit.blobs.read(committed.blob.repo, committed.blob.oid, IGNORE_FILE_MAX_BYTES)
    return read === undefined ? { problem: 'could not be read from git: not read' } : read.toString('utf8')
  }
  const stats = await lstat(file).catch(() => undefined)
  if (!stats) return undefined
  if (stats.isSymbolicLink()) return { problem: 'is a symbolic link: not read' }
  if (!stats.isFile()) return { problem: 'is not a regular file: not read' }
  if (stats.size > IGNORE_FILE_MAX_BYTES) return { problem: `is over ${formatBytes(IGNORE_FILE_MAX_BYTES)}: not read` }
  // Opened without following a link or waiting on a FIFO, and checked again through the descriptor:
  // the file may have been swapped since the lstat.
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0))
  try {
    const opened = await handle.stat()
    if (!opened.isFile()) return { problem: 'is not a regular file: not read' }
    const read = (buffer: Buffer, offset: number, length: number) =>
      handle.read(buffer, offset, length, null).then(({ bytesRead }) => bytesRead)
    const bytes = await readToEnd(read, opened.size, IGNORE_FILE_MAX_BYTES)
    return bytes === undefined ? { problem: `is over ${formatBytes(IGNORE_FILE_MAX_BYTES)}: not read` } : bytes.toString('utf8')
  } finally {
    await handle.close()
  }
}

/**
 * The rule set that decides `path`, if it is left out: sets are read from the outermost
 * to the innermost, and a later set's match (a deeper ignore file, or `archive-exclude`)
 * overrides an earlier one's, `!pattern` re-including what an outer set left out.
 */
function ignoredBy(rules: Rules[], path: string, isDir: boolean): Rules | undefined {
  let decided: Rules | undefined
  for (const rule of rules) {
    if (rule.base !== '' && !path.startsWith(`${rule.base}/`)) continue
    const rel = rule.base === '' ? path : path.slice(rule.base.length + 1)
    const verdict = rule.matcher.test(isDir ? `${rel}/` : rel)
    if (verdict.ignored) decided = rule
    else if (verdict.unignored) decided = undefined
  }
  return decided
}

/** Sorted by path, byte by byte (of UTF-8), so the archive's order is the same on every machine. */
function sortEntries(entries: ArchiveEntry[]): ArchiveEntry[] {
  return entries.sort((a, b) => compareUtf8(a.path, b.path))
}

/**
 * The order of two strings' UTF-8 bytes, without encoding them (two buffers per comparison cost
 * 0.3 s for 50,000 paths): UTF-16 code units order the same way, except that a surrogate (half of
 * a character above U+FFFF, four bytes in UTF-8) comes before U+E000 to U+FFFF in UTF-16 and
 * after them in UTF-8.
 */
export function compareUtf8(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length)
  for (let i = 0; i < shorter; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x === y) continue
    const xSurrogate = x >= 0xd800 && x <= 0xdfff
    const ySurrogate = y >= 0xd800 && y <= 0xdfff
    if (xSurrogate !== ySurrogate && (xSurrogate ? y : x) >= 0xe000) return xSurrogate ? 1 : -1
    return x - y
  }
  return a.length - b.length
}
