import { lstat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { ActionError } from '../../core/errors.js'
import { checkoutCommit } from '../checkout-commit.js'
import { gitFiles } from '../git-files.js'
import { toPosix, type ArchiveLayout } from './layout.js'
import type { ArchiveStop } from './stop.js'
import { leaveOutSecretContent } from './scan.js'
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
  /** The commit checked out in the workspace when it is a git checkout (only what it tracks ships); undefined when it is not. */
  tiedToCommit?: string
  /**
   * In a checkout: tracked files under the included directories whose content is not the
   * commit's (changed, or deleted: `gone`), relative to the workspace. Those left out anyway
   * (a secret, `archive-exclude`) are not named: they do not ship either way.
   */
  changedSinceCommit: Array<{ path: string; gone: boolean }>
  /** Ignore files that were not read (a link, not a regular file, too large), each in a sentence. */
  unreadIgnoreFiles: string[]
}

export interface SelectOptions {
  /** `archive-exclude`: patterns relative to the workspace. */
  exclude: readonly string[]
  /** `archive-include`: patterns relative to the workspace. */
  include?: readonly string[]
  stop?: ArchiveStop
  /** The workspace's commit, when the caller has read it already (read here otherwise). */
  commit?: Promise<string | undefined>
}

/** How long git may take to list a checkout when there is no deadline (a bench, a test). */
const GIT_LIMIT_MS = 60_000

/**
 * The archive's files for `layout`: no compression, no request. A git checkout ships the
 * files git tracks (read from the working tree) plus what `archive-include` names; a
 * workspace that is not one ships what its ignore files leave (walk.ts).
 */
export async function selectArchiveFiles(layout: ArchiveLayout, options: SelectOptions): Promise<ArchiveSelection> {
  const commit = await (options.commit ?? checkoutCommit(layout.workspace))
  const dirs = layout.included.map((dir) => toPosix(relative(layout.workspace, dir)))
  const limitMs = options.stop ? Math.max(0, options.stop.deadline - options.stop.clock.now()) : GIT_LIMIT_MS
  const git = commit ? await gitFiles(layout.workspace, dirs, limitMs).catch(unlisted) : undefined
  const walked = await walkLayout(layout, { exclude: options.exclude, include: options.include ?? [], tracked: git?.tracked, stop: options.stop }).catch(unreadable)
  walked.entries = await leaveOutSecretContent(walked.entries, walked.leftOut, options.include ?? [], undefined, options.stop).catch(unreadable)
  const shipping = new Set(walked.entries.map((entry) => entry.workspacePath))
  const changedSinceCommit: ArchiveSelection['changedSinceCommit'] = []
  for (const path of git?.changed ?? []) {
    if (shipping.has(path)) changedSinceCommit.push({ path, gone: false })
    else if (!(await lstat(join(layout.workspace, path)).catch(() => undefined))) changedSinceCommit.push({ path, gone: true })
  }
  return {
    workspace: layout.workspace,
    root: layout.root,
    included: layout.included,
    configPath: layout.configPath,
    entries: walked.entries,
    leftOut: walked.leftOut,
    ...(commit ? { tiedToCommit: commit } : {}),
    changedSinceCommit,
    unreadIgnoreFiles: walked.unreadIgnoreFiles
  }
}

/** A checkout whose files git cannot list: nothing is shipped rather than files it may not track. */
function unlisted(error: unknown): never {
  throw new ActionError(
    'bad-input',
    `The workspace is a git checkout, but which files git tracks could not be read (${(error as Error).message}), so what a remote build would ship is not known. Nothing was sent.`,
    'Check that git can read the checkout in this step (a complete clone, not a sparse or broken one), then re-run.'
  )
}

/** A file or directory that could not be read (permissions, a file removed meanwhile): the checkout's problem, not the action's. */
export function unreadable(error: unknown): never {
  // Cancelled, or out of time: said as such, not as the checkout's fault.
  if (error instanceof ActionError && (error.kind === 'cancelled' || error.kind === 'timed-out')) throw error
  throw new ActionError(
    'bad-input',
    `Could not archive the checkout: ${(error as Error).message}.`,
    'Check that the job can read every file under the directories `graph-config-path` names, and that no other step changes them meanwhile; nothing was sent to the control plane.'
  )
}
