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
 * The run's GitHub readers, one per token: `expected-commit` and `paths` (its compare and its file
 * listing) read through the same one, so that a rate limit one of them met is honoured by the
 * next, never run into again. Keyed by the run's `openGitHub`, which main.ts makes once per run.
 */
const readersOfRun = new WeakMap<NonNullable<CommandDeps['openGitHub']>, Map<string, Promise<RateLimitedGitHub>>>()

/**
 * GitHub reads through the one rate-limited path (operations/github-requests.ts): bounded by the
 * step's deadline, keeping one request's time free before it, each request aborted at its limit.
 */
export async function openCommitReads(token: string | undefined, repoUrl: string | undefined, deps: CommandDeps): Promise<CommitReads> {
  const where = repositoryOf(repoUrl, deps.workflow)
  if ('reason' in where) return { ok: false, reason: where.reason }
  if (!token) return { ok: false, reason: '`github-token` is empty: leave it unset to use the workflow\'s `${{ github.token }}` (it needs `contents: read`)' }
  const open = deps.openGitHub
  if (!open) return { ok: false, reason: 'GitHub cannot be read in this run' }
  let readers = readersOfRun.get(open)
  if (!readers) readersOfRun.set(open, (readers = new Map<string, Promise<RateLimitedGitHub>>()))
  let github = readers.get(token)
  if (!github) {
    const requestTimeoutMs = deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
    github = open(token).then(
      (get) =>
        new RateLimitedGitHub(get, {
          clock: deps.clock,
          deadline: deps.deadline,
          signal: deps.signal,
          reserveMs: requestTimeoutMs,
          requestTimeoutMs,
          warn: deps.log.warn
        })
    )
    readers.set(token, github)
  }
  return { ok: true, github: await github, repository: where.repository }
}
