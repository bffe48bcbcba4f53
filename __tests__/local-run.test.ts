// `npm start` (scripts/local-run-core.js) as a newcomer uses it, checking what a person reads in
// the terminal: its commands and demos, scenarios, seeds, --update, --keep, and a real control
// plane's repository taken from the git checkout. The action runs in-process from the sources
// on the virtual clock (helpers/local-run.ts), one run at a time: phases and timeouts cost no
// real time. What only a process shows (the arguments and help, the bundle, Ctrl+C passed on,
// sim/cli.js) is in local-run-spawn.test.ts.
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from '../scripts/run-action.js'
import { summaryText } from '../scripts/summary-text.js'
import { startSimulator, type Simulator } from '../sim/index.js'
import {
  expectOwnDemo,
  expectRegistryLoginDemo,
  localRunInProcess as localRun,
  runDemo,
  type LocalRun as Run
} from './helpers/local-run.js'

describe('a deploy to the simulator', () => {
  // One deploy and one with the raw log, shared by the three tests below (made by the first to ask).
  let both: Promise<[Run, Run]> | undefined
  const deployed = () => (both ??= (async () => [await localRun([]), await localRun(['--raw'])] as [Run, Run])())

  it('succeeds and prints outputs and a readable summary', async () => {
    const [run] = await deployed()
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('operation=created')
    expect(run.stdout).toContain('revision-status=DEPLOYED')
    const summary = run.stdout.slice(run.stdout.indexOf('──── job summary ────'))
    expect(summary).toMatch(/^Revision status: `DEPLOYED`$/m)
    expect(summary).not.toMatch(/<\/?(table|tr|th|td)\b/)
    // The config check read the demo repository's config through the fake GitHub, the server
    // proved the revision it runs, and the agent answered the demo's smoke test.
    expect(summary).toMatch(/^Config check: ✅ 1 graph \(agent\), Python 3\.11: passed; read through GitHub/m)
    expect(summary).toMatch(/^Revision proof: ✅ the server named `[0-9a-f-]{36}`, this run's revision/m)
    expect(summary).toMatch(/^Smoke test: ✅ assistant `agent` wrote `echo: ping`/m)
    expect(run.stdout).toMatch(/^serving-revision-id=[0-9a-f-]{36}$/m)
    // The file holds the Markdown source, which GitHub renders: not what it renders.
    expect(run.stdout).toMatch(/^The job summary's Markdown source \(what GitHub renders on the run's page\) is kept in \S+\/summary\.md$/m)
    expect(run.stdout).not.toContain('as GitHub renders it')
    // action.yml declares a post step: it runs after the step, and has nothing to do after a deploy.
    expect(run.stdout).toMatch(
      /^──── post step \(action\.yml `runs\.post`, run by the runner at the end of the job\) ────\n\(nothing to do\)$/m
    )
  })

  it('hides the mask commands and never prints the API key or a secret', async () => {
    const [run, raw] = await deployed()
    // The raw log proves the values were there to hide.
    expect(raw.stdout).toContain('::add-mask::sim-api-key')
    expect(raw.stdout).toContain('::add-mask::sk-demo-not-a-real-key')
    for (const text of [run.stdout, run.stderr]) {
      expect(text).not.toContain('sim-api-key')
      expect(text).not.toContain('sk-demo-not-a-real-key')
      expect(text).not.toContain('add-mask')
    }
  })

  it('shows groups as headings and no workflow command tokens', async () => {
    const [run, raw] = await deployed()
    expect(raw.stdout).toMatch(/^::group::Build log of revision /m)
    expect(raw.stdout).toMatch(/^::stop-commands::/m)
    expect(run.stdout).toMatch(/^▸ Build log of revision [0-9a-f-]{36}$/m)
    expect(run.stdout).toMatch(/^▸ Deploy log of revision [0-9a-f-]{36}$/m)
    expect(run.stdout).toMatch(/^ {2}\S+ INFO Building image\.$/m)
    expect(run.stdout).not.toMatch(/^\s*::/m)
    expect(run.stdout).not.toContain('stop-commands')
  })
})

describe('scenarios', () => {
  it.each([
    ['build-failed', 'BUILD_FAILED', /^Error: .*BUILD_FAILED/m],
    ['deploy-failed', 'DEPLOY_FAILED', /^Error: .*DEPLOY_FAILED/m],
    ['skipped', 'SKIPPED', /^Error: .*SKIPPED/m]
  ])('%s ends the step with %s and a readable error', async (scenario, status, error) => {
    const run = await localRun(['--scenario', scenario])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`revision-status=${status}`)
    expect(run.stdout).toMatch(error)
  })

  it("broken-config's summary reads in the terminal as GitHub shows it: no Markdown escapes", async () => {
    const run = await localRun(['--scenario', 'broken-config', '--phase-ms', '100'], { env: { GITHUB_WORKSPACE: ROOT } })
    const summary = run.stdout.slice(run.stdout.indexOf('──── job summary ────'))
    expect(summary).toMatch(/^- `python_version`: Python `3\.10` is not supported/m)
    expect(summary).toContain('(listed above)')
    expect(summary).not.toMatch(/\\[_()]/)
  })

  it('smoke-test-failed shows what the agent answered, and the rollback', async () => {
    const run = await localRun(['--scenario', 'smoke-test-failed', '--phase-ms', '100'])
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/^Error: The smoke test failed: assistant `agent` .*KeyError/m)
    expect(run.stdout).toContain('operation=rolled-back')
    expect(run.stdout).toMatch(/^Smoke test: ❌ the run failed/m)
    expect(run.stdout).toMatch(/^Now serving: `[0-9a-f-]{36}`, a redeploy of/m)
  })

  it('evals runs the example suite on the deployed revision: every case passes, one row each', async () => {
    const run = await localRun(['--scenario', 'evals', '--phase-ms', '100'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Evals: ✅ 6 of 6 cases passed \(100%\)/m)
    // Compared with production: passes of runs on both sides, and the verdict.
    expect(run.stdout).toMatch(/^\| `refund-window` \| ✅\u00a01\/1 \| ✅\u00a01\/1 \| not\u00a0worse \|/m)
    expect(run.stdout).toContain('eval-pass-rate=1')
  })

  it('evals-regression: the preview is worse than production on two cases, named first, and is rolled back', async () => {
    const run = await localRun(['--scenario', 'evals-regression', '--phase-ms', '100'])
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      /^Error: The evals failed: 2 of 6 cases failed: `refund-window`, `refuses-prompt-injection` .*are worse than `support-agent-prod` with evidence \(passes here vs there: 0\/7 vs 7\/7/m
    )
    expect(run.stdout).toMatch(
      /^### Evals: ❌ \*\*worse than `support-agent-prod` on 2 cases\*\*: `refund-window` 0\/7 vs 7\/7, `refuses-prompt-injection` 0\/7 vs 7\/7/m
    )
    expect(run.stdout).toContain('operation=rolled-back')
    expect(run.stdout).toContain('eval-regressions=2')
  })

  it('timeout gives up at the step timeout, still building', async () => {
    const run = await localRun(['--scenario', 'timeout', '--input', 'timeout=3s'])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain("within the step's `timeout` of 3s")
    expect(run.stdout).toContain('revision-status=BUILDING')
  })

  it('--update deploys twice: a create, then an update with a new revision', async () => {
    const run = await localRun(['--update'])
    expect(run.code).toBe(0)
    const first = run.stdout.indexOf('operation=created')
    const second = run.stdout.indexOf('operation=updated')
    expect(first).toBeGreaterThan(-1)
    expect(second).toBeGreaterThan(first)
    const revisions = [...run.stdout.matchAll(/^revision-id=(\S+)$/gm)].map((m) => m[1])
    expect(revisions).toHaveLength(2)
    expect(revisions[0]).not.toBe(revisions[1])
  })

  it("passes the user's environment to the action, and the simulator builds the commit the run is for", async () => {
    const sha = 'fedcba9876543210fedcba9876543210fedcba98'
    const run = await localRun([], { env: { GITHUB_REF: 'refs/heads/feature-x', GITHUB_REF_NAME: 'feature-x', GITHUB_SHA: sha } })
    expect(run.code).toBe(0)
    // The simulator's build log names the branch it was asked to build.
    expect(run.stdout).toMatch(/Building revision \S+ from feature-x /)
    expect(run.stdout).toContain(`commit-sha=${sha}`)
    // Not a commit of the simulator's own, which the action would warn about as the branch moving on.
    expect(run.stdout).not.toMatch(/^Warning:/m)
  })
})

describe('every command has its own demo', () => {
  const demo = (command: string, extra: string[] = []) => runDemo(localRun, command, extra)

  it('delete deletes a seeded deployment, and the summary file is kept with its path printed', async () => {
    const run = await demo('delete')
    expectOwnDemo(run)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Seeded: deployment support-agent, revisions (oldest first): DEPLOYED')
    expect(run.stdout).toContain('Deleting `support-agent`, on the simulator.')
    expect(run.stdout).toMatch(/^operation=deleted$/m)
    expect(run.summaryFile).toMatch(/summary\.md$/)
    // The file holds the Markdown GitHub would render, of which the terminal showed the text.
    expect(run.summary).toMatch(/^## .*support-agent/m)
    expect(run.stdout).toContain(summaryText(run.summary).trim())
  })

  it('rollback goes back over a failed build to the older DEPLOYED revision', async () => {
    const run = await demo('rollback')
    expectOwnDemo(run)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Seeded: deployment support-agent, revisions (oldest first): DEPLOYED, BUILD_FAILED, DEPLOYED')
    expect(run.stdout).toContain('Rolling `support-agent` back to the DEPLOYED revision before the one serving, on the simulator.')
    expect(run.stdout).toMatch(/^operation=rolled-back$/m)
    expect(run.stdout).toMatch(/^revision-status=DEPLOYED$/m)
  })

  it('prune deletes the previews whose pull request in the fake GitHub is closed or gone', async () => {
    const run = await demo('prune')
    expectOwnDemo(run)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Fake GitHub API on http:\/\/127\.0\.0\.1:\d+ /m)
    expect(run.stdout).toContain('Seeded: pull request #7, open, in the fake GitHub')
    expect(run.stdout).toContain('Seeded: pull request #12, closed, in the fake GitHub')
    expect(run.stdout).toContain('Pruning previews named `support-agent-pr-{pr}` whose pull request is closed or gone, on the simulator.')
    const pruned = JSON.parse(/^pruned=(.*)$/m.exec(run.stdout)?.[1] ?? 'null') as string[]
    expect([...pruned].sort()).toEqual(['support-agent-pr-12', 'support-agent-pr-3'])
  })

  it('delete-listener deletes a seeded listener', async () => {
    const run = await demo('delete-listener')
    expectOwnDemo(run)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Deleting listener [0-9a-f-]{36}, on the simulator\.$/m)
    expect(run.stdout).toMatch(/^operation=deleted$/m)
  })

  it('registry-login creates the deployment and logs the stand-in docker in, never showing the push token', async () => {
    const run = await demo('registry-login')
    expectOwnDemo(run)
    expectRegistryLoginDemo(run)
  })

  it('registry-login in a dry run plans, and docker is not run', async () => {
    const run = await demo('registry-login', ['--input', 'dry-run=true'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^operation=planned$/m)
    expect(run.stdout).toContain('──── docker (the stand-in) ────\nDocker was not run.')
    expect(run.dockerCalls).toBe('')
  })

  it('--real-docker goes with registry-login and a real control plane only', async () => {
    const simulated = await localRun(['--real-docker', '--input', 'command=registry-login'])
    const deploy = await localRun(['--real-docker', '--control-plane-url', 'http://127.0.0.1:9'])
    expect(simulated.code).toBe(2)
    expect(simulated.stderr).toContain(
      "--real-docker goes with --control-plane-url: the simulator's registry is a host that resolves nowhere"
    )
    expect(deploy.code).toBe(2)
    expect(deploy.stderr).toContain('--real-docker goes with `command: registry-login`, not `deploy`.')
  })

  it('--input name=x makes the demo act on a seeded x', async () => {
    const run = await demo('delete', ['--input', 'name=other-agent'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Seeded: deployment other-agent,')
    expect(run.stdout).toMatch(/^operation=deleted$/m)
  })

  it("seed options replace the demo's seeds", async () => {
    const run = await demo('prune', [
      '--previews',
      'preview-{pr}=4,5',
      '--pull',
      '5=open',
      '--input',
      'name-pattern=preview-{pr}',
      '--input',
      'dry-run=true'
    ])
    expect(run.code).toBe(0)
    expect(run.stdout).not.toContain('support-agent-pr-')
    expect(run.stdout).toMatch(/^operation=planned$/m)
    expect(run.stdout).toContain('`preview-4`')
  })

  it('--update goes with deploy only', async () => {
    const run = await localRun(['--update', '--input', 'command=delete'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--update deploys twice; it goes with `command: deploy`, not `delete`.')
  })
})

describe('input names action.yml does not declare', () => {
  it('are warned about as the runner does, and the step still runs', async () => {
    const run = await localRun(['--input', 'comand=delete', '--input', 'dry-run=true'])
    expect(run.code).toBe(0)
    const warning = /^Warning: Unexpected input\(s\) 'comand', valid inputs are \[(.*)\]$/m.exec(run.stdout)
    expect(warning).not.toBeNull()
    const names = (warning?.[1] ?? '').split(', ')
    expect(names).toContain("'command'")
    expect(names).toContain("'name-pattern'")
    expect(names).not.toContain("'comand'")
    // Not a command: the default, deploy, planned.
    expect(run.stdout).toMatch(/^operation=planned$/m)
  })
})

describe('after the run', () => {
  it('--keep leaves the simulator running with its URL printed, until Ctrl+C', async () => {
    let listed: unknown
    const run = await localRun(['--keep'], {
      until: /keeps running at (http:\/\/\S+) \(API key (\S+)\)/,
      then: (stdout, interrupt) => {
        void (async () => {
          const [, url, key] = /keeps running at (http:\/\/\S+) \(API key (\S+)\)/.exec(stdout) ?? []
          const response = await fetch(`${url}/v2/deployments`, { headers: { 'X-Api-Key': key } })
          listed = await response.json()
          interrupt()
        })()
      }
    })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Simulator stopped.')
    expect(JSON.stringify(listed)).toContain('"name":"support-agent"')
  })
})

describe('a real control plane: the repository comes from the git checkout', () => {
  interface Checkout {
    dir: string
    git: (...args: string[]) => void
    /** A control plane of this test's own, so that the tests can run at the same time. */
    sim: Simulator
  }
  /** Runs `test` in a fresh directory against a fresh simulator, both gone after. */
  async function inDirectory(test: (checkout: Checkout) => Promise<void>): Promise<void> {
    const dir = await mkdtemp(join(tmpdir(), 'local-run-'))
    const sim = await startSimulator({})
    const git = (...args: string[]) => {
      const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, encoding: 'utf8' })
      if (result.status !== 0) throw new Error(result.stderr)
    }
    try {
      await test({ dir, git, sim })
    } finally {
      await Promise.all([sim.stop(), rm(dir, { recursive: true, force: true })])
    }
  }

  const realArgs = (sim: Simulator) => [
    '--control-plane-url',
    sim.url,
    '--input',
    `api-key=${sim.apiKey}`,
    '--input',
    'name=from-checkout',
    '--input',
    'graph-config-path=graph.json',
    '--input',
    'integration-id=5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    '--input',
    'wait=false'
  ]
  it('refuses outside a git checkout, naming repo-url and repo-ref, and sends nothing', () =>
    inDirectory(async ({ dir, sim }) => {
      const run = await localRun(realArgs(sim), { cwd: dir, env: { INIT_CWD: dir } })
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('is not a git checkout')
      expect(run.stderr).toContain('--input repo-url=https://github.com/OWNER/REPO --input repo-ref=BRANCH')
      expect(sim.requests).toEqual([])
    }))

  it('refuses a checkout without an origin', () =>
    inDirectory(async ({ dir, git, sim }) => {
      git('init', '-q', '-b', 'main')
      git('commit', '-q', '--allow-empty', '-m', 'first')
      const run = await localRun(realArgs(sim), { cwd: dir, env: { INIT_CWD: dir } })
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('no remote `origin`')
      expect(run.stderr).toContain('repo-url')
      expect(run.stderr).toContain('repo-ref')
      expect(sim.requests).toEqual([])
    }))

  it('runs a command that sends no repository outside a checkout, without asking for one', () =>
    inDirectory(async ({ dir, sim }) => {
      sim.seedDeployment({ name: 'to-delete' })
      const args = [
        '--control-plane-url',
        sim.url,
        '--input',
        `api-key=${sim.apiKey}`,
        '--input',
        'command=delete',
        '--input',
        'name=to-delete'
      ]
      const run = await localRun(args, { cwd: dir, env: { INIT_CWD: dir } })
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      expect(run.stdout).toContain(`Deleting \`to-delete\`, on ${sim.url}.`)
      expect(run.stdout).not.toMatch(/Deploying|repo-url|^Warning:/m)
      expect(sim.deployments()).toEqual([])
    }))

  it('registry-login uses the stand-in, whose record of a real token is removed, unless --real-docker', () =>
    inDirectory(async ({ dir, sim }) => {
      // This machine's "real" docker: one of the test's own, first on the PATH the runner is given.
      const realRecord = join(dir, 'real-docker-argv')
      await writeFile(join(dir, 'docker'), `#!/bin/sh\nprintf '%s\\n' "$@" >> '${realRecord}'\ncat > /dev/null\n`, { mode: 0o755 })
      const env = { INIT_CWD: dir, PATH: `${dir}:${process.env.PATH ?? ''}` }
      const args = [
        '--control-plane-url',
        sim.url,
        '--input',
        `api-key=${sim.apiKey}`,
        '--input',
        'command=registry-login',
        '--input',
        'name=own-image'
      ]
      const standIn = await localRun(args, { cwd: dir, env })
      expect(standIn.stderr).toBe('')
      expect(standIn.code).toBe(0)
      expect(standIn.stdout).toContain('on its standard input: *** (the password)')
      const kept = /^Docker: a stand-in \((\S+)\/docker-stand-in\/docker\)/m.exec(standIn.stdout)?.[1] ?? ''
      expect(kept).not.toBe('')
      await expect(readFile(join(kept, 'docker-calls.jsonl'), 'utf8')).rejects.toThrow(/ENOENT/)
      await rm(kept, { recursive: true, force: true })
      await expect(readFile(realRecord, 'utf8')).rejects.toThrow(/ENOENT/)

      const real = await localRun([...args, '--real-docker'], { cwd: dir, env })
      expect(real.code).toBe(0)
      expect(real.stdout).not.toContain('──── docker (the stand-in) ────')
      // Logged in by the step, out by its post step, as at the end of a job.
      expect(await readFile(realRecord, 'utf8')).toMatch(
        /^login\n-u\noauth2accesstoken\n--password-stdin\nregistry\.sim\.example:5000\nlogout\nregistry\.sim\.example:5000\n$/
      )
      const tokens = sim.pushTokens().map(({ token }) => token)
      expect(tokens).toHaveLength(2)
      for (const token of tokens)
        for (const text of [standIn.stdout, standIn.stderr, real.stdout, real.stderr]) expect(text).not.toContain(token)
      const summaries = /kept in (\S+)\/summary\.md$/m.exec(real.stdout)?.[1]
      if (summaries) await rm(summaries, { recursive: true, force: true })
    }))

  it('deploys the origin repository and the current branch', () =>
    inDirectory(async ({ dir, git, sim }) => {
      git('init', '-q', '-b', 'feature-y')
      git('commit', '-q', '--allow-empty', '-m', 'first')
      git('remote', 'add', 'origin', 'git@github.com:acme/agents.git')
      const run = await localRun(realArgs(sim), { cwd: dir, env: { INIT_CWD: dir } })
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      expect(run.stdout).toContain('Deploying `from-checkout` from https://github.com/acme/agents feature-y at ')
      const created = sim.deployments().find((d) => d.name === 'from-checkout') as
        { source_config: { repo_url: string }; source_revision_config: { repo_ref: string } } | undefined
      expect(created?.source_config.repo_url).toBe('https://github.com/acme/agents')
      expect(created?.source_revision_config.repo_ref).toBe('feature-y')
    }))
})

describe('a deploy to what the demo seeds', () => {
  const deploy = (extra: string[]) => localRun(extra)

  it('--deployment seeds one as the demo inputs would have created it, which the deploy then updates', async () => {
    const run = await deploy(['--deployment', 'support-agent'])
    expect(run.stdout).not.toContain('cannot change after creation')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^operation=updated$/m)
  })

  it('--demo paths: a push outside `paths` sends nothing, and the serving revision is reported', async () => {
    const run = await deploy(['--demo', 'paths'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(
      'Seeded: main at 5e7fa1b2c3d4e5f60718293a4b5c6d7e8f901234 (served), then 0123456789abcdef0123456789abcdef01234567, the push'
    )
    expect(run.stdout).toMatch(/^operation=unchanged$/m)
    expect(run.stdout).toMatch(/^commit-sha=5e7fa1b2c3d4e5f60718293a4b5c6d7e8f901234$/m)
    expect(run.stdout).toContain('2 changed files, all outside `paths`')
  })

  it('--demo expected-commit: promoting the tested commit after main moved on is refused before any change', async () => {
    const run = await deploy(['--demo', 'expected-commit'])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      '`main` points to commit 0123456789abcdef0123456789abcdef01234567 now, not to `expected-commit` 5e7fa1b2c3d4e5f60718293a4b5c6d7e8f901234'
    )
    expect(run.stdout).not.toMatch(/^operation=/m)
  })

  it('--help lists each --demo, and a wrong one is refused', async () => {
    const help = await localRun(['--help'])
    const unknown = await localRun(['--demo', 'pahts'])
    const other = await localRun(['--demo', 'paths', '--input', 'command=delete'])
    expect(help.stdout).toMatch(/^ +paths +a push that changes only another agent/m)
    expect(help.stdout).toMatch(/^ +expected-commit +promoting the commit that was tested/m)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('Unknown --demo `pahts`; one of: paths, expected-commit.')
    expect(other.code).toBe(2)
    expect(other.stderr).toContain('--demo paths is a deploy; it goes with `command: deploy`, not `delete`.')
  })
})
