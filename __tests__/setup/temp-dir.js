// The suite's temporary files in one folder of their own, removed when the suite ends. The local
// runner keeps each job summary for a person to open, and the bundle tests write event and runner
// files: without this, every `npm test` would leave hundreds of folders in the machine's temp dir.
// Jest starts its workers after this runs, so they and every process they spawn inherit TMPDIR.
// It also makes the simulator's compiled validators before any worker needs them.
import { mkdtempSync, readFileSync, rmSync, statfsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A memory-backed folder, where the machine has one that can hold the suite and run what it writes. */
const RAM_DISK = '/dev/shm'
/** The suite writes tens of MB at a time (checkouts, archives, the config corpus); a small /dev/shm (a container's 64 MB) is not used. */
const RAM_DISK_MIN_FREE_BYTES = 2 * 1024 ** 3

export default async function setup() {
  const dir = mkdtempSync(join(suiteTempRoot(), 'agent-deploy-tests-'))
  process.env.TMPDIR = dir
  // Global setup and teardown run in jest's own process: the folder's name waits in its environment.
  process.env.AGENT_DEPLOY_SUITE_TMPDIR = dir
  // The simulator's validators are compiled on first use and kept under node_modules/.cache:
  // compiled here, once, so that the workers find them made instead of all compiling at once.
  await import('../../sim/validation.js')
}

/**
 * Where the suite's folder goes: the suite writes and removes thousands of small files (git
 * checkouts, the config corpus's trees, archives), and on this project's machines the temp dir is
 * a disk mounted with `discard`, so each removal is also a request to the disk. On /dev/shm the
 * same suite spent about a third less time in the kernel (26 s against 17 s of 2 cores, measured
 * on a fresh clone). Used only when it allows running files (the Docker stand-in is one) and has
 * room; otherwise the machine's temp dir, as before.
 */
function suiteTempRoot() {
  try {
    const mount = readFileSync('/proc/self/mounts', 'utf8')
      .split('\n')
      .map((line) => line.split(' '))
      .find((fields) => fields[1] === RAM_DISK)
    const { bavail, bsize } = statfsSync(RAM_DISK)
    if (mount && !mount[3].split(',').includes('noexec') && bavail * bsize >= RAM_DISK_MIN_FREE_BYTES) return RAM_DISK
  } catch {
    // Not Linux, or no /dev/shm: the temp dir.
  }
  return tmpdir()
}

export function teardown() {
  const dir = process.env.AGENT_DEPLOY_SUITE_TMPDIR
  if (dir) rmSync(dir, { recursive: true, force: true })
}
