import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** The environment for a test's own git repositories: a fixed author, and submodules from a local path allowed (git refuses the file transport otherwise). */
export const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
  GIT_CONFIG_COUNT: '1',
  GIT_CONFIG_KEY_0: 'protocol.file.allow',
  GIT_CONFIG_VALUE_0: 'always'
}

/** Writes each file (a path relative to `root`) with its folders. */
export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
}
