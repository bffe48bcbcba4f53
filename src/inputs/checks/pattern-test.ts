import { Worker } from 'node:worker_threads'

/**
 * A `matches` pattern tested where it cannot stall the run: on a worker thread, given up on (the
 * thread terminated) at its limit. A suite comes from the repository (a pull request may change
 * it), and a regular expression runs without yielding: on the main thread, one that backtracks
 * without end would hold every other run's clock and the suite's `time-limit` while it ran (v1.4
 * stopped it after 1 s, but five such answers at once cost five seconds to every run waiting).
 * JavaScript's own engine, so a pattern means here what it means in the docs (lookarounds and
 * backreferences included); a non-backtracking engine would refuse those.
 *
 * The worker's code is a string (`eval`), so the bundle needs no file of its own beside
 * dist/index.js. Threads are kept for the next pattern while idle, unreferenced (they never hold
 * the process open), and ended after a short idle time.
 */
const WORKER_CODE = `
const { parentPort } = require('node:worker_threads')
parentPort.on('message', ({ source, flags, text }) => {
  let matched = false
  try { matched = new RegExp(source, flags).test(text) } catch {}
  parentPort.postMessage(matched)
})
`

/** Idle threads, kept for the next test; at most the suite's `concurrency` (16) are ever busy at once. */
const idle: Worker[] = []
const MAX_IDLE = 16
/** An idle thread ends after this (real time): a suite's next answer comes sooner, a finished suite keeps none. */
const IDLE_MS = 2_000
const idleTimers = new WeakMap<Worker, ReturnType<typeof setTimeout>>()
/** Threads that have started running (their `online` event came). */
const started = new WeakSet<Worker>()

/**
 * `'too slow'`: the pattern ran past `limitMs`. `'stopped'`: the suite's time ran out first
 * (`timeLeftMs`), or the workflow was cancelled. `'failed'`: the thread itself failed.
 */
export type PatternResult = boolean | 'too slow' | 'stopped' | 'failed'

export function testPattern(
  pattern: RegExp,
  text: string,
  options: { limitMs: number; timeLeftMs: number; signal?: AbortSignal }
): Promise<PatternResult> {
  const limitMs = Math.min(options.limitMs, options.timeLeftMs)
  if (limitMs <= 0 || options.signal?.aborted) return Promise.resolve('stopped')
  const worker = takeWorker()
  return new Promise<PatternResult>((resolve) => {
    let settled = false
    const settle = (result: PatternResult, keep: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(startGuard)
      worker.off('online', startClock)
      options.signal?.removeEventListener('abort', onAbort)
      worker.off('message', onMessage)
      worker.off('error', onError)
      if (keep) giveBack(worker)
      else void worker.terminate()
      resolve(result)
    }
    const onMessage = (matched: unknown) => settle(matched === true, true)
    const onError = () => settle('failed', false)
    const onAbort = () => settle('stopped', false)
    // The limit counts from when the thread runs: a new thread's start (hundreds of ms on a loaded
    // runner) is not the pattern's time. The suite's time left still bounds a thread that never starts.
    let timer: ReturnType<typeof setTimeout> | undefined
    const startClock = () => {
      started.add(worker)
      clearTimeout(startGuard)
      timer = setTimeout(() => settle(options.timeLeftMs < options.limitMs ? 'stopped' : 'too slow', false), limitMs)
    }
    const startGuard = started.has(worker)
      ? undefined
      : setTimeout(() => settle('stopped', false), Math.min(options.timeLeftMs, limitMs + 30_000))
    if (started.has(worker)) startClock()
    else worker.once('online', startClock)
    worker.on('message', onMessage)
    worker.once('error', onError)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    worker.ref()
    worker.postMessage({ source: pattern.source, flags: pattern.flags.replace(/[gy]/g, ''), text })
  })
}

function takeWorker(): Worker {
  const kept = idle.pop()
  if (kept) {
    clearTimeout(idleTimers.get(kept))
    return kept
  }
  const worker = new Worker(WORKER_CODE, { eval: true })
  // Always heard: an idle thread's error with no listener would be thrown in the main thread.
  worker.on('error', () => {
    const at = idle.indexOf(worker)
    if (at >= 0) idle.splice(at, 1)
  })
  return worker
}

function giveBack(worker: Worker): void {
  worker.unref()
  if (idle.length >= MAX_IDLE) {
    void worker.terminate()
    return
  }
  idle.push(worker)
  const timer = setTimeout(() => {
    const at = idle.indexOf(worker)
    if (at >= 0) idle.splice(at, 1)
    void worker.terminate()
  }, IDLE_MS)
  timer.unref()
  idleTimers.set(worker, timer)
}

/** Ends every idle thread now (a test's clean-up). */
export async function endPatternThreads(): Promise<void> {
  const all = idle.splice(0)
  for (const worker of all) clearTimeout(idleTimers.get(worker))
  await Promise.all(all.map((worker) => worker.terminate()))
}
