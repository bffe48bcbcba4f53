import { basename } from 'node:path'
import type { ConfigFiles } from './files.js'
import { readCapped } from './read-capped.js'

/** What a remote build's archive selection holds: paths from the archive's root (a directory's ends with `/`). */
export interface ArchiveSelection {
  /** The archive's root on disk. */
  root: string
  entries: ReadonlyArray<{ path: string; type: 'file' | 'directory'; source: string }>
  excluded: ReadonlyArray<{ path: string; why: string }>
}

/**
 * The files a remote build gets: exactly the archive's, each read from where the archive
 * reads it; a file left out says by which rule (an ignore file, `archive-exclude`, ...).
 */
export function archiveFiles(selection: ArchiveSelection, prefix = ''): ConfigFiles {
  const files = new Map<string, string>()
  const dirs = new Set<string>([''])
  const children = new Map<string, string[]>()
  for (const entry of selection.entries) {
    const path = entry.path.replace(/\/$/, '')
    if (entry.type === 'directory') dirs.add(path)
    else files.set(path, entry.source)
    const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ''
    children.set(parent, [...(children.get(parent) ?? []), path.slice(path.lastIndexOf('/') + 1)])
  }
  return {
    rootName: basename(selection.root),
    kind: (path) => (files.has(path) ? 'file' : dirs.has(path) ? 'dir' : 'absent'),
    list: (dir) => (dirs.has(dir) ? (children.get(dir) ?? []) : undefined),
    read: (path) => {
      const source = files.get(path)
      return source === undefined ? undefined : readCapped(source)
    },
    leftOut(path) {
      const hit = selection.excluded.find((item) => item.path === path || (item.path.endsWith('/') && path.startsWith(item.path)))
      if (!hit) return undefined
      // An ignore file is named from the archive's root: from the workspace here, like every path in a message.
      // Without its own backticks: the reports quote it.
      const file = /^`([^`]+)`$/.exec(hit.why)?.[1]
      return file && file !== 'archive-exclude' ? prefix + file : hit.why.replace(/`/g, '')
    }
  }
}
