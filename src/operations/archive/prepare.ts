import { formatBytes } from '../../api/body.js'
import { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import { ArchiveTooLarge, REFUSE_BYTES, WARN_BYTES, writeArchive } from './build.js'
import type { ArchiveLayout } from './layout.js'
import type { ArchiveStop } from './stop.js'
import { walkLayout, type ArchiveEntry, type Excluded, type Walked } from './walk.js'

/** An archive on disk, ready to upload, and what it holds. */
export interface PreparedArchive {
  file: string
  sha256: string
  bytes: number
  files: number
  /** The config file's path inside the archive. */
  configPath: string
  excluded: Excluded[]
  /** Deletes the file and its temporary directory. */
  remove: () => Promise<void>
}

export interface ArchiveLimits {
  refuseBytes: number
  warnBytes: number
}

const LIMITS: ArchiveLimits = { refuseBytes: REFUSE_BYTES, warnBytes: WARN_BYTES }
/** Lines of the log's list of what was left out; the rest is counted. */
const LISTED = 50
const LARGEST = 5

/**
 * Builds the archive of `layout` in `tempRoot`, says in the log what it holds and what
 * was left out (warning about `.env` files and symbolic links), and checks the size: over
 * the refusal limit is bad input (the archive is stopped there and removed), over the
 * warning limit a warning; both name the largest files.
 */
export async function prepareArchive(
  layout: ArchiveLayout,
  options: {
    exclude: readonly string[]
    tempRoot: string
    log: Log
    limits?: ArchiveLimits
    stop?: ArchiveStop
    /** Told what the archive will hold before anything is packed; it may refuse by throwing (the config check). */
    beforePacking?: (walked: Walked) => void
  }
): Promise<PreparedArchive> {
  const { log } = options
  const limits = options.limits ?? LIMITS
  const walked = await walkLayout(layout, options.exclude, options.stop).catch(unreadable)
  warnAbout(walked.excluded, log)
  for (const problem of walked.unreadIgnoreFiles) log.warn(`The ignore file ${problem}; its patterns do not apply.`)
  options.beforePacking?.(walked)
  const files = walked.entries.filter((entry) => entry.type === 'file')
  let written
  try {
    written = await writeArchive(walked.entries, options.tempRoot, limits.refuseBytes, options.stop)
  } catch (error) {
    if (!(error instanceof ArchiveTooLarge)) return unreadable(error)
    throw new ActionError(
      'bad-input',
      `The source archive of \`graph-config-path\` \`${layout.configPath}\` is over ${formatBytes(limits.refuseBytes)} compressed, more than the upload takes. Largest files: ${largest(files)}.`,
      'Leave out what the build does not need with `archive-exclude` (or a `.gitignore` / `.dockerignore`), then re-run; nothing was sent to the control plane.'
    )
  }
  if (written.bytes > limits.warnBytes) {
    log.warn(`The source archive is ${formatBytes(written.bytes)} compressed (over ${formatBytes(limits.warnBytes)}): the remote build will be slow. Largest files: ${largest(files)}. Leave out what it does not need with \`archive-exclude\`.`)
  }
  log.info(`Source archive: ${files.length} files from ${layout.included.length === 1 ? 'one directory' : `${layout.included.length} directories`}, ${formatBytes(written.bytes)} compressed, sha256 ${written.sha256}; config at \`${layout.configPath}\` in it.`)
  if (walked.excluded.length > 0) {
    log.info(`Left out of the archive (${walked.excluded.length}):`)
    for (const item of walked.excluded.slice(0, LISTED)) log.info(`  ${item.path}: ${item.why}`)
    if (walked.excluded.length > LISTED) log.info(`  … and ${walked.excluded.length - LISTED} more`)
  }
  return { ...written, files: files.length, configPath: layout.configPath, excluded: walked.excluded }
}

/** A file or directory that could not be read (permissions, a file removed meanwhile): the checkout's problem, not the action's. */
function unreadable(error: unknown): never {
  // Cancelled, or out of time: said as such, not as the checkout's fault.
  if (error instanceof ActionError && (error.kind === 'cancelled' || error.kind === 'timed-out')) throw error
  throw new ActionError(
    'bad-input',
    `Could not archive the checkout: ${(error as Error).message}.`,
    'Check that the job can read every file under the directories `graph-config-path` names, and that no other step changes them meanwhile; nothing was sent to the control plane.'
  )
}

/** One warning per kind of thing the user should know was left out. */
function warnAbout(excluded: readonly Excluded[], log: Log): void {
  const envFiles = excluded.filter((item) => item.warn && item.why.startsWith('`.env`')).map((item) => `\`${item.path}\``)
  const links = excluded.filter((item) => item.warn && item.why.startsWith('symbolic link')).map((item) => `\`${item.path}\``)
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
    .map((file) => `\`${file.path}\` (${formatBytes(file.size)})`)
    .join(', ')
}
