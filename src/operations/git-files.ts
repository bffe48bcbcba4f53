import { execFile } from 'node:child_process'

/** A listing of the files of a checkout (a monorepo's: tens of thousands of paths) fits in this. */
const LISTING_MAX_BYTES = 64 * 1024 * 1024
/** Git lists from its index at once; one that does not answer in this long (a hung filesystem) must not hold the step. */
const GIT_TIMEOUT_MS = 60_000

/** What git says about the files under some directories of a checkout, paths relative to the workspace (posix). */
export interface GitFiles {
  /** Every file git tracks there (in the index), present in the working tree or not. */
  tracked: Set<string>
  /** Tracked files whose working-tree content differs from the checked-out commit, or that were deleted since. */
  changed: string[]
}

/**
 * `git ls-files -z` and `git diff --name-only -z HEAD` in `workspace`, limited to `dirs`
 * (relative to the workspace, posix; '' or '.' for all of it). The workspace is declared safe
 * for these commands only (see checkout-commit.ts), pathspecs are taken literally (a directory
 * named `*` is that directory), and git takes no lock (the index is only read). Rejects when git
 * fails or does not answer within `limitMs`.
 */
export async function gitFiles(workspace: string, dirs: readonly string[], limitMs: number): Promise<GitFiles> {
  const pathspecs = dirs.map((dir) => (dir === '' ? '.' : dir))
  const [listed, diffed] = await Promise.all([
    git(workspace, ['ls-files', '-z', '--cached', '--', ...pathspecs], limitMs),
    git(workspace, ['diff', '--name-only', '-z', '--no-renames', '--relative', 'HEAD', '--', ...pathspecs], limitMs)
  ])
  return { tracked: new Set(split(listed)), changed: split(diffed) }
}

function split(output: string): string[] {
  return output.split('\0').filter((path) => path !== '')
}

function git(workspace: string, args: string[], limitMs: number): Promise<string> {
  const command = ['-c', `safe.directory=${workspace}`, '-c', 'core.quotePath=false', '--no-optional-locks', '--literal-pathspecs', ...args]
  return new Promise((resolve, reject) => {
    execFile('git', command, { cwd: workspace, timeout: Math.max(1_000, Math.min(GIT_TIMEOUT_MS, limitMs)), maxBuffer: LISTING_MAX_BYTES, windowsHide: true }, (error, stdout, stderr) => {
      if (error) {
        const said = String(stderr ?? '').trim().split('\n')[0]
        reject(new Error(`\`git ${args[0]}\` failed${said ? `: ${said}` : error.killed ? ': it did not answer in time' : ''}`))
        return
      }
      resolve(String(stdout))
    })
  })
}
