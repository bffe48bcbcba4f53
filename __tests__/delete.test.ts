import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { errorLines, visibleText } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

const LISTENER = '8a1f3c2e-5b6d-4e7f-9a0b-1c2d3e4f5a6b'

// Deleted deployments stay listed (AWAITING_DELETE) for a while, so that the wait is exercised.
let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock({ deleteDelayMs: 300 })
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

function runWith(inputs: Record<string, string>, on: Simulator = sim) {
  return runInProcess({ inputs: { 'control-plane-url': on.url, 'api-key': on.apiKey, 'poll-interval': '50ms', ...inputs } })
}

/** The run looked (at least once) and changed nothing. */
function expectOnlyReads() {
  expect(sim.requests.length).toBeGreaterThan(0)
  expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
}

const calls = (on: Simulator = sim) => on.requests.map((r) => `${r.method} ${r.path} ${r.status}`)

describe('command: delete', () => {
  it('deletes the exact name, waits while the control plane still lists it, and reports it deleted', async () => {
    const target = sim.seedDeployment({ name: 'agent-pr-7' })
    sim.seedDeployment({ name: 'agent-pr-77' })
    const run = await runWith({ command: 'delete', name: 'agent-pr-7', 'delete-tracing-project': 'true' })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual({ 'deployment-id': target.id, operation: 'deleted' })

    const deletes = sim.requests.filter((r) => r.method === 'DELETE')
    expect(deletes).toEqual([
      expect.objectContaining({ path: `/v2/deployments/${target.id}`, query: { delete_tracing_project: 'true' }, status: 204 })
    ])
    expect(run.stdout).toContain('Deployment `agent-pr-7` is still listed: AWAITING_DELETE')
    // Polled by id until the control plane answered 404.
    const polls = sim.requests.filter((r) => r.method === 'GET' && r.path === `/v2/deployments/${target.id}`)
    expect(polls.at(-1)?.status).toBe(404)
    expect(polls.some((r) => r.status === 200)).toBe(true)
    expect(sim.deployments().map((d) => d.name)).toEqual(['agent-pr-77'])
    expect(run.summary).toContain('🗑️ Deleted <code>agent-pr-7</code>')
    expect(run.summary).toContain('Deleted the deployment')
    expect(run.stdout).not.toContain('is kept')
  })

  it('keeps the tracing project by default and says what that means for a later create', async () => {
    const target = sim.seedDeployment({ name: 'agent-pr-8' })
    const run = await runWith({ command: 'delete', name: 'agent-pr-8' })
    expect(run.exitCode).toBe(0)
    expect(sim.requests.find((r) => r.method === 'DELETE')?.query).toEqual({ delete_tracing_project: 'false' })
    expect(run.stdout).toContain(
      'Its tracing project `agent-pr-8` is kept, so creating a deployment named `agent-pr-8` again fails (HTTP 409)'
    )
    expect(run.outputs['deployment-id']).toBe(target.id)
  })

  it('acts on deployment-id without a lookup, and does not wait with wait: false', async () => {
    const target = sim.seedDeployment({ name: 'by-id' })
    const run = await runWith({ command: 'delete', 'deployment-id': target.id as string, wait: 'false' })
    expect(run.exitCode).toBe(0)
    expect(calls()).toEqual([`GET /v2/deployments/${target.id} 200`, `DELETE /v2/deployments/${target.id} 204`])
    expect(run.outputs).toEqual({ 'deployment-id': target.id, operation: 'deleted' })
  })

  it('treats a deployment that is already gone as a success with a notice', async () => {
    const run = await runWith({ command: 'delete', name: 'ghost' })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('::notice::No deployment `ghost` exists: nothing to delete.')
    expect(run.outputs).toEqual({ operation: 'unchanged' })
    expectOnlyReads()
    expect(run.summary).toContain('✅ <code>ghost</code> was already gone')
  })

  it('fails on a missing deployment with ignore-missing: false', async () => {
    const run = await runWith({ command: 'delete', 'deployment-id': '123e4567-e89b-12d3-a456-426614174000', 'ignore-missing': 'false' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'No deployment 123e4567-e89b-12d3-a456-426614174000 exists, so there is nothing to delete, and `ignore-missing` is false.\n' +
        'Fix `name` or `deployment-id`, or set `ignore-missing: true` if a deployment that is already gone is fine.'
    ])
  })

  it('counts a 404 on the DELETE sent again after a doubtful first one as deleted', async () => {
    const instant = await startSimulatorOnClock()
    try {
      instant.seedDeployment({ name: 'flaky-delete' })
      // The first DELETE is applied, but its answer is lost to a gateway error; the retry finds it gone.
      instant.addFault({ method: 'DELETE', applyThen: { status: 502, body: 'Bad Gateway' } })
      const run = await runWith({ command: 'delete', name: 'flaky-delete', 'delete-tracing-project': 'true' }, instant)
      expect(errorLines(run)).toEqual([])
      expect(run.exitCode).toBe(0)
      expect(run.outputs.operation).toBe('deleted')
      expect(instant.requests.filter((r) => r.method === 'DELETE').map((r) => r.status)).toEqual([502, 404])
      expect(run.stdout).toContain('the earlier try went through (now answered HTTP 404, gone)')
      expect(instant.deployments()).toEqual([])
    } finally {
      await instant.stop()
    }
  })

  it('times out while the control plane still lists the deployment, saying the delete goes on', async () => {
    const slow = await startSimulatorOnClock({ deleteDelayMs: 60_000 })
    try {
      slow.seedDeployment({ name: 'slow-delete' })
      const run = await runWith({ command: 'delete', name: 'slow-delete', timeout: '1s', 'poll-interval': '100ms' }, slow)
      expect(run.exitCode).toBe(1)
      expect(errorLines(run)[0]).toMatch(
        /^Timed out after 1s waiting for deployment `slow-delete` \([0-9a-f-]+\) to be deleted: the control plane still lists it \(status AWAITING_DELETE\)\.\nThe delete was accepted/
      )
      expect(run.outputs.operation).toBe('deleted')
      expect(slow.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1)
    } finally {
      await slow.stop()
    }
  })
})

describe('command: delete-listener', () => {
  it('deletes the listener (204)', async () => {
    sim.seedListener(LISTENER)
    const run = await runWith({ command: 'delete-listener', 'listener-id': LISTENER })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(calls()).toEqual([`DELETE /v2/listeners/${LISTENER} 204`])
    expect(sim.listeners()).toEqual([])
    expect(run.outputs).toEqual({ operation: 'deleted' })
    expect(run.summary).toContain(`🗑️ Deleted listener <code>${LISTENER}</code>`)
  })

  it('treats a listener that does not exist as a success with a notice under ignore-missing', async () => {
    const run = await runWith({ command: 'delete-listener', 'listener-id': LISTENER })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain(`::notice::Listener ${LISTENER} does not exist: nothing to delete.`)
    expect(run.outputs).toEqual({ operation: 'unchanged' })
  })

  it("fails on 404 with ignore-missing: false, with the control plane's text", async () => {
    const run = await runWith({ command: 'delete-listener', 'listener-id': LISTENER, 'ignore-missing': 'false' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      `Delete listener ${LISTENER} failed with HTTP 404: Listener ID ${LISTENER} not found.\n` +
        'Check `listener-id`, or set `ignore-missing: true` if a listener that is already gone is fine.'
    ])
  })

  it('shows the 403 text of a workspace without a self-hosted enterprise plan, and what to check', async () => {
    const saas = await startSimulatorOnClock({ selfHostedEnterprise: false })
    try {
      saas.seedListener(LISTENER)
      const run = await runWith({ command: 'delete-listener', 'listener-id': LISTENER }, saas)
      expect(run.exitCode).toBe(1)
      expect(errorLines(run)).toEqual([
        `Delete listener ${LISTENER} failed with HTTP 403: Listeners cannot be created for workspace ID '${saas.tenantId}'. ` +
          'Creating listeners is only allowed for organizations with self-hosted enterprise plans.\n' +
          'The control plane manages listeners only for organizations on a self-hosted enterprise plan; check the plan of the workspace this credential acts in (`tenant-id`).'
      ])
      expect(saas.listeners()).toEqual([LISTENER])
    } finally {
      await saas.stop()
    }
  })

  it('renders a 422 validation error field by field', async () => {
    sim.addFault({
      method: 'DELETE',
      respond: {
        status: 422,
        body: JSON.stringify({ detail: [{ loc: ['path', 'listener_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }] })
      }
    })
    const run = await runWith({ command: 'delete-listener', 'listener-id': LISTENER })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)[0]).toBe(`Delete listener ${LISTENER} failed with HTTP 422:\n  path.listener_id: Input should be a valid UUID`)
  })

  it('warns about inputs that only other commands use', async () => {
    sim.seedListener(LISTENER)
    const run = await runWith({ command: 'delete-listener', 'listener-id': LISTENER, name: 'agent', secrets: 'A=sekrit-value-1' })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain(
      '::warning::`name`, `secrets` and `poll-interval` are set but `command: delete-listener` does not use them; they are ignored, and not checked.'
    )
    expect(visibleText(run)).not.toContain('sekrit-value-1')
  })
})

describe('dry-run: the plan is printed and nothing is changed', () => {
  const SECRET = 'sk-dry-run-0123456789'
  const deployInputs = {
    name: 'dry-agent',
    'graph-config-path': 'graph.json',
    'integration-id': '5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    secrets: `OPENAI_API_KEY=${SECRET}`,
    'dry-run': 'true'
  }

  it('deploy (create): prints the POST with secret values as ***, in a log group', async () => {
    const run = await runWith(deployInputs)
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(sim.requests.map((r) => r.method)).toEqual(['GET'])
    expect(sim.deployments()).toEqual([])
    expect(run.outputs).toEqual({ operation: 'planned' })
    const group = run.stdout.slice(run.stdout.indexOf('::group::'), run.stdout.indexOf('::endgroup::'))
    expect(group).toContain('::group::Dry run: the request this run would send (nothing was sent)')
    expect(group).toContain('POST /v2/deployments\n{\n  "name": "dry-agent",')
    expect(group).toContain('"secrets": [\n    {\n      "name": "OPENAI_API_KEY",\n      "value": "***"\n    }\n  ]')
    expect(visibleText(run)).not.toContain(SECRET)
    expect(run.summary).toContain('📝 Dry run of deploy for <code>dry-agent</code>: nothing was changed')
    expect(run.summary).toContain('<code>POST /v2/deployments</code>')
  })

  it('deploy (update): prints the PATCH of the existing deployment', async () => {
    const existing = sim.seedDeployment({ name: 'dry-agent', source_config: { integration_id: '5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d' } })
    const run = await runWith({ ...deployInputs, 'repo-ref': 'feature-x' })
    expect(run.exitCode).toBe(0)
    expectOnlyReads()
    expect(run.stdout).toContain(`PATCH /v2/deployments/${existing.id}\n{\n  "source_revision_config": {\n    "repo_ref": "feature-x",`)
    expect(run.outputs).toMatchObject({ operation: 'planned', 'deployment-id': existing.id, 'deployment-status': 'READY' })
    expect(sim.revisions(existing.id as string)).toHaveLength(1)
  })

  it('delete: looks the deployment up and prints the DELETE', async () => {
    const existing = sim.seedDeployment({ name: 'dry-agent' })
    const run = await runWith({ command: 'delete', name: 'dry-agent', 'dry-run': 'true', 'delete-tracing-project': 'true' })
    expect(run.exitCode).toBe(0)
    expectOnlyReads()
    expect(run.stdout).toContain(`DELETE /v2/deployments/${existing.id}?delete_tracing_project=true`)
    expect(run.outputs).toMatchObject({ operation: 'planned', 'deployment-id': existing.id })
    expect(sim.deployments()).toHaveLength(1)
  })

  it('delete of a deployment that does not exist: an empty plan, still `planned`', async () => {
    const run = await runWith({ command: 'delete', name: 'ghost', 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual({ operation: 'planned' })
    expectOnlyReads()
  })

  it('delete-listener: reads the listener, prints the DELETE and changes nothing', async () => {
    sim.seedListener(LISTENER)
    const run = await runWith({ command: 'delete-listener', 'listener-id': LISTENER, 'dry-run': 'true' })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(calls()).toEqual([`GET /v2/listeners/${LISTENER} 200`])
    expect(run.stdout).toContain(`Found listener ${LISTENER}.`)
    expect(run.stdout).toContain(`DELETE /v2/listeners/${LISTENER}`)
    expect(run.outputs).toEqual({ operation: 'planned' })
    expect(sim.listeners()).toEqual([LISTENER])
  })

  it('delete-listener of a listener that does not exist, ignore-missing: a notice and an empty plan', async () => {
    const run = await runWith({ command: 'delete-listener', 'listener-id': LISTENER, 'dry-run': 'true' })
    expect(errorLines(run)).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(calls()).toEqual([`GET /v2/listeners/${LISTENER} 404`])
    expect(run.stdout).toContain(`::notice::Listener ${LISTENER} does not exist: nothing to delete.`)
    expect(run.stdout).not.toContain(`DELETE /v2/listeners/${LISTENER}`)
    expect(run.outputs).toEqual({ operation: 'planned' })
  })

  it('delete-listener of a listener that does not exist, ignore-missing: false: fails as the real run would', async () => {
    const run = await runWith({ command: 'delete-listener', 'listener-id': LISTENER, 'dry-run': 'true', 'ignore-missing': 'false' })
    expect(run.exitCode).toBe(1)
    expect(calls()).toEqual([`GET /v2/listeners/${LISTENER} 404`])
    expect(errorLines(run)).toEqual([
      `Get listener ${LISTENER} failed with HTTP 404: Listener ID ${LISTENER} not found.\n` +
        'Check `listener-id`, or set `ignore-missing: true` if a listener that is already gone is fine.'
    ])
  })
})
