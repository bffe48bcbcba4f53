import { grepFiles, type GrepRun } from '../git-grep.js'
import { stopReason, throwIfStopped, whenStopped, type Stop } from '../../core/stop.js'
import type { ArchiveEntry } from './walk.js'

/**
 * The files of the commit, among `entries`, that hold any of `markers` (ignoring ASCII case):
 * one `git grep` per repository (the checkout, each submodule at its own commit), which reads
 * the blobs in git itself; the rest need no reading. Reading every small file through a pipe
 * to look for a marker that is almost never there cost more than packing them (docs/performance.md).
 * Each git process is ended at the deadline or on cancel.
 */
export async function committedFilesHolding(
  entries: readonly ArchiveEntry[],
  markers: readonly string[],
  stop?: Stop
): Promise<Set<ArchiveEntry>> {
  // Each repository's files by their path in it (one path is one file of a repository's commit).
  const byRepo = new Map<string, { commit: string; dirs: readonly string[]; files: Map<string, ArchiveEntry> }>()
  for (const entry of entries) {
    if (!entry.blob) continue
    const { repo: top, commit, path, dirs } = entry.blob
    const repo = byRepo.get(top)
    if (repo) repo.files.set(path, entry)
    else byRepo.set(top, { commit, dirs, files: new Map([[path, entry]]) })
  }
  // A stop before the watch begins fires nothing: no search is started then.
  throwIfStopped(stop)
  const runs: GrepRun[] = []
  const unwatch = whenStopped(stop, () => runs.forEach((run) => run.close()))
  try {
    const repos = [...byRepo]
    // The folders the commit was listed for, no more: in a partial clone, a file outside them is not here, and git would fetch it.
    for (const [top, repo] of repos) runs.push(grepFiles(top, repo.commit, repo.dirs.includes('') ? [] : repo.dirs, markers))
    const found = await Promise.all(runs.map((run) => run.files))
    const holding = new Set<ArchiveEntry>()
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
