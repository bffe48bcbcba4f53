import { realClock } from '../src/core/clock.js'
import { resolveLayout } from '../src/operations/archive/layout.js'
import { packArchive } from '../src/operations/archive/prepare.js'
import { leaveOutSecretContent } from '../src/operations/archive/scan.js'
import { SCAN_MAX_BYTES } from '../src/operations/archive/secret-content.js'
import { selectArchiveFiles } from '../src/operations/archive/select.js'
import { uploadArchive } from '../src/operations/archive/upload.js'
import { SILENT_LOG } from '../__tests__/helpers/silent-log.js'

/**
 * One remote build's archive and upload, as the action does them (layout, the commit's files
 * listed and scanned, tar + gzip streamed from git's objects to a temporary file while hashed,
 * then the PUT to the signed URL), in a process of its own so that its peak memory is this
 * work's alone. Then the secret scan once more, alone, on the same files: its own cost (after the
 * peak is read: the action never scans twice). Prints
 * JSON for scripts/bench-archive.js: the times, the digest, the size and the peak RSS.
 */
const env = process.env as Record<string, string>
const quiet = SILENT_LOG
const started = performance.now()
const selection = await selectArchiveFiles(await resolveLayout(env.BENCH_WORKSPACE, env.BENCH_CONFIG), { exclude: [] })
const selected = performance.now()
const archive = await packArchive(selection, { tempRoot: env.BENCH_TEMP, log: quiet })
const built = performance.now()
const uploadStarted = performance.now()
await uploadArchive('bench', archive, {
  client: { requestUploadUrl: async () => ({ upload_url: env.BENCH_UPLOAD_URL, object_path: env.BENCH_OBJECT_PATH }) },
  clock: realClock,
  deadline: Date.now() + 600_000,
  log: quiet,
  idleMs: 30_000
})
const done = performance.now()
// The action's own peak: the scan timed alone below is the bench's, not the action's.
const maxRssKb = process.resourceUsage().maxRSS
await archive.remove()
const scanStarted = performance.now()
await leaveOutSecretContent(selection.entries, [], [], undefined, true)
const scanMs = performance.now() - scanStarted
const scanned = selection.entries.filter((entry) => entry.type === 'file' && entry.size < SCAN_MAX_BYTES).length
process.stdout.write(
  JSON.stringify({
    archiveMs: built - started,
    selectMs: selected - started,
    scanMs,
    scanned,
    uploadMs: done - uploadStarted,
    totalMs: built - started + (done - uploadStarted),
    sha256: archive.sha256,
    bytes: archive.bytes,
    files: archive.files,
    maxRssKb,
    node: process.version
  })
)
