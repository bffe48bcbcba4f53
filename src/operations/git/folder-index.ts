/**
 * The folders a list of file paths implies, and the names directly in each: what a commit's tree
 * listing (files only, `/`-separated, relative to one root) does not say by itself. '' is the root.
 */
export interface FolderIndex {
  /** The names directly in each folder that holds something ('' for the root). */
  children: Map<string, Set<string>>
  /** Every folder that holds a file, at any depth (no trailing `/`; not the root). */
  dirs: Set<string>
}

export function folderIndex(paths: Iterable<string>): FolderIndex {
  const index: FolderIndex = { children: new Map([['', new Set()]]), dirs: new Set() }
  for (const path of paths) addToFolderIndex(index.children, index.dirs, path)
  return index
}

/** Records `path`'s parent folders and the name of each in its parent; stops at the first parent already known. */
export function addToFolderIndex(children: Map<string, Set<string>>, dirs: Set<string>, path: string): void {
  let child = path
  for (let slash = child.lastIndexOf('/'); ; slash = child.lastIndexOf('/')) {
    const parent = slash < 0 ? '' : child.slice(0, slash)
    const known = parent === '' || dirs.has(parent)
    const names = children.get(parent) ?? new Set<string>()
    names.add(child.slice(slash + 1))
    children.set(parent, names)
    if (known) return
    dirs.add(parent)
    child = parent
  }
}
