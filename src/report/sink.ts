import * as core from '@actions/core'
import type { Log } from '../core/log.js'
import { redact } from '../core/masking.js'
import { forLog, forOutput } from '../core/neutralise.js'
import type { OutputName } from '../inputs/names.js'

/**
 * Where a run's results go: the log, the outputs, the job summary and the failure.
 * run() writes only through this; the default writes through @actions/core, and a
 * test passes one that collects everything in memory. Function properties, as in Log:
 * they are passed on unbound.
 */
export interface OutputSink extends Log {
  setOutput: (name: OutputName, value: string) => void
  summary: (markdown: string) => Promise<void>
  /** The step's one `::error::` line; the step fails. */
  fail: (message: string) => void
  /** Registers a secret the runner then masks in the log (`::add-mask::`); @actions/core's by default. */
  mask?: (secret: string) => void
  /** Keeps a value for the post step (`GITHUB_STATE`); @actions/core's by default. */
  saveState?: (name: string, value: string) => void
}

/**
 * What every sink the runner reads must be given: each line made one line that cannot
 * start a workflow command, secrets redacted, outputs one line. The runner's sink is
 * this over @actions/core; tests put it over an in-memory writer to see the same text.
 */
export function neutralised(target: OutputSink): OutputSink {
  return {
    // core.info writes the line as is: a line break in server text could start a workflow
    // command, so every line is made one line that cannot (forLog). Warnings and the like
    // are commands themselves, whose text the runner decodes: one line too.
    // Every line, whatever it looks like: a server line shaped like printVerbatim's token is still server text.
    info: (line) => target.info(forLog(redact(line))),
    // printVerbatim's own lines (a random token no server text can know), known by the method they come through.
    commandsToken: (line) => (target.commandsToken ? target.commandsToken(line) : target.info(line)),
    warn: (line) => target.warn(forLog(redact(line))),
    // A file name is the user's text: one line, as the message is.
    warnAt: (line, at) =>
      target.warnAt ? target.warnAt(forLog(redact(line)), { file: forLog(at.file), line: at.line }) : target.warn(forLog(redact(line))),
    notice: (line) => target.notice(forLog(redact(line))),
    debug: (line) => target.debug(forLog(redact(line))),
    startGroup: (title) => target.startGroup(forLog(redact(title))),
    endGroup: () => target.endGroup(),
    // Read by later steps, often in shell: never a line break.
    setOutput: (name, value) => target.setOutput(name, forOutput(redact(value))),
    summary: (markdown) => target.summary(redact(markdown)),
    fail: (message) => target.fail(redact(message)),
    ...(target.mask ? { mask: target.mask } : {}),
    // One line: a line break would end the state file's entry early.
    ...(target.saveState ? { saveState: (name: string, value: string) => target.saveState?.(name, forOutput(value)) } : {})
  }
}

/** The runner's sink. Everything written is neutralised first: server text is hostile and secrets must not leak. */
export const actionsSink: OutputSink = neutralised({
  info: (line) => core.info(line),
  warn: (line) => core.warning(line),
  warnAt: (line, at) => core.warning(line, { file: at.file, startLine: at.line }),
  notice: (line) => core.notice(line),
  debug: (line) => core.debug(line),
  startGroup: (title) => core.startGroup(title),
  endGroup: () => core.endGroup(),
  setOutput: (name, value) => core.setOutput(name, value),
  saveState: (name, value) => core.saveState(name, value),
  summary: async (markdown) => {
    // Outside a runner (no GITHUB_STEP_SUMMARY) there is nowhere to write it.
    if (!process.env.GITHUB_STEP_SUMMARY) return
    await core.summary.addRaw(markdown, true).write()
  },
  fail: (message) => core.setFailed(message),
  mask: (secret) => core.setSecret(secret)
})
