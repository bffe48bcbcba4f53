import type { WorkflowContext } from '../inputs/workflow-context.js'
import type { GitHubApi } from './api.js'

/**
 * The GitHub deployment of one run in the environment `github-environment`: created
 * for the commit the run deploys, marked `in_progress` when the revision starts, then
 * `success` (with the URL and this run's log) or `failure`.
 */
export class GitHubEnvironment {
  private deploymentId?: number

  constructor(
    private readonly api: GitHubApi,
    readonly name: string,
    private readonly workflow: WorkflowContext
  ) {}

  async started(description: string): Promise<void> {
    const id = await this.deployment(description)
    await this.api.createDeploymentStatus(id, { state: 'in_progress', description, logUrl: this.workflow.runUrl })
  }

  async succeeded(description: string, url: string | undefined): Promise<void> {
    const id = await this.deployment(description)
    await this.api.createDeploymentStatus(id, { state: 'success', description, environmentUrl: url, logUrl: this.workflow.runUrl })
  }

  /**
   * The end of a run that did not succeed: `failure`, `in_progress` (still deploying) or
   * `inactive` (superseded). A run that never started a GitHub deployment leaves GitHub
   * alone: nothing was deployed by it.
   */
  async ended(state: 'failure' | 'in_progress' | 'inactive', description: string): Promise<void> {
    if (this.deploymentId === undefined) return
    await this.api.createDeploymentStatus(this.deploymentId, { state, description, logUrl: this.workflow.runUrl })
  }

  /** After `command: delete`: every deployment of the environment becomes inactive. */
  async retire(description: string): Promise<number> {
    const ids = await this.api.listDeploymentIds(this.name)
    for (const [done, id] of ids.entries()) {
      // Bounded like every loop: what is left is said, not silently dropped.
      if (this.api.budget.aborted) {
        throw new Error(`stopped after marking ${done} of ${ids.length} deployments inactive: the time for reporting to GitHub ran out`)
      }
      await this.api.createDeploymentStatus(id, { state: 'inactive', description, logUrl: this.workflow.runUrl })
    }
    return ids.length
  }

  private async deployment(description: string): Promise<number> {
    if (this.deploymentId !== undefined) return this.deploymentId
    // On pull requests GITHUB_SHA is the merge commit; the head commit is what was deployed.
    const ref = this.workflow.pullRequest?.headSha ?? this.workflow.sha
    if (!ref)
      throw new Error("neither the pull request's head commit nor GITHUB_SHA is known, so there is no commit to record the deployment for")
    this.deploymentId = await this.api.createDeployment({
      ref,
      environment: this.name,
      // A pull request's environment goes away with it; GitHub then hides it as inactive.
      transient: this.workflow.pullRequest !== undefined,
      description
    })
    return this.deploymentId
  }
}
