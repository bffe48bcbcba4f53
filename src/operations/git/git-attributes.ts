import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Stop } from '../../core/stop.js'
import { runGit, type TreeFile } from './git-tree.js'

/**
 * Which paths of a commit `git archive` leaves out for the `export-ignore` attribute: the commit's
 * own `.gitattributes` files (not the working tree's) and the repository's `info/attributes`,
 * read by git itself, so that patterns mean exactly what they mean to git. Git before 2.40 cannot
 * read attributes from a commit (`check-attr --source`), so the commit's `.gitattributes` files
 * are put in a throwaway index of their own (`update-index --index-info`, ids only: nothing is
 * read or written in the checkout) and `check-attr --cached` reads them there. Two git processes
 * per repository whatever the number of files, and none when there is no attributes file at all.
 */

/**
 * The paths (files, submodules and folders, relative to the top, `/`-separated) that carry
 * `export-ignore`: a folder's covers everything below it, as in `git archive`. `files` is the
 * listing to judge; `attributeFiles` every `.gitattributes` of the commit that may apply to it
 * (those in the listing and those in the folders above it); `infoAttributes` the repository's
 * own file, read when it exists.
 */
export async function exportIgnored(
  top: string,
  files: readonly TreeFile[],
  attributeFiles: readonly TreeFile[],
  infoAttributes: string | undefined,
  stop?: Stop
): Promise<Set<string>> {
  const ignored = new Set<string>()
  const hasInfo =
    infoAttributes !== undefined &&
    (await access(infoAttributes).then(
      () => true,
      () => false
    ))
  if (attributeFiles.length === 0 && !hasInfo) return ignored
  const dir = await mkdtemp(join(tmpdir(), 'attributes-'))
  const env = { GIT_INDEX_FILE: join(dir, 'index') }
  try {
    if (attributeFiles.length > 0) {
      const entries = attributeFiles.map((file) => `${file.executable ? '100755' : '100644'} ${file.oid}\t${file.path}\0`).join('')
      await runGit(top, ['update-index', '-z', '--index-info'], { stop, env, input: entries, maxBuffer: 1024 * 1024 })
    }
    // Every path and every folder above one: an attribute on a folder is not reported for the files below it.
    // Folders and submodules are asked with a trailing `/`, as `git archive` asks: a pattern such as
    // `vendor/ export-ignore` matches only a path that ends in one.
    const paths = new Set<string>()
    for (const file of files) {
      paths.add(file.kind === 'submodule' ? `${file.path}/` : file.path)
      for (let at = file.path.lastIndexOf('/'); at > 0; at = file.path.lastIndexOf('/', at - 1)) {
        const folder = `${file.path.slice(0, at)}/`
        if (paths.has(folder)) break
        paths.add(folder)
      }
    }
    const said = await runGit(top, ['check-attr', '--cached', '-z', '--stdin', 'export-ignore'], {
      stop,
      env,
      input: [...paths].map((path) => `${path}\0`).join('')
    })
    // `<path> NUL export-ignore NUL <set | unset | unspecified | value> NUL` for each path asked.
    const fields = said.split('\0')
    for (let at = 0; at + 2 < fields.length; at += 3) if (fields[at + 2] === 'set') ignored.add(fields[at].replace(/\/$/, ''))
    return ignored
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Whether `path` or a folder above it is in `ignored`. */
export function isExportIgnored(ignored: ReadonlySet<string>, path: string): boolean {
  if (ignored.size === 0) return false
  for (let at = path.length; at > 0; at = path.lastIndexOf('/', at - 1)) if (ignored.has(path.slice(0, at))) return true
  return false
}
