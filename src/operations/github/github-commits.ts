import { FULL_SHA } from '../../core/sha.js'
import type { RateLimitedGitHub } from './github-requests.js'

/** GitHub lists at most this many files in a compare: one with as many may be cut short. */
export const COMPARE_FILE_LIMIT = 300

export type CompareStatus = 'ahead' | 'behind' | 'diverged' | 'identical'

/** A file the compare lists; a rename has both its paths. */
export interface ChangedFile {
  filename: string
  previousFilename?: string
}

export type Compared = { ok: true; status: CompareStatus; files: ChangedFile[] } | { ok: false; reason: string }

const STATUSES: readonly CompareStatus[] = ['ahead', 'behind', 'diverged', 'identical']

const CONTENTS_HINT = "The token needs `contents: read` (add it to the job's `permissions`, or pass a `github-token` that has it)."

/**
 * `GET /repos/{owner}/{repo}/compare/{base}...{head}`: one request. Anything but a well-formed
 * answer is `ok: false` with the reason, since the caller acts only on a complete answer.
 */
export async function compareCommits(github: RateLimitedGitHub, repository: string, base: string, head: string): Promise<Compared> {
  const outcome = await github.fetch(
    `/repos/${repository}/compare/${encodeURIComponent(base)}...${encodeURIComponent(head)}`,
    `Comparing commit ${base} with ${head}`
  )
  if (!outcome.ok) return { ok: false, reason: withHint(outcome) }
  const data = outcome.response.data as { status?: unknown; files?: unknown } | null
  const status = data?.status
  if (typeof status !== 'string' || !STATUSES.includes(status as CompareStatus))
    return { ok: false, reason: "GitHub's compare answer has no known `status`" }
  // `identical` may come without a list; any other status must list its files.
  const listed = data?.files ?? (status === 'identical' ? [] : undefined)
  if (!Array.isArray(listed)) return { ok: false, reason: "GitHub's compare answer lists no files" }
  const files: ChangedFile[] = []
  for (const entry of listed) {
    const { filename, previous_filename: previous } = (entry ?? {}) as { filename?: unknown; previous_filename?: unknown }
    if (typeof filename !== 'string' || filename === '') return { ok: false, reason: "GitHub's compare answer has a file without a name" }
    files.push(typeof previous === 'string' && previous !== '' ? { filename, previousFilename: previous } : { filename })
  }
  return { ok: true, status: status as CompareStatus, files }
}

export type TreeFiles = { ok: true; files: string[] } | { ok: false; reason: string }

/**
 * `GET /repos/{owner}/{repo}/git/trees/{sha}?recursive=1`: one request, the paths of every file
 * in the commit (blobs, and submodules, which a changed-files list names as paths too). A listing
 * GitHub cut short (`truncated: true`: over 100,000 entries or 7 MB) is not a list of the files.
 */
export async function commitFiles(github: RateLimitedGitHub, repository: string, sha: string): Promise<TreeFiles> {
  const outcome = await github.fetch(
    `/repos/${repository}/git/trees/${encodeURIComponent(sha)}?recursive=1`,
    `Listing the files of commit ${sha}`
  )
  if (!outcome.ok) return { ok: false, reason: withHint(outcome) }
  const data = outcome.response.data as { tree?: unknown; truncated?: unknown } | null
  if (data?.truncated === true)
    return { ok: false, reason: "GitHub's listing of the commit is cut short (the repository has too many files for one answer)" }
  if (!Array.isArray(data?.tree)) return { ok: false, reason: "GitHub's tree answer lists no files" }
  const files: string[] = []
  for (const entry of data.tree) {
    const { path, type } = (entry ?? {}) as { path?: unknown; type?: unknown }
    if (typeof path !== 'string' || path === '') return { ok: false, reason: "GitHub's tree answer has an entry without a path" }
    if (type === 'blob' || type === 'commit') files.push(path)
  }
  return { ok: true, files }
}

/** `unknownRef`: GitHub answered that the repository has no such branch, tag or commit (a setting to fix, not an outage). */
export type CommitRead = { ok: true; sha: string } | { ok: false; reason: string; unknownRef?: true }

/** `GET /repos/{owner}/{repo}/commits/{ref}`: the commit a branch, tag or SHA names now. */
export async function commitOfRef(github: RateLimitedGitHub, repository: string, ref: string): Promise<CommitRead> {
  // A tag's full ref names the tag; GitHub takes branch and tag names (and SHAs) here.
  const name = ref.replace(/^refs\/(heads|tags)\//, '')
  const outcome = await github.fetch(`/repos/${repository}/commits/${encodeURIComponent(name)}`, `Reading the commit \`${ref}\` points to`)
  if (!outcome.ok) return { ok: false, reason: withHint(outcome), ...(outcome.status === 422 ? { unknownRef: true as const } : {}) }
  const sha = (outcome.response.data as { sha?: unknown } | null)?.sha
  if (typeof sha !== 'string' || !FULL_SHA.test(sha)) return { ok: false, reason: `GitHub's answer for \`${ref}\` names no commit` }
  return { ok: true, sha }
}

/** A refusal says what may be wrong (the token's permission, an unknown commit); a rate limit or an outage says enough. */
function withHint(outcome: { status?: number; limited?: true; reason: string }): string {
  if (outcome.limited) return outcome.reason
  if (outcome.status === 403) return `${outcome.reason}. ${CONTENTS_HINT}`
  if (outcome.status === 404)
    return `${outcome.reason}: GitHub knows no such commit in the repository (a force push may have removed it), or the token cannot read it. ${CONTENTS_HINT}`
  if (outcome.status === 422) return `${outcome.reason}: the repository has no such branch, tag or commit`
  return outcome.reason
}
