import { join, relative } from 'node:path'
import { formatBytes } from '../../api/body.js'
import { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import { ArchiveTooLarge, REFUSE_BYTES, WARN_BYTES, writeArchive } from './build.js'
import { toPosix, type ArchiveLayout } from './layout.js'
import { selectArchiveFiles, unreadable, type ArchiveEntry, type ArchiveSelection, type LeftOut, type SelectOptions } from './select.js'
import type { Stop } from '../../core/stop.js'
import { describeSelection } from './describe.js'

/** An archive on disk, ready to upload, and what it holds. */
export interface PreparedArchive {
  file: string
  sha256: string
  bytes: number
  files: number
  /** The config file's path inside the archive. */
  configPath: string
  leftOut: LeftOut[]
  /** The commit checked out when the files were selected; undefined when the workspace is not a git checkout. */
  commit?: string
  /** Deletes the file and its temporary directory. */
  remove: () => Promise<void>
}

export interface ArchiveLimits {
  refuseBytes: number
  warnBytes: number
}

export interface PackOptions {
  tempRoot: string
  log: Log
  limits?: ArchiveLimits
  stop?: Stop
}

const LIMITS: ArchiveLimits = { refuseBytes: REFUSE_BYTES, warnBytes: WARN_BYTES }
const LARGEST = 5

/** Selects the files of `layout`, says what they are in the log, and packs them. */
export async function prepareArchive(layout: ArchiveLayout, options: SelectOptions & PackOptions): Promise<PreparedArchive> {
  const selection = await selectArchiveFiles(layout, options)
  describeSelection(selection, options.log)
  return packArchive(selection, options)
}

/**
 * Writes the selected files as the archive in `tempRoot` and checks the size:
 * over the refusal limit is bad input (the archive is stopped there and removed), over the
 * warning limit a warning; both name the largest files.
 */
export async function packArchive(selection: ArchiveSelection, options: PackOptions): Promise<PreparedArchive> {
  const { log } = options
  const limits = options.limits ?? LIMITS
  const files = selection.entries.filter((entry) => entry.type === 'file')
  let written
  try {
    written = await writeArchive(selection.entries, options.tempRoot, limits.refuseBytes, options.stop)
  } catch (error) {
    if (!(error instanceof ArchiveTooLarge)) return unreadable(error)
    throw new ActionError(
      'bad-input',
      `The source archive of \`graph-config-path\` ` +
        `\`${toPosix(relative(selection.workspace, join(selection.root, selection.configPath)))}\` is ` +
        `over ${formatBytes(limits.refuseBytes)} compressed, more than the upload takes. Largest files: ${largest(files)}.`,
      'Leave out what the build does not need with `archive-exclude` (or a `.gitignore` / `.dockerignore`), then re-run; nothing was sent to the control plane.'
    )
  }
  if (written.bytes > limits.warnBytes) {
    log.warn(
      `The source archive is ${formatBytes(written.bytes)} compressed (over ${formatBytes(limits.warnBytes)}): the remote ` +
        `build will be slow. Largest files: ${largest(files)}. Leave out what it does not need with \`archive-exclude\`.`
    )
  }
  log.info(
    `Source archive: ${files.length} files ` +
      `from ${selection.included.length === 1 ? 'one directory' : `${selection.included.length} directories`}, ${formatBytes(written.bytes)} compressed, ` +
      `sha256 ${written.sha256}; config at \`${selection.configPath}\` in it.`
  )
  return { ...written, files: files.length, configPath: selection.configPath, leftOut: selection.leftOut, commit: selection.tiedToCommit }
}

function largest(files: readonly ArchiveEntry[]): string {
  return [...files]
    .sort((a, b) => b.size - a.size)
    .slice(0, LARGEST)
    .map((file) => `\`${file.workspacePath}\` (${formatBytes(file.size)})`)
    .join(', ')
}
