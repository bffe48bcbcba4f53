import { parseNamePattern, type NamePattern } from '../inputs/name-pattern.js'
import type { WorkflowContext } from '../inputs/workflow-context.js'
import type { RunView } from '../report/view.js'
import type { GitHubApi } from './api.js'
import { GitHubEnvironment } from './environment.js'
import { GitHubGuard, type GitHubLog } from './guard.js'
import { renderComment, upsertComment } from './pr-comment.js'

export interface PruneReportingOptions {
  api: GitHubApi
  /**
   * `github-environment` with `{pr}` standing for each preview's pull request: parsed
   * (the inputs already did), or as written, parsed here with the same parser, so that
   * `{pr}` is filled in one way only (NamePattern.fill).
   */
  environment?: string | Pick<NamePattern, 'fill'>
  prComment: boolean
  workflow: WorkflowContext
  log: GitHubLog
}

/**
 * `prune`'s GitHub reporting, from the outcome: each preview gone after the run gets
 * its environment's deployments marked inactive, and its pull request's comment (the
 * one the deploy keeps, found by its marker; none is created) says the preview is gone.
 * GitHub is where this is reported, not what prune does: a failure is a warning (see
 * guard.ts), and once the reporting budget is spent the previews left are named.
 */
export class PrunedPreviewsReporter {
  private readonly guard: GitHubGuard
  private readonly environment?: Pick<NamePattern, 'fill'>

  constructor(private readonly options: PruneReportingOptions) {
    const { environment } = options
    this.environment = typeof environment === 'string' ? parseNamePattern(environment) : environment
    this.guard = new GitHubGuard(options.log, options.api.budget, 'The previews themselves were deleted.')
  }

  async revisionStarted(_view: RunView): Promise<void> {}

  /** Renders each preview's report from the view (`github.previews`). */
  async finished(view: RunView): Promise<void> {
    const gone = view.github.previews ?? []
    for (const [index, preview] of gone.entries()) {
      // Bounded by the reporting budget: one warning names every preview left, not one per call skipped.
      if (this.guard.spent) {
        const left = gone.slice(index)
        this.guard.cutShort(
          `the GitHub reporting of ${left.length} deleted preview${left.length === 1 ? '' : 's'} (pull request${left.length === 1 ? '' : 's'} ${left.map((p) => `#${p.pr}`).join(', ')})`
        )
        return
      }
      const { environment } = this
      if (environment !== undefined) {
        const name = environment.fill(preview.pr)
        await this.guard.run('environment', `GitHub environment \`${name}\``, async () => {
          const count = await new GitHubEnvironment(this.options.api, name, this.options.workflow).retire(preview.environmentDescription)
          this.options.log.info(`Marked ${count} GitHub deployment${count === 1 ? '' : 's'} of environment \`${name}\` inactive.`)
        })
      }
      if (this.options.prComment) {
        await this.guard.run('comment', `the comment on pull request #${preview.pr}`, async () => {
          const body = renderComment(preview.comment, this.options.workflow.runUrl)
          const done = await upsertComment(this.options.api, preview.pr, preview.name, body, { createIfMissing: false })
          if (done !== 'none') this.options.log.info(`Updated the comment on pull request #${preview.pr}: the preview is gone.`)
        })
      }
    }
  }
}
