import type { Log } from '../../src/core/log.js'

/** A log that keeps nothing: for the archive and the config check run outside a step. */
export const SILENT_LOG: Log = {
  info: () => undefined,
  warn: () => undefined,
  notice: () => undefined,
  debug: () => undefined,
  startGroup: () => undefined,
  endGroup: () => undefined
}
