import { readPullRequest, type PullRequestInfo } from './github-event.js'

/**
 * Defaults taken from the workflow run, read from the runner's environment rather
 * than @actions/github so the deploy path never loads Octokit.
 */
export interface WorkflowContext {
  /** The workflow's repository URL, the default `repo-url` for github sources. */
  repoUrl?: string
  /** The default `repo-ref`: the pull request's head branch, else the pushed branch or tag. */
  repoRef?: string
  /** The commit the workflow runs on, shown in the summary when the revision reports none. */
  sha?: string
  /**
   * The commit the workflow was triggered for: the pull request's head on pull_request*
   * events (GITHUB_SHA is then a merge commit no branch holds; undefined if the payload
   * cannot be read), else GITHUB_SHA.
   */
  triggerSha?: string
  /** `owner/repo`. */
  repository?: string
  /** The GitHub REST API's base URL (GitHub Enterprise, or a test's fake); github.com's by default. */
  apiUrl?: string
  /** This run's page: the `log_url` of GitHub deployment statuses and the PR comment's link. */
  runUrl?: string
  /** Set on pull_request* events. */
  pullRequest?: PullRequestInfo
  /** GITHUB_EVENT_NAME: `push`, `pull_request`, `workflow_dispatch`… */
  eventName?: string
  /** GITHUB_RUN_ATTEMPT: 2 and more on a re-run. */
  runAttempt?: number
  /**
   * A pull_request* event from a fork: GitHub passes the workflow no secrets. (Not
   * `pull_request_target`, which runs in the base repository with its secrets.)
   */
  secretsWithheld?: boolean
  /** The checkout (GITHUB_WORKSPACE, else the current directory): where a remote build's archive comes from. */
  workspace?: string
  /** Where temporary files go: RUNNER_TEMP when the runner sets it (else the system's). */
  tempDir?: string
}

export function readWorkflowContext(env: NodeJS.ProcessEnv = process.env): WorkflowContext {
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')
  const repository = env.GITHUB_REPOSITORY || undefined
  const pullRequest = readPullRequest(env)
  return {
    repoUrl: repository ? `${server}/${repository}` : undefined,
    repoRef: defaultRepoRef(env),
    sha: env.GITHUB_SHA || undefined,
    triggerSha: env.GITHUB_EVENT_NAME?.startsWith('pull_request') ? pullRequest?.headSha : env.GITHUB_SHA || undefined,
    repository,
    apiUrl: env.GITHUB_API_URL || undefined,
    runUrl: repository && env.GITHUB_RUN_ID ? `${server}/${repository}/actions/runs/${env.GITHUB_RUN_ID}` : undefined,
    pullRequest,
    eventName: env.GITHUB_EVENT_NAME || undefined,
    runAttempt: /^\d+$/.test(env.GITHUB_RUN_ATTEMPT ?? '') ? Number(env.GITHUB_RUN_ATTEMPT) : undefined,
    // Every pull_request* event from a fork runs without secrets; pull_request_target runs in the base repository.
    secretsWithheld:
      env.GITHUB_EVENT_NAME?.startsWith('pull_request') === true &&
      env.GITHUB_EVENT_NAME !== 'pull_request_target' &&
      pullRequest?.fromFork === true,
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    tempDir: env.RUNNER_TEMP || undefined
  }
}

export function defaultRepoRef(env: NodeJS.ProcessEnv): string | undefined {
  // On pull_request events GITHUB_REF is the merge ref (refs/pull/N/merge), which the
  // control plane cannot check out; the head branch is what the PR deploys.
  if (env.GITHUB_EVENT_NAME?.startsWith('pull_request') && env.GITHUB_HEAD_REF) return env.GITHUB_HEAD_REF
  const ref = env.GITHUB_REF ?? ''
  if (ref.startsWith('refs/heads/')) return ref.slice('refs/heads/'.length)
  // The control plane takes tags as full refs (`refs/tags/v1.0.0`), branches by name.
  if (ref.startsWith('refs/tags/')) return ref
  return env.GITHUB_REF_NAME || undefined
}
