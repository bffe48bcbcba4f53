/**
 * The fake GitHub's repository files with their text, apart from its commit history (github.js,
 * whose commits name files without contents): what the config check reads. For a ref given
 * files here, `GET /repos/{o}/{r}/git/trees/{ref}?recursive=1` lists them (and their directories)
 * as GitHub does, `truncated` when the test says GitHub cut the list short; any other ref's
 * listing is github.js's. `GET /repos/{o}/{r}/contents/{path}?ref=` answers one file
 * base64-encoded; 404 for a ref or path it does not hold.
 *
 * @typedef {object} FakeTree
 * @property {Record<string, string>} files path to text
 * @property {boolean} [truncated] answer the listing with `truncated: true` (and only half of it)
 *
 * @typedef {object} FakeRepoFiles
 * @property {(ref: string, files: Record<string, string>, options?: { truncated?: boolean }) => void} setFiles the
 *   files at a ref (a branch, a tag or a commit sha)
 * @property {(method: string, path: string, query: Record<string, string>) => { status: number, body: unknown } | undefined} handle
 *   the answer to a request it serves, undefined for any other
 * @property {() => void} reset
 */

const NOT_FOUND = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' }

/**
 * @param {(ref: string) => string | undefined} resolve a branch or tag to its commit, to find files set by sha
 * @returns {FakeRepoFiles}
 */
export function fakeRepoFiles(resolve) {
  /** @type {Map<string, FakeTree>} */
  const trees = new Map()
  /** @param {string} ref */
  const treeAt = (ref) => trees.get(ref) ?? trees.get(resolve(ref) ?? '')
  return {
    setFiles: (ref, files, options = {}) => void trees.set(ref, { files, truncated: options.truncated }),
    reset: () => trees.clear(),
    handle(method, path, query) {
      if (method !== 'GET') return undefined
      let match = /^\/repos\/[^/]+\/[^/]+\/git\/trees\/(.+)$/.exec(path)
      if (match) {
        const tree = treeAt(decodeURIComponent(match[1]))
        if (!tree) return undefined
        /** @type {Map<string, 'blob' | 'tree'>} */
        const items = new Map()
        for (const file of Object.keys(tree.files)) {
          const parts = file.split('/')
          for (let i = 1; i < parts.length; i++) items.set(parts.slice(0, i).join('/'), 'tree')
          items.set(file, 'blob')
        }
        const listed = [...items.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([p, type]) => ({ path: p, mode: type === 'tree' ? '040000' : '100644', type, sha: '0'.repeat(40) }))
        const recursive = query.recursive !== undefined
        const shown = recursive ? listed : listed.filter((item) => !item.path.includes('/'))
        return {
          status: 200,
          body: {
            sha: '0'.repeat(40),
            url: '',
            tree: tree.truncated ? shown.slice(0, Math.ceil(shown.length / 2)) : shown,
            truncated: tree.truncated === true
          }
        }
      }
      match = /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/.exec(path)
      if (match) {
        const tree = treeAt(query.ref ?? 'main')
        const file = decodeURIComponent(match[1])
        const text = tree?.files[file]
        if (text === undefined) return { status: 404, body: NOT_FOUND }
        const content = Buffer.from(text, 'utf8')
        return {
          status: 200,
          body: {
            type: 'file',
            encoding: 'base64',
            size: content.length,
            name: file.split('/').pop(),
            path: file,
            content: content.toString('base64')
          }
        }
      }
      return undefined
    }
  }
}
