import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { lifecycles, type Simulator } from '../sim/index.js'
import { errorLines, INTEGRATION_ID, SECRET_VALUES, visibleText } from './helpers/action.js'
import { deployWith, startSimulatorOnClock } from './helpers/in-process.js'

// Each scenario is picked by the deployment's name, so one simulator serves the suite.
function scenarioFor({ deploymentName }: { deploymentName: string }) {
  if (deploymentName.includes('build-fails')) return lifecycles.buildFailed(40)
  if (deploymentName.includes('skipped')) return lifecycles.skipped(40)
  if (deploymentName.includes('stuck')) return lifecycles.stuck('BUILDING')
  if (deploymentName.includes('odd-statuses')) return lifecycles.unknownThenDeployed(150)
  if (deploymentName.includes('interrupted')) return lifecycles.interruptedThenDeployed(150)
  return lifecycles.deployed(40)
}

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: scenarioFor })
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

const failedStatuses = () => sim.requests.filter((r) => r.status >= 400)

describe('first deploy', () => {
  it('creates the deployment, waits for DEPLOYED and reports it', async () => {
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

    const revisionPath = `/v2/deployments/${deployment.id}/revisions/${revisions[0].id}`
    const apiCalls = sim.requests.filter((r) => r.path !== `${revisionPath}/logs`).map((r) => `${r.method} ${r.path}`)
    expect(apiCalls).toEqual([
      'GET /v2/deployments',
      'POST /v2/deployments',
      // After a create, the name is looked up again: a control plane that took a second create of it is an error.
      'GET /v2/deployments',
      ...Array(apiCalls.length - 4).fill(`GET ${revisionPath}`),
      `GET /v2/deployments/${deployment.id}`
    ])
    const logTypes = new Set(sim.requests.filter((r) => r.path === `${revisionPath}/logs`).map((r) => r.query.type))
    expect(logTypes).toEqual(new Set(['build', 'deploy']))
    expect(failedStatuses()).toEqual([])
    expect(sim.requests[0].query).toEqual({ name_contains: 'support-agent', limit: '100', offset: '0' })
    expect(sim.requests[1].body).toEqual({
      name: 'support-agent',
      source: 'github',
      source_config: { integration_id: INTEGRATION_ID, repo_url: 'https://github.com/octo-org/support-agent' },
      source_revision_config: { graph_config_path: 'graph.json', repo_ref: 'main' },
      secrets: [
        { name: 'OPENAI_API_KEY', value: SECRET_VALUES[0] },
        { name: 'DB_PASSWORD', value: SECRET_VALUES[1] }
      ]
    })
    for (const request of sim.requests) {
      expect(request.headers['x-api-key']).toBe(sim.apiKey)
      expect(request.headers['user-agent']).toMatch(/^agent-server-deploy-action\/\d+\.\d+\.\d+/)
    }

    expect(run.stdout).toMatch(/Revision [0-9a-f-]+: BUILDING \(after /)
    expect(run.summary).toContain('✅ Deployed <code>support-agent</code>')
    expect(run.summary).toContain('| BUILDING |')
    expect(run.summary).toContain('Created the deployment')
  })

  it('never shows the API key or a secret value', async () => {
    const run = await deployWith(sim, 'support-agent')
    expect(run.exitCode).toBe(0)
    const visible = visibleText(run)
    for (const secret of [...SECRET_VALUES, sim.apiKey]) expect(visible).not.toContain(secret)
    // The runner masks only what it was told about: every value must have been registered.
    for (const secret of [...SECRET_VALUES, sim.apiKey]) expect(run.stdout).toContain(`::add-mask::${secret}`)
  })

  it('authenticates with a bearer token and tenant id', async () => {
    const run = await deployWith(sim, 'bearer-agent', { 'api-key': '', 'bearer-token': 'sim-bearer-token', 'tenant-id': sim.tenantId })
    expect(run.exitCode).toBe(0)
    expect(sim.requests.length).toBeGreaterThan(2)
    const credentials = new Set(sim.requests.map((r) => `${r.headers.authorization} ${r.headers['x-tenant-id']} ${r.headers['x-api-key']}`))
    expect([...credentials]).toEqual([`Bearer sim-bearer-token ${sim.tenantId} undefined`])
  })

  it('keeps waiting through UNKNOWN and unlisted statuses', async () => {
    const run = await deployWith(sim, 'odd-statuses')
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('::warning::Revision')
    expect(run.stdout).toContain('`AWAITING_CAPACITY`, which this action does not know')
  })

  it.each(['AWAITING_DELETE', 'AWAITING_FINAL_DELETE'])('refuses, before any change, a deployment being deleted (%s)', async (status) => {
    sim.seedDeployment({ name: 'going-agent', status })
    const run = await deployWith(sim, 'going-agent')
    expect(run.exitCode).toBe(1)
    expect(errorLines(run).join('\n')).toContain(`Deployment \`going-agent\``)
    expect(errorLines(run).join('\n')).toContain(`is being deleted (status ${status})`)
    expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })

  it('waits through INTERRUPTED, which is not final, and deploys when the revision is taken up again', async () => {
    const run = await deployWith(sim, 'interrupted-agent')
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ operation: 'created', 'revision-status': 'DEPLOYED' })
    expect(run.stdout).toMatch(/Revision \S+: INTERRUPTED \(after/)
    expect(run.stdout).toContain('interrupted on the control plane, which may take it up again: not final')
    expect(run.stdout).not.toContain('which this action does not know')
    // The summary's timeline shows the interruption between the two builds.
    expect(run.summary).toMatch(/\| `?INTERRUPTED`? \|/)
  })
})

describe('second deploy', () => {
  it('patches the existing deployment with the new revision settings and waits for the new revision', async () => {
    expect((await deployWith(sim, 'support-agent')).exitCode).toBe(0)
    const [first] = sim.deployments()
    sim.requests.length = 0

    const run = await deployWith(sim, 'support-agent', { 'repo-ref': 'release-2' })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(sim.deployments()).toHaveLength(1)
    const revisions = sim.revisions(first.id as string)
    expect(revisions).toHaveLength(2)
    expect(run.outputs).toMatchObject({
      operation: 'updated',
      'deployment-id': first.id,
      'revision-id': revisions[0].id,
      'revision-status': 'DEPLOYED'
    })

    const patch = sim.requests.find((r) => r.method === 'PATCH')
    expect(patch?.path).toBe(`/v2/deployments/${first.id}`)
    // Create-only fields stay out of the patch; the revision settings go in. The same secrets as the
    // deployment already has are not sent (secrets-update: merge sends only a change).
    expect(patch?.body).toEqual({
      source_revision_config: { repo_ref: 'release-2', graph_config_path: 'graph.json' }
    })
    expect(sim.requests.filter((r) => r.method === 'POST')).toEqual([])
    expect(failedStatuses()).toEqual([])
  })

  it('acts on deployment-id without a lookup', async () => {
    const seeded = sim.seedDeployment({ name: 'by-id', source: 'github', source_config: { integration_id: INTEGRATION_ID } })
    const run = await deployWith(sim, '', { 'deployment-id': seeded.id as string, name: '' })
    expect(run.exitCode).toBe(0)
    expect(sim.requests.filter((r) => r.path === '/v2/deployments')).toEqual([])
    expect(run.outputs.operation).toBe('updated')
  })

  it('reports a patch that made no new revision and does not wait', async () => {
    const seeded = sim.seedDeployment({ name: 'docker-agent', source: 'external_docker' })
    const run = await deployWith(sim, 'docker-agent', {
      'graph-config-path': '',
      'integration-id': '',
      secrets: '',
      'resource-spec': 'min_scale: 2'
    })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('made no new revision: nothing to wait for')
    expect(run.outputs).toMatchObject({ operation: 'updated', 'deployment-id': seeded.id })
    // Not a revision this run created or waited on.
    expect(run.outputs['revision-id']).toBeUndefined()
    expect(sim.revisions(seeded.id as string)).toHaveLength(1)
    expect(sim.requests.filter((r) => r.path.includes('/revisions/'))).toEqual([])
  })

  it.each(['next', 'echo'] as const)('finds the exact name among many similar ones (%s offsets)', async (pageOffset) => {
    const crowded = await startSimulatorOnClock({ scenario: lifecycles.deployed(20), pageOffset })
    try {
      const target = crowded.seedDeployment({ name: 'agent', source_config: { integration_id: INTEGRATION_ID } })
      for (let i = 0; i < 250; i++) crowded.seedDeployment({ name: `agent-pr-${i}` })
      const run = await deployWith(crowded, 'agent')
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ operation: 'updated', 'deployment-id': target.id })
      expect(crowded.deployments()).toHaveLength(251)
      expect(crowded.requests.filter((r) => r.path === '/v2/deployments').map((r) => r.query.offset)).toEqual(['0', '100', '200'])
    } finally {
      await crowded.stop()
    }
  })
})

describe('failures', () => {
  it('fails on a build failure with the revision, status and message, keeping known outputs', async () => {
    const run = await deployWith(sim, 'build-fails')
    expect(run.exitCode).toBe(1)
    const [deployment] = sim.deployments()
    const [revision] = sim.revisions(deployment.id as string)
    const errors = errorLines(run)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(
      `Revision ${revision.id} of deployment \`build-fails\` failed to build (status BUILD_FAILED): ERROR: failed to solve`
    )
    expect(errors[0]).toContain('Read the build log')
    expect(run.outputs).toMatchObject({
      'deployment-id': deployment.id,
      'revision-id': revision.id,
      'revision-status': 'BUILD_FAILED',
      operation: 'created'
    })
    expect(run.summary).toContain('❌ Deploy of <code>build-fails</code> failed')
    expect(run.summary).toContain('BUILD_FAILED')
  })

  it('fails on a skipped revision', async () => {
    const run = await deployWith(sim, 'skipped-agent')
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toMatch(/was skipped, typically because a newer revision superseded it \(status SKIPPED\): Superseded/)
    expect(run.outputs['revision-status']).toBe('SKIPPED')
  })

  it('times out, saying where the revision stood', async () => {
    const run = await deployWith(sim, 'stuck-agent', { timeout: '1s', 'poll-interval': '100ms' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toMatch(
      /^Timed out after 1s waiting for revision [0-9a-f-]+ of deployment `stuck-agent`: it has been BUILDING for \d/
    )
    expect(run.outputs).toMatchObject({ 'revision-status': 'BUILDING', operation: 'created' })
    expect(sim.revisions(sim.deployments()[0].id as string)).toHaveLength(1)
  })

  it('makes no request at all on bad input, and reports every problem', async () => {
    const run = await deployWith(sim, 'support-agent', {
      'control-plane-url': sim.url.replace('127.0.0.1', 'example.com'),
      timeout: 'ten minutes',
      wait: 'yes',
      secrets: 'GOOD=value\nGOOD=again',
      'resource-spec': 'min_scale: 1\nmax_sclae: 3'
    })
    expect(run.exitCode).toBe(1)
    expect(sim.requests).toEqual([])
    const [error] = errorLines(run)
    expect(error).toMatch(/^Invalid inputs \(5 problems\):/)
    for (const input of ['control-plane-url', 'secrets', 'resource-spec', 'wait', 'timeout']) expect(error).toContain(`- \`${input}\``)
    expect(run.outputs).toEqual({})
  })

  it('refuses to change a create-only field, before sending any change', async () => {
    sim.seedDeployment({ name: 'fixed-agent', source_config: { integration_id: '0b7e4c1a-9d2f-4e63-8a15-3c6f2d9b8e40' } })
    const run = await deployWith(sim, 'fixed-agent')
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toBe(
      `Invalid input: \`integration-id\` is \`${INTEGRATION_ID}\` but deployment \`fixed-agent\` has ` +
        `\`0b7e4c1a-9d2f-4e63-8a15-3c6f2d9b8e40\`, which cannot change after creation: remove \`integration-id\` or deploy under ` +
        `another \`name\`\nFix the step's \`with:\` block; no change was sent to the control plane.`
    )
    expect(sim.requests.map((r) => r.method)).toEqual(['GET', 'GET'])
  })

  it('fails when the deployment is missing and create-if-missing is false', async () => {
    const run = await deployWith(sim, 'nowhere', { 'create-if-missing': 'false' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toContain('No deployment is named `nowhere`, and `create-if-missing` is false.')
    expect(sim.requests.map((r) => r.method)).toEqual(['GET'])
  })

  it('explains the 409 left by a tracing project of a deleted deployment', async () => {
    const old = sim.seedDeployment({ name: 'reopened-pr' })
    await fetch(`${sim.url}/v2/deployments/${old.id}`, { method: 'DELETE', headers: { 'X-Api-Key': sim.apiKey } })
    const run = await deployWith(sim, 'reopened-pr')
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toMatch(
      /^Create deployment `reopened-pr` failed with HTTP 409: .*\nCreating a deployment also creates a tracing project/
    )
    expect(sim.deployments()).toEqual([])
  })

  it('tells the user to set tenant-id when the key needs a workspace', async () => {
    const orgSim = await startSimulatorOnClock({ orgApiKeys: ['org-key'] })
    try {
      const run = await deployWith(orgSim, 'agent', { 'api-key': 'org-key' })
      expect(run.exitCode).toBe(1)
      expect(errorLines(run)[0]).toMatch(/failed with HTTP 403: .*workspace.*\nSet `tenant-id` to the workspace ID/)
      expect(orgSim.requests).toHaveLength(1)
    } finally {
      await orgSim.stop()
    }
  })

  it('refuses a wrong API key with a hint', async () => {
    const run = await deployWith(sim, 'agent', { 'api-key': 'wrong-key' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toMatch(/List deployments failed with HTTP 401: .*\nCheck `api-key`/)
    expect(visibleText(run)).not.toContain('wrong-key')
  })
})

describe('wait: false', () => {
  it('starts the deploy, reports the revision as it stands, and does not wait', async () => {
    const run = await deployWith(sim, 'no-wait-agent', { wait: 'false' })
    expect(run.exitCode).toBe(0)
    const [deployment] = sim.deployments()
    const [revision] = sim.revisions(deployment.id as string)
    expect(run.outputs).toMatchObject({ operation: 'created', 'revision-id': revision.id, 'revision-status': 'CREATING' })
    expect(run.stdout).toContain(`Not waiting (\`wait: false\`): revision ${revision.id} is CREATING.`)
    expect(sim.requests.filter((r) => r.path.includes('/revisions/'))).toHaveLength(1)
    expect(run.summary).toContain('## 🚀 <code>no-wait-agent</code> is still deploying (this run does not wait for it)')
  })
})
