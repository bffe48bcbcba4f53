import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { runAction } from '../scripts/run-action.js'
import { startSimulator, type Simulator } from '../sim/index.js'
import { runPost } from '../src/post.js'
import type { Log } from '../src/core/log.js'
import { deployInputs, requireBundle } from './helpers/action.js'
import { DockerStandIn } from './helpers/docker-stand-in.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

/**
 * `registry-logout`: the main run keeps the registry host for the post step (`runs.post`), which
 * logs Docker out of it at the end of the job and does nothing else.
 */
const REGISTRY = 'registry.sim.example:5000'
const docker = new DockerStandIn()

function recordingLog() {
  const lines: string[] = []
  const log: Log = {
    info: (line) => lines.push(line),
    warn: (line) => lines.push(`warning: ${line}`),
    notice: (line) => lines.push(`notice: ${line}`),
    debug: () => undefined,
    startGroup: (title) => lines.push(`group: ${title}`),
    endGroup: () => undefined
  }
  return { log, lines }
}

const post = (states: Record<string, string>) => {
  const { log, lines } = recordingLog()
  return runPost({ state: (name) => states[name] ?? '', log }).then(() => lines)
}

afterAll(() => docker.remove())
beforeEach(() => {
  docker.reset()
  docker.install()
})

describe('registry-logout, in-process', () => {
  let sim: Simulator
  beforeAll(async () => {
    sim = await startSimulatorOnClock()
  })
  afterAll(() => sim.stop())
  beforeEach(() => sim.reset())

  const login = (inputs: Record<string, string> = {}) =>
    runInProcess({
      inputs: { 'control-plane-url': sim.url, 'api-key': sim.apiKey, command: 'registry-login', name: 'image-agent', ...inputs }
    })

  it('keeps the registry host for the post step (the default), and the post step logs Docker out of it and does nothing else', async () => {
    const run = await login()
    expect(run.failures).toEqual([])
    expect(run.states).toEqual({ registry: REGISTRY })
    expect(run.lines).toContainEqual(expect.stringContaining(`Docker will be logged out of ${REGISTRY} at the end of the job`))

    sim.reset()
    docker.reset()
    const lines = await post({ isPost: 'true', ...run.states })
    expect(docker.calls().map(({ argv, stdin }) => ({ argv, stdin }))).toEqual([{ argv: ['logout', REGISTRY], stdin: '' }])
    expect(lines).toEqual([`Logged Docker out of ${REGISTRY} (\`registry-logout\`).`])
    expect(sim.requests).toEqual([])
  })

  it('keeps nothing with `registry-logout: false`, and on a dry run (no login)', async () => {
    const kept = await login({ 'registry-logout': 'false' })
    expect(kept.failures).toEqual([])
    expect(kept.states).toEqual({})
    expect(kept.lines).toContainEqual(expect.stringContaining('`registry-logout` is false: Docker stays logged in'))
    expect(docker.calls().map((c) => c.argv[0])).toEqual(['login'])
    const planned = await login({ 'dry-run': 'true' })
    expect(planned.outcome.kind).toBe('planned')
    expect(planned.states).toEqual({})
  })

  it('refuses `registry-logout` that is not a boolean, before any request', async () => {
    const run = await login({ 'registry-logout': 'yes' })
    expect(run.failures[0]).toContain('`registry-logout` must be `true` or `false`, got `yes`')
    expect(sim.requests).toEqual([])
  })

  it('keeps nothing on a deploy: its post step runs no docker', async () => {
    const run = await runInProcess({ inputs: deployInputs(sim, 'support-agent') })
    expect(run.failures).toEqual([])
    expect(run.states).toEqual({})
    expect(await post({ isPost: 'true' })).toEqual([])
    expect(docker.calls()).toEqual([])
  })
})

describe('the post step alone', () => {
  it('warns, and does not fail, when docker logout fails', async () => {
    docker.reset('fail')
    const lines = await post({ isPost: 'true', registry: REGISTRY })
    expect(docker.calls().map((c) => c.argv)).toEqual([['logout', REGISTRY]])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      new RegExp(
        `^warning: Could not log Docker out of ${REGISTRY} \\(\`docker logout ${REGISTRY}\`: exit code 1: Error response from daemon`
      )
    )
    expect(lines[0]).not.toMatch(/[\r\n]/)
  })

  it('passes nothing but a plain host to docker', async () => {
    const lines = await post({ isPost: 'true', registry: '--config=/tmp/x' })
    expect(docker.calls()).toEqual([])
    expect(lines).toEqual([
      'warning: The registry kept for logging out is not a registry host ("--config=/tmp/x"): Docker was not logged out.'
    ])
  })
})

describe('registry-logout, as the runner runs the bundle: the main run, then the post run with its kept state', () => {
  let sim: Simulator
  beforeAll(async () => {
    requireBundle()
    sim = await startSimulator()
  })
  afterAll(() => sim.stop())

  it('logs in, keeps isPost and the registry in GITHUB_STATE; the post run logs out, sends no request and writes no summary or output', async () => {
    const inputs = { 'control-plane-url': sim.url, 'api-key': sim.apiKey, command: 'registry-login', name: 'image-agent' }
    const main = await runAction({ inputs, env: { PATH: process.env.PATH ?? '' } })
    expect(main.exitCode).toBe(0)
    expect(main.state).toEqual({ isPost: 'true', registry: REGISTRY })
    const requests = sim.requests.length
    expect(docker.calls().map((c) => c.argv[0])).toEqual(['login'])

    const stateEnv = Object.fromEntries(Object.entries(main.state ?? {}).map(([name, value]) => [`STATE_${name}`, value]))
    const postRun = await runAction({ inputs, env: { PATH: process.env.PATH ?? '', ...stateEnv } })
    expect(postRun.exitCode).toBe(0)
    expect(docker.calls().map((c) => c.argv)).toEqual([
      ['login', '-u', 'oauth2accesstoken', '--password-stdin', REGISTRY],
      ['logout', REGISTRY]
    ])
    expect(sim.requests).toHaveLength(requests)
    expect(postRun.summary).toBe('')
    expect(postRun.outputs).toEqual({})
    expect(postRun.state).toEqual({})
    expect(postRun.stdout.trim()).toBe(`Logged Docker out of ${REGISTRY} (\`registry-logout\`).`)
  })
})
