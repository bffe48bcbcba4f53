import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  DeploymentSchema,
  DeploymentsListSchema,
  HttpValidationErrorSchema,
  ResourceSpecInput,
  RevisionSchema
} from '../src/api/schemas.js'
import { ROOT } from '../scripts/run-action.js'
import { classify, DEPLOYMENT_STATUSES } from '../src/core/statuses.js'

const openapi = JSON.parse(readFileSync(join(ROOT, 'sim', 'reference-openapi.json'), 'utf8'))
const referenceSpec = openapi.components.schemas['ResourceSpec-Input']

const listItem = {
  id: 'd1',
  name: 'agent',
  tenant_id: 't1',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  source_config: { repo_url: 'https://github.com/o/r', something_new: 1 },
  source_revision_config: { repo_ref: 'main', repo_commit_sha: null },
  secrets: [],
  latest_revision_id: 'r1',
  active_revision_id: null
}

describe('response schemas', () => {
  it('accept a list item without source and status, keeping unknown fields', () => {
    const parsed = DeploymentsListSchema.parse({ resources: [{ ...listItem, url: 'https://x', brand_new: true }], offset: 1 })
    expect(parsed.resources[0]).toMatchObject({ brand_new: true, url: 'https://x' })
    expect(parsed.resources[0].source_config).toMatchObject({ something_new: 1 })
  })

  it('accept enum values no document lists', () => {
    const deployment = DeploymentSchema.parse({ ...listItem, source: 'internal_template', status: 'AWAITING_FINAL_DELETE' })
    expect(deployment.status).toBe('AWAITING_FINAL_DELETE')
    expect(RevisionSchema.parse({ id: 'r1', status: 'AWAITING_CAPACITY', status_message: 'queued for capacity' }).status).toBe(
      'AWAITING_CAPACITY'
    )
  })

  it('require what the action relies on', () => {
    expect(DeploymentSchema.safeParse({ ...listItem, id: undefined }).success).toBe(false)
    expect(DeploymentSchema.safeParse({ ...listItem, latest_revision_id: undefined }).success).toBe(false)
    expect(RevisionSchema.safeParse({ id: 'r1' }).success).toBe(false)
    expect(DeploymentsListSchema.safeParse({ resources: [] }).success).toBe(false)
  })

  it('read a 422 body', () => {
    const body = { detail: [{ loc: ['query', 'limit'], msg: 'Input should be less than or equal to 100', type: 'less_than_equal' }] }
    expect(HttpValidationErrorSchema.parse(body).detail[0].loc).toEqual(['query', 'limit'])
  })
})

describe('ResourceSpec', () => {
  it('has the ResourceSpec fields users may set: the reference fields not marked "do not use"', () => {
    const usable = Object.entries(referenceSpec.properties as Record<string, { description?: string }>)
      .filter(([, field]) => field.description !== 'do not use')
      .map(([name]) => name)
    expect(Object.keys(ResourceSpecInput.shape).sort()).toEqual(usable.sort())
  })

  it('is strict for input and not checked in responses', () => {
    const spec = { min_scale: 1, orchestrator_cpu: 1, cpu: 32, sidecars: [{ resources: { limits: { cpu: 1 } } }] }
    expect(ResourceSpecInput.safeParse(spec).success).toBe(false)
    const deployment = DeploymentSchema.parse({
      ...listItem,
      source_config: { resource_spec: spec },
      secrets: [{ name: 'A', value: null }]
    })
    expect(deployment.source_config?.resource_spec).toEqual(spec)
  })

  it('accepts Kubernetes quantities written as numbers, sending them as strings', () => {
    expect(
      ResourceSpecInput.parse({ sidecars: [{ name: 's', image: 'i', resources: { limits: { cpu: 1, memory: '1Gi' } } }] }).sidecars?.[0]
        .resources?.limits
    ).toEqual({
      cpu: '1',
      memory: '1Gi'
    })
  })

  it('applies the reference bounds and types', () => {
    expect(ResourceSpecInput.safeParse({ cpu: 0.05 }).success).toBe(false)
    expect(ResourceSpecInput.safeParse({ cpu_limit: 16 }).success).toBe(true)
    expect(ResourceSpecInput.safeParse({ memory_mb: 1.5 }).success).toBe(false)
    expect(ResourceSpecInput.safeParse({ labels: { team: 3 } }).success).toBe(false)
    expect(ResourceSpecInput.safeParse({ sidecars: [{ name: 'proxy' }] }).success).toBe(false)
    expect(
      ResourceSpecInput.safeParse({
        sidecars: [{ name: 'proxy', image: 'envoy:1', env: [{ name: 'A', valueFrom: { secretKeyRef: { name: 's' } } }] }],
        volumes: [{ name: 'cache', emptyDir: {} }],
        volume_mounts: [{ name: 'cache', mountPath: '/cache', readOnly: true }]
      }).success
    ).toBe(true)
  })
})

describe("statuses, as the control plane's owners read them", () => {
  const statuses = (schema: string) => openapi.components.schemas[schema].properties.status.enum as string[]

  it('knows every deployment status the reference lists, and AWAITING_FINAL_DELETE, which the owners add', () => {
    expect(statuses('Deployment').filter((status) => !(DEPLOYMENT_STATUSES as readonly string[]).includes(status))).toEqual([])
    expect(DEPLOYMENT_STATUSES).toContain('AWAITING_FINAL_DELETE')
  })

  it('knows every revision status the reference lists; only DEPLOYED, the *_FAILED and SKIPPED are final', () => {
    const verdicts = Object.fromEntries(statuses('Revision').map((status) => [status, classify(status)]))
    expect(Object.values(verdicts)).not.toContain('unrecognised')
    expect(Object.keys(verdicts).filter((status) => verdicts[status] !== 'in-progress')).toEqual([
      'CREATE_FAILED',
      'BUILD_FAILED',
      'DEPLOY_FAILED',
      'DEPLOYED',
      'SKIPPED'
    ])
  })
})
