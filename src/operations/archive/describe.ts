import { formatBytes } from '../../api/body.js'
import type { Log } from '../../core/log.js'
import type { ArchiveSelection } from './select.js'
import { warnKeyFindings } from './key-findings.js'

/**
 * Says in the log what the archive will hold and what it leaves out: a warning naming each
 * secret file and symbolic link left out (with why), each key found in a file that ships (at its
 * file and line), each ignore file not read, a workspace
 * that is not a checkout, tracked files changed since the commit; then every file in a
 * collapsed group, and every item left out in another. Paths are relative to the workspace.
 */
export function describeSelection(selection: ArchiveSelection, log: Log): void {
  const secrets = selection.leftOut.filter((item) => item.reason === 'secret')
  if (secrets.length > 0) {
    log.warn(
      `Not archived, secret files: ${secrets.map((item) => `\`${item.path}\` (${item.byContent ? 'holds ' : ''}\`${item.rule}\`)`).join(', ')}. ` +
        `Files known to hold secrets (by name, or by a key or token in them) are left out of the archive: pass what the agent ` +
        `needs through the \`secrets\` input (or, for a file without a secret, name its exact path in \`archive-include\`).`
    )
  }
  warnKeyFindings(selection.keyFindings, log)
  const links = selection.leftOut.filter((item) => item.reason === 'link')
  if (links.length > 0) {
    log.warn(
      `Not archived: ${links.map((item) => `\`${item.path}\``).join(', ')} (symbolic links are never followed or uploaded; put the file itself in the directory if the build needs it).`
    )
  }
  for (const problem of selection.unreadIgnoreFiles) log.warn(`The ignore file ${problem}; its patterns do not apply.`)
  if (selection.uninitialisedSubmodules.length > 0) {
    const named = selection.uninitialisedSubmodules.map((path) => `\`${path}/\``).join(', ')
    log.warn(
      `Not archived: ${named}: submodule${selection.uninitialisedSubmodules.length === 1 ? '' : 's'} of the commit not ` +
        `initialised in the checkout, so ${selection.uninitialisedSubmodules.length === 1 ? 'its' : 'their'} files are not there ` +
        `to ship. Check out with \`submodules: true\` (actions/checkout) or run \`git submodule update --init\` before this step.`
    )
  }
  if (selection.lfsPointersShipped.length > 0) {
    log.warn(
      `Git LFS files not in the checkout, so their pointers ship, not the files: ` +
        `${selection.lfsPointersShipped.map((path) => `\`${path}\``).join(', ')}. Check out with \`lfs: true\` ` +
        `(actions/checkout) if the build needs them.`
    )
  }
  // The log names every changed file; the reports, which have a size limit, the first few.
  const warning = archiveWarning(selection.tiedToCommit, selection.changedSinceCommit, Infinity)
  if (warning) log.warn(warning)

  const files = selection.entries.filter((entry) => entry.type === 'file')
  const bytes = files.reduce((sum, file) => sum + file.size, 0)
  log.startGroup(`Files in the archive: ${files.length} (${formatBytes(bytes)} before compression)`)
  for (const file of files) log.info(`${file.workspacePath} (${formatBytes(file.size)})`)
  log.endGroup()
  if (selection.leftOut.length > 0) {
    log.startGroup(`Left out of the archive: ${selection.leftOut.length}`)
    for (const item of selection.leftOut) log.info(`${item.path}: ${item.why}`)
    log.endGroup()
  }
}

/**
 * What the archive is not tied to (no commit), or files on disk that are not what ships (the commit's version does). Said in the
 * log, and near the top of the reports (from the archive's fact: `commit` and `changed`).
 */
export function archiveWarning(
  commit: string | undefined,
  changed: ReadonlyArray<{ path: string; gone: boolean }>,
  shown = CHANGES_SHOWN
): string | undefined {
  if (!commit) {
    return (
      'The config is not in a git checkout: the archive is not tied to a commit. It holds the included directories minus what ' +
      'their ignore files (every `.gitignore` from the workspace down) leave out.'
    )
  }
  if (changed.length === 0) return undefined
  const named = namedChanges(changed, shown)
  const files = changed.length === 1 ? '1 tracked file differs' : `${changed.length} tracked files differ`
  return `${files} on disk from commit ${commit.slice(0, 12)}, checked out: ${named}. The committed version ships, not the working tree's.`
}

/** How many changed files a report names: a step that rewrote thousands would overflow the PR comment. */
const CHANGES_SHOWN = 5

/** Tracked files that differ from the commit, the first `shown` of them named, then how many more the log lists. */
export function namedChanges(changed: ReadonlyArray<{ path: string; gone: boolean }>, shown = CHANGES_SHOWN): string {
  const named = changed
    .slice(0, shown)
    .map((item) => `\`${item.path}\`${item.gone ? ' (deleted)' : ''}`)
    .join(', ')
  return changed.length > shown ? `${named} and ${changed.length - shown} more (the log names them all)` : named
}
