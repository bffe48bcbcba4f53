import { grepFiles, type GrepRun } from '../git-grep.js'
import type { CommitBlob } from './commit-tree.js'
import { stopReason, whenStopped, type ArchiveStop } from './stop.js'
import type { ArchiveEntry } from './walk.js'

/**
 * The files of the commit, among `entries`, that hold any of `markers` (ignoring ASCII case):
 * one `git grep` per repository (the checkout, each submodule at its own commit), which reads
 * the blobs in git itself; the rest need no reading. Reading every small file through a pipe
 * to look for a marker that is almost never there cost more than packing them (docs/performance.md).
 * Each git process is ended at the deadline or on cancel.
 */
export async function committedFilesHolding(entries: readonly ArchiveEntry[], markers: readonly string[], stop?: ArchiveStop): Promise<Set<ArchiveEntry>> {
  const byRepo = new Map<string, { commit: string; entries: Map<string, ArchiveEntry[]> }>()
  for (const entry of entries) {
    if (!entry.blob) continue
    const repo = byRepo.get(entry.blob.repo) ?? { commit: entry.blob.commit, entries: new Map<string, ArchiveEntry[]>() }
    // The same file may be named twice (never in practice); each entry is kept.
    repo.entries.set(entry.blob.path, [...(repo.entries.get(entry.blob.path) ?? []), entry])
    byRepo.set(entry.blob.repo, repo)
  }
  const runs: GrepRun[] = []
  const unwatch = whenStopped(stop, () => runs.forEach((run) => run.close()))
  try {
    for (const [top, repo] of byRepo) runs.push(grepFiles(top, repo.commit, commonFolder([...repo.entries.keys()]), markers))
    const found = await Promise.all(runs.map((run) => run.files))
    const holding = new Set<ArchiveEntry>()
    ;[...byRepo.values()].forEach((repo, at) => {
      for (const path of found[at]) for (const entry of repo.entries.get(path) ?? []) holding.add(entry)
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

/** The folder that holds every path (as a pathspec: none for the top), so that git reads no blob outside it. */
function commonFolder(paths: readonly CommitBlob['path'][]): string[] {
  let common: string[] | undefined
  for (const path of paths) {
    const folders = path.split('/').slice(0, -1)
    if (!common) common = folders
    else {
      let same = 0
      while (same < common.length && same < folders.length && common[same] === folders[same]) same++
      common = common.slice(0, same)
    }
    if (common.length === 0) return []
  }
  return common && common.length > 0 ? [common.join('/')] : []
}
