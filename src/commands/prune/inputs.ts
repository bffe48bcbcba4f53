import type { GitHubInputs } from '../../inputs/github.js'
import { parseNamePattern, PR_PLACEHOLDER, type NamePattern } from '../../inputs/name-pattern.js'
import { readPollInterval } from '../../inputs/poll-interval.js'
import type { CommonInputs, InputSpec } from '../../inputs/spec.js'

export interface PruneSpecific {
  pattern: NamePattern
  maxAgeMs?: number
  maxDeletions: number
  deleteTracingProject: boolean
  wait: boolean
  pollIntervalMs?: number
  /** Always set: prune reads the open pull requests with it. */
  githubToken: string
  /** `github-environment`, with `{pr}` for each preview's pull request. */
  environment?: NamePattern
  prComment: boolean
}

export type PruneInputs = CommonInputs & { command: 'prune' } & PruneSpecific

export const pruneSpec: InputSpec<PruneSpecific> = {
  uses: ['name-pattern', 'max-age', 'max-deletions', 'wait', 'poll-interval', 'delete-tracing-project', 'github-environment', 'pr-comment'],
  read(reader) {
    if (!reader.isSet('name-pattern')) {
      reader.problem(
        '`name-pattern` is required by `command: prune`: set it to the preview names with `{pr}` for the pull request number, e.g. `support-agent-pr-{pr}`'
      )
    }
    if (reader.raw('github-token') === '') {
      reader.problem(
        "`github-token` is required by `command: prune`, which reads the open pull requests: leave it unset to use the workflow's `${{ github.token }}` (with `permissions: pull-requests: read`)"
      )
    }
    const environment = reader.value('github-environment')
    let environmentPattern: NamePattern | undefined
    if (environment !== undefined) {
      // One environment for every preview would retire them all with the first deleted one.
      if (!environment.includes(PR_PLACEHOLDER)) {
        reader.problem(
          `\`github-environment\` must contain \`${PR_PLACEHOLDER}\` with \`command: prune\` (e.g. \`preview-pr-{pr}\`), so that each deleted preview's own environment is marked inactive`
        )
      } else {
        try {
          environmentPattern = parseNamePattern(environment)
        } catch (error) {
          reader.problem(`\`github-environment\` ${(error as Error).message}`)
        }
      }
    }
    return {
      pattern: reader.value('name-pattern') as NamePattern,
      maxAgeMs: reader.value('max-age'),
      maxDeletions: reader.value('max-deletions') as number,
      deleteTracingProject: reader.value('delete-tracing-project') as boolean,
      wait: reader.value('wait') as boolean,
      // With its floor, as every command that polls: `1ms` meant as a minute must not flood the control plane.
      pollIntervalMs: readPollInterval(reader),
      githubToken: reader.value('github-token') as string,
      environment: environmentPattern,
      prComment: reader.value('pr-comment') as boolean
    }
  }
}

/** The GitHub features prune reports to, once per deleted preview (github/reporter.ts). */
export function pruneGitHubInputs(inputs: PruneSpecific): GitHubInputs {
  return { token: inputs.githubToken, environment: inputs.environment?.source, prComment: inputs.prComment, perPullRequest: true }
}
