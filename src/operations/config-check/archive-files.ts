import { basename, relative, sep } from 'node:path'
import type { ArchiveSelection } from '../archive/select.js'
import type { RichText } from '../../core/outcome.js'
import type { CommitBackedFiles, CommitReads } from './commit-reads.js'
import { readCapped } from './read-capped.js'

/** How to ship a file each rule left out: a file that is committed is never told to be committed. */
const FIXES: Record<ArchiveSelection['leftOut'][number]['reason'], RichText> = {
  untracked: ['Commit it (a remote build ships what git tracks), or name it in ', { code: 'archive-include' }, '.'],
  ignored: ['Change that ignore rule, or name the file in ', { code: 'archive-include' }, '.'],
  secret: ['A secret file never ships: pass secrets through the ', { code: 'secrets' }, ' input, or rename the file if it holds none.'],
  link: ['A link never ships: put the file itself there.'],
  excluded: ['Take it out of ', { code: 'archive-exclude' }, '.'],
  other: ['Make it a regular file.']
}

/** Our words for a file left out without a rule to name. */
const REASONS: Record<ArchiveSelection['leftOut'][number]['reason'], string> = {
  untracked: 'git: not committed',
  ignored: 'an ignore file',
  secret: 'the secret-file rule',
  link: 'the link rule (links never ship)',
  excluded: 'archive-exclude',
  other: 'not a regular file'
}

/**
 * The files a remote build gets: exactly the archive's selection (paths from the archive's
 * root), each read from where it would be packed (git's objects for a file of the commit, through `reads`); a file left out says by which rule (an
 * ignore file, `archive-exclude`, not tracked by git...).
 */
export function archiveFiles(selection: ArchiveSelection, reads: CommitReads): CommitBackedFiles {
  const files = new Map<string, ArchiveSelection['entries'][number]>()
  const dirs = new Set<string>([''])
  const children = new Map<string, string[]>()
  for (const entry of selection.entries) {
    const path = entry.path.replace(/\/$/, '')
    if (entry.type === 'directory') dirs.add(path)
    else files.set(path, entry)
    const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ''
    children.set(parent, [...(children.get(parent) ?? []), path.slice(path.lastIndexOf('/') + 1)])
  }
  // Left-out paths are from the workspace; the config's are from the archive's root.
  const prefix = workspacePrefix(selection)
  return {
    reads,
    archive: true,
    rootName: basename(selection.root),
    kind: (path) => (files.has(path) ? 'file' : dirs.has(path) ? 'dir' : 'absent'),
    list: (dir) => (dirs.has(dir) ? (children.get(dir) ?? []) : undefined),
    read: (path) => {
      const entry = files.get(path)
      if (entry === undefined) return undefined
      // A file of the commit is read as the archive ships it: from git's objects.
      return entry.blob ? reads.text(entry.blob) : readCapped(entry.absPath)
    },
    leftOut(path) {
      const hit = leftOutHit(selection, prefix + path)
      return hit && (hit.rule ?? REASONS[hit.reason])
    },
    leftOutFix(path) {
      const hit = leftOutHit(selection, prefix + path)
      if (!hit) return undefined
      // A `.dockerignore` leaves a file out whatever `archive-include` says.
      if (hit.reason === 'ignored' && hit.rule?.endsWith('.dockerignore'))
        return ['Change that ', { code: '.dockerignore' }, ' rule: it always leaves the file out.']
      return FIXES[hit.reason]
    }
  }
}

function leftOutHit(selection: ArchiveSelection, inWorkspace: string): ArchiveSelection['leftOut'][number] | undefined {
  return selection.leftOut.find((item) => item.path === inWorkspace || (item.path.endsWith('/') && inWorkspace.startsWith(item.path)))
}

/** The archive's root from the workspace, with a trailing `/` (empty when they are the same). */
export function workspacePrefix(selection: Pick<ArchiveSelection, 'workspace' | 'root'>): string {
  const path = relative(selection.workspace, selection.root).split(sep).join('/')
  return path ? `${path}/` : ''
}
