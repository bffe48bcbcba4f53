import { beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { OutgoingHttpHeaders } from 'node:http'
import { ControlPlaneClient, type Requester } from '../src/api/client.js'
import { ApiError } from '../src/api/errors.js'
import { clearSecrets, registerSecret } from '../src/core/masking.js'

interface Sent {
  method: string
  url: string
  body: string | null
  headers: OutgoingHttpHeaders
}

/** A Requester that answers every request with one status and body, recording what was sent. */
function answering(status: number, body: string) {
  const sent: Sent[] = []
  const http = {
    request: async (method: string, url: string, data: unknown, headers?: OutgoingHttpHeaders) => {
      sent.push({ method, url, body: data as string | null, headers: headers ?? {} })
      return { message: { statusCode: status }, readBody: async () => body }
    }
  } as unknown as Requester
  return { sent, http }
}

const connection = { baseUrl: 'https://cp.example.com/base', credential: { kind: 'api-key' as const, value: 'k-1' } }
const deployment = { id: 'd1', name: 'agent', latest_revision_id: 'r1', extra: 'kept' }

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

beforeEach(() => {
  clearSecrets()
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

describe('ControlPlaneClient requests', () => {
  it('sends the API key, tenant, JSON body and a percent-encoded path', async () => {
    const { sent, http } = answering(200, JSON.stringify(deployment))
    const client = new ControlPlaneClient({ ...connection, tenantId: 't-1' }, { http })
    const result = await client.patchDeployment('a/../b', { secrets: [] })
    expect(result).toMatchObject({ id: 'd1', extra: 'kept' })
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: 'https://cp.example.com/base/v2/deployments/a%2F..%2Fb',
        body: '{"secrets":[]}',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Api-Key': 'k-1', 'X-Tenant-Id': 't-1' }
      }
    ])
  })

  it('sends a bearer token as Authorization and builds the list query', async () => {
    const { sent, http } = answering(200, '{"resources": [], "offset": 0}')
    const client = new ControlPlaneClient({ ...connection, credential: { kind: 'bearer-token', value: 'tok' } }, { http })
    await client.listDeployments({ name_contains: 'a b&c', limit: 100, offset: 200 })
    expect(sent[0].url).toBe('https://cp.example.com/base/v2/deployments?name_contains=a+b%26c&limit=100&offset=200')
    expect(sent[0].headers.Authorization).toBe('Bearer tok')
    expect(sent[0].headers['X-Api-Key']).toBeUndefined()
  })
})

describe('ControlPlaneClient errors', () => {
  const client = (status: number, body: string) =>
    new ControlPlaneClient(connection, { http: answering(status, body).http, retry: { maxAttempts: 1, baseMs: 1, capMs: 1 } })

  it('renders 422 detail[] as loc: msg lines', async () => {
    const body = JSON.stringify({
      detail: [
        { loc: ['body', 'source_config', 'integration_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' },
        { loc: ['body', 'secrets', 0, 'value'], msg: 'Field required', type: 'missing' }
      ]
    })
    const error = await failure(
      client(422, body).createDeployment({ name: 'agent', source: 'github', source_config: {}, source_revision_config: {}, secrets: [] })
    )
    expect(error.message).toBe(
      'Create deployment `agent` failed with HTTP 422:\n  body.source_config.integration_id: Input should be a valid UUID\n  body.secrets.0.value: Field required'
    )
  })

  it('shows the 404 detail text with a hint for deployment-id', async () => {
    const error = await failure(client(404, '{"detail": "Deployment ID d9 not found."}').getDeployment('d9'))
    expect(error.kind).toBe('not-found')
    expect(error.describe()).toBe(
      'Get deployment d9 failed with HTTP 404: Deployment ID d9 not found.\nCheck `deployment-id`, or look the deployment up by `name` instead.'
    )
  })

  it('shows 400 detail text', async () => {
    const error = await failure(client(400, '{"detail": "repo_ref cannot be empty"}').patchDeployment('d1', {}))
    expect(error.message).toBe('Update deployment d1 failed with HTTP 400: repo_ref cannot be empty')
  })

  it('hints at tenant-id when a 403 says a workspace is required', async () => {
    const error = await failure(client(403, '{"detail": "This request requires a workspace specification."}').getDeployment('d1'))
    expect(error.hint).toContain('Set `tenant-id` to the workspace ID')
  })

  it('explains a 409 on create with the tracing project', async () => {
    const error = await failure(
      client(409, '{"detail": "Tracing project agent already exists"}').createDeployment({
        name: 'agent',
        source: 'github',
        source_config: {},
        source_revision_config: {},
        secrets: []
      })
    )
    expect(error.describe()).toContain(
      'Tracing project agent already exists\nCreating a deployment also creates a tracing project of the same name'
    )
  })

  it('shows a masked excerpt of a non-JSON error body', async () => {
    registerSecret('s3cret-value')
    const error = await failure(client(502, '<html><body>Bad gateway s3cret-value</body></html>').getDeployment('d1'))
    expect(error.message).toBe('Get deployment d1 failed with HTTP 502: (unexpected body) <html><body>Bad gateway ***</body></html>')
  })

  it('masks secrets that the control plane echoes in a detail', async () => {
    registerSecret('hunter2')
    const error = await failure(client(400, '{"detail": "invalid value hunter2 for OPENAI_API_KEY"}').patchDeployment('d1', {}))
    expect(error.message).toBe('Update deployment d1 failed with HTTP 400: invalid value *** for OPENAI_API_KEY')
  })

  it('refuses a success body that is not JSON, or lacks required fields', async () => {
    const html = await failure(client(200, '<html>proxy login</html>').getDeployment('d1'))
    expect(html.kind).toBe('bad-response')
    expect(html.message).toBe(
      'Get deployment d1: the control plane answered HTTP 200 with a body that is not JSON: <html>proxy login</html>'
    )
    const partial = await failure(client(200, '{"name": "agent"}').getDeployment('d1'))
    expect(partial.message).toContain('JSON that lacks what the action needs (id, latest_revision_id)')
  })

  it('sizes a JSON error body it cannot read instead of quoting it: it may hold secret values', async () => {
    const body = '{"resources": [{"secrets": [{"name": "A", "value": "other-runs-secret"}]}'
    const error = await failure(client(500, body).getDeployment('d1'))
    expect(error.message).toBe(`Get deployment d1 failed with HTTP 500: (unexpected body) (${body.length} bytes of JSON, not shown)`)
  })

  it('does not follow a redirect', async () => {
    const error = await failure(client(307, '').getDeployment('d1'))
    expect(error.message).toContain('was answered with a redirect (HTTP 307)')
  })

  it('reports an unreachable control plane', async () => {
    const http = { request: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')) } as unknown as Requester
    const error = await failure(
      new ControlPlaneClient(connection, { http, retry: { maxAttempts: 1, baseMs: 1, capMs: 1 } }).getDeployment('d1')
    )
    expect(error.message).toBe(
      'Get deployment d1 failed: could not reach the control plane at https://cp.example.com/base (connect ECONNREFUSED 127.0.0.1:1).'
    )
  })
})
