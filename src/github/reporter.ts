import { reportsToGitHub, type GitHubInputs } from '../inputs/github.js'
import type { WorkflowContext } from '../inputs/workflow-context.js'
import type { RunView } from '../report/view.js'
import { loadGitHubApi, type GitHubApi } from './api.js'
import { GitHubEnvironment } from './environment.js'
import { PrunedPreviewsReporter } from './prune-retire.js'
import { renderComment, upsertComment } from './pr-comment.js'
import { GitHubGuard, type GitHubLog } from './guard.js'

/**
 * Reports the run to GitHub: the deployment in `github-environment` and the pull
 * request's comment. GitHub is where the run is reported, not what it does: any
 * failure here is a warning (see guard.ts), never a failed step.
 */
export class GitHubReporter {
  private readonly guard: GitHubGuard

  constructor(
    private readonly api: GitHubApi,
    private readonly environment: GitHubEnvironment | undefined,
    private readonly pullRequest: number | undefined,
    private readonly workflow: WorkflowContext,
    private readonly log: GitHubLog
  ) {
    this.guard = new GitHubGuard(log, api.budget, 'The deploy itself is not affected.')
  }

  /** While the run goes on: the revision it made has started (the view of Recorder.inProgress). */
  async revisionStarted(view: RunView): Promise<void> {
    const description = view.github.environment?.description
    if (description !== undefined) await this.onEnvironment((environment) => environment.started(description))
    await this.onComment(view, true)
  }

  /** At the end: what the view says the GitHub deployment and the comment become. */
  async finished(view: RunView): Promise<void> {
    const { environment, comment } = view.github
    if (environment?.state === 'retire') {
      await this.onEnvironment(async (target) => {
        const count = await target.retire(environment.description)
        this.log.info(`Marked ${count} GitHub deployment${count === 1 ? '' : 's'} of environment \`${target.name}\` inactive.`)
      })
    } else if (environment?.state === 'success') {
      // Only a URL the view accepted (https, or loopback http) becomes the environment's link.
      await this.onEnvironment((target) => target.succeeded(environment.description, view.url))
    } else if (environment) {
      const state = environment.state
      await this.onEnvironment((target) => target.ended(state, environment.description))
    }
    if (comment) await this.onComment(view, comment.createIfMissing)
  }

  private async onEnvironment(work: (environment: GitHubEnvironment) => Promise<unknown>): Promise<void> {
    const environment = this.environment
    if (environment) await this.guard.run('environment', 'the GitHub deployment', () => work(environment))
  }

  private async onComment(view: RunView, createIfMissing: boolean): Promise<void> {
    const pullRequest = this.pullRequest
    if (pullRequest === undefined) return
    await this.guard.run('comment', 'the pull-request comment', async () => {
      const done = await upsertComment(this.api, pullRequest, view.name, renderComment(view, this.workflow.runUrl), { createIfMissing })
      if (done !== 'none') this.log.info(`${done === 'created' ? 'Commented' : 'Updated the comment'} on pull request #${pullRequest}.`)
    })
  }
}

/** What main.ts tells GitHub about, while the run goes on and at its end. */
export interface GitHubReporting {
  revisionStarted(view: RunView): Promise<void>
  finished(view: RunView): Promise<void>
}

/**
 * The reporter for this run, or undefined when no GitHub feature is on (or can work
 * here): only then is Octokit loaded.
 */
export async function startGitHubReporting(
  inputs: GitHubInputs,
  options: { dryRun: boolean; workflow: WorkflowContext; log: GitHubLog; budget: AbortSignal }
): Promise<GitHubReporting | undefined> {
  const { workflow, log, budget } = options
  if (!reportsToGitHub(inputs)) return undefined
  if (options.dryRun) {
    log.info('Dry run: the GitHub deployment and the pull-request comment are left as they are.')
    return undefined
  }
  if (inputs.perPullRequest) {
    // prune: the command itself refuses to run without the repository and the token.
    if (!workflow.repository || !inputs.token) return undefined
    const api = await loadGitHubApi(inputs.token, workflow.repository, budget, workflow.apiUrl)
    return new PrunedPreviewsReporter({ api, environment: inputs.environment, prComment: inputs.prComment, workflow, log })
  }
  const pullRequest = inputs.prComment ? workflow.pullRequest?.number : undefined
  if (inputs.prComment && pullRequest === undefined) {
    log.info('`pr-comment` applies to pull_request events, and this run has no pull request: no comment.')
  }
  if (inputs.environment === undefined && pullRequest === undefined) return undefined
  if (!workflow.repository || !inputs.token) {
    log.warn('GITHUB_REPOSITORY or the GitHub token is not set, so nothing is reported to GitHub.')
    return undefined
  }
  const api = await loadGitHubApi(inputs.token, workflow.repository, budget, workflow.apiUrl)
  const environment = inputs.environment === undefined ? undefined : new GitHubEnvironment(api, inputs.environment, workflow)
  return new GitHubReporter(api, environment, pullRequest, workflow, log)
}
