import type { ControlPlaneClient } from '../../api/client.js'
import type { Revision } from '../../api/schemas.js'
import type { Connection } from '../../core/connection.js'
import type { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import type { CheckVerdict, DeploymentSeen } from '../../core/outcome.js'
import type { Recorder } from '../../core/recorder.js'
import type { HealthCheckInputs } from '../../inputs/health.js'
import type { VerificationInputs } from '../../inputs/verification.js'
import type { Stop } from '../../core/stop.js'

/** What the checks after DEPLOYED are told to do, from the command's inputs. */
export interface CheckSettings {
  health?: HealthCheckInputs
  /** `verify-revision`, `smoke-test`. */
  verification: VerificationInputs
  /** A deploy without `on-failure: rollback`: a failed check's advice may point to it. */
  suggestRollback?: boolean
  /** A deploy with `on-failure: rollback`: a failed check is followed by a rollback, which needs the step's time left. */
  rollsBack?: boolean
}

/**
 * What every check after DEPLOYED may use: the revision that reached it, the deployment as then
 * reported, and the run's means. Its deadline is the step's: no check runs past it.
 */
export interface CheckContext extends Stop {
  client: ControlPlaneClient
  log: Log
  recorder: Recorder
  connection: Connection
  /** As the control plane reported it once the revision was DEPLOYED (its URL is where the server is asked). */
  deployment: DeploymentSeen
  /** The revision this run made (or a rollback redeployed), DEPLOYED. */
  revision: Revision
  settings: CheckSettings
}

/**
 * What a check found. `verdict` is recorded (one summary row); `failure` fails the step, and
 * `on-failure: rollback` reacts to it. A check that keeps an older fact of its own (the health
 * check's row) returns no verdict.
 */
export interface CheckResult {
  verdict?: CheckVerdict
  failure?: ActionError
}

/** One check after DEPLOYED: a module of its own, in the list its command runs (checks/run.ts). */
export interface Check<C extends CheckContext = CheckContext> {
  id: string
  /** Whether the inputs ask for it (or it runs by default); a check that does not apply records nothing. */
  appliesTo(ctx: C): boolean
  run(ctx: C): Promise<CheckResult>
  /**
   * Its row when an earlier check failed and it was not run (`evals` after a failed smoke test),
   * so the reports say it was not run rather than leave it out; `why` names the failed check.
   */
  notRun?(ctx: C, why: string): CheckVerdict | undefined
}
