/**
 * Where a run writes its log. main.ts builds it over the output sink; operations and
 * commands only see this, so they can be run and tested without @actions/core.
 * Members are function properties, not methods: callers pass them on unbound
 * (`log: log.warn`), so no implementation may rely on `this`.
 */
export interface Log {
  info: (line: string) => void
  warn: (line: string) => void
  /**
   * A warning about a file's line (workspace-relative, as the repository has it): the runner
   * annotates it there. A log without it says `warn`'s line (callers fall back to it).
   */
  warnAt?: (line: string, at: LogPlace) => void
  /** A success worth pointing out (shown as an annotation), e.g. nothing to delete. */
  notice: (line: string) => void
  debug: (line: string) => void
  startGroup: (title: string) => void
  endGroup: () => void
  /**
   * Writes one of printVerbatim's own lines that stop and resume workflow commands
   * (operations/control-plane/logs.ts), as is. A separate method, so that the sink knows such a line by
   * who wrote it: `info` neutralises every line, a server's line shaped like a token too.
   */
  commandsToken?: (line: string) => void
}

/** Where in the repository a warning points: a file (workspace-relative, `/`-separated) and a line from 1. */
export interface LogPlace {
  file: string
  line: number
}
