/**
 * Where a run writes its log. main.ts builds it over the output sink; operations and
 * commands only see this, so they can be run and tested without @actions/core.
 * Members are function properties, not methods: callers pass them on unbound
 * (`log: log.warn`), so no implementation may rely on `this`.
 */
export interface Log {
  info: (line: string) => void
  warn: (line: string) => void
  /** A success worth pointing out (shown as an annotation), e.g. nothing to delete. */
  notice: (line: string) => void
  debug: (line: string) => void
  startGroup: (title: string) => void
  endGroup: () => void
  /**
   * Writes one of printVerbatim's own lines that stop and resume workflow commands
   * (operations/logs.ts), as is. A separate method, so that the sink knows such a line by
   * who wrote it: `info` neutralises every line, a server's line shaped like a token too.
   */
  commandsToken?: (line: string) => void
}
