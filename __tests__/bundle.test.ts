import { beforeAll, describe, expect, it } from '@jest/globals'
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, runAction as spawnAction } from '../scripts/run-action.js'
import { startFakeGitHub, type FakeGitHub } from '../sim/github.js'
import { lifecycles, startSimulator, type Simulator } from '../sim/index.js'
import { deployInputs, errorLines, INTEGRATION_ID, requireBundle, SECRET_VALUES, visibleText } from './helpers/action.js'
import { slots } from './helpers/slots.js'

/**
 * The bundled dist/index.js, spawned the way the runner runs it (INPUT_* variables, the
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, signals), in real time. The rest of the suite
 * runs the action in-process on a virtual clock (helpers/in-process.ts); these few cases prove
 * that the bundle behaves the same: create, update, failure, cancellation, a GitHub feature.
 *
 * The spawns wait on the simulator's phases and on timers, not on the CPU, so the cases run at
 * the same time (`it.concurrent`, three bundles at a time), each against a simulator (and fake GitHub) of its own; jest
 * starts concurrent cases before any nested hook, so each sets up what it needs itself.
 */
function scenarioFor({ deploymentName }: { deploymentName: string }) {
  if (deploymentName.includes('build-fails')) return lifecycles.buildFailed(40)
  if (deploymentName.includes('cancel')) return lifecycles.stuck('BUILDING')
  return lifecycles.deployed(40)
}

beforeAll(() => requireBundle())

/** Three bundles at a time: all seven at once, on two loaded cores, spend seconds just starting. */
const inSlot = slots(3)
const runAction: typeof spawnAction = (options) => inSlot(() => spawnAction(options))

/** Runs `test` against a simulator of its own, stopped afterwards whatever happened. */
async function withSim(test: (sim: Simulator) => Promise<void>): Promise<void> {
  const sim = await startSimulator({ scenario: scenarioFor })
  try {
    await test(sim)
  } finally {
    await sim.stop()
  }
}

const deployWith = (sim: Simulator, name: string, extra: Record<string, string> = {}) =>
  runAction({ inputs: deployInputs(sim, name, extra) })

describe('the bundle', () => {
  it.concurrent('creates the deployment, waits for DEPLOYED and reports it through the runner files', () =>
    withSim(async (sim) => {
      const run = await deployWith(sim, 'support-agent')
      expect(errorLines(run)).toEqual([])
      expect(run.exitCode).toBe(0)
      const [deployment] = sim.deployments()
      expect(sim.deployments()).toHaveLength(1)
      const revisions = sim.revisions(deployment.id as string)
      expect(revisions).toHaveLength(1)
      expect(run.outputs).toEqual({
        'deployment-id': deployment.id,
        'revision-id': revisions[0].id,
        'revision-status': 'DEPLOYED',
        'deployment-status': 'READY',
        operation: 'created',
        'deployment-url': expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/hosted\/support-agent-/),
        'commit-sha': expect.stringMatching(/^[0-9a-f]{40}$/)
      })
      expect(sim.requests[1].body).toMatchObject({
        name: 'support-agent',
        source: 'github',
        source_config: { integration_id: INTEGRATION_ID }
      })
      for (const request of sim.requests) expect(request.headers['user-agent']).toMatch(/^agent-server-deploy-action\/\d+\.\d+\.\d+/)
      // Real time: which phases a poll catches depends on the machine's load, so only the end is checked
      // here (integration.test.ts checks each phase, on the virtual clock).
      expect(run.stdout).toContain(`Revision ${revisions[0].id} is DEPLOYED after`)
      expect(run.summary).toContain('✅ Deployed <code>support-agent</code>')
      const visible = visibleText(run)
      for (const secret of [...SECRET_VALUES, sim.apiKey]) {
        expect(run.stdout).toContain(`::add-mask::${secret}`)
        expect(visible).not.toContain(secret)
      }
    })
  )

  it.concurrent('patches an existing deployment and waits for the new revision', () =>
    withSim(async (sim) => {
      const seeded = sim.seedDeployment({ name: 'support-agent', source_config: { integration_id: INTEGRATION_ID } })
      const run = await deployWith(sim, 'support-agent', { 'repo-ref': 'release-2' })
      expect(errorLines(run)).toEqual([])
      expect(run.exitCode).toBe(0)
      const revisions = sim.revisions(seeded.id as string)
      expect(revisions).toHaveLength(2)
      expect(run.outputs).toMatchObject({
        operation: 'updated',
        'deployment-id': seeded.id,
        'revision-id': revisions[0].id,
        'revision-status': 'DEPLOYED'
      })
      expect(sim.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
      expect(sim.requests.filter((r) => r.method === 'POST')).toEqual([])
    })
  )

  it.concurrent('fails on a build failure with one error line, exit code 1 and the known outputs', () =>
    withSim(async (sim) => {
      const run = await deployWith(sim, 'build-fails')
      expect(run.exitCode).toBe(1)
      const [deployment] = sim.deployments()
      const [revision] = sim.revisions(deployment.id as string)
      const errors = errorLines(run)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toContain(
        `Revision ${revision.id} of deployment \`build-fails\` failed to build (status BUILD_FAILED): ERROR: failed to solve`
      )
      expect(run.outputs).toMatchObject({
        'deployment-id': deployment.id,
        'revision-id': revision.id,
        'revision-status': 'BUILD_FAILED',
        operation: 'created'
      })
      expect(run.summary).toContain('❌ Deploy of <code>build-fails</code> failed')
    })
  )

  it.concurrent.each(['SIGINT', 'SIGTERM'] as const)(
    'on %s stops waiting, reports where the deploy stands and exits non-zero within 5 s',
    (signal) =>
      withSim(async (sim) => {
        let signalledAt = 0
        const name = `cancel-${signal.toLowerCase()}`
        const run = await runAction({
          inputs: deployInputs(sim, name, { 'poll-interval': '200ms' }),
          onStart: (child) => {
            let output = ''
            child.stdout?.on('data', (chunk: Buffer) => {
              output += chunk.toString()
              if (!signalledAt && output.includes(': BUILDING (after')) {
                signalledAt = Date.now()
                child.kill(signal)
              }
            })
          }
        })
        expect(signalledAt).toBeGreaterThan(0)
        expect(Date.now() - signalledAt).toBeLessThan(5_000)
        expect(run.exitCode).toBe(1)
        const [deployment] = sim.deployments()
        const [revision] = sim.revisions(deployment.id as string)
        expect(run.stdout).toContain(`Received ${signal}: stopping the wait`)
        expect(errorLines(run)).toEqual([
          `The workflow was cancelled while waiting for revision ${revision.id} of deployment \`${name}\` (${deployment.id}), last seen BUILDING.\n` +
            `The deploy goes on on the control plane; nothing was cancelled there. Follow revision ${revision.id} on the control plane, or re-run this job to wait for it.`
        ])
        expect(run.outputs).toMatchObject({ 'revision-id': revision.id, 'revision-status': 'BUILDING', operation: 'created' })
        expect(run.summary).toContain('**Why this run stopped waiting:** The workflow was cancelled')
      })
  )
})

describe('the bundle with GitHub features', () => {
  /** Runs `test` against a simulator and a fake GitHub of its own, with a directory for the event file, all gone afterwards. */
  async function withGitHub(
    options: { hang?: boolean },
    test: (sim: Simulator, github: FakeGitHub, dir: string) => Promise<void>
  ): Promise<void> {
    const github = await startFakeGitHub(options)
    const dir = await mkdtemp(join(tmpdir(), 'bundle-test-'))
    try {
      await withSim((sim) => test(sim, github, dir))
    } finally {
      await Promise.all([github.stop(), rm(dir, { recursive: true, force: true })])
    }
  }

  it.concurrent('records the GitHub deployment and comments on the pull request, loading Octokit from its chunk', () =>
    withGitHub({}, async (sim, github, dir) => {
      const eventPath = join(dir, 'event.json')
      await writeFile(
        eventPath,
        JSON.stringify({
          number: 42,
          pull_request: {
            number: 42,
            head: { sha: 'feedfacecafebeef0123456789abcdef01234567', ref: 'feature-x', repo: { full_name: 'octo-org/support-agent' } },
            base: { ref: 'main', repo: { full_name: 'octo-org/support-agent' } }
          }
        })
      )
      const run = await runAction({
        inputs: deployInputs(sim, 'support-agent-pr-42', { 'github-environment': 'pr-42', 'pr-comment': 'true' }),
        env: {
          GITHUB_API_URL: github.url,
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: eventPath,
          GITHUB_REF: 'refs/pull/42/merge',
          GITHUB_HEAD_REF: 'feature-x',
          GITHUB_TOKEN: github.token
        }
      })
      expect(errorLines(run)).toEqual([])
      expect(run.exitCode).toBe(0)
      expect(github.statuses.map((s) => s.state)).toEqual(['in_progress', 'success'])
      expect(github.comments).toHaveLength(1)
      expect(github.comments[0].body).toContain('### ✅ Deployed <code>support-agent-pr-42</code>')
      expect(visibleText(run)).not.toContain(github.token)
    })
  )

  it.concurrent(
    'exits within 5 s of `timeout` when the GitHub API hangs, and says GitHub reporting was cut short',
    () =>
      withGitHub({ hang: true }, async (sim, hanging, dir) => {
        const eventPath = join(dir, 'event-hang.json')
        await writeFile(
          eventPath,
          JSON.stringify({
            number: 43,
            pull_request: {
              number: 43,
              head: { sha: 'feedfacecafebeef0123456789abcdef01234567', ref: 'feature-y', repo: { full_name: 'octo-org/support-agent' } },
              base: { ref: 'main', repo: { full_name: 'octo-org/support-agent' } }
            }
          })
        )
        // From the action's first line of output, not from the spawn or the call: its `timeout` was
        // already running then, and the seconds a loaded machine takes to start node and load the
        // bundle are not the action's (a load of 6 on 2 cores made this case fail from the spawn).
        let started = 0
        const run = await runAction({
          inputs: deployInputs(sim, 'support-agent-pr-43', { 'github-environment': 'pr-43', 'pr-comment': 'true', timeout: '3s' }),
          env: {
            GITHUB_API_URL: hanging.url,
            GITHUB_EVENT_NAME: 'pull_request',
            GITHUB_EVENT_PATH: eventPath,
            GITHUB_REF: 'refs/pull/43/merge',
            GITHUB_HEAD_REF: 'feature-y',
            GITHUB_TOKEN: hanging.token
          },
          // Before the fix the run never ended: killed here, so that failure is an assertion, not jest's time-out.
          onStart: (child) => {
            child.stdout?.once('data', () => (started = Date.now()))
            setTimeout(() => child.kill('SIGKILL'), 20_000).unref()
          }
        })
        // NaN (a failure) when it printed nothing at all.
        const elapsed = started > 0 ? Date.now() - started : Number.NaN
        expect(run.exitCode).not.toBeNull()
        expect(elapsed).toBeLessThan(3_000 + 5_000)
        expect(hanging.requests.length).toBeGreaterThan(0)
        const cutShort = run.stdout.split('\n').filter((line) => line.startsWith('::warning::GitHub reporting was cut short'))
        expect(cutShort.length).toBeGreaterThan(0)
        // Which piece the hang caught depends on how far the run got in its 3 s: on a loaded machine
        // the GitHub deployment may never have been made, leaving only the comment to name.
        expect(cutShort.join('\n')).toMatch(/left undone: updating the (GitHub deployment|pull-request comment)/)
        // The summary still got its chance.
        expect(run.summary).toContain('support-agent-pr-43')
      }),
    30_000
  )

  it.concurrent('runs a deploy without GitHub features when neither the Octokit chunk nor the GitHub reporting chunk is there', () =>
    withSim(async (sim) => {
      const bare = await mkdtemp(join(tmpdir(), 'bare-dist-'))
      try {
        // Every file of the bundle but the chunks that hold Octokit and our GitHub reporting.
        const files = await readdir(join(ROOT, 'dist'))
        const octokitChunks = []
        const reportingChunks = []
        for (const file of files) {
          const text = await readFile(join(ROOT, 'dist', file), 'utf8')
          if (file.endsWith('.index.js') && text.includes('class Octokit')) octokitChunks.push(file)
          else if (file.endsWith('.index.js') && text.includes('class GitHubReporter')) reportingChunks.push(file)
          else if (file.endsWith('.map')) continue
          else await copyFile(join(ROOT, 'dist', file), join(bare, file))
        }
        expect(octokitChunks).toHaveLength(1)
        expect(reportingChunks).toHaveLength(1)
        const run = await runAction({ inputs: deployInputs(sim, 'no-github'), entry: join(bare, 'index.js') })
        expect(errorLines(run)).toEqual([])
        expect(run.exitCode).toBe(0)
      } finally {
        await rm(bare, { recursive: true, force: true })
      }
    })
  )
})
