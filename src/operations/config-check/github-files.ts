import type { ConfigFiles } from './files.js'
import type { RateLimitedGitHub, ReadOutcome } from '../github/github-requests.js'
import { READ_CAP_BYTES } from './read-capped.js'
import { decodeText } from './text.js'

/** The config at a commit on GitHub, and the commit's files as one tree listing tells them. */
export type GitHubConfig =
  { ok: true; text: string; files: ConfigFiles; truncated: boolean; requests: number } | { ok: false; reason: string; missing?: true }

const CONTENTS_HINT = 'the token needs `contents: read`'

/**
 * Reads what the build of `ref` will see, in a few requests whatever the repository's size:
 * one tree listing (`git/trees/{ref}?recursive=1`) for which files exist, the config's
 * contents, and `package.json` beside it when there is one (a Node.js config's engines).
 * Graph modules are not read (a request per file would not scale): their variables are not
 * looked for. A listing GitHub cut short (`truncated`) leaves existence unknown.
 */
export async function readFromGitHub(
  github: RateLimitedGitHub,
  repository: string,
  ref: string,
  configPath: string
): Promise<GitHubConfig> {
  const before = github.requests
  const tree = await github.fetch(
    `/repos/${repository}/git/trees/${encodeURIComponent(ref)}?recursive=1`,
    `Listing the files of \`${ref}\``
  )
  if (!tree.ok) return { ok: false, reason: reasonOf(tree) }
  const data = tree.response.data as { tree?: unknown; truncated?: unknown } | null
  if (!Array.isArray(data?.tree)) return { ok: false, reason: "GitHub's tree listing has no `tree`" }
  const truncated = data.truncated === true
  const kinds = new Map<string, 'file' | 'dir'>([['', 'dir']])
  for (const item of data.tree as Array<{ path?: unknown; type?: unknown }>) {
    if (typeof item?.path !== 'string') continue
    if (item.type === 'blob') kinds.set(item.path, 'file')
    else if (item.type === 'tree') kinds.set(item.path, 'dir')
  }
  if (!truncated && kinds.get(configPath) !== 'file')
    return { ok: false, missing: true, reason: `\`${configPath}\` is not a file in \`${ref}\`` }
  const text = await readContents(github, repository, ref, configPath)
  if (typeof text !== 'string') return { ok: false, reason: text.reason }
  const dir = configPath.includes('/') ? configPath.slice(0, configPath.lastIndexOf('/')) : ''
  const packageJson = dir ? `${dir}/package.json` : 'package.json'
  const texts = new Map<string, string>()
  if (kinds.get(packageJson) === 'file') {
    const read = await readContents(github, repository, ref, packageJson)
    if (typeof read === 'string') texts.set(packageJson, read)
  }
  const files: ConfigFiles = {
    kind: (path) => kinds.get(path) ?? (truncated ? 'unknown' : 'absent'),
    list(dir) {
      if (truncated || kinds.get(dir) !== 'dir') return undefined
      const prefix = dir ? `${dir}/` : ''
      return [...kinds.keys()]
        .filter((path) => path !== '' && path.startsWith(prefix) && !path.slice(prefix.length).includes('/'))
        .map((path) => path.slice(prefix.length))
    },
    read: (path) => texts.get(path),
    rootName: repository.slice(repository.indexOf('/') + 1)
  }
  return { ok: true, text, files, truncated, requests: github.requests - before }
}

/** `GET /repos/{o}/{r}/contents/{path}?ref=`: a file's text (base64 in the answer), up to the cap (1 MiB). */
export async function readContents(
  github: RateLimitedGitHub,
  repository: string,
  ref: string,
  path: string
): Promise<string | { reason: string }> {
  const encoded = path.split('/').map(encodeURIComponent).join('/')
  const read = await github.fetch(
    `/repos/${repository}/contents/${encoded}?ref=${encodeURIComponent(ref)}`,
    `Reading \`${path}\` at \`${ref}\``
  )
  if (!read.ok) return { reason: reasonOf(read) }
  const data = read.response.data as { type?: unknown; encoding?: unknown; content?: unknown; size?: unknown } | null
  if (typeof data?.size === 'number' && data.size > READ_CAP_BYTES) return { reason: `\`${path}\` is over ${READ_CAP_BYTES} bytes` }
  if (data?.type !== 'file' || data.encoding !== 'base64' || typeof data.content !== 'string')
    return { reason: `GitHub's answer for \`${path}\` is not a file's contents` }
  return decodeText(Buffer.from(data.content, 'base64'))
}

function reasonOf(outcome: ReadOutcome & { ok: false }): string {
  if (outcome.status === 403 || outcome.status === 404) return `${outcome.reason} (${CONTENTS_HINT}, and the repository and ref must exist)`
  return outcome.reason
}
