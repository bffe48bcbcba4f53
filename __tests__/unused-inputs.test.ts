/**
 * Inputs a command does not use are warned about, never checked: one step may serve
 * several commands (deploy a preview, or delete it when the pull request closes), so a
 * value meant for another command, malformed or empty (a missing repository secret),
 * must not block this one. A bad value of an input the command does use still refuses.
 * Each command runs in-process against the simulator on the virtual clock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { startFakeGitHub, type FakeGitHub } from '../sim/github.js'
import { lifecycles, type Simulator } from '../sim/index.js'
import { deployInputs, errorLines } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'
import { INPUT_NAMES, type InputName } from '../src/inputs/names.js'
import { readInputs } from '../src/inputs/read.js'
import type { InputSpec } from '../src/inputs/spec.js'

const REPOSITORY = 'octo-org/support-agent'
const LISTENER = '7c9e6679-7425-40de-944b-e07fc1f1a1b2'

let sim: Simulator
let github: FakeGitHub
beforeAll(async () => {
  sim = await startSimulatorOnClock()
  github = await startFakeGitHub()
})
afterAll(() => Promise.all([sim.stop(), github.stop()]))
beforeEach(() => {
  sim.reset()
  sim.setScenario(lifecycles.deployed())
  github.reset()
})

/** Values each of which refused any command before: the four, and more of the same kind. */
const BAD_DEPLOY_ONLY = {
  // What a missing repository secret becomes.
  secrets: 'OPENAI_API_KEY=',
  'on-failure': 'rolback',
  'health-check-path': 'https://evil.example/ok',
  'resource-spec': 'min_scael: 1'
}
const BAD_NOT_DEPLOY = { 'rollback-to': 'yesterday', 'max-age': 'soon', 'ignore-missing': 'maybe', 'name-pattern': 'agent' }

const connection = () => ({ 'control-plane-url': sim.url, 'api-key': sim.apiKey })
const run = (inputs: Record<string, string>) => runInProcess({ inputs, env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY } })

/** `a`, `b` and `c` as the warning lists them: in action.yml's order. */
const listed = (names: string[]) => {
  const ordered = [...names].sort((a, b) => INPUT_NAMES.indexOf(a as InputName) - INPUT_NAMES.indexOf(b as InputName))
  const quoted = ordered.map((n) => `\`${n}\``)
  return quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`
}

describe('inputs the chosen command does not use', () => {
  it.each<[string, () => unknown, Record<string, string>, string]>([
    ['delete', () => sim.seedDeployment({ name: 'agent' }), { name: 'agent', 'poll-interval': '50ms' }, 'deleted'],
    [
      'rollback',
      () =>
        sim.seedDeployment({
          name: 'agent',
          revisions: [
            { status: 'DEPLOYED', ageMs: 7_200_000 },
            { status: 'DEPLOYED', ageMs: 3_600_000 }
          ]
        }),
      { name: 'agent', 'poll-interval': '50ms' },
      'rolled-back'
    ],
    ['delete-listener', () => sim.seedListener(LISTENER), { 'listener-id': LISTENER }, 'deleted'],
    [
      'prune',
      () => {
        sim.seedDeployment({ name: 'agent-pr-2' })
        github.pulls.push({ number: 2, state: 'closed' })
      },
      { 'name-pattern': 'agent-pr-{pr}', 'poll-interval': '50ms' },
      'deleted'
    ]
  ])('`command: %s` goes ahead past bad values of the deploy inputs, naming them in one warning', async (command, seed, own, kind) => {
    seed()
    // rollback checks its revision's health too: its own `health-check-path` is tested below.
    const bad: Record<string, string> = { ...BAD_DEPLOY_ONLY }
    if (command === 'rollback') delete bad['health-check-path']
    const inputs: Record<string, string> = { ...connection(), command, ...bad, ...own }
    if (command === 'prune') inputs['github-token'] = github.token
    const result = await run(inputs)
    expect(errorLines(result)).toEqual([])
    expect(result.exitCode).toBe(0)
    expect(result.outcome.kind).toBe(kind)
    const ignored = result.warnings.filter((w) => w.includes('does not use'))
    expect(ignored).toEqual([
      `${listed(Object.keys(bad))} are set but \`command: ${command}\` does not use them; they are ignored, and not checked.`
    ])
  })

  it('`command: deploy` goes ahead past bad values of the delete, rollback and prune inputs', async () => {
    const result = await run({ ...deployInputs(sim, 'agent'), ...BAD_NOT_DEPLOY })
    expect(errorLines(result)).toEqual([])
    expect(result.outcome.kind).toBe('deployed')
    expect(sim.deployments().map((d) => d.name)).toEqual(['agent'])
    expect(result.warnings.filter((w) => w.includes('does not use'))).toEqual([
      '`rollback-to`, `ignore-missing`, `name-pattern` and `max-age` are set but `command: deploy` does not use them; they are ignored, and not checked.'
    ])
  })

  it('still refuses a bad value of an input the command uses, before any request', async () => {
    sim.seedDeployment({ name: 'agent' })
    const deleted = await run({ ...connection(), command: 'delete', name: 'agent', wait: 'maybe', 'on-failure': 'rolback' })
    expect(deleted.exitCode).toBe(1)
    expect(errorLines(deleted).join('\n')).toMatch(/`wait` must be `true` or `false`/)
    expect(errorLines(deleted).join('\n')).not.toContain('on-failure')
    const rolledBack = await run({ ...connection(), command: 'rollback', name: 'agent', 'health-check-path': 'https://evil.example/ok' })
    expect(rolledBack.exitCode).toBe(1)
    expect(errorLines(rolledBack).join('\n')).toContain('`health-check-path` must be a path, not a full URL')
    expect(sim.requests).toEqual([])
  })
})

/**
 * These read the inputs outside run(), so @actions/core writes `::add-mask::` for each secret
 * to the real stdout: in this repository's own CI that would mask the test's `k` in every
 * line of the job's log. Kept, to be checked, instead.
 */
function capturedStdout(): string[] {
  const written: string[] = []
  beforeEach(() => {
    written.length = 0
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0)
  })
  afterEach(() => {
    jest.restoreAllMocks()
  })
  return written
}

describe('an input spec', () => {
  const stdout = capturedStdout()
  it('may read only the inputs it declares: another was never checked, so reading it is an error in the spec', async () => {
    const sloppy: InputSpec<{ path?: string }> = { uses: ['name'], read: (reader) => ({ path: reader.value('health-check-path') }) }
    const values: Partial<Record<InputName, string>> = {
      'control-plane-url': 'https://api.example.com',
      'api-key': 'k',
      command: 'sloppy',
      'health-check-path': '/ok'
    }
    await expect(readInputs({ sloppy }, (name) => values[name] ?? '', { env: {} })).rejects.toThrow(
      'the input spec of `command: sloppy` reads `health-check-path` without listing it in `uses`'
    )
    expect(stdout).toContain('::add-mask::k\n')
  })
})

describe('a `secrets` input the command does not use', () => {
  const stdout = capturedStdout()
  it('is not parsed, but its values are masked all the same', async () => {
    const { redact, REDACTED } = await import('../src/core/masking.js')
    const { readActionInputs } = await import('../src/commands/registry.js')
    const values: Record<string, string> = {
      'control-plane-url': 'https://api.example.com',
      'api-key': 'key-0123456789',
      command: 'delete',
      name: 'agent',
      secrets: 'OPENAI_API_KEY=sk-unused-0123456789\nGREETING: "hello-unused-value"'
    }
    await readActionInputs((name) => values[name] ?? '')
    expect(redact('echo sk-unused-0123456789 and hello-unused-value')).toBe(`echo ${REDACTED} and ${REDACTED}`)
    expect(stdout).toContain('::add-mask::sk-unused-0123456789\n')
  })
})
