import { execFile } from 'node:child_process'

/** `git rev-parse` answers at once; one that does not (a hung filesystem) must not hold the step. */
const GIT_TIMEOUT_MS = 10_000

/**
 * The commit checked out in `workspace` (`git rev-parse HEAD`), lower-case; undefined when it
 * is not a git checkout, git is missing, or git does not answer in time. The workspace is
 * declared safe for this one command: in a container job it belongs to another user than
 * the step's, and git would otherwise refuse it ("dubious ownership"). Only HEAD is read.
 */
export function checkoutCommit(workspace: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-c', `safe.directory=${workspace}`, 'rev-parse', 'HEAD'], { cwd: workspace, timeout: GIT_TIMEOUT_MS, maxBuffer: 1024, windowsHide: true }, (error, stdout) => {
      const sha = String(stdout ?? '').trim().toLowerCase()
      // 40 digits, or 64 in a repository that uses SHA-256.
      resolve(!error && /^([0-9a-f]{40}|[0-9a-f]{64})$/.test(sha) ? sha : undefined)
    })
  })
}
