import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Revision } from '../src/api/schemas.js'
import { carriesOurEnvironment, carriesWhatWeSent } from '../src/operations/control-plane/ours.js'
import { lifecycles, type FaultRule, type Simulator } from '../sim/index.js'
import { deployInputs, INTEGRATION_ID } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

/**
 * Two runs on one deployment. The other run's change lands through a fault's `meanwhile`
 * hook, at the exact moment this run's request is answered (or its answer lost), so each
 * race happens the same way every time. run() is in-process on the virtual clock that the
 * simulator shares: settle windows and phases of 10 s cost no real time.
 */
let sim: Simulator
const dir = mkdtempSync(join(tmpdir(), 'ours-'))
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(10_000) })
})
afterAll(async () => {
  await sim.stop()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => sim.reset())

const NAME = 'support-agent'
const WORKFLOW_SHA = 'a'.repeat(40)
const PUSH_ENV = {
  GITHUB_REPOSITORY: 'octo-org/support-agent',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_SHA: WORKFLOW_SHA,
  GITHUB_EVENT_NAME: 'push'
}
const PATCH: Pick<FaultRule, 'method' | 'path'> = { method: 'PATCH', path: /^\/v2\/deployments\/[^/]+$/ }
const CREATE: Pick<FaultRule, 'method' | 'path'> = { method: 'POST', path: '/v2/deployments' }
const lost502 = { status: 502, body: '<html>502 Bad Gateway</html>', headers: { 'content-type': 'text/html' } }

/** With `env` alone as the workflow's context (no push to main underneath): `{}` is a run outside any. */
function deploy(inputs: Record<string, string>, env: Record<string, string> = PUSH_ENV) {
  // Phases take 10 s of the virtual clock: a check every 5 s sees each.
  return runInProcess({ inputs: { ...inputs, 'poll-interval': '5s' }, env, pushContext: false })
}

function seedExisting() {
  return sim.seedDeployment({ name: NAME, source_config: { integration_id: INTEGRATION_ID } })
}

/** The other run's patch, as it lands on the control plane. */
const otherRunPatches =
  (id: string, repoRef: string): FaultRule['meanwhile'] =>
  (other) =>
    void other.send('PATCH', `/v2/deployments/${id}`, { source_revision_config: { repo_ref: repoRef } })

const patchRequests = () => sim.requests.filter((r) => r.method === 'PATCH')

describe('after a doubtful update, the revision waited on is the one that carries what this run sent', () => {
  it('waits on its own revision when another run made a newer one, and ends superseded', async () => {
    const seeded = seedExisting()
    sim.addFault({ ...PATCH, applyThen: 'reset', meanwhile: otherRunPatches(seeded.id as string, 'hotfix') })
    const result = await deploy(deployInputs(sim, NAME, { 'repo-ref': 'release' }))

    const [theirs, ours] = sim.revisions(seeded.id as string) as unknown as Revision[]
    expect(theirs.source_revision_config?.repo_ref).toBe('hotfix')
    expect(ours.source_revision_config?.repo_ref).toBe('release')
    expect(result.outcome.kind).toBe('superseded')
    expect(result.outcome.revisionId).toBe(ours.id)
    expect(result.outputs['revision-id']).toBe(ours.id)
    expect(result.warnings.join('\n')).toContain(`its revision ${theirs.id} is newer than this run's ${ours.id}`)
    expect(patchRequests()).toHaveLength(1)
  })

  it("fails without sending again when its change is not there but another run's is", async () => {
    const seeded = seedExisting()
    sim.addFault({ ...PATCH, respond: lost502, meanwhile: otherRunPatches(seeded.id as string, 'hotfix') })
    const result = await deploy(deployInputs(sim, NAME, { 'repo-ref': 'release' }))

    const revisions = sim.revisions(seeded.id as string) as unknown as Revision[]
    expect(revisions.map((r) => r.source_revision_config?.repo_ref)).toEqual(['hotfix', 'main'])
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toContain(`Another deploy changed deployment \`${NAME}\` meanwhile (revision ${revisions[0].id})`)
    expect(result.failures[0]).toContain('Not sending it again')
    expect(result.outcome.revisionId).toBeUndefined()
    expect(patchRequests()).toHaveLength(1)
  })

  it("tells a secrets-only patch's revision by its unchanged settings", async () => {
    const seeded = seedExisting()
    sim.addFault({ ...PATCH, applyThen: 'reset', meanwhile: otherRunPatches(seeded.id as string, 'hotfix') })
    // Only secrets: no repo-ref (no workflow context gives one), no graph-config-path.
    const inputs = { 'control-plane-url': sim.url, 'api-key': sim.apiKey, name: NAME, secrets: 'OPENAI_API_KEY=sk-1' }
    const result = await deploy(inputs, {})

    const [theirs, ours, first] = sim.revisions(seeded.id as string) as unknown as Revision[]
    expect(ours.source_revision_config?.repo_ref).toBe(first.source_revision_config?.repo_ref)
    expect(theirs.source_revision_config?.repo_ref).toBe('hotfix')
    expect(result.outcome.revisionId).toBe(ours.id)
    expect(result.outcome.kind).toBe('superseded')
  })
})

describe('carriesWhatWeSent', () => {
  const revision = (config: Record<string, string | null>, source = 'github') => ({ source, source_revision_config: config })
  const previous = revision({ repo_ref: 'main', graph_config_path: 'graph.json', repo_commit_sha: 'abc' })

  it.each<[string, boolean, ReturnType<typeof revision>]>([
    ['every field sent, with the value sent', true, revision({ repo_ref: 'release', graph_config_path: 'graph.json' })],
    ['a field sent, with another value', false, revision({ repo_ref: 'hotfix', graph_config_path: 'graph.json' })],
    ['a field sent, not reported', false, revision({ graph_config_path: 'graph.json' })]
  ])('a patch of repo_ref: %s → %s', (_case, expected, candidate) => {
    expect(carriesWhatWeSent(candidate, { config: { repo_ref: 'release' } }, previous)).toBe(expected)
  })

  it.each<[string, boolean, ReturnType<typeof revision>]>([
    [
      'settings as before (a new commit sha does not count)',
      true,
      revision({ repo_ref: 'main', graph_config_path: 'graph.json', repo_commit_sha: 'def' })
    ],
    ['a setting changed by another run', false, revision({ repo_ref: 'hotfix', graph_config_path: 'graph.json' })],
    ['a setting added by another run', false, revision({ repo_ref: 'main', graph_config_path: 'graph.json', image_uri: 'x' })]
  ])('a secrets-only patch: %s → %s', (_case, expected, candidate) => {
    expect(carriesWhatWeSent(candidate, { config: {} }, previous)).toBe(expected)
  })

  it.each<[string, boolean, ReturnType<typeof revision>]>([
    ['the same settings and commit', true, revision({ repo_ref: 'main', graph_config_path: 'graph.json', repo_commit_sha: 'ABC' })],
    [
      'the same settings, another commit (a push of the same branch)',
      false,
      revision({ repo_ref: 'main', graph_config_path: 'graph.json', repo_commit_sha: 'def' })
    ],
    [
      'the same settings, no commit (left for the caller to refuse)',
      true,
      revision({ repo_ref: 'main', graph_config_path: 'graph.json', repo_commit_sha: null })
    ]
  ])('a redeploy of commit abc: %s → %s', (_case, expected, candidate) => {
    expect(
      carriesWhatWeSent(candidate, { config: { repo_ref: 'main', graph_config_path: 'graph.json' }, commitSha: 'abc' }, previous)
    ).toBe(expected)
  })

  it('refuses a revision of another source than the revision_source sent', () => {
    expect(
      carriesWhatWeSent(revision({ image_uri: 'img' }, 'external_docker'), { config: { image_uri: 'img' }, source: 'external_docker' })
    ).toBe(true)
    expect(carriesWhatWeSent(revision({ image_uri: 'img' }, 'github'), { config: { image_uri: 'img' }, source: 'external_docker' })).toBe(
      false
    )
  })
})

describe("after a doubtful create, the deployment adopted is the one with this run's settings", () => {
  it('fails without sending again when another run created the name with other settings', async () => {
    const otherCreates: FaultRule['meanwhile'] = (other) =>
      void other.send('POST', '/v2/deployments', {
        name: NAME,
        source: 'github',
        source_config: { integration_id: INTEGRATION_ID, repo_url: 'https://github.com/octo-org/another-agent' },
        source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
        secrets: []
      })
    sim.addFault({ ...CREATE, respond: lost502, meanwhile: otherCreates })
    const result = await deploy(deployInputs(sim, NAME))

    const [theirs] = sim.deployments()
    expect(sim.deployments()).toHaveLength(1)
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toContain(
      `Another deploy created deployment \`${NAME}\` (${theirs.id}) meanwhile, with settings other than this run's`
    )
    expect(result.outputs['deployment-id']).toBeUndefined()
    expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('reports two deployments of the name, with both ids, when the control plane did not refuse the second create', async () => {
    sim.allowDuplicateNames(true)
    const otherCreates: FaultRule['meanwhile'] = (other) =>
      void other.send('POST', '/v2/deployments', {
        name: NAME,
        source: 'github',
        source_config: { integration_id: INTEGRATION_ID, repo_url: 'https://github.com/octo-org/support-agent' },
        source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
        secrets: []
      })
    // The other run's create lands right after this run's lookup found nothing.
    sim.addFault({ method: 'GET', path: '/v2/deployments', delayMs: 0, meanwhile: otherCreates })
    const result = await deploy(deployInputs(sim, NAME))

    const created = sim.requests.find((r) => r.method === 'POST' && r.status === 201)
    expect(created).toBeDefined()
    const ids = sim.deployments().map((d) => d.id as string)
    expect(ids).toHaveLength(2)
    const ours = result.outcome.deployment?.id as string
    const theirs = ids.find((id) => id !== ours) as string
    expect(ids).toContain(ours)
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]).toContain(`The control plane now has 2 deployments named \`${NAME}\``)
    expect(result.failures[0]).toContain(`${ours} (made by this run)`)
    expect(result.failures[0]).toContain(theirs)
    expect(result.failures[0]).toContain('Delete all but one of them')
  })
})

describe('after DEPLOYED, a commit other than the one the workflow ran for is a warning', () => {
  const moved = (built: string, tested: string) => `was built from commit ${built}, but this workflow ran for commit ${tested}`

  it('on a push: warns with both shas when the branch moved on, and not when it did not', async () => {
    const later = 'b'.repeat(40)
    sim.setBranchHead('main', later)
    const movedOn = await deploy(deployInputs(sim, NAME))
    expect(movedOn.outcome.kind).toBe('deployed')
    expect(movedOn.warnings).toEqual([expect.stringContaining(moved(later, WORKFLOW_SHA))])
    expect(movedOn.warnings[0]).toContain('the deployment serves code this run did not test')

    sim.setBranchHead('main', WORKFLOW_SHA)
    const same = await deploy(deployInputs(sim, NAME))
    expect(same.outcome.kind).toBe('deployed')
    expect(same.warnings.filter((w) => w.includes('was built from commit'))).toEqual([])
  })

  it('on a pull request: compares with the head sha from the event payload, not the merge commit in GITHUB_SHA', async () => {
    const head = 'c'.repeat(40)
    const newerHead = 'd'.repeat(40)
    const merge = 'e'.repeat(40)
    const event = join(dir, 'event.json')
    const repo = { full_name: 'octo-org/support-agent' }
    writeFileSync(event, JSON.stringify({ pull_request: { number: 7, head: { sha: head, repo }, base: { repo } } }))
    const env = {
      ...PUSH_ENV,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_REF: 'refs/pull/7/merge',
      GITHUB_HEAD_REF: 'feature',
      GITHUB_SHA: merge
    }

    sim.setBranchHead('feature', newerHead)
    const movedOn = await deploy(deployInputs(sim, NAME), env)
    expect(movedOn.warnings.filter((w) => w.includes('was built from commit'))).toEqual([expect.stringContaining(moved(newerHead, head))])

    sim.setBranchHead('feature', head)
    const same = await deploy(deployInputs(sim, NAME), env)
    expect(same.outcome.kind).toBe('deployed')
    expect(same.warnings.filter((w) => w.includes('was built from commit'))).toEqual([])
  })
})

describe('carriesOurEnvironment', () => {
  const A = { name: 'A', value: 'value-a' }
  const B = { name: 'B', value: 'value-b' }

  it.each<[string, boolean, unknown[]]>([
    ['the same names and values', true, [B, A]],
    ['a value another run sent', false, [{ name: 'A', value: 'other' }, B]],
    ['a name more', false, [A, B, { name: 'C', value: 'c' }]],
    ['a name less', false, [A]],
    ['the names, values not returned', true, [{ name: 'A' }, { name: 'B' }]]
  ])('secrets sent A and B, the deployment has %s → %s', (_case, expected, secrets) => {
    expect(carriesOurEnvironment({ secrets }, { secrets: [A, B] })).toBe(expected)
  })

  it('compares secret references by name, and nothing when the patch sent neither list', () => {
    const ref = { name: 'TOKEN', secret_name: 'k8s', secret_key: 'token' }
    expect(carriesOurEnvironment({ secret_references: [ref] }, { secret_references: [ref] })).toBe(true)
    expect(carriesOurEnvironment({ secret_references: [{ ...ref, secret_key: 'other' }] }, { secret_references: [ref] })).toBe(false)
    expect(carriesOurEnvironment({ secrets: [A] }, {})).toBe(true)
  })
})
