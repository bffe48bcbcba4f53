/**
 * The local runner (`npm start`, scripts/local-run-core.js) with the action run in this process
 * from the sources (helpers/in-process.ts) instead of the bundle spawned: its simulator is on
 * the shared virtual clock, so phases and the step's `timeout` cost no real time. What the
 * runner prints is what a person would read in the terminal.
 *
 * In-process runs share the secrets registry: run one local run at a time (no `it.concurrent`).
 */
import { expect } from '@jest/globals'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startLocalRun, type ActionRunner } from '../../scripts/local-run-core.js'
import { ROOT } from '../../scripts/run-action.js'
import type { Log } from '../../src/core/log.js'
import { runPost } from '../../src/post.js'
import { clock, runInProcess } from './in-process.js'

export interface LocalRun {
  code: number
  stdout: string
  stderr: string
}

/**
 * runAction's contract, in-process: the action.yml defaults applied, the summary written to
 * `summaryFile`, `onStart` given a handle whose kill() is the workflow being cancelled. The
 * action finds `docker` on PATH, as a process would on the PATH it was given: that PATH is
 * this process's for the length of the run.
 */
export const inProcessAction: ActionRunner = {
  run: async ({ inputs, env, onStdout, onStart, summaryFile }) => {
    const cancel = new AbortController()
    let exitCode: number | null = null
    onStart({
      get exitCode() {
        return exitCode
      },
      kill: () => cancel.abort()
    })
    const savedPath = process.env.PATH
    if (env.PATH !== undefined) process.env.PATH = env.PATH
    try {
      // The spawned action's workspace is its working directory, the repository's root (no GITHUB_WORKSPACE): the same here.
      const run = await runInProcess({ inputs, env: { GITHUB_WORKSPACE: ROOT, ...env }, onStdout, signal: cancel.signal })
      exitCode = run.exitCode
      await writeFile(summaryFile, run.summary)
      return {
        exitCode: run.exitCode,
        stdout: run.stdout,
        stderr: run.stderr,
        outputs: run.outputs,
        summary: run.summary,
        state: run.states
      }
    } finally {
      process.env.PATH = savedPath
    }
  },
  // The post step as src/index.ts runs it (src/post.ts), given what the main run kept; its log
  // lines written as @actions/core writes them.
  post: async ({ env, state, onStdout }) => {
    let stdout = ''
    const write = (text: string) => {
      stdout += text
      onStdout(text)
    }
    const log: Log = {
      info: (line) => write(`${line}\n`),
      warn: (line) => write(`::warning::${line}\n`),
      notice: (line) => write(`::notice::${line}\n`),
      debug: () => undefined,
      startGroup: (title) => write(`::group::${title}\n`),
      endGroup: () => write('::endgroup::\n')
    }
    await runPost({ state: (name) => state[name] ?? '', log, env })
    return { exitCode: 0, stdout, stderr: '', outputs: {}, summary: '' }
  }
}

export interface LocalRunOptions {
  /** Where `npm start` was typed (INIT_CWD unless `env` says); the repository's root by default. */
  cwd?: string
  /** Over a PATH and HOME of this process's only: the caller's GitHub or npm context would reach the action. */
  env?: Record<string, string>
  /** Called once, when what was printed so far matches: e.g. to press Ctrl+C (`interrupt`). */
  until?: RegExp
  then?: (stdout: string, interrupt: () => boolean) => void
}

/** `npm start -- ...args`, in-process. */
export async function localRunInProcess(args: string[], options: LocalRunOptions = {}): Promise<LocalRun> {
  let stdout = ''
  let stderr = ''
  let fired = false
  const session = startLocalRun(args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
    cwd: options.cwd ?? ROOT,
    out: (text) => {
      stdout += text
      if (options.until && !fired && options.until.test(stdout)) {
        fired = true
        // After this write returns, as a terminal's reader would see it.
        setImmediate(() => options.then?.(stdout, session.interrupt))
      }
    },
    err: (text) => void (stderr += text),
    action: inProcessAction,
    now: clock.now,
    // The agent's answers held on the same clock: a demo's 700 ms run costs no real time.
    holdOn: clock.holdOn
  })
  const code = await session.exitCode
  return { code, stdout, stderr }
}

/**
 * What `npm start -- --input command=registry-login` must show, in-process or spawned: the
 * deployment created, the stand-in `docker` asked once with the push token on its standard
 * input, and the token never printed.
 */
export function expectRegistryLoginDemo(run: { code: number | null; stdout: string; stderr: string; dockerCalls: string }): void {
  expect(run.code).toBe(0)
  expect(run.stdout).toContain(
    'Logging Docker in to the registry of `support-agent` (created with source internal_docker if missing), on the simulator.'
  )
  expect(run.stdout).toMatch(/^operation=created$/m)
  expect(run.stdout).toMatch(/^registry=registry\.sim\.example:5000$/m)
  const repository = /^image-repository=(\S+)$/m.exec(run.stdout)?.[1]
  expect(repository).toMatch(/^registry\.sim\.example:5000\/tenants\/[0-9a-f-]{36}\/support-agent$/)
  expect(run.stdout).toContain(`image-uri: ${repository}@<digest>`)
  // The stand-in, not a Docker of this machine, was asked to log in, once, with the token on its
  // standard input, then by the post step (`registry-logout`, on by default) to log out.
  const calls = run.dockerCalls
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { argv: string[]; stdin: string })
  expect(calls.map((call) => call.argv.join(' '))).toEqual([
    'login -u oauth2accesstoken --password-stdin registry.sim.example:5000',
    'logout registry.sim.example:5000'
  ])
  const token = calls[0].stdin.trim()
  expect(token).toMatch(/^sim-push-\S{20,}$/)
  expect(run.stdout).toContain('Docker was asked: docker login -u oauth2accesstoken --password-stdin registry.sim.example:5000')
  expect(run.stdout).toContain('on its standard input: *** (the push token the simulator issued)')
  expect(run.stdout).toMatch(
    /^──── post step \(action\.yml `runs\.post`, run by the runner at the end of the job\) ────\nLogged Docker out of registry\.sim\.example:5000 \(`registry-logout`\)\.$/m
  )
  expect(run.stdout).toContain('Docker was asked: docker logout registry.sim.example:5000')
  for (const text of [run.stdout, run.stderr]) expect(text).not.toContain(token)
}

/** What a command's demo left: its summary file, read back, and the docker stand-in's record beside it. */
export interface DemoRead {
  summaryFile: string
  summary: string
  dockerCalls: string
}

/**
 * A command's demo (`--input command=<command>`), run by `localRun` (in-process or spawned),
 * its summary file and the docker stand-in's record read back, and the files removed.
 */
export async function runDemo<R extends { stdout: string }>(
  localRun: (args: string[]) => Promise<R>,
  command: string,
  extra: string[] = []
): Promise<R & DemoRead> {
  const run = await localRun(['--input', `command=${command}`, ...extra])
  const summaryFile = /kept in (\S+\.md)$/m.exec(run.stdout)?.[1] ?? ''
  const summary = summaryFile ? await readFile(summaryFile, 'utf8') : ''
  const dockerCalls = summaryFile ? await readFile(join(summaryFile, '..', 'docker-calls.jsonl'), 'utf8').catch(() => '') : ''
  if (summaryFile) await rm(join(summaryFile, '..'), { recursive: true, force: true })
  return { ...run, summaryFile, summary, dockerCalls }
}

/** What no command's demo may say: another command's inputs, or another command's words. */
export function expectOwnDemo(run: { stdout: string; stderr: string }): void {
  expect(run.stderr).toBe('')
  // A demo sets only inputs its command uses: no warning of any kind, "set but not used" included.
  expect(run.stdout).not.toMatch(/^Warning:/m)
  expect(run.stdout).not.toMatch(/Deploying/)
  expect(run.stdout).not.toContain('sk-demo-not-a-real-key')
}
