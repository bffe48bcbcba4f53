/**
 * Runs the action in this process, the way the runner would see it, against simulators
 * that share one virtual clock with it, so that polling, back-off, Retry-After, settle
 * windows and requests held by the simulator cost no real time.
 *
 * Time, virtual and real (the decisions):
 * - Virtual time moves when the action sleeps (`clock.sleep`): a poll interval, a back-off, a
 *   settle window. The simulator's lifecycles, timestamps and delete delays read the same
 *   clock, so "30 s in BUILDING" happens in no time and always between the same two polls,
 *   whatever the machine's load (real latency never shifts a phase).
 * - The control-plane client's per-request time limits are the clock's (`Clock.timeLimit`),
 *   and so is a simulator `delayMs` hold (its `holdOn`). When every request in flight is held
 *   by the simulator, nothing but time can happen: the clock moves on to the next thing due
 *   (a hold's answer, a request's limit, a `whenPast` alarm), so a request answered after 3 s,
 *   or given up on after 2 s, costs no real time, and which comes first never depends on the
 *   machine's load. A settle window after a doubtful change outlasts a held request on the
 *   same clock, as it would in the real world.
 *
 * Output: run() writes through an in-memory sink, behind the same `neutralised` wrapper
 * the runner's sink uses (src/report/sink.ts), so what tests read is what the runner would
 * show: no stdout capture, no output files, no process-wide state but the secrets registry.
 * `stdout` renders each call as the text @actions/core writes for it (workflow commands
 * and all), for the tests that check workflow-command safety on the literal log; the
 * spawned-bundle tests (bundle.test.ts) check that @actions/core writes the same.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

/** Something due at a virtual time. */
interface Due {
  at: number
  fire: () => void
  /** A simulator's hold: whether its client still waits for the answer. */
  waitedOn?: () => boolean
}

/** Real milliseconds between looks at the requests in flight, and how many looks in a row must find them all held. */
const LOOK_MS = 2
const QUIET_LOOKS = 2

/** A clock that moves when slept on, or when every request in flight is held by a simulator on it. */
export class VirtualClock implements Clock {
  /** Every sleep asked for, in order: tests can assert waits without waiting. */
  readonly sleeps: number[] = []
  private readonly due: Due[] = []
  /** The requests whose time limit runs on this clock, not yet over. */
  private readonly inFlight = new Set<object>()
  private looking = false
  private onHold: Array<() => void> = []

  constructor(private time = Date.now()) {}

  readonly now = (): number => this.time

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms)
    if (signal?.aborted) return
    this.advanceTo(this.time + ms)
    // A macrotask, so that a loop of sleeps never starves sockets and timers.
    await new Promise((resolve) => setImmediate(resolve))
  }

  /** Calls `then` once virtual time reaches `at` (e.g. a cancel 1.5 s into a run, in no real time). */
  whenPast(at: number, then: () => void): void {
    this.due.push({ at, fire: then })
  }

  timeLimit(ms: number): { signal: AbortSignal; end(): void } {
    const controller = new AbortController()
    const limit: Due = { at: this.time + ms, fire: () => controller.abort(new DOMException(`${ms} ms passed`, 'TimeoutError')) }
    const request = {}
    this.due.push(limit)
    this.inFlight.add(request)
    this.lookAtRequests()
    return {
      signal: controller.signal,
      end: () => {
        this.inFlight.delete(request)
        this.forget(limit)
      }
    }
  }

  /** A simulator's `holdOn`: a held request is answered once `ms` have passed on this clock. */
  readonly holdOn = (ms: number, then: () => void, waitedOn: () => boolean): (() => void) => {
    const hold: Due = { at: this.time + ms, fire: then, waitedOn }
    this.due.push(hold)
    const told = this.onHold.splice(0)
    for (const tell of told) tell()
    return () => this.forget(hold)
  }

  /** Calls `then` when a simulator next holds a request on this clock, before any time passes (e.g. a cancel while a create is in flight). */
  whenHeld(then: () => void): void {
    this.onHold.push(then)
  }

  /** Moves to the next hold's answer, if any (a test counting what landed after the run gave up). */
  answerNextHold(): boolean {
    const next = this.due.filter((d) => d.waitedOn).sort((a, b) => a.at - b.at)[0]
    if (next) this.advanceTo(next.at)
    return next !== undefined
  }

  /** Fires what is due by `at`, in order of time, moving the clock to each. */
  private advanceTo(at: number): void {
    for (;;) {
      const next = this.due.filter((d) => d.at <= at).sort((a, b) => a.at - b.at)[0]
      if (!next) break
      this.forget(next)
      this.time = Math.max(this.time, next.at)
      next.fire()
    }
    this.time = Math.max(this.time, at)
  }

  private forget(entry: Due): void {
    const index = this.due.indexOf(entry)
    if (index >= 0) this.due.splice(index, 1)
  }

  /**
   * While requests are in flight: once every one of them is held (looked at a few times in a
   * row, so that a request just answered or just given up has settled), moves to the next
   * thing due. Ends when no request is in flight.
   */
  private lookAtRequests(): void {
    if (this.looking) return
    this.looking = true
    let quiet = 0
    const look = () => {
      if (this.inFlight.size === 0) {
        this.looking = false
        return
      }
      const held = this.due.filter((d) => d.waitedOn?.()).length
      quiet = held >= this.inFlight.size ? quiet + 1 : 0
      if (quiet >= QUIET_LOOKS) {
        quiet = 0
        const next = [...this.due].sort((a, b) => a.at - b.at)[0]
        if (next) this.advanceTo(next.at)
      }
      setTimeout(look, LOOK_MS)
    }
    setTimeout(look, LOOK_MS)
  }
}

/** The clock of every run and simulator of this test file (jest loads this module once per file). */
export const clock = new VirtualClock()

/** A simulator on the shared clock: its lifecycles read it, and its `delayMs` holds wait on it. */
export function startSimulatorOnClock(options: Omit<SimulatorOptions, 'now' | 'holdOn'> = {}): Promise<Simulator> {
  return startSimulator({ ...options, now: clock.now, holdOn: clock.holdOn })
}

/** Requests a `delayMs` fault holds: in the fault log since they arrived, not yet answered. */
export function heldRequests(sim: Simulator): number {
  return sim.faultLog.filter((entry) => entry.effect === 'delayMs').length - sim.requests.filter((r) => r.fault === 'delayMs').length
}

/**
 * Lets the shared clock run until the simulator holds no request (each held one answered on
 * it), so that a change the action gave up on has landed before the test counts what exists.
 */
export async function untilNothingHeld(sim: Simulator, limitMs = 10_000): Promise<void> {
  const end = Date.now() + limitMs
  while (heldRequests(sim) > 0) {
    if (Date.now() > end) throw new Error(`the simulator still holds ${heldRequests(sim)} request(s) after ${limitMs} ms`)
    clock.answerNextHold()
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
  /** Warnings the runner annotates at a file and line (`core.warning(line, { file, startLine })`). */
  annotations: Array<{ file: string; line: number; message: string }>
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
  const kept = {
    stdout: '',
    lines: [] as string[],
    warnings: [] as string[],
    annotations: [] as Array<{ file: string; line: number; message: string }>,
    failures: [] as string[],
    outputs: {} as Record<string, string>,
    summary: '',
    summaries: [] as string[],
    states: {} as Record<string, string>
  }
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
    warnAt: (line, at) => {
      kept.warnings.push(line)
      kept.annotations.push({ ...at, message: line })
      kept.lines.push(`warning: ${line}`)
      write(command(`warning file=${at.file},line=${at.line}`, line))
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

let emptyWorkspace: string | undefined
/**
 * The workspace of a run whose test names none: an empty folder, as on a runner before
 * actions/checkout, not the repository jest happens to run in (whose commit and files must not
 * decide a test).
 */
function defaultWorkspace(): string {
  return (emptyWorkspace ??= mkdtempSync(join(tmpdir(), 'empty-workspace-')))
}

/**
 * Runs `run()` from src/main.ts on the shared clock, through an in-memory sink, and returns
 * what the runner would have seen and the Outcome. Runs one at a time (the secrets registry
 * is process-wide).
 */
export async function runInProcess({
  inputs,
  env = {},
  pushContext = true,
  signal,
  onStdout,
  clock: runClock = clock
}: InProcessOptions): Promise<InProcessRun> {
  const values: Record<string, string> = { ...(await (defaults ??= actionDefaults())), ...inputs }
  // A fresh process would know no secret yet.
  clearSecrets()
  const { sink, kept } = recordingSink(onStdout)
  const runEnv: Record<string, string> = { ...(pushContext ? PUSH_CONTEXT : {}), GITHUB_WORKSPACE: defaultWorkspace(), ...env }
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
