import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { imageShipped, unpinnedImageWarning } from '../src/commands/deploy/image.js'
import { deployWith, startSimulatorOnClock } from './helpers/in-process.js'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock()
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

const DIGEST = `sha256:${'0123456789abcdef'.repeat(4)}`
const REPOSITORY = 'registry.sim.example:5000/tenants/t1/image-agent'
/** A docker deploy: no graph config, no integration. */
const docker = (extra: Record<string, string>) => ({ 'graph-config-path': '', 'integration-id': '', ...extra })

const tagWarning = (image: string, tag: string, repository: string) =>
  `\`image-uri\` \`${image}\` names its image by the tag \`${tag}\`, not by a digest: a tag can move between the push and the build, so the control plane may deploy ` +
  `another image than the one this workflow pushed. Pin it by digest: \`${repository}@sha256:...\` (docker/build-push-action's \`digest\` output).`

describe('an image-uri for a docker source', () => {
  it('with a tag and no digest: warned about, and on record without a digest (internal_docker)', async () => {
    sim.seedDeployment({ name: 'image-agent', source: 'internal_docker' })
    const image = `${REPOSITORY}:v1.4.2`
    const run = await deployWith(sim, 'image-agent', docker({ 'image-uri': image }))

    expect(run.failures).toEqual([])
    expect(run.warnings).toEqual([tagWarning(image, 'v1.4.2', REPOSITORY)])
    expect(run.outcome.shipped).toEqual({ kind: 'image', imageUri: image })
    expect(sim.requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ source_revision_config: { image_uri: image } })
  })

  it('pinned by digest: no warning, and the digest on record', async () => {
    sim.seedDeployment({ name: 'image-agent', source: 'internal_docker' })
    const image = `${REPOSITORY}@${DIGEST}`
    const run = await deployWith(sim, 'image-agent', docker({ 'image-uri': image }))

    expect(run.failures).toEqual([])
    expect(run.warnings).toEqual([])
    expect(run.outcome.shipped).toEqual({ kind: 'image', imageUri: image, digest: DIGEST })
  })

  it('with a tag, on the create of an external_docker deployment, and in a dry run', async () => {
    const image = 'ghcr.io/acme/agent:latest'
    const created = await deployWith(sim, 'docker-agent', docker({ source: 'external_docker', 'image-uri': image }))
    expect(created.warnings).toEqual([tagWarning(image, 'latest', 'ghcr.io/acme/agent')])
    expect(created.outputs.operation).toBe('created')

    sim.reset()
    const planned = await deployWith(sim, 'docker-agent', docker({ source: 'external_docker', 'image-uri': image, 'dry-run': 'true' }))
    expect(planned.warnings).toEqual([tagWarning(image, 'latest', 'ghcr.io/acme/agent')])
    expect(planned.outcome.shipped).toEqual({ kind: 'image', imageUri: image })
    expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })

  it('a change the control plane refuses shipped nothing', async () => {
    sim.seedDeployment({ name: 'image-agent', source: 'internal_docker' })
    sim.addFault({ method: 'PATCH', respond: { status: 400, body: JSON.stringify({ detail: 'No.' }) } })
    const run = await deployWith(sim, 'image-agent', docker({ 'image-uri': `${REPOSITORY}@${DIGEST}` }))
    expect(run.exitCode).toBe(1)
    expect(run.outcome.shipped).toBeUndefined()
  })
})

describe('which image references are pinned', () => {
  it('a digest, with or without a tag before it, is pinned', () => {
    expect(unpinnedImageWarning(`${REPOSITORY}@${DIGEST}`)).toBeUndefined()
    expect(unpinnedImageWarning(`${REPOSITORY}:v1@${DIGEST}`)).toBeUndefined()
    expect(imageShipped(`${REPOSITORY}:v1@${DIGEST}`)).toEqual({ kind: 'image', imageUri: `${REPOSITORY}:v1@${DIGEST}`, digest: DIGEST })
  })

  it('no tag means latest, and a registry port is not a tag', () => {
    expect(unpinnedImageWarning('localhost:5000/agent')).toBe(
      '`image-uri` `localhost:5000/agent` names neither a tag nor a digest, so it means the tag `latest`: a tag can move between the push and the build, so the control plane may deploy ' +
        "another image than the one this workflow pushed. Pin it by digest: `localhost:5000/agent@sha256:...` (docker/build-push-action's `digest` output)."
    )
    expect(unpinnedImageWarning('localhost:5000/agent:2')).toBe(tagWarning('localhost:5000/agent:2', '2', 'localhost:5000/agent'))
  })

  it('something after @ that is not a digest pins nothing', () => {
    expect(unpinnedImageWarning('agent@sha256:abc')).toContain('names neither a tag nor a digest')
    expect(imageShipped('agent@sha256:abc')).toEqual({ kind: 'image', imageUri: 'agent@sha256:abc' })
  })
})
