/**
 * The few GitHub REST calls the action makes, behind an interface so the reporting
 * logic is tested without Octokit. `loadGitHubApi` is the only place that loads
 * `@actions/github`, and it does so on demand: Octokit is most of the bundle, and a
 * run that uses no GitHub feature must not pay for evaluating it.
 */
export type DeploymentState = 'in_progress' | 'success' | 'failure' | 'inactive'

export interface GitHubApi {
  /**
   * Fires when GitHub reporting's time is up (the step's deadline plus a grace, see
   * main.ts): every request is aborted with it, and loops over GitHub's lists check it.
   */
  readonly budget: AbortSignal
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

import type { GitHubGet, GitHubResponse } from '../operations/github/github-requests.js'
import { BodyTooLarge } from '../api/body.js'
import { cappedFetch } from './capped-fetch.js'

/** GitHub caps status descriptions at 140 characters. */
const DESCRIPTION_LIMIT = 140

/**
 * Each request's own time limit. Octokit's `request.timeout` is not read by its fetch (and
 * passing `request` to getOctokit would replace the runner's proxy settings), so the limit
 * is a signal added by a request hook, with the budget and the caller's signal.
 */
export const GITHUB_REQUEST_TIMEOUT_MS = 15_000

export async function loadGitHubApi(token: string, repository: string, budget: AbortSignal, apiUrl?: string): Promise<GitHubApi> {
  const { getOctokit } = await import('@actions/github')
  // Given explicitly: @actions/github reads GITHUB_API_URL once, when first loaded, from the
  // process environment, not from the environment run() was given. Only `baseUrl`: options
  // replace the defaults key by key, and the defaults' `request` carries the runner's proxy.
  const octokit = getOctokit(token, apiUrl ? { baseUrl: apiUrl } : {})
  // A GitHub API that hangs must not hold the job past its report: every request (each
  // page of a paginate too) ends at its own limit or when the budget runs out. A `before`
  // hook, since a `wrap` hook's changed options do not reach a request the auth hook
  // wrapped first; `request` is replaced, not changed, as it may be the defaults' object.
  // Its fetch (the runner's proxy fetch, from the defaults) is wrapped to read bodies capped.
  octokit.hook.before('request', (options) => {
    const signals = [budget, AbortSignal.timeout(GITHUB_REQUEST_TIMEOUT_MS), options.request?.signal].filter(
      (s): s is AbortSignal => s !== undefined
    )
    options.request = {
      ...options.request,
      signal: AbortSignal.any(signals),
      fetch: cappedFetch((options.request?.fetch as typeof fetch | undefined) ?? globalThis.fetch)
    }
  })
  // Octokit wraps a failed fetch as an `HTTP 500`; an answer over the cap is told as itself.
  octokit.hook.error('request', (error) => {
    const cause = (error as { cause?: unknown }).cause
    throw cause instanceof BodyTooLarge ? cause : error
  })
  /** Every item of a paged list, stopping (with what was read so far said) when the budget runs out. */
  async function everyPage<T>(pages: AsyncIterable<{ data: T[] }>, what: string): Promise<T[]> {
    const items: T[] = []
    try {
      for await (const page of pages) {
        items.push(...page.data)
        if (budget.aborted) break
      }
    } catch (error) {
      if (!budget.aborted) throw error
    }
    if (budget.aborted) throw new Error(`stopped reading ${what} after ${items.length} of them: the time for reporting to GitHub ran out`)
    return items
  }
  const [owner, repo] = repository.split('/')
  const where = { owner, repo }
  return {
    budget,
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
      const pages = octokit.paginate.iterator(octokit.rest.repos.listDeployments, { ...where, environment, per_page: 100 })
      return (await everyPage(pages, `the deployments of environment \`${environment}\``)).map((d) => d.id)
    },
    async listComments(issueNumber) {
      const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, { ...where, issue_number: issueNumber, per_page: 100 })
      return (await everyPage(pages, `the comments of pull request #${issueNumber}`)).map((c) => ({ id: c.id, body: c.body ?? undefined }))
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
      if (/^[a-z]+:/i.test(url) && !url.startsWith(`${base}/`))
        throw new Error(`refusing to send the token to ${new URL(url).origin}, which is not ${base}`)
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
