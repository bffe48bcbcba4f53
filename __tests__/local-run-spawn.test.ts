// `npm start` (scripts/local-run.js) spawned as a process, as a newcomer runs it: what only a
// process can show. Its arguments and help, a deploy and a registry-login through the bundle
// (dist/index.js spawned with the stand-in `docker` first on its PATH), Ctrl+C passed on to the
// action, and sim/cli.js. Every other behaviour of the runner is checked in-process, on the
// virtual clock (local-run.test.ts).
//
// The spawns wait on phases and timers, not on the CPU, so the tests run concurrently
// (`it.concurrent`): the file takes about as long as its slowest run instead of the sum of all.
// jest starts concurrent tests right after the file's top-level beforeAll, before any nested
// hook, so every test sets up what it needs itself.
import { expectOwnDemo, expectRegistryLoginDemo, runDemo } from './helpers/local-run.js'
import { beforeAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { distFreshness } from '../scripts/dist-fresh.js'
import { ROOT } from '../scripts/run-action.js'
import { DEFAULT_PHASE_MS, SCENARIOS } from '../sim/scenarios.js'

const SCRIPT = join(ROOT, 'scripts', 'local-run.js')
const SIM_CLI = join(ROOT, 'sim', 'cli.js')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** An environment without the caller's GitHub or npm context, which would reach the action. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME }
  return { ...env, ...extra }
}

interface SpawnOptions {
  cwd?: string
  env?: Record<string, string>
  until?: RegExp
  then?: (pid: number, stdout: string) => void
}

function localRun(args: string[], options: SpawnOptions = {}): Promise<Run> {
  return spawnScript(SCRIPT, args, options)
}

function spawnScript(script: string, args: string[], options: SpawnOptions): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: options.cwd ?? ROOT, env: cleanEnv(options.env) })
    let stdout = ''
    let stderr = ''
    let fired = false
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      if (options.until && !fired && options.until.test(stdout)) {
        fired = true
        options.then?.(child.pid as number, stdout)
      }
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

beforeAll(() => {
  // Otherwise the runner would rebuild dist/ in the middle of the suite.
  if (!distFreshness().fresh) throw new Error('dist/ is stale: run `npm run build` before these tests.')
})

/** `npm start -- --help`, spawned once for the tests that read it. */
let helpRun: Promise<Run> | undefined
const help = () => (helpRun ??= localRun(['--help']))

describe('npm start -- --help', () => {
  it.concurrent('prints the usage with every scenario, and no stack trace', async () => {
    const run = await help()
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/^Usage: npm start -- \[options\]/)
    for (const name of ['deployed', 'build-failed', 'deploy-failed', 'create-failed', 'skipped', 'interrupted', 'timeout']) {
      expect(run.stdout).toMatch(new RegExp(`^ +${name} `, 'm'))
    }
    for (const command of ['delete', 'rollback', 'prune', 'delete-listener', 'registry-login'])
      expect(run.stdout).toContain(`--input command=${command} `)
    expect(run.stdout).toContain('--real-docker')
    expect(run.stdout).toContain('--update')
    expect(run.stdout).toContain('--keep')
    expect(run.stdout).toContain('--control-plane-url')
  })

  it.concurrent('refuses an unknown option or scenario with a pointer to --help', async () => {
    const [option, scenario] = await Promise.all([localRun(['--scenaro', 'x']), localRun(['--scenario', 'exploded'])])
    expect(option.code).toBe(2)
    expect(option.stderr).toContain('npm start -- --help')
    expect(option.stderr).not.toMatch(/\n\s+at /)
    expect(scenario.code).toBe(2)
    expect(scenario.stderr).toContain('Unknown --scenario `exploded`; one of: deployed, build-failed')
  })
})

describe('through the bundle', () => {
  it.concurrent('a deploy succeeds, shows groups as headings, and never prints the API key, a secret or a workflow command', async () => {
    const run = await localRun(['--phase-ms', '100'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('operation=created')
    expect(run.stdout).toContain('revision-status=DEPLOYED')
    expect(run.stdout).toMatch(/^▸ Build log of revision [0-9a-f-]{36}$/m)
    expect(run.stdout).toMatch(/^ {2}\S+ INFO Building image\.$/m)
    expect(run.stdout).not.toMatch(/^\s*::/m)
    for (const text of [run.stdout, run.stderr]) {
      expect(text).not.toContain('sim-api-key')
      expect(text).not.toContain('sk-demo-not-a-real-key')
      expect(text).not.toContain('add-mask')
    }
  })

  /** The demo's run, spawned, with the simulator's phases at 100 ms. */
  const demo = (command: string, extra: string[] = []) => runDemo(localRun, command, ['--phase-ms', '100', ...extra])

  it.concurrent('registry-login creates the deployment and logs the stand-in docker in, never showing the push token', async () => {
    const run = await demo('registry-login')
    expectOwnDemo(run)
    expectRegistryLoginDemo(run)
  })

  it.concurrent('Ctrl+C reaches the action, whose cancellation report is printed', async () => {
    const run = await localRun(['--scenario', 'timeout'], {
      until: /to be DEPLOYED, within the step's/,
      then: (pid) => setTimeout(() => process.kill(pid, 'SIGINT'), 300)
    })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('Received SIGINT')
    expect(run.stdout).toMatch(/^Error: .*cancelled/m)
    expect(run.stdout).toMatch(/exit code 1 after [\d.]+ s, interrupted/)
  })
})

describe('node sim/cli.js shares the scenarios and seeds', () => {
  function simCli(args: string[], options: SpawnOptions = {}): Promise<Run> {
    return spawnScript(SIM_CLI, args, options)
  }

  it.concurrent('both entry points list the same scenarios with the same default phase length', async () => {
    const [sim, local] = await Promise.all([simCli(['--help']), help()])
    expect(sim.code).toBe(0)
    for (const name of Object.keys(SCENARIOS)) {
      const about = SCENARIOS[name].about.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      for (const help of [sim.stdout, local.stdout]) expect(help).toMatch(new RegExp(`^ +${name} +${about}`, 'm'))
    }
    expect(sim.stdout).toContain(`(default: ${DEFAULT_PHASE_MS})`)
    expect(local.stdout).toContain(`(default: ${DEFAULT_PHASE_MS})`)
  })

  it.concurrent('refuses an old camelCase name, naming the kebab-case one', async () => {
    const run = await simCli(['--scenario', 'buildFailed'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Unknown --scenario `buildFailed` (did you mean `build-failed`?')
  })

  it.concurrent('seeds deployments with histories, previews and pull requests, and serves them until Ctrl+C', async () => {
    let listed: Array<{ name: string }> = []
    let pulls: Array<{ number: number }> = []
    const run = await simCli(
      [
        '--scenario',
        'build-failed',
        '--deployment',
        'support-agent=DEPLOYED,BUILD_FAILED,DEPLOYED',
        '--previews',
        'support-agent-pr-{pr}=3,7',
        '--pull',
        '7=open',
        '--pull',
        '3=closed'
      ],
      {
        until: /Press Ctrl\+C/,
        then: (pid, stdout) => {
          void (async () => {
            const url = /listening on (\S+)/.exec(stdout)?.[1]
            const githubUrl = /GITHUB_API_URL=(\S+)/.exec(stdout)?.[1]
            const token = /GITHUB_TOKEN=(\S+)/.exec(stdout)?.[1]
            try {
              const deployments = await fetch(`${url}/v2/deployments`, { headers: { 'X-Api-Key': 'sim-api-key' } })
              listed = ((await deployments.json()) as { resources: Array<{ name: string }> }).resources
              const open = await fetch(`${githubUrl}/repos/o/r/pulls?state=open`, { headers: { authorization: `token ${token}` } })
              pulls = (await open.json()) as Array<{ number: number }>
            } finally {
              process.kill(pid, 'SIGINT')
            }
          })()
        }
      }
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Scenario:  build-failed,')
    expect(run.stdout).toContain('Seeded:    deployment support-agent, revisions (oldest first): DEPLOYED, BUILD_FAILED, DEPLOYED')
    expect(listed.map((d) => d.name).sort()).toEqual(['support-agent', 'support-agent-pr-3', 'support-agent-pr-7'])
    expect(pulls.map((p) => p.number)).toEqual([7])
    expect(run.stdout).toContain('Simulator stopped.')
  })

  it.concurrent('refuses a seed it cannot make, naming the option', async () => {
    const run = await simCli(['--deployment', 'x=DEPLOYD', '--pull', '7=merged'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--deployment x: unknown status `DEPLOYD`')
    expect(run.stderr).toContain('--pull takes N=open or N=closed, got `7=merged`')
  })
})
