import { spawn } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { CancelledError, throwIfCancelled } from '../../core/cancel.js'
import { formatDuration } from '../../core/clock.js'
import { ActionError } from '../../core/errors.js'
import { startTimeLimit } from '../../core/time-limit.js'
import { redact, REDACTED } from '../../core/masking.js'
import { CONTROLS, LINE_BREAKS } from '../../core/neutralise.js'
import type { Stop } from '../../core/stop.js'

/** The user name the managed registry takes with a push token (as the official client logs in). */
const REGISTRY_USER = 'oauth2accesstoken'

/**
 * `docker login`'s arguments. The password is never one of them (arguments show in the
 * process list and in shell traces): it goes on standard input.
 */
function dockerLoginArgs(host: string): string[] {
  return ['login', '-u', REGISTRY_USER, '--password-stdin', host]
}

/** The command line as the log shows it. */
export function dockerLoginLine(host: string): string {
  return `docker ${dockerLoginArgs(host).join(' ')}`
}

/**
 * Whether an executable `docker` is on `PATH`: checked before any request, so a runner
 * without Docker changes nothing (a deployment created for a login that cannot happen).
 */
export function dockerOnPath(env: NodeJS.ProcessEnv = process.env): boolean {
  const names = process.platform === 'win32' ? ['docker.exe'] : ['docker']
  return (env.PATH ?? '').split(delimiter).some(
    (dir) =>
      dir !== '' &&
      names.some((name) => {
        try {
          const path = join(dir, name)
          accessSync(path, constants.X_OK)
          return statSync(path).isFile()
        } catch {
          return false
        }
      })
  )
}

/** The error for a runner without Docker. */
export function dockerMissing(): ActionError {
  return new ActionError(
    'bad-input',
    '`command: registry-login` logs Docker in, and there is no `docker` on this runner (none on `PATH`).',
    "Run this job on a runner with Docker (GitHub's hosted Ubuntu runners have it), or install Docker in an earlier step."
  )
}

/** Its deadline is the step's, on its clock: docker is stopped if it is still running then. */
export interface DockerLogin extends Stop {
  host: string
  token: string
  /** Where `docker` is looked for (its PATH) and what it runs with; this process's environment by default. */
  env?: NodeJS.ProcessEnv
}

/** How much of docker's error output is kept: enough for its reason, bounded whatever it writes. */
const KEPT_OUTPUT = 8 * 1024
/** How much of it an error shows. */
const SHOWN_OUTPUT = 500

/**
 * Runs `docker login` with the token on its standard input, within the step's deadline and
 * until the workflow is cancelled: past either, docker (and anything it started) is killed.
 * Fails with what to do when docker is missing or refuses; its output is never printed
 * as is (it is another program's text), and the token is taken out of it.
 */
export async function dockerLogin({ host, token, clock, deadline, signal, env = process.env }: DockerLogin): Promise<void> {
  throwIfCancelled(signal)
  const limitMs = deadline - clock.now()
  if (limitMs <= 0) throw overran(host, 0)
  const ended = await runOnce(dockerLoginArgs(host), token, limitMs, signal, env)
  if (ended.kind === 'missing') throw dockerMissing()
  if (ended.kind === 'cancelled') throw new CancelledError()
  if (ended.kind === 'overran') throw overran(host, limitMs)
  if (ended.kind === 'failed-to-start') {
    throw new ActionError(
      'bad-input',
      `Could not run \`docker\` (${shownOutput(ended.reason, token)}).`,
      "Check that `docker` on the runner's `PATH` is an executable Docker client."
    )
  }
  if (ended.code !== 0) {
    const said = shownOutput(ended.stderr || ended.stdout, token)
    throw new ActionError(
      'api-refused',
      `\`${dockerLoginLine(host)}\` failed (${ended.code === null ? `stopped by signal ${ended.signal}` : `exit code ${ended.code}`})${said ? `: ${said}` : ''}.`,
      `Check that Docker's daemon runs on this runner and can reach \`${host}\`; a push token is short-lived, so re-run the job if the login came late or the registry was briefly unreachable.`
    )
  }
}

/** How a logout ended: done, or why not, as one inert line (never thrown: it is the job's clean-up, not its work). */
export type LoggedOut = { ok: true } | { ok: false; reason: string }

/**
 * `docker logout <host>`, for the post step: removes the push token from the runner's Docker
 * config (docker/login-action does the same at the end of a job). Bounded by `limitMs`, and
 * stopped, with anything it started, past it.
 */
export async function dockerLogout(host: string, limitMs: number, env: NodeJS.ProcessEnv = process.env): Promise<LoggedOut> {
  const ended = await runOnce(['logout', host], '', limitMs, undefined, env)
  if (ended.kind === 'missing') return { ok: false, reason: 'there is no `docker` on `PATH`' }
  if (ended.kind === 'failed-to-start') return { ok: false, reason: `\`docker\` could not be run (${shownOutput(ended.reason)})` }
  if (ended.kind === 'overran' || ended.kind === 'cancelled')
    return { ok: false, reason: `it did not finish within ${formatDuration(limitMs)} and was stopped` }
  if (ended.code !== 0) {
    const said = shownOutput(ended.stderr || ended.stdout)
    return {
      ok: false,
      reason: `${ended.code === null ? `stopped by signal ${ended.signal}` : `exit code ${ended.code}`}${said ? `: ${said}` : ''}`
    }
  }
  return { ok: true }
}

function overran(host: string, limitMs: number): ActionError {
  return new ActionError(
    'timed-out',
    `\`${dockerLoginLine(host)}\` did not finish within the step's \`timeout\` (${formatDuration(limitMs)} were left); it was stopped.`,
    `Check that Docker's daemon runs on this runner and can reach \`${host}\`, or raise \`timeout\`.`
  )
}

/** Docker's own words, as one inert line: the token out (even if never registered), controls out, bounded. */
function shownOutput(text: string, token?: string): string {
  const line = redact(token ? text.split(token).join(REDACTED) : text)
    .replace(LINE_BREAKS, ' ')
    .replace(CONTROLS, '')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > SHOWN_OUTPUT ? `…${line.slice(-SHOWN_OUTPUT)}` : line
}

type Ended =
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }
  | { kind: 'missing' }
  | { kind: 'failed-to-start'; reason: string }
  | { kind: 'overran' }
  | { kind: 'cancelled' }

/**
 * One run of docker, to its end. Started as a process group of its own, so that killing it
 * also ends whatever it started (a credential helper, or a wrapper script's children),
 * whose open pipes would otherwise keep this waiting.
 */
function runOnce(args: string[], stdin: string, limitMs: number, signal: AbortSignal | undefined, env: NodeJS.ProcessEnv): Promise<Ended> {
  return new Promise<Ended>((resolve) => {
    // The environment passed on explicitly (the same PATH that dockerOnPath searched), without the
    // action's own inputs: on a runner they arrive as INPUT_* variables, the control plane's credential among them.
    const childEnv = Object.fromEntries(Object.entries(env).filter(([name]) => !name.toUpperCase().startsWith('INPUT_')))
    // Not withinTimeLimit: at the limit, docker is killed and its exit awaited, not abandoned.
    const limit = startTimeLimit({ limitMs, signal })
    const child = spawn('docker', args, { env: childEnv, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' })
    const out = { stdout: '', stderr: '' }
    let stopped: 'overran' | 'cancelled' | undefined
    let settled = false
    const finish = (ended: Ended) => {
      if (settled) return
      settled = true
      limit.signal.removeEventListener('abort', onLimit)
      limit.end()
      resolve(ended)
    }
    const kill = (why: 'overran' | 'cancelled') => {
      stopped ??= why
      try {
        if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL')
        else child.kill('SIGKILL')
      } catch {
        // Already gone.
      }
    }
    const onLimit = () => kill(limit.reason() instanceof CancelledError ? 'cancelled' : 'overran')
    limit.signal.addEventListener('abort', onLimit, { once: true })
    // A signal already aborted (a cancel before docker started) fires no event.
    if (limit.signal.aborted) onLimit()
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream].setEncoding('utf8')
      child[stream].on('data', (chunk: string) => {
        // The end is kept: a program says why it failed last.
        out[stream] = (out[stream] + chunk).slice(-KEPT_OUTPUT)
      })
    }
    // Docker may exit before reading its input (a bad flag, a refused host): that is its exit code's story, not an error here.
    child.stdin.on('error', () => undefined)
    child.stdin.end(stdin)
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(error.code === 'ENOENT' ? { kind: 'missing' } : { kind: 'failed-to-start', reason: error.message })
    })
    child.on('close', (code, exitSignal) => {
      finish(stopped ? { kind: stopped } : { kind: 'exited', code, signal: exitSignal, ...out })
    })
  })
}
