import { spawn } from 'node:child_process'
import { gitArgs } from './git-tree.js'

/**
 * Which files of a commit hold any of some fixed strings: one `git grep` over the commit's tree,
 * which reads the blobs in git's own process (no file crosses a pipe), whatever the number of
 * files. A prefilter: a caller that needs a precise verdict reads the few files named.
 */
export interface GrepRun {
  /** Paths relative to the repository's top (`/`-separated, as git has them) of the files holding a string. */
  files: Promise<string[]>
  /** Ends the process (given up: a deadline, a cancel); `files` rejects if it had not settled. */
  close(): void
}

/** A list of paths (each at most a few hundred bytes) from a tree of a million files fits in this. */
const OUTPUT_MAX_BYTES = 256 * 1024 * 1024

/**
 * `git grep` for files of `commit` under `pathspecs` (relative to the top; none: the whole tree)
 * holding any of `strings`, ignoring case (ASCII), except the files `skip` names (paths from the
 * top): git never reads those (a 1 GiB file the caller will not judge would be read whole into
 * git's memory, only to be skipped). Every path is taken literally (`:(literal)`), whatever
 * it holds. Every file is searched, binary or not:
 * `-I` would skip files that `.gitattributes` calls binary whatever they hold, and a prefilter
 * must never miss one. Line by line: a string holds no line break. The C locale, so that case
 * folding is ASCII's whatever the runner's language.
 */
export function grepFiles(
  top: string,
  commit: string,
  pathspecs: readonly string[],
  strings: readonly string[],
  skip: readonly string[] = []
): GrepRun {
  const patterns = strings.flatMap((text) => ['-e', text])
  // With `skip` alone git searches the whole tree but those; a positive pathspec per folder otherwise.
  const magic = [...pathspecs.map((path) => `:(literal)${path}`), ...skip.map((path) => `:(exclude,literal)${path}`)]
  const args = ['grep', '-z', '-l', '-F', '-i', '-a', '--no-color', '--no-textconv', '--full-name', ...patterns, commit, '--', ...magic]
  const child = spawn('git', gitArgs(top, args, false), {
    cwd: top,
    env: { ...process.env, LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true
  })
  let closed = false
  const files = new Promise<string[]>((resolve, reject) => {
    const out: Buffer[] = []
    let bytes = 0
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes > OUTPUT_MAX_BYTES) child.kill()
      else out.push(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 1000) stderr += chunk.toString('utf8')
    })
    child.on('error', reject)
    child.on('close', (code) => {
      const said = stderr.trim().split('\n')[0]
      // 1: nothing found (and git said nothing wrong).
      if (code === 1 && !said) resolve([])
      else if (code !== 0)
        reject(
          new Error(
            `\`git grep\` ${closed ? 'was stopped' : bytes > OUTPUT_MAX_BYTES ? 'named too many files' : 'failed'}${said ? `: ${said}` : ''}`
          )
        )
      else resolve(namesIn(Buffer.concat(out).toString('utf8'), commit))
    })
  })
  return {
    files,
    close() {
      closed = true
      if (child.exitCode === null && child.signalCode === null) child.kill()
    }
  }
}

/** `<commit>:<path>\0` for each file: the paths. */
function namesIn(output: string, commit: string): string[] {
  const prefix = `${commit}:`
  return output
    .split('\0')
    .filter((name) => name !== '')
    .map((name) => (name.startsWith(prefix) ? name.slice(prefix.length) : name))
}
