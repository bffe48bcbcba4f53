import { openContents } from './contents.js'
import { isEnvTemplate, namedExactly } from './secret-files.js'
import { committedFilesHolding } from './scan-tracked.js'
import { SCAN_MAX_BYTES, SECRET_MARKERS, scanContent } from './secret-content.js'
import { KEY_KEYWORDS } from './secret-rules.js'
import { stopReason, throwIfStopped, whenStopped, type Stop } from '../../core/stop.js'
import type { ArchiveEntry, LeftOut } from './walk.js'

/** What reading the small files found besides secrets: the commit's files that are Git LFS pointers. */
export interface Scanned {
  entries: ArchiveEntry[]
  /** Files of the commit whose blob is a Git LFS pointer (the file itself is stored elsewhere). */
  lfsPointers: ArchiveEntry[]
  /** Keys written into files that ship (with `keys`): the file (workspace path), the line, the rule; never the value. */
  findings: KeyFindingAt[]
}

/** A key found in a file that ships. */
export interface KeyFindingAt {
  path: string
  line: number
  rule: string
}

/** A Git LFS pointer is a few lines starting so, never larger than this. */
const LFS_POINTER_MAX_BYTES = 1024
const LFS_POINTER_START_TEXT = 'version https://git-lfs.github.com/spec/v1'
const LFS_POINTER_START = Buffer.from(`${LFS_POINTER_START_TEXT}\n`)

/**
 * The entries minus the text files under 1 MiB whose content holds a secret (secret-content.ts),
 * each of those added to `leftOut` with the rule it broke, never what it holds. A file
 * `archive-include` names by its exact path ships whatever it holds (the user said so), and is
 * still looked at for keys: a finding in it is warned about (or refused) like any other. Files
 * are read as the archive would read them: the commit's from git's objects, others from disk.
 * Of the commit's files only those that hold a rule's marker are read (one `git grep` finds
 * them, scan-tracked.ts): a file without one breaks no rule, so the verdicts are the same.
 * The same read notes the commit's files that are Git LFS pointers (select.ts ships the file).
 * With `keys`, it also finds the keys written into the files that ship (secret-rules.ts), by
 * file and line: those files still ship (`secret-scan` decides what a finding does), except an
 * `.env` template (`.env.example`), which is left out when it holds one.
 */
export async function leaveOutSecretContent(
  entries: readonly ArchiveEntry[],
  leftOut: LeftOut[],
  include: readonly string[],
  stop?: Stop,
  keys = false
): Promise<Scanned> {
  const named = (entry: ArchiveEntry) => namedExactly(include, entry.workspacePath)
  // Named exactly: never left out, so read only when keys are looked for.
  const small = entries.filter((entry) => entry.type === 'file' && entry.size < SCAN_MAX_BYTES && (keys || !named(entry)))
  const marked = await committedFilesHolding(small, [...SECRET_MARKERS, ...(keys ? KEY_KEYWORDS : []), LFS_POINTER_START_TEXT], stop)
  // A template is judged for keys whatever `keys` says (it ships only without one): the search did not look for their words then.
  const scanned = small.filter((entry) => !entry.blob || marked.has(entry) || (!keys && isEnvTemplate(entry.workspacePath)))
  const found = new Set<ArchiveEntry>()
  const lfsPointers: ArchiveEntry[] = []
  const findings: KeyFindingAt[] = []
  const contents = openContents(scanned)
  // A read blocked on git ends at the deadline or on cancel too.
  const unwatch = whenStopped(stop, () => contents.close())
  try {
    for (const entry of scanned) {
      throwIfStopped(stop)
      const chunks = contents.of(entry)
      const mayBePointer = entry.blob !== undefined && entry.size <= LFS_POINTER_MAX_BYTES
      const notePointer = (start: Buffer) =>
        start.subarray(0, LFS_POINTER_START.length).equals(LFS_POINTER_START) && lfsPointers.push(entry)
      const verdict = await scanContent(mayBePointer ? peekStart(chunks, LFS_POINTER_START.length, notePointer) : chunks, entry.size, {
        keys: keys || isEnvTemplate(entry.workspacePath)
      })
      const template = verdict.keys.length > 0 && isEnvTemplate(entry.workspacePath)
      const rule = named(entry) ? undefined : (verdict.credential ?? (template ? verdict.keys[0].rule : undefined))
      if (!rule) {
        if (keys) for (const key of verdict.keys) findings.push({ path: entry.workspacePath, ...key })
        continue
      }
      found.add(entry)
      leftOut.push({
        path: entry.workspacePath,
        reason: 'secret',
        rule,
        byContent: true,
        why: template
          ? `\`.env\` template holding a key (\`${rule}\`, line ${verdict.keys[0].line}): pass what the agent needs through \`secrets\``
          : `secret content (holds \`${rule}\`): pass what the agent needs through \`secrets\``
      })
    }
  } catch (error) {
    // Stopped: said as such, not as the read that the stop ended.
    throw stopReason(stop) ?? error
  } finally {
    unwatch()
    contents.close()
  }
  return {
    entries: found.size === 0 ? [...entries] : entries.filter((entry) => !found.has(entry)),
    lfsPointers: lfsPointers.filter((entry) => !found.has(entry)),
    findings
  }
}

/**
 * The chunks as they are, `look` called once with their first `bytes` bytes (or all of them, when
 * fewer): a stream may hand them over in pieces smaller than that, and the first piece alone
 * would then hide a pointer's start.
 */
export async function* peekStart(chunks: AsyncIterable<Buffer>, bytes: number, look: (start: Buffer) => unknown): AsyncIterable<Buffer> {
  const head: Buffer[] = []
  let have = 0
  let looked = false
  for await (const chunk of chunks) {
    if (!looked) {
      head.push(chunk)
      have += chunk.length
      if (have >= bytes) {
        looked = true
        look(Buffer.concat(head))
      }
    }
    yield chunk
  }
  if (!looked) look(Buffer.concat(head))
}
