// The simulator's answers are checked against the reference's response schemas, as the action's
// requests are: an answer that is not valid is answered 500 and recorded for the test that caused
// it (setup/sim-answers.js fails that test); a deliberately invalid answer passes only where it
// says so (invalidOnPurpose).
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSimulator } from '../sim/index.js'
import { checkAnswer, invalidOnPurpose } from '../sim/validation.js'

const VIOLATIONS = Symbol.for('agent-server-sim.answer-violations')
const registry = globalThis as unknown as Record<symbol, string[] | undefined>

const UUID = '3f2b8a1c-4d5e-4f60-8a7b-9c0d1e2f3a4b'
const deployment = () => ({
  name: 'agent',
  source: 'github',
  source_config: {},
  source_revision_config: {},
  secrets: [{ name: 'OPENAI_API_KEY', value: 'sk-1' }],
  id: UUID,
  tenant_id: UUID,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  status: 'READY',
  latest_revision_id: null,
  active_revision_id: null,
  url: 'https://agent.example'
})
const GET_ONE = '/v2/deployments/{deployment_id}'

describe('checkAnswer', () => {
  it('passes a valid answer, with a field the reference lacks (url)', () => {
    expect(checkAnswer(GET_ONE, 'get', { status: 200, body: deployment() })).toBeUndefined()
  })

  it('names what is wrong with an answer the schema refuses', () => {
    const { id: _id, ...body } = deployment()
    expect(checkAnswer(GET_ONE, 'get', { status: 200, body: { ...body, status: 'SHINY' } })).toMatch(
      /must have required property 'id'.*\/status must be equal to one of the allowed values \("SHINY"\)/
    )
  })

  it('checks error bodies, and statuses the operation does not list', () => {
    expect(checkAnswer(GET_ONE, 'get', { status: 404, body: { detail: 'Deployment ID x not found.' } })).toBeUndefined()
    expect(checkAnswer(GET_ONE, 'get', { status: 403, body: { message: 'no' } })).toMatch(/required property 'detail'/)
    expect(checkAnswer(GET_ONE, 'get', { status: 201, body: deployment() })).toBe(
      '201 is not an answer the reference lists for GET /v2/deployments/{deployment_id}'
    )
    expect(checkAnswer(undefined, 'get', { status: 404, body: { detail: 'Not Found' } })).toBeUndefined()
  })

  it('lets a deliberately invalid answer through only where it says so', () => {
    const exemption = {
      why: 'secrets named without values',
      errors: [{ at: '/secrets/*', keyword: 'required', missingProperty: 'value' }]
    }
    const withoutValues = () => ({ ...deployment(), secrets: [{ name: 'A' }, { name: 'B' }] })
    expect(checkAnswer(GET_ONE, 'get', { status: 200, body: withoutValues() })).toMatch(/\/secrets\/0 must have required property 'value'/)
    expect(checkAnswer(GET_ONE, 'get', { status: 200, body: invalidOnPurpose(withoutValues(), exemption) })).toBeUndefined()
    // Another error in the same answer still counts.
    const alsoWrong = invalidOnPurpose({ ...withoutValues(), status: 'SHINY' }, exemption)
    expect(checkAnswer(GET_ONE, 'get', { status: 200, body: alsoWrong })).toMatch(/\/status must be equal to one of the allowed values/)
    // And the exemption is for that field only.
    const noName = invalidOnPurpose({ ...deployment(), secrets: [{ value: 'v' }] }, exemption)
    expect(checkAnswer(GET_ONE, 'get', { status: 200, body: noName })).toMatch(/required property 'name'/)
  })
})

describe('a simulator answer that is not valid', () => {
  afterEach(() => {
    registry[VIOLATIONS] = []
  })

  it('is answered 500 with a clear message, and recorded for the test that caused it', async () => {
    // A workspace id that is not a UUID makes every deployment it owns an invalid answer (tenant_id is a uuid).
    const sim = await startSimulator({ tenantId: 'not-a-uuid' })
    try {
      const created = await fetch(`${sim.url}/v2/deployments`, {
        method: 'POST',
        headers: { 'x-api-key': sim.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'agent',
          source: 'external_docker',
          source_config: {},
          source_revision_config: { image_uri: 'registry.example/agent:1' },
          secrets: []
        })
      })
      expect(created.status).toBe(500)
      expect(((await created.json()) as { detail: string }).detail).toMatch(
        /^The simulator's answer is not valid against the reference document: POST \/v2\/deployments → 201: \/tenant_id must match format "uuid"/
      )
      expect(registry[VIOLATIONS]).toEqual([expect.stringContaining('POST /v2/deployments → 201: /tenant_id must match format "uuid"')])
    } finally {
      await sim.stop()
    }
  })
})
