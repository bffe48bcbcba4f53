import * as core from '@actions/core'
import { ControlPlaneClient } from './api/client.js'
import { realClock, type Clock } from './clock.js'
import { deploy } from './deploy/deploy.js'
import { describeError } from './errors.js'
import { readInputs, runnerInputs, type InputGetter } from './inputs/read.js'
import { redact } from './masking.js'
import { setOutputs } from './report/outputs.js'
import { newState } from './report/state.js'
import { writeSummary } from './report/summary.js'
import { readWorkflowContext } from './workflow-context.js'

export interface RunOptions {
  inputs?: InputGetter
  clock?: Clock
  env?: NodeJS.ProcessEnv
}

/**
 * The action: read every input, then find, create or patch, and wait; whatever
 * happens, set the outputs known by then and write the job summary. Every failure
 * ends here as one `::error::` line.
 */
export async function run(options: RunOptions = {}): Promise<void> {
  const clock = options.clock ?? realClock
  const state = newState(clock.now())
  try {
    const inputs = readInputs(options.inputs ?? runnerInputs)
    await deploy(
      inputs,
      {
        client: new ControlPlaneClient(inputs.connection),
        clock,
        log: { info: core.info, warn: core.warning },
        workflow: readWorkflowContext(options.env)
      },
      state
    )
  } catch (error) {
    state.error = redact(describeError(error))
    core.setFailed(state.error)
  } finally {
    state.finishedAt = clock.now()
    setOutputs(state)
    await writeSummary(state)
  }
}
