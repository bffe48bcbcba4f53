import * as core from '@actions/core'
import type { Log } from '../core/log.js'
import { redact } from '../core/masking.js'
import type { OutputName } from '../inputs/names.js'

/**
 * Where a run's results go: the log, the outputs, the job summary and the failure.
 * run() writes only through this; the default writes through @actions/core, and a
 * test passes one that collects everything in memory.
 */
export interface OutputSink extends Log {
  setOutput(name: OutputName, value: string): void
  summary(markdown: string): Promise<void>
  /** The step's one `::error::` line; the step fails. */
  fail(message: string): void
}

/** The runner's sink. Everything written is redacted first: server text is hostile and secrets must not leak. */
export const actionsSink: OutputSink = {
  // core.info writes the line as is: a line break in server text could start a workflow command.
  info: (line) => core.info(redact(line).replace(/[\r\n]+/g, ' ')),
  warn: (line) => core.warning(redact(line)),
  notice: (line) => core.notice(redact(line)),
  debug: (line) => core.debug(redact(line)),
  startGroup: (title) => core.startGroup(redact(title)),
  endGroup: () => core.endGroup(),
  setOutput: (name, value) => core.setOutput(name, redact(value)),
  summary: async (markdown) => {
    // Outside a runner (no GITHUB_STEP_SUMMARY) there is nowhere to write it.
    if (!process.env.GITHUB_STEP_SUMMARY) return
    await core.summary.addRaw(redact(markdown), true).write()
  },
  fail: (message) => core.setFailed(redact(message))
}
