import { grepFiles, type GrepRun } from '../git/git-grep.js'
import { stopReason, throwIfStopped, whenStopped, type Stop } from '../../core/stop.js'
import type { ArchiveEntry } from './walk.js'

/**
 * The files of the commit, among `entries`, that hold any of `markers` (ignoring ASCII case):
 * one `git grep` per repository (the checkout, each submodule at its own commit), which reads
 * the blobs in git itself; the rest need no reading. Reading every small file through a pipe
 * to look for a marker that is almost never there cost more than packing them (docs/performance.md).
 * Each git process is ended at the deadline or on cancel. Git never reads a file of 1 MiB or
 * more (CommitBlob.large): the scan does not judge them.
 */
export async function committedFilesHolding(
  entries: readonly ArchiveEntry[],
  markers: readonly string[],
  stop?: Stop
): Promise<Set<ArchiveEntry>> {
  // Each repository's files by their path in it (one path is one file of a repository's commit).
  const byRepo = new Map<string, { commit: string; dirs: readonly string[]; large: readonly string[]; files: Map<string, ArchiveEntry> }>()
  for (const entry of entries) {
    if (!entry.blob) continue
    const { repo: top, commit, path, dirs, large } = entry.blob
    const repo = byRepo.get(top)
    if (repo) repo.files.set(path, entry)
    else byRepo.set(top, { commit, dirs, large, files: new Map([[path, entry]]) })
  }
  // A stop before the watch begins fires nothing: no search is started then.
  throwIfStopped(stop)
  const runs: GrepRun[] = []
  const unwatch = whenStopped(stop, () => runs.forEach((run) => run.close()))
  try {
    // A repository with more large files than a command line holds is not searched: its small files are all read instead.
    const repos = [...byRepo].filter(([, repo]) => fitsCommandLine(repo.large))
    const holding = new Set<ArchiveEntry>()
    for (const [, repo] of byRepo) if (!fitsCommandLine(repo.large)) for (const entry of repo.files.values()) holding.add(entry)
    // The folders the commit was listed for, no more: in a partial clone, a file outside them is not here, and git would fetch it.
    // The files of 1 MiB and over are never read: the scan does not judge them, and one may be gigabytes.
    for (const [top, repo] of repos) runs.push(grepFiles(top, repo.commit, repo.dirs.includes('') ? [] : repo.dirs, markers, repo.large))
    const found = await Promise.all(runs.map((run) => run.files))
    repos.forEach(([, repo], at) => {
      for (const path of found[at]) {
        const entry = repo.files.get(path)
        if (entry) holding.add(entry)
      }
    })
    return holding
  } catch (error) {
    // Stopped: said as such, not as the search that the stop ended.
    throw stopReason(stop) ?? error
  } finally {
    unwatch()
    for (const run of runs) run.close()
  }
}

/** Room for the paths of the files a search leaves out, well within what Linux, macOS and Windows take on one command line. */
const SKIP_MAX_CHARS = 24 * 1024

function fitsCommandLine(paths: readonly string[]): boolean {
  let chars = 0
  for (const path of paths) if ((chars += path.length + 20) > SKIP_MAX_CHARS) return false
  return true
}
