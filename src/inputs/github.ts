import type { InputName } from './names.js'
import type { InputReader } from './spec.js'

/** The GitHub features; `token` is set whenever one of them is on. */
export interface GitHubInputs {
  token?: string
  environment?: string
  prComment: boolean
  /**
   * `prune`: the environment's `{pr}` and the comment stand for each deleted preview's
   * pull request, not this run's.
   */
  perPullRequest?: boolean
}

export const GITHUB_INPUTS: InputName[] = ['github-environment', 'pr-comment']

/** Whether any GitHub feature is on: only then is GitHub's code loaded at all. */
export function reportsToGitHub(inputs: GitHubInputs | undefined): inputs is GitHubInputs {
  return inputs !== undefined && (inputs.environment !== undefined || inputs.prComment)
}

/** For commands that report to GitHub: the features and the token they need. */
export function readGitHubInputs(reader: InputReader): GitHubInputs {
  const environment = reader.value('github-environment')
  const prComment = reader.value('pr-comment') as boolean
  if ((environment !== undefined || prComment) && reader.raw('github-token') === '') {
    reader.problem(
      "`github-token` is required by `github-environment` and `pr-comment`: leave it unset to use the workflow's `${{ " +
        'github.token }}`, or pass a token with `deployments: write` and `pull-requests: write`'
    )
  }
  return { ...(environment !== undefined || prComment ? { token: reader.value('github-token') } : {}), environment, prComment }
}

/** For commands that act on one deployment: `name`, or `deployment-id`, or both. */
export function readTarget(reader: InputReader): { name?: string; deploymentId?: string } {
  if (!reader.isSet('name') && !reader.isSet('deployment-id')) {
    reader.problem("`name` is required (or `deployment-id` to act on a known deployment): set it to the deployment's exact name")
  }
  return { name: reader.value('name'), deploymentId: reader.value('deployment-id') }
}
