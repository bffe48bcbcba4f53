import type { Log } from '../core/log.js'
import { firstLine } from '../core/errors.js'
import { BodyTooLarge } from '../api/body.js'

export type GitHubFeature = 'environment' | 'comment'

/** Where GitHub reporting says what it did, or warns. */
export type GitHubLog = Pick<Log, 'info' | 'warn'>

/** The job permission each feature needs. */
const PERMISSIONS: Record<GitHubFeature, string> = { environment: 'deployments: write', comment: 'pull-requests: write' }

/**
 * Runs one piece of GitHub reporting so that it can only warn. GitHub is where a run is
 * reported, not what it does: a failure is a warning (a 403 names the permission to add,
 * and stops that feature for the rest of the run, since every later call would be
 * refused the same way; so does an answer too large to read), and once the reporting budget is spent (`api.budget`, see
 * main.ts) nothing more is started, each piece left undone said in a warning.
 * Shared by the deploy reporter and prune's.
 */
export class GitHubGuard {
  private readonly refused = new Set<GitHubFeature>()

  /** `unaffected`: the sentence that ends every warning, saying the run's own work stands. */
  constructor(
    private readonly log: Pick<Log, 'warn'>,
    private readonly budget: AbortSignal,
    private readonly unaffected: string
  ) {}

  /** Whether the budget is spent: loops over many items stop, and say what they left. */
  get spent(): boolean {
    return this.budget.aborted
  }

  /** Warns that reporting stopped, saying what it `left` undone. */
  cutShort(left: string, reason?: string): void {
    this.log.warn(
      `GitHub reporting was cut short: its time (the step's \`timeout\` and a few seconds) ran out${reason ? ` (${reason})` : ''}; ` +
        `left undone: ${left}. ${this.unaffected}`
    )
  }

  async run(feature: GitHubFeature, what: string, work: () => Promise<unknown>): Promise<void> {
    if (this.refused.has(feature)) return
    if (this.budget.aborted) return this.cutShort(`updating ${what}`)
    try {
      await work()
    } catch (error) {
      const reason = firstLine(error)
      if (this.budget.aborted) return this.cutShort(`updating ${what}`, reason)
      const status = (error as { status?: number }).status
      if (status === 403) {
        this.refused.add(feature)
        this.log.warn(
          `Could not update ${what}: GitHub refused with HTTP 403 (${reason}). Add \`permissions: ${PERMISSIONS[feature]}\` to the job ` +
            `(or pass a \`github-token\` that has it). ${this.unaffected}`
        )
      } else {
        // GitHub's next answer would be as large: like a refusal, not tried again.
        if (error instanceof BodyTooLarge) this.refused.add(feature)
        this.log.warn(`Could not update ${what} (${status ? `HTTP ${status}: ` : ''}${reason}). ${this.unaffected}`)
      }
    }
  }
}
