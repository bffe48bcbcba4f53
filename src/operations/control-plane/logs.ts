import { randomUUID } from 'node:crypto'
import { LOGS_TIME_LIMIT_MS, type ControlPlaneClient } from '../../api/client.js'
import { ApiError, isNotFound } from '../../api/errors.js'
import type { Log } from '../../core/log.js'
import { phaseOf, phasesOverAt, type LogType } from '../../core/statuses.js'
import { redact } from '../../core/masking.js'
import { firstLine } from '../../core/errors.js'
import type { Stop } from '../../core/stop.js'

/** Where the follower writes: the runner's log, through the output sink in production. */
export type LogSink = Pick<Log, 'info' | 'debug' | 'startGroup' | 'endGroup' | 'commandsToken'>

const PAGE_SIZE = 500
/** Pages read per status check at most, so a chatty build cannot starve the status checks. */
const PAGES_PER_CHECK = 4
/** Pages read when a phase is over, to print its end: bounded, but rarely reached. */
const PAGES_AT_PHASE_END = 40
/** Failed reads in a row after which the action stops following (a failing revision's tail is still tried). */
const FAILURES_BEFORE_GIVING_UP = 2
export const FAILURE_TAIL_LINES = 50

/**
 * Follows a revision's build and deploy logs while the action waits, printing only
 * lines not printed before, in one collapsible group per phase. Logs are a
 * courtesy: a control plane without the endpoint (404), or one that fails or sends
 * odd entries, costs a debug line, never the deploy.
 */
export class LogFollower {
  /** Per log: where to resume; null once the phase has ended and every line was read. */
  private readonly cursors: Partial<Record<LogType, string | null>> = {}
  private openGroup?: LogType
  private unavailable = false
  private failuresInARow = 0

  constructor(
    private readonly client: Pick<ControlPlaneClient, 'getRevisionLogs'>,
    private readonly ids: { deploymentId: string; revisionId: string },
    private readonly sink: LogSink,
    /** Log reads stop this close to the deadline: status checks come first. */
    private readonly timing: Pick<Stop, 'clock' | 'deadline'>
  ) {}

  /**
   * Before a new status's line: every phase that is now over gets its last lines,
   * also one that came and went between two checks, and its group is closed.
   */
  async leaving(status: string): Promise<void> {
    for (const phase of phasesOverAt(status)) {
      if (this.cursors[phase] !== null) await this.readNew(phase, PAGES_AT_PHASE_END)
    }
    if (this.openGroup && phaseOf(status) !== this.openGroup) this.close()
  }

  /** After each status check: print what the current phase logged since the last one. */
  async follow(status: string): Promise<void> {
    const phase = phaseOf(status)
    if (phase) await this.readNew(phase, PAGES_PER_CHECK)
  }

  close(): void {
    if (this.openGroup) this.sink.endGroup()
    this.openGroup = undefined
  }

  /** The last lines of a log, oldest first, for a failed revision. */
  async tail(type: LogType, count = FAILURE_TAIL_LINES): Promise<string[]> {
    this.failuresInARow = 0
    const page = await this.read(type, { order: 'desc', limit: count })
    // An entry can hold several lines: keep the last `count` lines, not entries.
    return (page?.logs ?? []).reverse().flatMap(formatLogEntry).slice(-count)
  }

  private async readNew(phase: LogType, maxPages: number): Promise<void> {
    for (let i = 0; i < maxPages; i++) {
      const cursor = this.cursors[phase]
      if (cursor === null) return
      const page = await this.read(phase, { limit: PAGE_SIZE, offset: cursor })
      if (!page) return
      const lines = (page.logs ?? []).flatMap(formatLogEntry)
      if (lines.length > 0) this.print(phase, lines)
      // Keep the old cursor when the server sends none for a phase still running.
      if (page.next_offset !== undefined) this.cursors[phase] = page.next_offset
      if ((page.logs?.length ?? 0) < PAGE_SIZE) return
    }
  }

  private print(phase: LogType, lines: string[]): void {
    if (this.openGroup !== phase) {
      this.close()
      this.sink.startGroup(`${phase === 'build' ? 'Build' : 'Deploy'} log of revision ${this.ids.revisionId}`)
      this.openGroup = phase
    }
    printVerbatim(this.sink, lines)
  }

  private async read(type: LogType, query: { order?: 'asc' | 'desc'; limit: number; offset?: string }) {
    if (this.unavailable || this.failuresInARow >= FAILURES_BEFORE_GIVING_UP) return undefined
    if (this.timing.clock.now() + LOGS_TIME_LIMIT_MS > this.timing.deadline) return undefined
    try {
      const page = await this.client.getRevisionLogs(this.ids.deploymentId, this.ids.revisionId, { type, ...query })
      this.failuresInARow = 0
      return page
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (isNotFound(error)) {
        this.unavailable = true
        this.sink.debug('The control plane does not serve revision logs (404); not following them.')
      } else if (++this.failuresInARow >= FAILURES_BEFORE_GIVING_UP) {
        this.sink.debug(`Could not read the ${type} log (${firstLine(error)}); not following logs any more.`)
      } else {
        this.sink.debug(`Could not read the ${type} log (${firstLine(error)}); trying again at the next check.`)
      }
      return undefined
    }
  }
}

/**
 * Prints text that came from the server with workflow commands switched off, so a
 * build that prints `::set-output` or `::add-mask::` cannot command the runner.
 */
export function printVerbatim(sink: Pick<LogSink, 'info' | 'commandsToken'>, lines: string[]): void {
  const token = randomUUID()
  // Through their own method: a sink without one gets them as ordinary lines (neutralised, if it neutralises).
  const marker = (line: string) => (sink.commandsToken ? sink.commandsToken(line) : sink.info(line))
  marker(`::stop-commands::${token}`)
  for (const line of lines) sink.info(redact(line))
  marker(`::${token}::`)
}

/** One entry as text lines, whatever its shape: a string, `{timestamp, level, message}`, or JSON. */
export function formatLogEntry(entry: unknown): string[] {
  let text: string
  if (typeof entry === 'string') {
    text = entry
  } else if (entry !== null && typeof entry === 'object') {
    const fields = entry as Record<string, unknown>
    const message = [fields.message, fields.msg, fields.text, fields.log, fields.line].find((v) => typeof v === 'string')
    if (typeof message === 'string') {
      const timestamp = typeof fields.timestamp === 'string' ? fields.timestamp : undefined
      const level = typeof fields.level === 'string' ? fields.level : undefined
      text = [timestamp, level, message].filter(Boolean).join(' ')
    } else {
      text = JSON.stringify(entry)
    }
  } else {
    text = String(entry)
  }
  return text.split(/\r?\n/)
}
