import type { ControlPlaneClient } from '../api/client.js'
import type { Clock } from '../clock.js'
import type { Logger } from '../deploy/deploy.js'

export interface CommandLog extends Logger {
  /** A success worth pointing out (shown as an annotation), e.g. nothing to delete. */
  notice(line: string): void
}

/** What the delete commands need from the run; the deploy command's DeployDeps is a superset. */
export interface CommandDeps {
  client: ControlPlaneClient
  clock: Clock
  log: CommandLog
  /** Clock time by which the step must be done: its start plus `timeout`. */
  deadline: number
  signal?: AbortSignal
}
