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
 * Adapting to an injected output sink (instead of `@actions/core` writing to stdout and
 * the GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files) is a change to `runInProcess` only: the
 * tests see an `ActionRun`, the same shape the spawned bundle gives.
 */
import { afterAll } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { actionDefaults, parseOutputFile, PUSH_CONTEXT, type ActionRun } from '../../scripts/run-action.js'
import { startSimulator, type Simulator, type SimulatorOptions } from '../../sim/index.js'
import type { Clock } from '../../src/core/clock.js'
import type { InputName } from '../../src/inputs/names.js'
import { run } from '../../src/main.js'
import { clearSecrets } from '../../src/core/masking.js'
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
    // A macrotask, so that a loop of sleeps never starves sockets and timers.
    await new Promise((resolve) => setImmediate(resolve))
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
  /** Extra or overriding GITHUB_* variables; a push to main by default. */
  env?: Record<string, string>
  /** Aborting it is the workflow being cancelled. */
  signal?: AbortSignal
  /** Each chunk the action writes to its log, as it is written. */
  onStdout?: (chunk: string) => void
}

// One pair of files per test file: @actions/core keeps the summary file's path once it has read it.
const files = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'action-in-process-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return { dir, GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') }
})()

let defaults: Promise<Record<string, string>> | undefined

/**
 * Runs `run()` from src/main.ts and returns what the runner would have seen: the log, the exit
 * code, the outputs and the job summary. Runs one at a time (they share process-wide state).
 */
export async function runInProcess({ inputs, env = {}, signal, onStdout }: InProcessOptions): Promise<ActionRun> {
  const values: Record<string, string> = { ...(await (defaults ??= actionDefaults())), ...inputs }
  await Promise.all([writeFile(files.GITHUB_OUTPUT, ''), writeFile(files.GITHUB_STEP_SUMMARY, '')])
  // A fresh process would know no secret yet.
  clearSecrets()

  // The process environment too, not only run()'s `env`: @actions/core finds its files there,
  // and Octokit the GitHub API's URL.
  const runEnv: Record<string, string> = {
    RUNNER_TEMP: files.dir,
    ...PUSH_CONTEXT,
    ...env,
    GITHUB_OUTPUT: files.GITHUB_OUTPUT,
    GITHUB_STEP_SUMMARY: files.GITHUB_STEP_SUMMARY
  }
  const savedEnv = Object.fromEntries(Object.keys(runEnv).map((name) => [name, process.env[name]]))
  const saved = { exitCode: process.exitCode, write: process.stdout.write }
  let stdout = ''
  let stderr = ''
  process.exitCode = undefined
  Object.assign(process.env, runEnv)
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    stdout += text
    onStdout?.(text)
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined
    callback?.()
    return true
  }) as typeof process.stdout.write
  let exitCode: number
  try {
    await run({
      inputs: (name: InputName, options) => {
        const value = values[name] ?? ''
        return options?.trim === false ? value : value.trim()
      },
      env: runEnv,
      clock,
      signal: signal ?? new AbortController().signal
    })
    exitCode = Number(process.exitCode ?? 0)
  } catch (error) {
    // What node prints for an unhandled rejection, and its exit code.
    stderr += error instanceof Error ? String(error.stack) : String(error)
    exitCode = 1
  } finally {
    process.stdout.write = saved.write
    process.exitCode = saved.exitCode
    for (const [name, value] of Object.entries(savedEnv)) restoreEnv(name, value)
  }
  return {
    exitCode,
    stdout,
    stderr,
    outputs: parseOutputFile(await readFile(files.GITHUB_OUTPUT, 'utf8')),
    summary: await readFile(files.GITHUB_STEP_SUMMARY, 'utf8')
  }
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}

/** A typical deploy (helpers/action.ts deployInputs), run in-process. */
export function deployWith(sim: Simulator, name: string, extra: Record<string, string> = {}, env: Record<string, string> = {}) {
  return runInProcess({ inputs: deployInputs(sim, name, extra), env })
}
