import { execFile } from 'node:child_process'
import { access, realpath } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { withinTimeLimit } from '../core/time-limit.js'

/** `git rev-parse` answers at once; one that does not (a hung filesystem) must not hold the step. */
const GIT_TIMEOUT_MS = 10_000

/**
 * One git command in `workspace`, its output or undefined (not a git checkout, git missing, no
 * answer in time, too much output). The workspace is declared safe for this one command: in a
 * container job it belongs to another user than the step's, and git would otherwise refuse it
 * ("dubious ownership"). Its environment is given, not left to node: the one this module sees,
 * which a test's stand-in `git` on PATH changes too.
 */
function git(workspace: string, args: string[], maxBuffer: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-c', `safe.directory=${workspace}`, ...args], { cwd: workspace, env: process.env, timeout: GIT_TIMEOUT_MS, maxBuffer, windowsHide: true }, (error, stdout) => {
      resolve(error ? undefined : String(stdout ?? ''))
    })
  })
}

/**
 * Whether git could find a repository from `dir`: `GIT_DIR` is set, or there is a `.git` (a
 * folder, or a file for a worktree or submodule) in `dir` or a folder above it, walking up from
 * where `dir` really is (its symbolic links resolved, as git does). Where there is none, git
 * would only start to say "not a git repository". A path that cannot be resolved is left to
 * git; a filesystem that does not answer within git's own limit is no checkout (git would hang
 * on it too).
 */
async function mayBeInRepository(dir: string): Promise<boolean> {
  if (process.env.GIT_DIR !== undefined) return true
  const look = async () => {
    let current: string
    try {
      current = await realpath(dir)
    } catch {
      return true
    }
    for (; ; current = dirname(current)) {
      if (await access(join(current, '.git')).then(() => true, () => false)) return true
      if (dirname(current) === current) return false
    }
  }
  return withinTimeLimit(look, { limitMs: GIT_TIMEOUT_MS }).catch(() => false)
}

/** The commit checked out in `workspace` (`git rev-parse HEAD`), lower-case; undefined when it cannot be read. Only HEAD is read. */
export async function checkoutCommit(workspace: string): Promise<string | undefined> {
  if (!(await mayBeInRepository(workspace))) return undefined
  const sha = (await git(workspace, ['rev-parse', 'HEAD'], 1024))?.trim().toLowerCase()
  // 40 digits, or 64 in a repository that uses SHA-256.
  return sha && /^([0-9a-f]{40}|[0-9a-f]{64})$/.test(sha) ? sha : undefined
}
