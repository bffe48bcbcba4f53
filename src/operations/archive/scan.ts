import { openContents } from './contents.js'
import { namedExactly } from './secret-files.js'
import { SCAN_MAX_BYTES, secretInContent } from './secret-content.js'
import { stopReason, throwIfStopped, whenStopped, type ArchiveStop } from './stop.js'
import type { ArchiveEntry, LeftOut } from './walk.js'

/**
 * The entries minus the text files under 1 MiB whose content holds a secret (secret-content.ts),
 * each of those added to `leftOut` with the rule it broke, never what it holds. A file
 * `archive-include` names by its exact path ships whatever it holds: the user said so. Files
 * are read as the archive would read them: the commit's from git's objects, others from disk.
 */
export async function leaveOutSecretContent(entries: readonly ArchiveEntry[], leftOut: LeftOut[], include: readonly string[], stop?: ArchiveStop): Promise<ArchiveEntry[]> {
  const scanned = entries.filter((entry) => entry.type === 'file' && entry.size < SCAN_MAX_BYTES && !namedExactly(include, entry.workspacePath))
  const found = new Set<ArchiveEntry>()
  const contents = openContents(scanned)
  // A read blocked on git ends at the deadline or on cancel too.
  const unwatch = whenStopped(stop, () => contents.close())
  try {
    for (const entry of scanned) {
      throwIfStopped(stop)
      const rule = await secretInContent(contents.of(entry), entry.size)
      if (!rule) continue
      found.add(entry)
      leftOut.push({ path: entry.workspacePath, reason: 'secret', rule, byContent: true, why: `secret content (holds \`${rule}\`): pass what the agent needs through \`secrets\`` })
    }
  } catch (error) {
    // Stopped: said as such, not as the read that the stop ended.
    throw stopReason(stop) ?? error
  } finally {
    unwatch()
    contents.close()
  }
  return found.size === 0 ? [...entries] : entries.filter((entry) => !found.has(entry))
}
