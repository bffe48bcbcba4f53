import { existsSync } from 'node:fs'
import { lstat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { ActionError } from '../../core/errors.js'
import { withYoungGenerationHeld } from '../../core/young-generation.js'
import { readCommitTree, type CommitTree } from './commit-tree.js'
import { type ArchiveLayout } from './layout.js'
import { isStop, type Stop } from '../../core/stop.js'
import { leaveOutSecretContent, type KeyFindingAt } from './scan.js'
import { walkLayout, type ArchiveEntry, type LeftOut } from './walk.js'

export type { ArchiveEntry, LeftOut, LeftOutReason } from './walk.js'

/**
 * Which files a remote build's archive holds, decided before anything is compressed or
 * sent: what the config check reads as "the archive's files", and what `packArchive`
 * writes. Every path in `leftOut` is relative to the workspace, each with the rule that
 * left it out, so a message can name both.
 */
export interface ArchiveSelection {
  /** The workspace, absolute. */
  workspace: string
  /** The archive's root (the included directories' common ancestor), absolute. */
  root: string
  /** The directories archived, absolute. */
  included: string[]
  /** The config file's path inside the archive (posix). */
  configPath: string
  /** What goes in, sorted by archive path: directories (ending in `/`) and files. */
  entries: ArchiveEntry[]
  leftOut: LeftOut[]
  /** The commit checked out where the config is, when that is a git checkout (its files ship, from git's objects); undefined when it is not. */
  tiedToCommit?: string
  /**
   * In a checkout: files of the commit that ship, whose working tree differs from the commit
   * (changed, or deleted: `gone`), relative to the workspace; the committed version ships. Those
   * left out anyway (a secret, `archive-exclude`) are not named.
   */
  changedSinceCommit: Array<{ path: string; gone: boolean }>
  /** Submodules the commit records that are not initialised (their files are not archived), workspace paths. */
  uninitialisedSubmodules: string[]
  /** Git LFS files whose content is not in the checkout: their pointer ships, not the file (workspace paths). */
  lfsPointersShipped: string[]
  /** Ignore files that were not read (a link, not a regular file, too large), each in a sentence. */
  unreadIgnoreFiles: string[]
  /** Keys written into files that ship, by file and line, with the rule; none with `secret-scan: off`. */
  keyFindings: KeyFindingAt[]
}

export interface SelectOptions {
  /** `archive-exclude`: patterns relative to the workspace. */
  exclude: readonly string[]
  /** `archive-include`: patterns relative to the workspace. */
  include?: readonly string[]
  /** `secret-scan`: anything but `off` looks for keys in the files that ship (`warn` when unset). */
  secretScan?: 'warn' | 'fail' | 'off'
  stop?: Stop
}

/**
 * The archive's files for `layout`: no compression, no request. When the config's directory is
 * in a git checkout, the commit's files ship (from git's objects, whatever the working tree
 * holds) plus the untracked files `archive-include` names; otherwise what the ignore files
 * leave (walk.ts). Either way, small text files holding a key or a token are left out (scan.ts).
 */
export function selectArchiveFiles(layout: ArchiveLayout, options: SelectOptions): Promise<ArchiveSelection> {
  // A record per file, each living until the archive is written: core/young-generation.ts says why.
  return withYoungGenerationHeld(() => select(layout, options))
}

async function select(layout: ArchiveLayout, options: SelectOptions): Promise<ArchiveSelection> {
  const configDir = dirname(join(layout.root, layout.configPath))
  // Each git command is given the time left when it starts, and is killed on a cancel or at the deadline.
  const commit = await readCommitTree(layout.workspace, configDir, layout.included, options.stop).catch(unlisted)
  const include = options.include ?? []
  const walked = await walkLayout(layout, { exclude: options.exclude, include, commit, stop: options.stop }).catch(unreadable)
  const keys = options.secretScan !== 'off'
  const scanned = await leaveOutSecretContent(walked.entries, walked.leftOut, include, options.stop, keys).catch(unreadable)
  const lfs = commit
    ? await filesForLfsPointers(commit, scanned.entries, scanned.lfsPointers)
    : { entries: scanned.entries, pointers: [], fromDisk: [] }
  // A Git LFS file ships from the disk: its content, not the pointer the scan read, is scanned too.
  const lfsScanned =
    lfs.fromDisk.length > 0
      ? await leaveOutSecretContent(lfs.fromDisk, walked.leftOut, include, options.stop, keys).catch(unreadable)
      : undefined
  const keptFromDisk = new Set(lfsScanned?.entries)
  const fromDisk = new Set(lfs.fromDisk)
  const entries = lfsScanned ? lfs.entries.filter((entry) => !fromDisk.has(entry) || keptFromDisk.has(entry)) : lfs.entries
  return {
    workspace: layout.workspace,
    root: layout.root,
    included: layout.included,
    configPath: layout.configPath,
    entries,
    leftOut: walked.leftOut,
    ...(commit ? { tiedToCommit: commit.checkout.commit } : {}),
    changedSinceCommit: commit ? changedThatShip(commit, entries) : [],
    uninitialisedSubmodules: commit?.uninitialised ?? [],
    lfsPointersShipped: lfs.pointers,
    unreadIgnoreFiles: walked.unreadIgnoreFiles,
    keyFindings: [...scanned.findings, ...(lfsScanned?.findings ?? [])].sort((a, b) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line
    )
  }
}

/**
 * A Git LFS file's blob is a pointer; the file itself is what `actions/checkout` with `lfs: true`
 * wrote to the working tree, and git's filters say it is the commit's (it is not in `git diff`):
 * that file ships, from the disk. Where it is not there (LFS not fetched, a sparse checkout) or
 * differs, the pointer ships, and is named.
 */
async function filesForLfsPointers(
  commit: CommitTree,
  entries: ArchiveEntry[],
  pointers: readonly ArchiveEntry[]
): Promise<{ entries: ArchiveEntry[]; pointers: string[]; fromDisk: ArchiveEntry[] }> {
  if (pointers.length === 0) return { entries, pointers: [], fromDisk: [] }
  const changed = new Set(commit.changed)
  const replaced = new Map<ArchiveEntry, ArchiveEntry>()
  const shipped: string[] = []
  for (const entry of pointers) {
    const stats = changed.has(entry.workspacePath) ? undefined : await lstat(entry.absPath).catch(() => undefined)
    if (stats?.isFile() && !isPointerSized(stats.size, entry.size)) replaced.set(entry, { ...entry, blob: undefined, size: stats.size })
    else shipped.push(entry.workspacePath)
  }
  return { entries: entries.map((entry) => replaced.get(entry) ?? entry), pointers: shipped, fromDisk: [...replaced.values()] }
}

/** The disk holds the pointer itself (LFS not fetched, and no filter to tell): the same size as the blob. */
function isPointerSized(diskSize: number, blobSize: number): boolean {
  return diskSize === blobSize
}

/** The commit's files that ship and differ on disk: a file missing from the disk (and not from a sparse checkout, which git does not list) was deleted. */
function changedThatShip(commit: CommitTree, entries: readonly ArchiveEntry[]): ArchiveSelection['changedSinceCommit'] {
  if (commit.changed.length === 0) return []
  const shipping = new Map(entries.map((entry) => [entry.workspacePath, entry]))
  const changed: ArchiveSelection['changedSinceCommit'] = []
  for (const path of commit.changed) {
    const entry = shipping.get(path)
    if (entry) changed.push({ path, gone: !existsSync(entry.absPath) })
  }
  return changed
}

/** A checkout whose files git cannot list: nothing is shipped rather than files it may not track. */
function unlisted(error: unknown): never {
  // Cancelled, or out of time: said as such, not as the checkout's fault; a refusal that names its cause (a submodule) as it is.
  if (isStop(error) || error instanceof ActionError) throw error
  throw new ActionError(
    'bad-input',
    `The config is in a git checkout, but the files of its commit could not be listed (${(error as Error).message}), so what a remote build would ship is not known. Nothing was sent.`,
    'Check that git can read the checkout in this step (a clone whose objects are all there, not a broken one), then re-run.'
  )
}

/** A file or directory that could not be read (permissions, a file removed meanwhile): the checkout's problem, not the action's. */
export function unreadable(error: unknown): never {
  // Cancelled, or out of time: said as such, not as the checkout's fault.
  if (isStop(error)) throw error
  throw new ActionError(
    'bad-input',
    `Could not archive the checkout: ${(error as Error).message}.`,
    'Check that the job can read every file under the directories `graph-config-path` names, and that no other step changes them meanwhile; nothing was sent to the control plane.'
  )
}
