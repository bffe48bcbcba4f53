// The remote build's archive + upload, for `npm run bench`: a git checkout of 50,000 small text
// files, then one of a single 300 MB file (each committed and packed as a clone has them),
// archived from git's objects and uploaded to the simulator's loopback storage host, round by
// round beside `git archive HEAD | gzip -6` of the same tree (the floor for "from git itself"):
// the ratio per round, the peak memory of the process that did it, the digest of the same commit
// in every round, and the secret content scan's own cost on the same files.
// BENCH_ARCHIVE_ROUNDS, BENCH_ARCHIVE_FILES, BENCH_ARCHIVE_LARGE_BYTES change the sizes;
// BENCH_ARCHIVE_PROF=<dir> writes a CPU profile of each archiving process there; BENCH_ARCHIVE_NODE=<node
// binary> runs the archiving process on that Node (the runner's Node 24: its young generation may grow twice as large).
import { execFile, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './run-action.js'
import { Storage } from '../sim/storage.js'

const WORDS = 'agent graph tool state node edge prompt model memory checkpoint stream message thread run'.split(' ')
/** The small-files tree: as many files as a large monorepo's agent folder holds. */
const SMALL_FILES = Number(process.env.BENCH_ARCHIVE_FILES ?? 50_000)
/** The one-large-file tree: a single file this large (a model, a data set committed by mistake). */
const LARGE_FILE_BYTES = Number(process.env.BENCH_ARCHIVE_LARGE_BYTES ?? 300 * 1000 * 1000)
/** The Node that runs the action's archiving process. */
const ARCHIVE_NODE = process.env.BENCH_ARCHIVE_NODE ?? process.execPath
/** Side-by-side rounds per tree: the machine is shared, so a range is reported, not one figure. */
const ROUNDS = Number(process.env.BENCH_ARCHIVE_ROUNDS ?? 3)

/**
 * Text of about `bytes` bytes, as source and data files have it: words and numbers, compressible
 * about 4:1 by gzip -6 (some of each line is random, so gzip has work to do).
 * @param {number} bytes
 * @param {number} seed
 * @returns {Buffer}
 */
function text(bytes, seed) {
  const lines = []
  let length = 0
  const noise = randomBytes(Math.ceil(bytes / 16)).toString('base64')
  for (let n = 0; length < bytes; n++) {
    const line = `${WORDS[(n * 7 + seed) % WORDS.length]} = ${n * 31 + seed} # ${WORDS[(n + seed) % WORDS.length]} ${noise.slice((n * 6) % (noise.length - 8), ((n * 6) % (noise.length - 8)) + 6)}`
    lines.push(line)
    length += line.length + 1
  }
  return Buffer.from(lines.join('\n')).subarray(0, bytes)
}

/**
 * Many small text files (about 2 kB each, 250 folders), as a large source tree has them.
 * @param {string} root
 * @returns {number} bytes written
 */
function makeSmallFilesTree(root) {
  mkdirSync(join(root, 'apps/agent'), { recursive: true })
  writeFileSync(join(root, 'apps/agent/langgraph.json'), JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }))
  const pool = text(4 * 1024 * 1024, 1)
  let written = 0
  for (let i = 0; i < SMALL_FILES - 1; i++) {
    const dir = join(root, 'apps/agent', `pkg${i % 250}`)
    if (i < 250) mkdirSync(dir, { recursive: true })
    const size = 1000 + ((i * 7919) % 2000)
    const at = (i * 104729) % (pool.length - size)
    writeFileSync(join(dir, `module${i}.py`), pool.subarray(at, at + size))
    written += size
  }
  return written
}

/**
 * One large file and the config beside it.
 * @param {string} root
 * @returns {number} bytes written
 */
function makeLargeFileTree(root) {
  mkdirSync(join(root, 'apps/agent'), { recursive: true })
  writeFileSync(join(root, 'apps/agent/langgraph.json'), JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }))
  const file = join(root, 'apps/agent/data.txt')
  writeFileSync(file, '')
  // In pieces: the whole file as one string would take gigabytes here.
  const PIECE = 8 * 1024 * 1024
  for (let at = 0; at < LARGE_FILE_BYTES; at += PIECE) appendFileSync(file, text(Math.min(PIECE, LARGE_FILE_BYTES - at), at))
  return LARGE_FILE_BYTES
}

/**
 * @typedef {{ archiveMs: number, selectMs: number, scanMs: number, scanned: number, uploadMs: number, totalMs: number,
 *   sha256: string, bytes: number, files: number, maxRssKb: number, node: string }} ChildFigures
 */

export async function archiveBench() {
  const work = mkdtempSync(join(tmpdir(), 'bench-archive-'))
  const storage = new Storage({ now: Date.now, keepBodies: false })
  await storage.listen()
  try {
    const out = join(work, 'build')
    const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'ncc'), ['build', 'bench/archive.ts', '-o', out, '-q'], {
      cwd: ROOT,
      stdio: 'inherit'
    })
    if (build.status !== 0) throw new Error('could not build the archive benchmark')
    const small = await benchTree(work, 'small', makeSmallFilesTree, 'small text files', { storage, out })
    const large = await benchTree(work, 'large', makeLargeFileTree, 'one large text file', { storage, out })
    console.log('\nRemote build, both trees (targets: 1.5x and 1.2x `git archive HEAD | gzip -6`; peak RSS under 150 MB)')
    for (const [label, figures, target] of /** @type {const} */ ([
      [`${small.files} small files`, small, 1.5],
      ['one 300 MB file', large, 1.2]
    ])) {
      console.log(`  ${label.padEnd(20)} ratio ${range(figures.ratios, 2)}x (target ${target}x), peak RSS ${range(figures.peaksMb, 0)} MB`)
    }
  } finally {
    await storage.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

/**
 * `lowest to highest` of some figures, and their median.
 * @param {number[]} values
 * @param {number} digits
 */
function range(values, digits) {
  const sorted = [...values].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]
  return `${sorted[0].toFixed(digits)} to ${sorted[sorted.length - 1].toFixed(digits)} (median ${median.toFixed(digits)})`
}

/**
 * One tree, committed and packed, archived ROUNDS times by the action (in a process of its own)
 * and by `git archive HEAD | gzip -6`, each round one after the other, so that both meet the same
 * load of a shared machine; prints the figures and returns each round's ratio and peak.
 * @param {string} work
 * @param {string} name
 * @param {(root: string) => number} make
 * @param {string} kind
 * @param {{ storage: Storage, out: string }} context
 * @returns {Promise<{ ratios: number[], peaksMb: number[], files: number }>}
 */
async function benchTree(work, name, make, kind, { storage, out }) {
  const workspace = join(work, name)
  const treeBytes = make(workspace)
  const git = (/** @type {string[]} */ ...args) => {
    const done = spawnSync('git', args, {
      cwd: workspace,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'b',
        GIT_AUTHOR_EMAIL: 'b@example.com',
        GIT_COMMITTER_NAME: 'b',
        GIT_COMMITTER_EMAIL: 'b@example.com'
      }
    })
    if (done.status !== 0) throw new Error(`git ${args[0]} failed: ${done.stderr}`)
  }
  git('init', '-q')
  git('add', '.')
  git('commit', '-qm', 'bench')
  // Packed, as a clone's objects are.
  git('repack', '-adq')
  /** @type {ChildFigures[]} */
  const runs = []
  /** @type {Array<{ ms: number, bytes: number }>} */
  const anchors = []
  for (let i = 0; i < ROUNDS; i++) {
    const { upload_url, object_path } = storage.signedUrl('bench')
    /** @type {ChildFigures} */
    const child = await new Promise((resolve, reject) => {
      execFile(
        ARCHIVE_NODE,
        [
          ...(process.env.BENCH_ARCHIVE_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_ARCHIVE_PROF] : []),
          join(out, 'index.js')
        ],
        {
          env: {
            PATH: process.env.PATH ?? '',
            BENCH_WORKSPACE: workspace,
            BENCH_CONFIG: 'apps/agent/langgraph.json',
            BENCH_TEMP: work,
            BENCH_UPLOAD_URL: upload_url,
            BENCH_OBJECT_PATH: object_path
          },
          maxBuffer: 1024 * 1024
        },
        // The figures come last, after the `::add-mask::` lines that mask the signed URL.
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? ''))
      )
    })
    const stored = storage.objects.get(object_path)
    if (!stored || stored.sha256 !== child.sha256) throw new Error('the storage host did not receive the archive the child built')
    runs.push(child)
    const target = join(work, `anchor-${name}-${i}.tar.gz`)
    const started = performance.now()
    const tar = spawnSync('sh', ['-c', `git archive HEAD apps | gzip -6 > '${target}'`], { cwd: workspace })
    if (tar.status !== 0) throw new Error(`git archive | gzip failed: ${tar.stderr}`)
    anchors.push({ ms: performance.now() - started, bytes: statSync(target).size })
    rmSync(target)
  }
  rmSync(workspace, { recursive: true, force: true })
  const ratios = runs.map((run, i) => run.archiveMs / anchors[i].ms)
  const peaksMb = runs.map((run) => run.maxRssKb / 1024)
  const mb = (/** @type {number} */ bytes) => `${(bytes / 1e6).toFixed(1)} MB`
  const ms = (/** @type {number[]} */ values) => values.map((value) => value.toFixed(0)).join(', ')
  console.log(
    `\nRemote build: archive from git's objects + upload of a ${mb(treeBytes)} checkout (${runs[0].files} files, ${kind}) to the loopback storage host, ${ROUNDS} rounds`
  )
  console.log(
    '  targets: archiving within 1.5x (small files) or 1.2x (one large file) of `git archive HEAD | gzip -6` of the same tree; peak memory (RSS) of the process under 150 MB'
  )
  console.log(
    `  this action: archive ${ms(runs.map((run) => run.archiveMs))} ms (list and scan ${ms(runs.map((run) => run.selectMs))} ms), ` +
      `then upload ${ms(runs.map((run) => run.uploadMs))} ms; ${mb(runs[0].bytes)} compressed`
  )
  console.log(`  git archive HEAD | gzip -6: ${ms(anchors.map((anchor) => anchor.ms))} ms, ${mb(anchors[0].bytes)}`)
  console.log(`  ratio per round: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; ${range(ratios, 2)}x`)
  console.log(
    `  secret scan of the same files, timed alone: ${ms(runs.map((run) => run.scanMs))} ms (${runs[0].scanned} files under 1 MiB)`
  )
  console.log(`  peak RSS of the archiving process (Node ${runs[0].node}; archive and upload): ${range(peaksMb, 0)} MB`)
  const digests = new Set(runs.map((run) => run.sha256))
  console.log(`  digest: ${runs[0].sha256} (${digests.size === 1 ? `equal in all ${ROUNDS} rounds` : 'DIFFERENT between rounds'})`)
  return { ratios, peaksMb, files: runs[0].files }
}
