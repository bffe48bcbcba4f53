import { GITHUB_INPUTS, readGitHubInputs, readTarget, type GitHubInputs } from '../../inputs/github.js'
import { readPollInterval } from '../../inputs/poll-interval.js'
import type { CommonInputs, InputSpec } from '../../inputs/spec.js'

export interface DeleteSpecific {
  name?: string
  deploymentId?: string
  deleteTracingProject: boolean
  ignoreMissing: boolean
  wait: boolean
  pollIntervalMs?: number
  github: GitHubInputs
}

export type DeleteInputs = CommonInputs & { command: 'delete' } & DeleteSpecific

export const deleteSpec: InputSpec<DeleteSpecific> = {
  uses: ['name', 'deployment-id', 'wait', 'poll-interval', 'delete-tracing-project', 'ignore-missing', ...GITHUB_INPUTS],
  read(reader) {
    const target = readTarget(reader)
    const github = readGitHubInputs(reader)
    return {
      ...target,
      deleteTracingProject: reader.value('delete-tracing-project') as boolean,
      ignoreMissing: reader.value('ignore-missing') as boolean,
      wait: reader.value('wait') as boolean,
      pollIntervalMs: readPollInterval(reader),
      github
    }
  }
}
