/**
 * The few GitHub REST calls the action makes, behind an interface so the reporting
 * logic is tested without Octokit. `loadGitHubApi` is the only place that loads
 * `@actions/github`, and it does so on demand: Octokit is most of the bundle, and a
 * run that uses no GitHub feature must not pay for evaluating it.
 */
export type DeploymentState = 'in_progress' | 'success' | 'failure' | 'inactive'

export interface GitHubApi {
  /** Returns the new deployment's id. */
  createDeployment(params: { ref: string; environment: string; transient: boolean; description: string }): Promise<number>
  createDeploymentStatus(
    deploymentId: number,
    params: { state: DeploymentState; description: string; environmentUrl?: string; logUrl?: string }
  ): Promise<void>
  /** Every deployment of the environment, newest first. */
  listDeploymentIds(environment: string): Promise<number[]>
  listComments(issueNumber: number): Promise<Array<{ id: number; body?: string }>>
  createComment(issueNumber: number, body: string): Promise<void>
  updateComment(commentId: number, body: string): Promise<void>
  /** A raw GET, any status resolved: for reads that handle rate limits themselves (see rate-limited.ts). */
  get: GitHubGet
}

import type { GitHubGet, GitHubResponse } from '../operations/github-requests.js'

/** GitHub caps status descriptions at 140 characters. */
const DESCRIPTION_LIMIT = 140

export async function loadGitHubApi(token: string, repository: string, apiUrl?: string): Promise<GitHubApi> {
  const { getOctokit } = await import('@actions/github')
  // Given explicitly: @actions/github reads GITHUB_API_URL once, when first loaded, from the
  // process environment, not from the environment run() was given.
  // A GitHub API that hangs must not hold the job past its report.
  const octokit = getOctokit(token, { ...(apiUrl ? { baseUrl: apiUrl } : {}), request: { timeout: 15_000 } })
  const [owner, repo] = repository.split('/')
  const where = { owner, repo }
  return {
    async createDeployment({ ref, environment, transient, description }) {
      const response = await octokit.rest.repos.createDeployment({
        ...where,
        ref,
        environment,
        transient_environment: transient,
        // The deploy already happened on the control plane: no merging, no waiting on checks.
        auto_merge: false,
        required_contexts: [],
        description: description.slice(0, DESCRIPTION_LIMIT)
      })
      if (!('id' in response.data)) throw new Error(`GitHub did not create the deployment: ${response.data.message ?? 'no reason given'}`)
      return response.data.id
    },
    async createDeploymentStatus(deploymentId, { state, description, environmentUrl, logUrl }) {
      await octokit.rest.repos.createDeploymentStatus({
        ...where,
        deployment_id: deploymentId,
        state,
        description: description.slice(0, DESCRIPTION_LIMIT),
        ...(environmentUrl ? { environment_url: environmentUrl } : {}),
        ...(logUrl ? { log_url: logUrl } : {})
      })
    },
    async listDeploymentIds(environment) {
      const deployments = await octokit.paginate(octokit.rest.repos.listDeployments, { ...where, environment, per_page: 100 })
      return deployments.map((d) => d.id)
    },
    async listComments(issueNumber) {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, { ...where, issue_number: issueNumber, per_page: 100 })
      return comments.map((c) => ({ id: c.id, body: c.body ?? undefined }))
    },
    async createComment(issueNumber, body) {
      await octokit.rest.issues.createComment({ ...where, issue_number: issueNumber, body })
    },
    async updateComment(commentId, body) {
      await octokit.rest.issues.updateComment({ ...where, comment_id: commentId, body })
    },
    async get(url, signal) {
      const base = String(octokit.request.endpoint.DEFAULTS.baseUrl).replace(/\/+$/, '')
      // A next-page URL comes from GitHub's answer; the token goes only to GitHub's API.
      if (/^[a-z]+:/i.test(url) && !url.startsWith(`${base}/`)) throw new Error(`refusing to send the token to ${new URL(url).origin}, which is not ${base}`)
      try {
        const response = await octokit.request({ method: 'GET', url, request: { signal } })
        return { status: response.status, headers: response.headers as GitHubResponse['headers'], data: response.data }
      } catch (error) {
        const answered = (error as { response?: { status: number; headers: GitHubResponse['headers']; data: unknown } }).response
        if (answered) return { status: answered.status, headers: answered.headers, data: answered.data }
        throw error
      }
    }
  }
}
