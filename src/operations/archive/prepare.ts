import { formatBytes } from '../../api/body.js'
import { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import { ArchiveTooLarge, REFUSE_BYTES, WARN_BYTES, writeArchive } from './build.js'
import type { ArchiveLayout } from './layout.js'
import { selectArchiveFiles, unreadable, type ArchiveEntry, type ArchiveSelection, type LeftOut, type SelectOptions } from './select.js'
import type { ArchiveStop } from './stop.js'

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
  stop?: ArchiveStop
}

const LIMITS: ArchiveLimits = { refuseBytes: REFUSE_BYTES, warnBytes: WARN_BYTES }
/** Lines of the log's list of what was left out; the rest is counted. */
const LISTED = 50
const LARGEST = 5

/** Selects the files of `layout` and packs them: `selectArchiveFiles` then `packArchive`. */
export async function prepareArchive(layout: ArchiveLayout, options: SelectOptions & PackOptions): Promise<PreparedArchive> {
  return packArchive(await selectArchiveFiles(layout, options), options)
}

/**
 * Writes the selected files as the archive in `tempRoot`, says in the log what it holds and
 * what was left out (warning about `.env` files and symbolic links), and checks the size:
 * over the refusal limit is bad input (the archive is stopped there and removed), over the
 * warning limit a warning; both name the largest files.
 */
export async function packArchive(selection: ArchiveSelection, options: PackOptions): Promise<PreparedArchive> {
  const { log } = options
  const limits = options.limits ?? LIMITS
  warnAbout(selection.leftOut, log)
  for (const problem of selection.unreadIgnoreFiles) log.warn(`The ignore file ${problem}; its patterns do not apply.`)
  const files = selection.entries.filter((entry) => entry.type === 'file')
  let written
  try {
    written = await writeArchive(selection.entries, options.tempRoot, limits.refuseBytes, options.stop)
  } catch (error) {
    if (!(error instanceof ArchiveTooLarge)) return unreadable(error)
    throw new ActionError(
      'bad-input',
      `The source archive of \`graph-config-path\` \`${selection.configPath}\` is over ${formatBytes(limits.refuseBytes)} compressed, more than the upload takes. Largest files: ${largest(files)}.`,
      'Leave out what the build does not need with `archive-exclude` (or a `.gitignore` / `.dockerignore`), then re-run; nothing was sent to the control plane.'
    )
  }
  if (written.bytes > limits.warnBytes) {
    log.warn(`The source archive is ${formatBytes(written.bytes)} compressed (over ${formatBytes(limits.warnBytes)}): the remote build will be slow. Largest files: ${largest(files)}. Leave out what it does not need with \`archive-exclude\`.`)
  }
  log.info(`Source archive: ${files.length} files from ${selection.included.length === 1 ? 'one directory' : `${selection.included.length} directories`}, ${formatBytes(written.bytes)} compressed, sha256 ${written.sha256}; config at \`${selection.configPath}\` in it.`)
  const { leftOut } = selection
  if (leftOut.length > 0) {
    log.info(`Left out of the archive (${leftOut.length}):`)
    for (const item of leftOut.slice(0, LISTED)) log.info(`  ${item.path}: ${item.why}`)
    if (leftOut.length > LISTED) log.info(`  … and ${leftOut.length - LISTED} more`)
  }
  return { ...written, files: files.length, configPath: selection.configPath, leftOut, commit: selection.tiedToCommit }
}

/** One warning per kind of thing the user should know was left out. */
function warnAbout(leftOut: readonly LeftOut[], log: Log): void {
  const envFiles = leftOut.filter((item) => item.reason === 'secret').map((item) => `\`${item.path}\``)
  const links = leftOut.filter((item) => item.reason === 'link' && item.why.startsWith('symbolic link')).map((item) => `\`${item.path}\``)
  if (envFiles.length > 0) {
    log.warn(`Not archived: ${envFiles.join(', ')} (\`.env\` files are never uploaded; pass what the agent needs through the \`secrets\` input).`)
  }
  if (links.length > 0) {
    log.warn(`Not archived: ${links.join(', ')} (symbolic links are never followed or uploaded; put the file itself in the directory if the build needs it).`)
  }
}

function largest(files: readonly ArchiveEntry[]): string {
  return [...files]
    .sort((a, b) => b.size - a.size)
    .slice(0, LARGEST)
    .map((file) => `\`${file.workspacePath}\` (${formatBytes(file.size)})`)
    .join(', ')
}
