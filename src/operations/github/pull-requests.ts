import type { RateLimitedGitHub } from './github-requests.js'

/**
 * The open pull requests, read completely (`numbers`), or why they could not be: then
 * no preview is deleted for its pull request being closed.
 */
export type OpenPullRequests = { kind: 'read'; numbers: ReadonlySet<number> } | { kind: 'unreadable'; reason: string }

/** A pull request that the open list left out, read one at a time. */
export type PullRequestState = 'open' | 'closed' | 'missing' | 'unknown'

/** 100 pages of 100: a repository with more open pull requests than that is not read whole. */
export const MAX_PAGES = 100

const PERMISSION_HINT =
  'The token needs `pull-requests: read`: add `permissions: pull-requests: read` to the job (or pass a `github-token` that has it).'

/**
 * Every open pull request's number, in one walk of
 * `GET /repos/{owner}/{repo}/pulls?state=open&per_page=100` and the pages its `Link`
 * header names (usually one page): one read for thousands of previews, where reading each
 * preview's pull request would spend the token's hourly budget. Anything short of the
 * whole list is `unreadable`, since a number missing from a partial list proves nothing.
 */
export async function readOpenPullRequests(github: RateLimitedGitHub, repository: string): Promise<OpenPullRequests> {
  const numbers = new Set<number>()
  let url: string | undefined = `/repos/${repository}/pulls?state=open&per_page=100`
  for (let page = 1; url !== undefined; page++) {
    if (page > MAX_PAGES) {
      return { kind: 'unreadable', reason: `more than ${MAX_PAGES * 100} pull requests are open; the list was not read to its end` }
    }
    const outcome = await github.fetch(url, `Listing the open pull requests (page ${page})`)
    if (!outcome.ok) {
      // A rate limit is not a missing permission (outcome.limited, no status): the hint would send the user the wrong way.
      const refused = !outcome.limited && (outcome.status === 403 || outcome.status === 404)
      return { kind: 'unreadable', reason: refused ? `${outcome.reason}. ${PERMISSION_HINT}` : outcome.reason }
    }
    const { data, headers } = outcome.response
    if (!Array.isArray(data)) return { kind: 'unreadable', reason: `page ${page} of the open pull requests is not a list` }
    for (const pull of data) {
      const number = (pull as { number?: unknown } | null)?.number
      const state = (pull as { state?: unknown } | null)?.state
      if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
        return { kind: 'unreadable', reason: `page ${page} of the open pull requests has an entry without a number` }
      }
      // Asked for open ones only; anything else means the filter was not applied, and the list proves nothing.
      if (state !== undefined && state !== 'open') {
        return {
          kind: 'unreadable',
          reason: `page ${page} of the open pull requests lists pull request #${number} as ${JSON.stringify(state)}`
        }
      }
      numbers.add(number)
    }
    url = nextPage(headers.link)
  }
  return { kind: 'read', numbers }
}

/**
 * The state of a few pull requests, one request each (`GET .../pulls/{n}`): only those
 * about to be deleted for not being open, to tell closed from missing and to catch one
 * reopened since the list was read. The caller bounds `numbers` (prune reads at most
 * `MAX_SINGLE_READS`, 20, whatever `max-deletions` says): the token's hourly budget is shared.
 */
export async function readPullRequestStates(
  github: RateLimitedGitHub,
  repository: string,
  numbers: readonly number[]
): Promise<Map<number, PullRequestState>> {
  const states = new Map<number, PullRequestState>()
  for (const number of numbers) {
    const outcome = await github.fetch(`/repos/${repository}/pulls/${number}`, `Reading pull request #${number}`)
    if (outcome.ok) {
      const state = (outcome.response.data as { state?: unknown } | null)?.state
      states.set(number, state === 'open' ? 'open' : state === 'closed' ? 'closed' : 'unknown')
    } else {
      states.set(number, outcome.status === 404 ? 'missing' : 'unknown')
    }
  }
  return states
}

/** The `rel="next"` URL of a `Link` header. */
export function nextPage(link: string | undefined): string | undefined {
  if (!link) return undefined
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;(.*)$/.exec(part.trim())
    if (match && /\brel="?([^"]*\s)?next(\s[^"]*)?"?/.test(match[2])) return match[1]
  }
  return undefined
}
