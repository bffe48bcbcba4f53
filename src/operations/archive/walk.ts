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
  /** Posix path relative to the layout's root; a directory's ends with `/`. */
  path: string
  type: 'file' | 'directory'
  /** Absolute path on disk. */
  source: string
  size: number
  executable: boolean
  /** `dev:ino` of a file with more than one link, to drop hard links to a file already archived. */
  inode?: string
}

/** Something left out, and why. */
export interface Excluded {
  path: string
  why: string
  /** Left out for a reason the user should hear about (a `.env` file, a symbolic link). */
  warn?: boolean
}

export interface Walked {
  entries: ArchiveEntry[]
  excluded: Excluded[]
  /** Ignore files that were not read (a link, not a regular file, too large), each in a sentence. */
  unreadIgnoreFiles: string[]
}

/** Directories the platform's own client never archives: caches and environments. */
const ALWAYS_LEFT_OUT = new Set(['__pycache__', '.git', '.venv', 'venv', 'node_modules', '.tox', '.mypy_cache'])
const IGNORE_FILES = ['.gitignore', '.dockerignore'] as const
/** An ignore file is a few lines: one larger than this is not one, and is not read. */
const IGNORE_FILE_MAX_BYTES = 1024 * 1024

/** A set of patterns that applies below `base` (posix, relative to the layout's root; '' for the root). */
interface Rules {
  base: string
  /** Put before the path below `base`: `archive-exclude` sees paths from the workspace, above the archive's root. */
  prefix?: string
  matcher: Ignore
  why: string
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
  const excluded: Excluded[] = []
  const unreadIgnoreFiles: string[] = []
  const userRules: Rules | undefined =
    archiveExclude.length > 0 ? { base: '', prefix: fromWorkspace(layout), matcher: matcher().add([...archiveExclude]), why: '`archive-exclude`' } : undefined

  const visit = async (dir: string, inherited: Rules[]): Promise<void> => {
    const base = toPosix(relative(layout.root, dir))
    const rules = [...inherited]
    for (const name of IGNORE_FILES) {
      const path = `${base ? `${base}/` : ''}${name}`
      const read = await readIgnoreFile(join(dir, name))
      if (typeof read === 'string') rules.push({ base, matcher: matcher().add(read), why: `\`${path}\`` })
      else if (read) unreadIgnoreFiles.push(`\`${path}\` ${read.problem}`)
    }
    const names = (await readdir(dir)).sort()
    for (const name of names) {
      throwIfStopped(stop)
      const source = join(dir, name)
      const path = base ? `${base}/${name}` : name
      const stats = await lstat(source)
      if (stats.isSymbolicLink()) {
        excluded.push({ path, why: 'symbolic link (never followed or archived)', warn: true })
        continue
      }
      const isDir = stats.isDirectory()
      if (!isDir && !stats.isFile()) {
        excluded.push({ path, why: 'not a regular file or directory' })
        continue
      }
      if (ALWAYS_LEFT_OUT.has(name)) {
        excluded.push({ path: isDir ? `${path}/` : path, why: 'cache or environment directory' })
        continue
      }
      if (!isDir && (name === '.env' || name.startsWith('.env.'))) {
        excluded.push({ path, why: '`.env` file (secrets go through `secrets`)', warn: true })
        continue
      }
      const rule = ignoredBy(userRules ? [...rules, userRules] : rules, path, isDir)
      if (rule) {
        excluded.push({ path: isDir ? `${path}/` : path, why: rule.why })
        continue
      }
      if (isDir) {
        entries.push({ path: `${path}/`, type: 'directory', source, size: 0, executable: true })
        await visit(source, rules)
      } else {
        entries.push({
          path,
          type: 'file',
          source,
          size: stats.size,
          executable: (stats.mode & 0o111) !== 0,
          ...(stats.nlink > 1 ? { inode: `${stats.dev}:${stats.ino}` } : {})
        })
      }
    }
  }

  for (const dir of layout.included) {
    const path = toPosix(relative(layout.root, dir))
    if (path) entries.push({ path: `${path}/`, type: 'directory', source: dir, size: 0, executable: true })
    await visit(dir, [])
  }
  return { entries: dropHardLinks(sortEntries(entries), excluded), excluded, unreadIgnoreFiles }
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
    const rel = (rule.prefix ?? '') + (rule.base === '' ? path : path.slice(rule.base.length + 1))
    const verdict = rule.matcher.test(isDir ? `${rel}/` : rel)
    if (verdict.ignored) decided = rule
    else if (verdict.unignored) decided = undefined
  }
  return decided
}

/** The archive's root as seen from the workspace, with a trailing `/` (empty when they are the same). */
function fromWorkspace(layout: ArchiveLayout): string {
  const path = toPosix(relative(layout.workspace, layout.root))
  return path ? `${path}/` : ''
}

/** Sorted by path, byte by byte, so the archive's order is the same on every machine. */
function sortEntries(entries: ArchiveEntry[]): ArchiveEntry[] {
  return entries.sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)))
}

/** The platform's client drops hard links: a second path to a file already archived is left out. */
function dropHardLinks(entries: ArchiveEntry[], excluded: Excluded[]): ArchiveEntry[] {
  const first = new Map<string, string>()
  return entries.filter((entry) => {
    if (!entry.inode) return true
    const earlier = first.get(entry.inode)
    if (earlier === undefined) {
      first.set(entry.inode, entry.path)
      return true
    }
    excluded.push({ path: entry.path, why: `hard link to \`${earlier}\`` })
    return false
  })
}
