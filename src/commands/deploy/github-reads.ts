import type { WorkflowContext } from '../../inputs/workflow-context.js'
import { gitHubReader, type RateLimitedGitHub } from '../../operations/github/github-requests.js'
import type { CommandDeps } from '../types.js'

/** Where a deploy reads commits from GitHub (`paths`, `expected-commit`), or why it cannot. */
export type CommitReads = { ok: true; github: RateLimitedGitHub; repository: string } | { ok: false; reason: string }

/**
 * The GitHub repository that `repoUrl` names, read with the workflow's token: the workflow's own
 * repository, or another on the same GitHub server (the token may still not reach it; GitHub
 * then says so). A repository elsewhere cannot be read with this token.
 */
export function repositoryOf(repoUrl: string | undefined, workflow: WorkflowContext): { repository: string } | { reason: string } {
  if (!workflow.repoUrl || !workflow.repository) return { reason: "the workflow's repository is not known (GITHUB_REPOSITORY is not set)" }
  const url = repoUrl ?? workflow.repoUrl
  const ours = parts(workflow.repoUrl)
  const theirs = parts(url)
  if (!ours || !theirs || theirs.host !== ours.host)
    return { reason: `the deployment builds ${url}, which is not a repository on this workflow's GitHub` }
  return { repository: theirs.repository === ours.repository ? workflow.repository : theirs.repository }
}

function parts(url: string): { host: string; repository: string } | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  const path = parsed.pathname
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .slice(1)
  if (!/^[\w.-]+\/[\w.-]+$/.test(path)) return undefined
  return { host: parsed.host.toLowerCase(), repository: path.toLowerCase() }
}

/**
 * GitHub reads through the one rate-limited path (operations/github/github-requests.ts): bounded by the
 * step's deadline, keeping one request's time free before it, each request aborted at its limit.
 * One reader per token for the run (its memos), so a rate limit one read met is honoured by the next.
 */
export async function openCommitReads(
  token: string | undefined,
  repoUrl: string | undefined,
  deps: CommandDeps,
  /**
   * A read that must not hold the deploy (the config check): a reader of its own whose requests
   * all end within this time (the run's shared one keeps the step's deadline).
   */
  budgetMs?: number
): Promise<CommitReads> {
  const where = repositoryOf(repoUrl, deps.workflow)
  if ('reason' in where) return { ok: false, reason: where.reason }
  if (!token)
    return {
      ok: false,
      reason: "`github-token` is empty: leave it unset to use the workflow's `${{ github.token }}` (it needs `contents: read`)"
    }
  const open = deps.openGitHub
  if (!open) return { ok: false, reason: 'GitHub cannot be read in this run' }
  if (budgetMs !== undefined) {
    const github = gitHubReader(await open(token), deps.run.within(budgetMs), {
      warn: deps.log.warn,
      reserveMs: 0,
      requestLimitMs: Math.max(1, Math.min(deps.run.requestLimit(), budgetMs))
    })
    return { ok: true, github, repository: where.repository }
  }
  const readers = deps.memos.githubReaders
  let github = readers.get(token)
  if (!github) {
    github = open(token).then((get) => gitHubReader(get, deps.run, { warn: deps.log.warn }))
    readers.set(token, github)
  }
  return { ok: true, github: await github, repository: where.repository }
}
