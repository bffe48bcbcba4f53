import { readGitHubInputs, readTarget, GITHUB_INPUTS, type GitHubInputs } from '../../inputs/github.js'
import { HEALTH_INPUTS, readHealthCheck, type HealthCheckInputs } from '../../inputs/health.js'
import { readVerification, VERIFICATION_INPUTS, type VerificationInputs } from '../../inputs/verification.js'
import { readPollInterval } from '../../inputs/poll-interval.js'
import type { CommonInputs, InputSpec } from '../../inputs/spec.js'
import type { RollbackTo } from '../../inputs/rollback-to.js'

export interface RollbackSpecific {
  name?: string
  deploymentId?: string
  rollbackTo: RollbackTo
  wait: boolean
  pollIntervalMs?: number
  showLogs: boolean
  health?: HealthCheckInputs
  /** `verify-revision`, `smoke-test`, as for a deploy. */
  verification: VerificationInputs
  github: GitHubInputs
}

export type RollbackInputs = CommonInputs & { command: 'rollback' } & RollbackSpecific

/** `command: rollback`: which deployment, which revision, and the deploy's waiting, health-check, verification and GitHub inputs. */
export const rollbackSpec: InputSpec<RollbackSpecific> = {
  uses: [
    'name',
    'deployment-id',
    'rollback-to',
    'wait',
    'poll-interval',
    'show-logs',
    ...HEALTH_INPUTS,
    ...VERIFICATION_INPUTS,
    ...GITHUB_INPUTS
  ],
  read(reader) {
    const { value } = reader
    return {
      ...readTarget(reader),
      rollbackTo: value('rollback-to') ?? { kind: 'previous' },
      wait: value('wait') as boolean,
      pollIntervalMs: readPollInterval(reader),
      showLogs: value('show-logs') as boolean,
      health: readHealthCheck(reader),
      verification: readVerification(reader),
      github: readGitHubInputs(reader)
    }
  }
}
