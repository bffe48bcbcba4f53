import { ActionError } from '../../core/errors.js'
import { checkoutCommit } from '../checkout-commit.js'
import type { ArchiveLayout } from './layout.js'
import type { ArchiveStop } from './stop.js'
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
  /** The commit checked out in the workspace when it is a git checkout; undefined when it is not. */
  tiedToCommit?: string
  /** Ignore files that were not read (a link, not a regular file, too large), each in a sentence. */
  unreadIgnoreFiles: string[]
}

export interface SelectOptions {
  /** `archive-exclude`: patterns relative to the workspace. */
  exclude: readonly string[]
  stop?: ArchiveStop
}

/** The archive's files for `layout`: no compression, no request. */
export async function selectArchiveFiles(layout: ArchiveLayout, options: SelectOptions): Promise<ArchiveSelection> {
  const [walked, commit] = await Promise.all([walkLayout(layout, options.exclude, options.stop).catch(unreadable), checkoutCommit(layout.workspace)])
  return {
    workspace: layout.workspace,
    root: layout.root,
    included: layout.included,
    configPath: layout.configPath,
    entries: walked.entries,
    leftOut: walked.leftOut,
    ...(commit ? { tiedToCommit: commit } : {}),
    unreadIgnoreFiles: walked.unreadIgnoreFiles
  }
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
