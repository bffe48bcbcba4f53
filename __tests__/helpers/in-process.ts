/**
 * Runs the action in this process, the way the runner would see it, against simulators
 * that share one virtual clock with it, so that polling, back-off, Retry-After and settle
 * windows cost no real time.
 *
 * Time, virtual and real (the decisions):
 * - Virtual time moves only when the action sleeps (`clock.sleep`): a poll interval, a
 *   back-off, a settle window. The simulator's lifecycles, timestamps and delete delays
 *   read the same clock, so "30 s in BUILDING" happens in no time and always between the
 *   same two polls, whatever the machine's load (real latency never shifts a phase).
 * - Per-request time limits stay real (the client's own timer): a request is given up on
 *   after its limit in real time, as on a runner.
 * - A simulator `delayMs` fault holds a request on a real timer. The settle window after a
 *   doubtful change exists to outlast exactly such a held request, so while any watched
 *   simulator holds a request, sleeps take real time (up to their length, or until the
 *   request is released) as well as advancing virtual time. Skipping them would let the
 *   action conclude that the change never happened and send it again, a duplicate the
 *   real world would not see.
 *
 * Output: run() writes through an in-memory sink, behind the same `neutralised` wrapper
 * the runner's sink uses (src/report/sink.ts), so what tests read is what the runner would
 * show: no stdout capture, no output files, no process-wide state but the secrets registry.
 * `stdout` renders each call as the text @actions/core writes for it (workflow commands
 * and all), for the tests that check workflow-command safety on the literal log; the
 * spawned-bundle tests (bundle.test.ts) check that @actions/core writes the same.
 */
import { actionDefaults, PUSH_CONTEXT, type ActionRun } from '../../scripts/run-action.js'
import { startSimulator, type Simulator, type SimulatorOptions } from '../../sim/index.js'
import type { Clock } from '../../src/core/clock.js'
import { clearSecrets } from '../../src/core/masking.js'
import type { Outcome } from '../../src/core/outcome.js'
import type { InputName } from '../../src/inputs/names.js'
import { run } from '../../src/main.js'
import { neutralised, type OutputSink } from '../../src/report/sink.js'
import type { RunView } from '../../src/report/view.js'
import { deployInputs } from './action.js'

/** Something that may hold a request on a real timer; see the module comment. */
interface RealTimeHolder {
  holdsRequest(): boolean
}

/** A clock that moves only when slept on, except while a watched simulator holds a request. */
export class VirtualClock implements Clock {
  /** Every sleep asked for, in order: tests can assert waits without waiting. */
  readonly sleeps: number[] = []
  private readonly holders = new Set<RealTimeHolder>()
  private readonly alarms: Array<{ at: number; then: () => void }> = []

  constructor(private time = Date.now()) {}

  readonly now = (): number => this.time

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms)
    if (signal?.aborted) return
    const realEnd = Date.now() + ms
    while (this.holdsRequest() && !signal?.aborted && Date.now() < realEnd) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(10, realEnd - Date.now())))
    }
    if (signal?.aborted) return
    this.time += ms
    for (const alarm of this.alarms.filter((a) => a.at <= this.time)) {
      this.alarms.splice(this.alarms.indexOf(alarm), 1)
      alarm.then()
    }
    // A macrotask, so that a loop of sleeps never starves sockets and timers.
    await new Promise((resolve) => setImmediate(resolve))
  }

  /** Calls `then` once virtual time reaches `at` (e.g. a cancel 1.5 s into a run, in no real time). */
  whenPast(at: number, then: () => void): void {
    this.alarms.push({ at, then })
  }

  watch(holder: RealTimeHolder): void {
    this.holders.add(holder)
  }

  unwatch(holder: RealTimeHolder): void {
    this.holders.delete(holder)
  }

  private holdsRequest(): boolean {
    return [...this.holders].some((holder) => holder.holdsRequest())
  }
}

/** The clock of every run and simulator of this test file (jest loads this module once per file). */
export const clock = new VirtualClock()

/**
 * A simulator on the shared clock. A request a `delayMs` fault holds shows in the fault log when
 * it arrives and in the request log when it is answered: it is held while the first count is ahead.
 */
export async function startSimulatorOnClock(options: Omit<SimulatorOptions, 'now'> = {}): Promise<Simulator> {
  const sim = await startSimulator({ ...options, now: clock.now })
  const holder: RealTimeHolder = { holdsRequest: () => heldRequests(sim) > 0 }
  clock.watch(holder)
  const stop = sim.stop
  sim.stop = () => {
    clock.unwatch(holder)
    return stop()
  }
  return sim
}

/** Requests a `delayMs` fault holds: in the fault log since they arrived, not yet answered. */
export function heldRequests(sim: Simulator): number {
  return sim.faultLog.filter((entry) => entry.effect === 'delayMs').length - sim.requests.filter((r) => r.fault === 'delayMs').length
}

/**
 * Waits (real time, at most `limitMs`) until the simulator holds no request, so that a change
 * the action gave up on has landed before the test counts what exists.
 */
export async function untilNothingHeld(sim: Simulator, limitMs = 10_000): Promise<void> {
  const end = Date.now() + limitMs
  while (heldRequests(sim) > 0) {
    if (Date.now() > end) throw new Error(`the simulator still holds ${heldRequests(sim)} request(s) after ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export interface InProcessOptions {
  /** By their action.yml names; the action.yml defaults fill in the rest, as on a runner. */
  inputs: Record<string, string>
  /** Extra or overriding GITHUB_* variables, over a push to main (PUSH_CONTEXT) unless `pushContext` is false. */
  env?: Record<string, string>
  pushContext?: boolean
  /** Aborting it is the workflow being cancelled. */
  signal?: AbortSignal
  /** Each piece of `stdout`, as it is written. */
  onStdout?: (chunk: string) => void
  /** The run's clock when a test needs its own (e.g. time that moves per request); the shared one by default. */
  clock?: Clock
}

/** What the runner would have seen of a run (the spawned bundle's `ActionRun` shape), and the run's Outcome. */
export interface InProcessRun extends ActionRun {
  /** 1 when the step failed (one `::error::`), else 0. */
  exitCode: number
  /** The log, exactly as @actions/core would write it to the runner: `::warning::…`, `::add-mask::…` and all. */
  stdout: string
  /** An exception run() let escape, as node would print it (never expected). */
  stderr: string
  /** The log lines as shown: warnings as `warning: …`, notices `notice: …`, groups `group: …` / `endgroup`. */
  lines: string[]
  warnings: string[]
  /** The text of each `::error::` (run() fails a step once at most). */
  failures: string[]
  outputs: Record<string, string>
  summary: string
  /** Each write to the job summary (run() writes it once). */
  summaries: string[]
  /** What the run kept for the post step (`GITHUB_STATE`), by name. */
  states: Record<string, string>
  outcome: Outcome
  view: RunView
}

/** `::name::value` as @actions/core's issueCommand writes it (its escaping of the value). */
const command = (name: string, value: string) => `::${name}::${value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`

/** An in-memory writer for `neutralised`: keeps each call as the runner would show it. */
function recordingSink(onStdout?: (chunk: string) => void) {
  const kept = { stdout: '', lines: [] as string[], warnings: [] as string[], failures: [] as string[], outputs: {} as Record<string, string>, summary: '', summaries: [] as string[], states: {} as Record<string, string> }
  const write = (text: string) => {
    kept.stdout += text
    onStdout?.(text)
  }
  const sink: OutputSink = {
    info: (line) => {
      kept.lines.push(line)
      write(`${line}\n`)
    },
    warn: (line) => {
      kept.warnings.push(line)
      kept.lines.push(`warning: ${line}`)
      write(command('warning', line))
    },
    notice: (line) => {
      kept.lines.push(`notice: ${line}`)
      write(command('notice', line))
    },
    debug: (line) => write(command('debug', line)),
    startGroup: (title) => {
      kept.lines.push(`group: ${title}`)
      write(command('group', title))
    },
    endGroup: () => {
      kept.lines.push('endgroup')
      write(command('endgroup', ''))
    },
    setOutput: (name, value) => (kept.outputs[name] = value),
    // core.summary.addRaw(markdown, true): the markdown and a line break, appended to the file.
    summary: async (markdown) => {
      kept.summaries.push(markdown)
      kept.summary += `${markdown}\n`
    },
    fail: (message) => {
      kept.failures.push(message)
      write(command('error', message))
    },
    mask: (secret) => write(command('add-mask', secret)),
    saveState: (name, value) => (kept.states[name] = value)
  }
  return { sink, kept }
}

let defaults: Promise<Record<string, string>> | undefined

/**
 * Runs `run()` from src/main.ts on the shared clock, through an in-memory sink, and returns
 * what the runner would have seen and the Outcome. Runs one at a time (the secrets registry
 * is process-wide).
 */
export async function runInProcess({ inputs, env = {}, pushContext = true, signal, onStdout, clock: runClock = clock }: InProcessOptions): Promise<InProcessRun> {
  const values: Record<string, string> = { ...(await (defaults ??= actionDefaults())), ...inputs }
  // A fresh process would know no secret yet.
  clearSecrets()
  const { sink, kept } = recordingSink(onStdout)
  const runEnv: Record<string, string> = { ...(pushContext ? PUSH_CONTEXT : {}), ...env }
  let result: Awaited<ReturnType<typeof run>> | undefined
  let stderr = ''
  try {
    result = await run({
      inputs: (name: InputName, options) => {
        const value = values[name] ?? ''
        return options?.trim === false ? value : value.trim()
      },
      env: runEnv,
      clock: runClock,
      sink: neutralised(sink),
      signal: signal ?? new AbortController().signal
    })
  } catch (error) {
    // What node prints for an unhandled rejection.
    stderr = error instanceof Error ? String(error.stack) : String(error)
  }
  if (!result) throw new Error(`run() threw instead of ending in an outcome:\n${stderr}`)
  return { ...kept, exitCode: kept.failures.length > 0 ? 1 : 0, stderr, outcome: result.outcome, view: result.view }
}

/** A typical deploy (helpers/action.ts deployInputs), run in-process. */
export function deployWith(sim: Simulator, name: string, extra: Record<string, string> = {}, env: Record<string, string> = {}) {
  return runInProcess({ inputs: deployInputs(sim, name, extra), env })
}
