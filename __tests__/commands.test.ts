import { beforeEach, describe, expect, it, jest } from '@jest/globals'
import { ControlPlaneClient, type Requester } from '../src/api/client.js'
import { ApiError } from '../src/api/errors.js'
import type { Deployment } from '../src/api/schemas.js'
import { CancelledError } from '../src/core/cancel.js'
import { waitUntilGone } from '../src/operations/control-plane/wait-until-gone.js'
import { readActionInputs as readInputs } from '../src/commands/registry.js'
import { clearSecrets, registerSecret } from '../src/core/masking.js'
import { renderBody } from '../src/report/plan.js'
import { FakeClock } from './helpers/clock.js'
import { BASE_INPUTS, inputsFrom, VALID_UUID } from './helpers/inputs.js'

beforeEach(() => {
  clearSecrets()
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

const gone = () => new ApiError('not-found', 'Get deployment d1 failed with HTTP 404: Deployment ID d1 not found.', { status: 404 })
const busy = () => new ApiError('api-refused', 'Get deployment d1 failed with HTTP 503: busy', { status: 503, retryable: true })

/** A control plane whose GET answers come from `answers` in turn (a Deployment, or an error to throw). */
function plane(answers: Array<Deployment | ApiError>) {
  let i = 0
  return {
    reads: () => i,
    getDeployment: async (): Promise<Deployment> => {
      const answer = answers[Math.min(i++, answers.length - 1)]
      if (answer instanceof ApiError) throw answer
      return answer
    }
  }
}

const awaitingDelete: Deployment = { id: 'd1', name: 'agent', status: 'AWAITING_DELETE', latest_revision_id: null }

describe('waitUntilGone', () => {
  const options = (client: ReturnType<typeof plane>, clock: FakeClock, extra = {}) => ({
    client,
    deployment: { id: 'd1', name: 'agent' },
    timeoutMs: 60_000,
    deadline: clock.now() + 60_000,
    clock,
    log: () => undefined,
    warn: () => undefined,
    ...extra
  })

  it('polls until the control plane answers 404, quickly at first and then backing off', async () => {
    const clock = new FakeClock()
    const client = plane([awaitingDelete, awaitingDelete, awaitingDelete, awaitingDelete, gone()])
    await waitUntilGone(options(client, clock))
    expect(client.reads()).toBe(5)
    expect(clock.sleeps).toEqual([1_000, 2_000, 4_000, 8_000])
  })

  it('uses a fixed poll-interval when one is set', async () => {
    const clock = new FakeClock()
    await waitUntilGone(options(plane([awaitingDelete, awaitingDelete, gone()]), clock, { pollIntervalMs: 200 }))
    expect(clock.sleeps).toEqual([200, 200])
  })

  it('fails at the deadline with the status it last saw, never sleeping past it', async () => {
    const clock = new FakeClock()
    const error = await waitUntilGone(options(plane([awaitingDelete]), clock, { pollIntervalMs: 7_000 })).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'timed-out' })
    expect((error as Error).message).toBe(
      'Timed out after 1m waiting for deployment `agent` (d1) to be deleted: the control plane still lists it (status AWAITING_DELETE).'
    )
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(60_000)
  })

  it('tolerates a few failed checks in a row, then gives up saying the delete goes on', async () => {
    const clock = new FakeClock()
    const warnings: string[] = []
    await waitUntilGone(options(plane([busy(), busy(), awaitingDelete, busy(), gone()]), clock, { warn: (w: string) => warnings.push(w) }))
    expect(warnings).toHaveLength(3)

    const error = await waitUntilGone(options(plane([busy()]), new FakeClock())).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'api-refused', hint: expect.stringContaining('The delete was accepted') })
  })

  it('stops at once when the workflow is cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await waitUntilGone(options(plane([awaitingDelete]), new FakeClock(), { signal: controller.signal })).catch(
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(CancelledError)
  })
})

describe('ControlPlaneClient deletes', () => {
  const connection = { baseUrl: 'https://cp.example.com', credential: { kind: 'api-key' as const, value: 'k-1' } }
  function answering(...statuses: number[]) {
    const sent: string[] = []
    const http = {
      request: async (method: string, url: string) => {
        sent.push(`${method} ${url}`)
        const status = statuses[Math.min(sent.length - 1, statuses.length - 1)]
        return { message: { statusCode: status }, readBody: async () => (status === 204 ? '' : '{"detail": "x"}') }
      }
    } as unknown as Requester
    return { sent, client: new ControlPlaneClient(connection, { http, clock: new FakeClock(), random: () => 0.5 }) }
  }

  it('sends delete_tracing_project and reads no body from a 204', async () => {
    const { sent, client } = answering(204)
    await expect(client.deleteDeployment('d1', true)).resolves.toBeUndefined()
    expect(sent).toEqual(['DELETE https://cp.example.com/v2/deployments/d1?delete_tracing_project=true'])
  })

  it('resolves on a 404 that follows a doubtful try: the first one went through', async () => {
    const { sent, client } = answering(502, 404)
    await expect(client.deleteListener(VALID_UUID)).resolves.toBeUndefined()
    expect(sent).toHaveLength(2)
  })

  it('rejects a 404 on the first try, and a 404 after a rate limit (refused before any work)', async () => {
    expect(
      await answering(404)
        .client.deleteDeployment('d1', false)
        .catch((e: ApiError) => e.status)
    ).toBe(404)
    expect(
      await answering(429, 404)
        .client.deleteDeployment('d1', false)
        .catch((e: ApiError) => e.status)
    ).toBe(404)
  })
})

describe('readInputs by command', () => {
  const read = async (values: Record<string, string>) => readInputs(inputsFrom({ ...BASE_INPUTS, ...values }), { env: {} })

  it('gives delete only what it uses, and lists set inputs it ignores', async () => {
    const inputs = await read({
      command: 'delete',
      'delete-tracing-project': 'TRUE',
      wait: 'false',
      'github-environment': 'pr-1',
      'github-token': 'ghs_1'
    })
    expect(inputs).toEqual({
      command: 'delete',
      connection: { baseUrl: 'https://api.example.com', credential: { kind: 'api-key', value: 'key-123' } },
      dryRun: false,
      timeoutMs: 30 * 60_000,
      name: 'support-agent',
      deleteTracingProject: true,
      ignoreMissing: true,
      wait: false,
      github: { token: 'ghs_1', environment: 'pr-1', prComment: false },
      ignored: ['graph-config-path']
    })
  })

  it('gives delete-listener its listener and nothing about deployments', async () => {
    const inputs = await read({
      command: 'delete-listener',
      'listener-id': VALID_UUID.toUpperCase(),
      'ignore-missing': 'false',
      'dry-run': 'true'
    })
    expect(inputs).toEqual({
      command: 'delete-listener',
      connection: expect.any(Object),
      dryRun: true,
      timeoutMs: 30 * 60_000,
      listenerId: VALID_UUID,
      ignoreMissing: false,
      ignored: ['name', 'graph-config-path']
    })
  })

  it('does not count an input left at its default as set', async () => {
    expect(
      (
        await read({
          command: 'delete-listener',
          'listener-id': VALID_UUID,
          name: '',
          'graph-config-path': '',
          wait: 'true',
          'pr-comment': 'false'
        })
      ).ignored
    ).toEqual([])
  })

  it('leaves the token out when no GitHub feature is on', async () => {
    const inputs = await read({ 'github-token': 'ghs_unused' })
    expect(inputs.command === 'deploy' && inputs.github).toEqual({ environment: undefined, prComment: false })
  })
})

describe('dry-run bodies', () => {
  it('show every secret value as ***, also one too short to be registered, and other registered values too', () => {
    registerSecret('registered-value-1')
    const body = {
      name: 'a',
      secrets: [
        { name: 'A', value: 'x' },
        { name: 'B', value: 'registered-value-1' }
      ],
      source_config: { custom_url: 'https://registered-value-1.example' }
    }
    const text = renderBody(body)
    expect(text).not.toContain('registered-value-1')
    expect(JSON.parse(text)).toEqual({
      name: 'a',
      secrets: [
        { name: 'A', value: '***' },
        { name: 'B', value: '***' }
      ],
      source_config: { custom_url: 'https://***.example' }
    })
  })
})
