import { readFileSync } from 'node:fs'
import { FULL_SHA } from '../core/sha.js'

/** What the action needs from a pull_request event's payload. */
export interface PullRequestInfo {
  number: number
  /** The commit the pull request deploys (GITHUB_SHA is the merge commit). */
  headSha?: string
  /** The commit the pull request merges into: where `evals-from: base` reads the suite. */
  baseSha?: string
  /** The head repository is not the base one (or was deleted): a fork. */
  fromFork: boolean
}

/**
 * The pull request of a `pull_request*` event, read from the payload at
 * GITHUB_EVENT_PATH. Undefined for other events or an unreadable payload: the
 * features that need it then say so rather than fail.
 */
export function readPullRequest(env: NodeJS.ProcessEnv): PullRequestInfo | undefined {
  if (!env.GITHUB_EVENT_NAME?.startsWith('pull_request') || !env.GITHUB_EVENT_PATH) return undefined
  let payload: unknown
  try {
    payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'))
  } catch {
    return undefined
  }
  const pr = (payload as { pull_request?: PullRequestPayload } | null)?.pull_request
  if (!pr || typeof pr.number !== 'number') return undefined
  const base = pr.base?.repo?.full_name
  const head = pr.head?.repo?.full_name
  return {
    number: pr.number,
    headSha: typeof pr.head?.sha === 'string' ? pr.head.sha : undefined,
    ...(typeof pr.base?.sha === 'string' && FULL_SHA.test(pr.base.sha) ? { baseSha: pr.base.sha.toLowerCase() } : {}),
    fromFork: typeof base === 'string' && head !== base
  }
}

interface PullRequestPayload {
  number?: unknown
  head?: { sha?: unknown; repo?: { full_name?: unknown } | null }
  base?: { sha?: unknown; repo?: { full_name?: unknown } | null }
}
