import { DEFAULT_REQUEST_TIMEOUT_MS } from '../../api/client.js'
import type { WorkflowContext } from '../../inputs/workflow-context.js'
import { RateLimitedGitHub } from '../../operations/github-requests.js'
import type { CommandDeps } from '../types.js'

/** Where a deploy reads commits from GitHub (`paths`, `expected-commit`), or why it cannot. */
export type CommitReads = { ok: true; github: RateLimitedGitHub; repository: string } | { ok: false; reason: string }

/**
 * The GitHub repository that `repoUrl` names, read with the workflow's token: the workflow's own
 * repository, or another on the same GitHub server (the token may still not reach it; GitHub
 * then says so). A repository elsewhere cannot be read with this token.
 */
export function repositoryOf(repoUrl: string | undefined, workflow: WorkflowContext): { repository: string } | { reason: string } {
  if (!workflow.repoUrl || !workflow.repository) return { reason: 'the workflow\'s repository is not known (GITHUB_REPOSITORY is not set)' }
  const url = repoUrl ?? workflow.repoUrl
  const ours = parts(workflow.repoUrl)
  const theirs = parts(url)
  if (!ours || !theirs || theirs.host !== ours.host) return { reason: `the deployment builds ${url}, which is not a repository on this workflow's GitHub` }
  return { repository: theirs.repository === ours.repository ? workflow.repository : theirs.repository }
}

function parts(url: string): { host: string; repository: string } | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  const path = parsed.pathname.replace(/\/+$/, '').replace(/\.git$/, '').slice(1)
  if (!/^[\w.-]+\/[\w.-]+$/.test(path)) return undefined
  return { host: parsed.host.toLowerCase(), repository: path.toLowerCase() }
}

/**
 * GitHub reads through the one rate-limited path (operations/github-requests.ts): bounded by the
 * step's deadline, keeping one request's time free before it, each request aborted at its limit.
 */
export async function openCommitReads(
  token: string | undefined,
  repoUrl: string | undefined,
  deps: CommandDeps,
  /** A read that must not hold the deploy (the config check): all its requests end within this time. */
  budgetMs?: number
): Promise<CommitReads> {
  const where = repositoryOf(repoUrl, deps.workflow)
  if ('reason' in where) return { ok: false, reason: where.reason }
  if (!token) return { ok: false, reason: '`github-token` is empty: leave it unset to use the workflow\'s `${{ github.token }}` (it needs `contents: read`)' }
  if (!deps.openGitHub) return { ok: false, reason: 'GitHub cannot be read in this run' }
  const requestTimeoutMs = deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const get = await deps.openGitHub(token)
  const budgeted = budgetMs !== undefined && { deadline: Math.min(deps.deadline, deps.clock.now() + budgetMs), reserveMs: 0, requestTimeoutMs: Math.max(1, Math.min(requestTimeoutMs, budgetMs)) }
  const github = new RateLimitedGitHub(get, {
    clock: deps.clock,
    deadline: deps.deadline,
    signal: deps.signal,
    reserveMs: requestTimeoutMs,
    requestTimeoutMs,
    ...budgeted,
    warn: deps.log.warn
  })
  return { ok: true, github, repository: where.repository }
}
