import type { RunFacts } from '../core/outcome.js'
import { parseNamePattern, type NamePattern } from '../inputs/name-pattern.js'
import type { WorkflowContext } from '../inputs/workflow-context.js'
import { viewOf, type RunView } from '../report/view.js'
import type { GitHubApi } from './api.js'
import { GitHubEnvironment } from './environment.js'
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
  log: { info(line: string): void; warn(line: string): void }
}

type Feature = 'environment' | 'comment'

/**
 * `prune`'s GitHub reporting, from the outcome: each preview gone after the run gets
 * its environment's deployments marked inactive, and its pull request's comment (the
 * one the deploy keeps, found by its marker; none is created) says the preview is gone.
 * GitHub is where this is reported, not what prune does: a failure is a warning, and a
 * 403 stops that feature for the rest of the run, since every later call would be
 * refused the same way.
 */
export class PrunedPreviewsReporter {
  private readonly refused = new Set<Feature>()
  private readonly environment?: Pick<NamePattern, 'fill'>

  constructor(private readonly options: PruneReportingOptions) {
    const { environment } = options
    this.environment = typeof environment === 'string' ? parseNamePattern(environment) : environment
  }

  async revisionStarted(_known: RunFacts): Promise<void> {}

  async finished(view: RunView): Promise<void> {
    for (const preview of view.outcome.prune?.gone ?? []) {
      const { environment } = this
      if (environment !== undefined) {
        const name = environment.fill(preview.pr)
        await this.guard('environment', `GitHub environment \`${name}\``, async () => {
          const count = await new GitHubEnvironment(this.options.api, name, this.options.workflow).retire(`${preview.name} was deleted by prune`)
          this.options.log.info(`Marked ${count} GitHub deployment${count === 1 ? '' : 's'} of environment \`${name}\` inactive.`)
        })
      }
      if (this.options.prComment) {
        await this.guard('comment', `the comment on pull request #${preview.pr}`, async () => {
          // The comment as `command: delete` leaves it: this preview's own outcome.
          const gone = viewOf({
            outcome: { kind: 'deleted', command: 'prune', subject: { kind: 'deployment', name: preview.name, id: preview.id }, operation: 'deleted', deployment: { id: preview.id, name: preview.name } },
            startedAt: view.run.startedAt,
            finishedAt: view.run.finishedAt
          })
          const body = renderComment(gone, this.options.workflow.runUrl)
          const done = await upsertComment(this.options.api, preview.pr, preview.name, body, { createIfMissing: false })
          if (done !== 'none') this.options.log.info(`Updated the comment on pull request #${preview.pr}: the preview is gone.`)
        })
      }
    }
  }

  private async guard(feature: Feature, what: string, work: () => Promise<void>): Promise<void> {
    if (this.refused.has(feature)) return
    try {
      await work()
    } catch (error) {
      const status = (error as { status?: number }).status
      const reason = ((error as Error).message ?? String(error)).split('\n')[0]
      if (status === 403) {
        this.refused.add(feature)
        const permission = feature === 'environment' ? 'deployments: write' : 'pull-requests: write'
        this.options.log.warn(`Could not update ${what}: GitHub refused with HTTP 403 (${reason}). Add \`permissions: ${permission}\` to the job; the previews themselves were deleted.`)
      } else {
        this.options.log.warn(`Could not update ${what} (${status ? `HTTP ${status}: ` : ''}${reason}); the preview itself was deleted.`)
      }
    }
  }
}
