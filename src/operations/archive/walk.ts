import ignore, { type Ignore } from 'ignore'
import { constants } from 'node:fs'
import { lstat, open, readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { ArchiveLayout } from './layout.js'
import { toPosix } from './layout.js'
import { throwIfStopped, type ArchiveStop } from './stop.js'
import { formatBytes } from '../../api/body.js'

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
  /** `dev:ino` of a file with more than one link, to drop hard links to a file already archived. */
  inode?: string
}

/**
 * Why something was left out: not tracked by git, an ignore file or a fixed exclusion
 * (`ignored`), a secret file, a link, `archive-exclude` (`excluded`), or not a regular file
 * or directory (`other`).
 */
export type LeftOutReason = 'untracked' | 'ignored' | 'secret' | 'link' | 'excluded' | 'other'

/** Something left out, why, and which rule did it. */
export interface LeftOut {
  /** Posix path relative to the workspace; a directory's ends with `/` (nothing below it was looked at). */
  path: string
  reason: LeftOutReason
  /** The rule that left it out, as a user would find it: `apps/agent/.gitignore`, `archive-exclude`, `node_modules/`. */
  rule?: string
  /** Our words for the log: why, in a few words (markdown code spans for names). */
  why: string
}

export interface Walked {
  entries: ArchiveEntry[]
  leftOut: LeftOut[]
  /** Ignore files that were not read (a link, not a regular file, too large), each in a sentence. */
  unreadIgnoreFiles: string[]
}

/** Directories the platform's own client never archives: caches and environments. */
const ALWAYS_LEFT_OUT = new Set(['__pycache__', '.git', '.venv', 'venv', 'node_modules', '.tox', '.mypy_cache'])
const IGNORE_FILES = ['.gitignore', '.dockerignore'] as const
/** An ignore file is a few lines: one larger than this is not one, and is not read. */
const IGNORE_FILE_MAX_BYTES = 1024 * 1024

/** A set of patterns that applies below `base` (posix, relative to the workspace; '' for the workspace). */
interface Rules {
  base: string
  matcher: Ignore
  reason: LeftOutReason
  /** The rule as the user knows it: the ignore file's path, or `archive-exclude`. */
  rule: string
}

/**
 * Every file and directory of the layout's included directories that goes into the
 * archive, and what was left out: the client's cache and environment directories, what
 * the `.gitignore` and `.dockerignore` of each directory name (nested ones apply below
 * their own directory, a deeper file overriding a shallower one as in git), `.env` files,
 * symbolic links (never followed), anything that is not a file or a directory, and
 * `archive-exclude` (matched against paths relative to the workspace, like a `.gitignore`
 * at the top of the repository). An excluded directory is not entered.
 */
export async function walkLayout(layout: ArchiveLayout, archiveExclude: readonly string[], stop?: ArchiveStop): Promise<Walked> {
  const entries: ArchiveEntry[] = []
  const leftOut: LeftOut[] = []
  const unreadIgnoreFiles: string[] = []
  const userRules: Rules | undefined =
    archiveExclude.length > 0 ? { base: '', matcher: matcher().add([...archiveExclude]), reason: 'excluded', rule: 'archive-exclude' } : undefined
  const fromWorkspace = (abs: string) => toPosix(relative(layout.workspace, abs))
  const inArchive = (abs: string) => toPosix(relative(layout.root, abs))

  const visit = async (dir: string, inherited: Rules[]): Promise<void> => {
    const base = fromWorkspace(dir)
    const rules = [...inherited]
    for (const name of IGNORE_FILES) {
      const path = `${base ? `${base}/` : ''}${name}`
      const read = await readIgnoreFile(join(dir, name))
      if (typeof read === 'string') rules.push({ base, matcher: matcher().add(read), reason: 'ignored', rule: path })
      else if (read) unreadIgnoreFiles.push(`\`${path}\` ${read.problem}`)
    }
    const names = (await readdir(dir)).sort()
    for (const name of names) {
      throwIfStopped(stop)
      const absPath = join(dir, name)
      const path = base ? `${base}/${name}` : name
      const stats = await lstat(absPath)
      if (stats.isSymbolicLink()) {
        leftOut.push({ path, reason: 'link', why: 'symbolic link (never followed or archived)' })
        continue
      }
      const isDir = stats.isDirectory()
      if (!isDir && !stats.isFile()) {
        leftOut.push({ path, reason: 'other', why: 'not a regular file or directory' })
        continue
      }
      if (ALWAYS_LEFT_OUT.has(name)) {
        leftOut.push({ path: isDir ? `${path}/` : path, reason: 'ignored', rule: `${name}/`, why: 'cache or environment directory' })
        continue
      }
      if (!isDir && (name === '.env' || name.startsWith('.env.'))) {
        leftOut.push({ path, reason: 'secret', rule: '.env*', why: '`.env` file (secrets go through `secrets`)' })
        continue
      }
      const rule = ignoredBy(userRules ? [...rules, userRules] : rules, path, isDir)
      if (rule) {
        leftOut.push({ path: isDir ? `${path}/` : path, reason: rule.reason, rule: rule.rule, why: `\`${rule.rule}\`` })
        continue
      }
      if (isDir) {
        entries.push({ path: `${inArchive(absPath)}/`, workspacePath: `${path}/`, type: 'directory', absPath, size: 0, executable: true })
        await visit(absPath, rules)
      } else {
        entries.push({
          path: inArchive(absPath),
          workspacePath: path,
          type: 'file',
          absPath,
          size: stats.size,
          executable: (stats.mode & 0o111) !== 0,
          ...(stats.nlink > 1 ? { inode: `${stats.dev}:${stats.ino}` } : {})
        })
      }
    }
  }

  for (const dir of layout.included) {
    const path = inArchive(dir)
    if (path) entries.push({ path: `${path}/`, workspacePath: `${fromWorkspace(dir)}/`, type: 'directory', absPath: dir, size: 0, executable: true })
    await visit(dir, [])
  }
  return { entries: dropHardLinks(sortEntries(entries), leftOut), leftOut, unreadIgnoreFiles }
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
async function readIgnoreFile(file: string): Promise<string | { problem: string } | undefined> {
  const stats = await lstat(file).catch(() => undefined)
  if (!stats) return undefined
  if (stats.isSymbolicLink()) return { problem: 'is a symbolic link: not read' }
  if (!stats.isFile()) return { problem: 'is not a regular file: not read' }
  if (stats.size > IGNORE_FILE_MAX_BYTES) return { problem: `is over ${formatBytes(IGNORE_FILE_MAX_BYTES)}: not read` }
  // Opened without following a link or waiting on a FIFO, and checked again through the descriptor:
  // the file may have been swapped since the lstat.
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0))
  try {
    if (!(await handle.stat()).isFile()) return { problem: 'is not a regular file: not read' }
    const buffer = Buffer.alloc(IGNORE_FILE_MAX_BYTES + 1)
    let length = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null)
      if (bytesRead === 0) break
      length += bytesRead
      if (length > IGNORE_FILE_MAX_BYTES) return { problem: `is over ${formatBytes(IGNORE_FILE_MAX_BYTES)}: not read` }
    }
    return buffer.subarray(0, length).toString('utf8')
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

/** Sorted by path, byte by byte, so the archive's order is the same on every machine. */
function sortEntries(entries: ArchiveEntry[]): ArchiveEntry[] {
  return entries.sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)))
}

/** The platform's client drops hard links: a second path to a file already archived is left out. */
function dropHardLinks(entries: ArchiveEntry[], leftOut: LeftOut[]): ArchiveEntry[] {
  const first = new Map<string, string>()
  return entries.filter((entry) => {
    if (!entry.inode) return true
    const earlier = first.get(entry.inode)
    if (earlier === undefined) {
      first.set(entry.inode, entry.workspacePath)
      return true
    }
    leftOut.push({ path: entry.workspacePath, reason: 'link', why: `hard link to \`${earlier}\`` })
    return false
  })
}
