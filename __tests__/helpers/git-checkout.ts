import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** Writes `files` into `dir`, makes it a git checkout with them as its one commit, and returns that commit. */
export function commitCheckout(dir: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com'
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' })
  git('init', '-q')
  git('add', '.')
  git('commit', '-qm', 'first')
  return git('rev-parse', 'HEAD').trim()
}
