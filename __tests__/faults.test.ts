import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { lifecycles, startEchoServer, startSimulator, type FaultRule, type Simulator } from '../sim/index.js'
import { errorLines, INTEGRATION_ID, SECRET_VALUES, visibleText } from './helpers/action.js'
import { clock, deployWith, startSimulatorOnClock, untilNothingHeld } from './helpers/in-process.js'
import type { ActionRun } from '../scripts/run-action.js'

/**
 * The action, run in-process on a virtual clock, through injected faults: each scenario asserts the outcome,
 * how many deployments and revisions exist afterwards (never a second one of
 * either), and that no secret shows anywhere the run leaves text. The figures are
 * printed at the end.
 */
const figures = { scenarios: 0, faultsInjected: 0, duplicates: 0, leaks: 0 }

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(30) })
})
afterAll(async () => {
  await sim.stop()
  console.log(
    `fault suite: ${figures.scenarios} scenarios, ${figures.faultsInjected} faults injected, ` +
      `${figures.duplicates} duplicate deployments or revisions, ${figures.leaks} secret leaks`
  )
})
beforeEach(() => sim.reset())

const NAME = 'support-agent'
const html502 = { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>', headers: { 'content-type': 'text/html' } }

/** Runs one deploy with `faults` injected, and checks what must hold whatever happened. */
async function deployThrough(faults: FaultRule[], extra: Record<string, string> = {}): Promise<ActionRun> {
  for (const fault of faults) sim.addFault(fault)
  const run = await deployWith(sim, NAME, { 'poll-interval': '100ms', ...extra })
  // A change the action gave up on may still land: count only once it has.
  await untilNothingHeld(sim)
  figures.scenarios++
  figures.faultsInjected += sim.faultLog.length
  const visible = visibleText(run)
  const leaked = [...SECRET_VALUES, sim.apiKey].filter((secret) => visible.includes(secret))
  figures.leaks += leaked.length
  expect(leaked).toEqual([])
  return run
}

/** Deployments named NAME and the revisions of the one there is; counts duplicates. */
function store() {
  const deployments = sim.deployments().filter((d) => d.name === NAME)
  if (deployments.length > 1) figures.duplicates += deployments.length - 1
  return { deployments, revisions: deployments[0] ? sim.revisions(deployments[0].id as string) : [] }
}

function seedExisting() {
  return sim.seedDeployment({ name: NAME, source_config: { integration_id: INTEGRATION_ID } })
}

/** After a patch: the seeded revision and exactly one more. */
function expectOneNewRevision() {
  const { revisions } = store()
  if (revisions.length > 2) figures.duplicates += revisions.length - 2
  expect(revisions).toHaveLength(2)
}

function expectCreatedOnce(run: ActionRun) {
  expect(errorLines(run)).toEqual([])
  expect(run.exitCode).toBe(0)
  const { deployments, revisions } = store()
  expect(deployments).toHaveLength(1)
  expect(revisions).toHaveLength(1)
  expect(run.outputs).toMatchObject({ operation: 'created', 'deployment-id': deployments[0].id, 'revision-status': 'DEPLOYED' })
}

describe('creating through faults makes exactly one deployment and one revision', () => {
  const create: Pick<FaultRule, 'method' | 'path'> = { method: 'POST', path: '/v2/deployments' }

  it.each<[string, FaultRule[]]>([
    ['503 twice before the create is handled', [{ ...create, times: 2, respond: { status: 503 } }]],
    ['429 with Retry-After', [{ ...create, respond: { status: 429, body: '{"detail":"Too many requests"}' }, retryAfter: '1' }]],
    ['a reset after the create was applied', [{ ...create, applyThen: 'reset' }]],
    ['a 502 from a proxy after the create was applied', [{ ...create, applyThen: html502 }]],
    ['an HTML body on the 201', [{ ...create, malformed: 'html' }]],
    ['a truncated 201 body', [{ ...create, malformed: 'truncated' }]],
    ['a 201 missing its id', [{ ...create, malformed: 'missing-fields' }]],
    ['an empty 201 body', [{ ...create, malformed: 'empty' }]],
    ['a reset before the request was handled', [{ ...create, resetBefore: true }]],
    [
      'a create applied, then a reset, then the re-read failing',
      [
        { ...create, applyThen: 'reset' },
        { method: 'GET', path: '/v2/deployments', skip: 1, respond: { status: 500 } }
      ]
    ],
    ['a create answered late, after the action gave up on it', [{ ...create, delayMs: 3_000 }]]
  ])('%s', async (_case, faults) => {
    const run = await deployThrough(faults, { timeout: '12s' })
    expectCreatedOnce(run)
    expect(sim.faultLog.length).toBeGreaterThanOrEqual(faults.length)
  })

  it('says when a create took effect despite the error', async () => {
    const run = await deployThrough([{ ...create, applyThen: 'reset' }])
    expectCreatedOnce(run)
    expect(run.stdout).toContain('The create of `support-agent` took effect despite the error')
    expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })
})

describe('updating through faults makes exactly one new revision', () => {
  const patch: Pick<FaultRule, 'method' | 'path'> = { method: 'PATCH', path: /^\/v2\/deployments\/[^/]+$/ }

  it.each<[string, FaultRule[]]>([
    ['a reset after the patch was applied', [{ ...patch, applyThen: 'reset' }]],
    ['a 502 after the patch was applied', [{ ...patch, applyThen: html502 }]],
    ['504 before the patch was handled, twice', [{ ...patch, times: 2, respond: { status: 504 } }]],
    [
      'applied, 502; then the resend refused with 503',
      [
        { ...patch, applyThen: html502 },
        { ...patch, skip: 1, respond: { status: 503 } }
      ]
    ],
    ['a 200 with a body that is not JSON', [{ ...patch, malformed: 'not-json' }]],
    ['a 200 missing latest_revision_id', [{ ...patch, malformed: 'missing-fields' }]],
    ['a patch answered late, after the action gave up on it', [{ ...patch, delayMs: 3_000 }]]
  ])('%s', async (_case, faults) => {
    const seeded = seedExisting()
    const run = await deployThrough(faults, { timeout: '12s', 'repo-ref': 'release' })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(store().deployments).toHaveLength(1)
    expectOneNewRevision()
    expect(run.outputs).toMatchObject({ operation: 'updated', 'deployment-id': seeded.id, 'revision-status': 'DEPLOYED' })
  })
})

describe('reads through faults', () => {
  it.each<[string, FaultRule[]]>([
    ['500 twice on the lookup', [{ method: 'GET', path: '/v2/deployments', times: 2, respond: { status: 500 } }]],
    ['resets on status checks', [{ method: 'GET', path: /\/revisions\//, times: 3, resetBefore: true }]],
    [
      'truncated and HTML status-check bodies',
      [
        { method: 'GET', path: /\/revisions\//, malformed: 'truncated' },
        { method: 'GET', path: /\/revisions\//, skip: 1, malformed: 'html' }
      ]
    ],
    ['a slow status check', [{ method: 'GET', path: /\/revisions\//, delayMs: 1_500 }]],
    [
      'a 503 on the final re-read of the deployment',
      [{ method: 'GET', path: /^\/v2\/deployments\/[^/]+$/, times: 5, respond: { status: 503 } }]
    ]
  ])('%s', async (_case, faults) => {
    const run = await deployThrough(faults, { timeout: '12s' })
    expectCreatedOnce(run)
  })

  it('honours a Retry-After given as an HTTP date', async () => {
    // On a whole second, so the date's one-second resolution loses nothing, and far enough ahead
    // that it still lies ahead however slowly the run starts. The wait is virtual: it costs nothing.
    const at = Math.ceil((Date.now() + 20_000) / 1000) * 1000
    const sleptBefore = clock.sleeps.length
    const before = Date.now()
    const run = await deployThrough([
      { method: 'GET', path: '/v2/deployments', respond: { status: 429 }, retryAfter: new Date(at).toUTCString() }
    ])
    expectCreatedOnce(run)
    const retry = /List deployments failed with HTTP 429: \(empty body\) Retrying in (\d+)s \(attempt 2 of 5\)\./.exec(run.stdout)
    expect(retry).not.toBeNull()
    const seconds = Number(retry?.[1])
    // The date less the real time the run took to get there, counted from the wall clock.
    expect(seconds).toBeGreaterThanOrEqual(Math.round((at - Date.now()) / 1000))
    expect(seconds).toBeLessThanOrEqual(Math.round((at - before) / 1000))
    // Honoured, not just printed: the action slept that long before the second attempt.
    expect(clock.sleeps.slice(sleptBefore).filter((ms) => Math.abs(ms - seconds * 1000) <= 500)).toHaveLength(1)
  })

  it('fails clearly when status checks keep failing, keeping the outputs known by then', async () => {
    const run = await deployThrough([{ method: 'GET', path: /\/revisions\//, times: Infinity, respond: html502 }], { timeout: '8s' })
    expect(run.exitCode).toBe(1)
    const [error] = errorLines(run)
    expect(error).toMatch(
      /Get revision [0-9a-f-]+ failed with HTTP 502: \(unexpected body\) <html><body><h1>502 Bad Gateway<\/h1><\/body><\/html>/
    )
    expect(run.outputs).toMatchObject({ operation: 'created', 'deployment-id': store().deployments[0].id })
    expect(store().revisions).toHaveLength(1)
  })

  it('fails with the operation, status and a masked excerpt when the lookup answers HTML', async () => {
    const page = `<html><body>Sign in to the proxy. key=${sim.apiKey}</body></html>`
    const run = await deployThrough([
      {
        method: 'GET',
        path: '/v2/deployments',
        times: Infinity,
        respond: { status: 200, body: page, headers: { 'content-type': 'text/html' } }
      }
    ])
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toBe(
      'List deployments: the control plane answered HTTP 200 with a body that is not JSON: <html><body>Sign in to the proxy. key=***</body></html>\n' +
        'This is not a response the control plane API sends; check `control-plane-url` (a proxy or another service may be answering).'
    )
    expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })
})

describe('credentials and secrets', () => {
  it('does not follow a redirect to another origin, so the key never leaves the control plane', async () => {
    const other = await startEchoServer()
    try {
      const run = await deployThrough([{ method: 'GET', path: '/v2/deployments', redirectTo: other.url }])
      expect(run.exitCode).toBe(1)
      expect(errorLines(run)[0]).toContain('List deployments was answered with a redirect (HTTP 307)')
      expect(other.requests).toEqual([])
    } finally {
      await other.stop()
    }
  })

  it('masks secret values the control plane echoes in an error', async () => {
    seedExisting()
    const echo = JSON.stringify({ detail: `secret OPENAI_API_KEY=${SECRET_VALUES[0]} is invalid; key ${sim.apiKey}` })
    const run = await deployThrough([{ method: 'PATCH', respond: { status: 400, body: echo } }])
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toMatch(
      /^Update deployment [0-9a-f-]+ failed with HTTP 400: secret OPENAI_API_KEY=\*\*\* is invalid; key \*\*\*$/
    )
    expect(run.summary).toContain('OPENAI\\_API\\_KEY=\\*\\*\\* is invalid')
    // A 400 is a definite answer: the update did not take effect, so nothing claims it might have.
    expect(run.summary).not.toContain('may or may not')
    expect(store().revisions).toHaveLength(1)
  })

  it("masks secrets echoed in a failed revision's status message", async () => {
    sim.setScenario({
      phases: [{ status: 'BUILDING', ms: 50 }],
      outcome: 'DEPLOY_FAILED',
      statusMessage: `env DB_PASSWORD=${SECRET_VALUES[1]} rejected`
    })
    const run = await deployThrough([])
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain('(status DEPLOY_FAILED): env DB_PASSWORD=*** rejected')
    sim.setScenario(lifecycles.deployed(30))
  })
})

describe('an unreachable control plane', () => {
  it('fails after retrying, naming the URL', async () => {
    const closed = await startSimulator()
    const url = closed.url
    await closed.stop()
    const run = await deployWith(sim, NAME, { 'control-plane-url': url, timeout: '6s' })
    figures.scenarios++
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain(`List deployments failed: could not reach the control plane at ${url} (connect ECONNREFUSED`)
  })
})

describe('two runs on one deployment: a doubtful change adopts only what this run made', () => {
  const patch: Pick<FaultRule, 'method' | 'path'> = { method: 'PATCH', path: /^\/v2\/deployments\/[^/]+$/ }
  const create: Pick<FaultRule, 'method' | 'path'> = { method: 'POST', path: '/v2/deployments' }
  const otherPatch =
    (id: string): FaultRule['meanwhile'] =>
    (other) =>
      void other.send('PATCH', `/v2/deployments/${id}`, { source_revision_config: { repo_ref: 'hotfix' } })
  const otherCreate =
    (repoUrl: string): FaultRule['meanwhile'] =>
    (other) =>
      void other.send('POST', '/v2/deployments', {
        name: NAME,
        source: 'github',
        source_config: { integration_id: INTEGRATION_ID, repo_url: repoUrl },
        source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
        secrets: []
      })
  /** Revisions this run made (repo_ref `release`); more than one is a duplicate. */
  function revisionsOfThisRun(id: string): number {
    const ours = sim.revisions(id).filter((r) => (r.source_revision_config as { repo_ref?: string }).repo_ref === 'release').length
    if (ours > 1) figures.duplicates += ours - 1
    return ours
  }

  it("its update applied, another run's newer: waits on its own revision, which ends superseded", async () => {
    const seeded = seedExisting()
    const run = await deployThrough([{ ...patch, applyThen: 'reset', meanwhile: otherPatch(seeded.id as string) }], {
      timeout: '12s',
      'repo-ref': 'release'
    })
    expect(run.exitCode).toBe(1)
    expect(revisionsOfThisRun(seeded.id as string)).toBe(1)
    expect(run.outputs['revision-status']).toBe('SKIPPED')
  })

  it("its update lost, another run's landed: fails without sending it again", async () => {
    const seeded = seedExisting()
    const run = await deployThrough([{ ...patch, respond: html502, meanwhile: otherPatch(seeded.id as string) }], {
      timeout: '12s',
      'repo-ref': 'release'
    })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain('Another deploy changed deployment `support-agent` meanwhile')
    expect(revisionsOfThisRun(seeded.id as string)).toBe(0)
    expect(sim.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
  })

  it('its create lost, another run created the name with other settings: fails without sending it again', async () => {
    const run = await deployThrough(
      [{ ...create, respond: html502, meanwhile: otherCreate('https://github.com/octo-org/another-agent') }],
      { timeout: '12s' }
    )
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain('Another deploy created deployment `support-agent`')
    expect(store().deployments).toHaveLength(1)
    expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('a control plane that took a second create of the name: fails naming both deployments', async () => {
    sim.allowDuplicateNames(true)
    const run = await deployThrough(
      [{ method: 'GET', path: '/v2/deployments', delayMs: 0, meanwhile: otherCreate('https://github.com/octo-org/support-agent') }],
      { timeout: '12s' }
    )
    expect(run.exitCode).toBe(1)
    // Two exist, one of them the other run's: not a duplicate this run made.
    const ids = sim.deployments().map((d) => d.id as string)
    expect(ids).toHaveLength(2)
    expect(errorLines(run)[0]).toContain('The control plane now has 2 deployments named `support-agent`')
    for (const id of ids) expect(errorLines(run)[0]).toContain(id)
  })
})
