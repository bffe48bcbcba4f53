import { realClock } from '../src/core/clock.js'
import { resolveLayout } from '../src/operations/archive/layout.js'
import { prepareArchive } from '../src/operations/archive/prepare.js'
import { uploadArchive } from '../src/operations/archive/upload.js'

/**
 * One remote build's archive and upload, as the action does them (layout, walk, tar +
 * gzip streamed to a temporary file while hashed, then the PUT to the signed URL), in a
 * process of its own so that its peak memory is this work's alone. Prints JSON for
 * scripts/bench-archive.js: the time, the digest, the size and the process's peak RSS.
 */
const env = process.env as Record<string, string>
const quiet = { info: () => undefined, warn: () => undefined, notice: () => undefined, debug: () => undefined, startGroup: () => undefined, endGroup: () => undefined }
const started = performance.now()
const archive = await prepareArchive(resolveLayout(env.BENCH_WORKSPACE, env.BENCH_CONFIG), { exclude: [], tempRoot: env.BENCH_TEMP, log: quiet })
const built = performance.now()
await uploadArchive('bench', archive, {
  client: { requestUploadUrl: async () => ({ upload_url: env.BENCH_UPLOAD_URL, object_path: env.BENCH_OBJECT_PATH }) },
  clock: realClock,
  deadline: Date.now() + 600_000,
  log: quiet,
  idleMs: 30_000
})
const done = performance.now()
await archive.remove()
process.stdout.write(
  JSON.stringify({ archiveMs: built - started, uploadMs: done - built, totalMs: done - started, sha256: archive.sha256, bytes: archive.bytes, files: archive.files, maxRssKb: process.resourceUsage().maxRSS })
)
