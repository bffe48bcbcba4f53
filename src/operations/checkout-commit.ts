import { execFile } from 'node:child_process'

/** `git rev-parse HEAD` may take this long; a checkout answers in milliseconds. */
const GIT_TIME_LIMIT_MS = 10_000

/**
 * The commit checked out in `workspace` (`git rev-parse HEAD`), or undefined when it is not
 * a git checkout, git is missing, or git does not answer in time: a report without the
 * commit is better than no deploy.
 */
export function checkoutCommit(workspace: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', 'HEAD'], { cwd: workspace, timeout: GIT_TIME_LIMIT_MS, windowsHide: true }, (error, stdout) => {
      const sha = String(stdout ?? '').trim()
      resolve(!error && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha) ? sha : undefined)
    })
  })
}
