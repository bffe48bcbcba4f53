import { describe, expect, it } from '@jest/globals'
import { ApiError } from '../src/api/errors.js'
import type {
  CreateDeploymentRequest,
  Deployment,
  DeploymentsList,
  PatchDeploymentRequest,
  Revision,
  RevisionsList
} from '../src/api/schemas.js'
import { createOnce, makesRevision, mayMakeRevision, patchOnce, type ApplyContext } from '../src/operations/control-plane/apply.js'
import { FakeClock } from './helpers/clock.js'

const doubtful = () => new ApiError('api-refused', 'Create failed with HTTP 502', { status: 502, retryable: true, ambiguous: true })
const conflict = () => new ApiError('api-refused', 'Create failed with HTTP 409', { status: 409 })
const rateLimited = () => new ApiError('api-refused', 'HTTP 429', { status: 429, retryable: true, retryAfterMs: 3000 })
const refused = () => new ApiError('api-refused', 'HTTP 400', { status: 400 })

/**
 * A control plane whose create and patch calls follow a script: 'apply' applies and
 * answers, 'apply-then-fail' applies and then fails in doubt, other errors fail without applying.
 */
class FakePlane {
  deployments: Deployment[] = []
  revisions = 0
  /** Every revision made, newest last, with what made it. */
  made: Revision[] = []
  calls: string[] = []
  constructor(private script: Array<'apply' | 'apply-then-fail' | (() => ApiError)>) {}

  private next(): 'apply' | 'apply-then-fail' | (() => ApiError) {
    return this.script.shift() ?? 'apply'
  }

  async createDeployment(body: CreateDeploymentRequest): Promise<Deployment> {
    this.calls.push('POST')
    const step = this.next()
    if (typeof step === 'function') throw step()
    if (this.deployments.some((d) => d.name === body.name)) throw conflict()
    const created = { id: `d${this.deployments.length + 1}`, name: body.name, latest_revision_id: `r${++this.revisions}` }
    this.made.push({ id: created.latest_revision_id, status: 'QUEUED', source_revision_config: body.source_revision_config })
    this.deployments.push(created)
    if (step === 'apply-then-fail') throw doubtful()
    return created
  }

  /** Whether a change of a revision input in source_config makes a revision, as the owners' provider counts them. */
  configRevisions = false

  async patchDeployment(id: string, body: PatchDeploymentRequest): Promise<Deployment> {
    this.calls.push('PATCH')
    const step = this.next()
    if (typeof step === 'function') throw step()
    const deployment = this.deployments.find((d) => d.id === id)!
    if (body.source_config) deployment.source_config = { ...deployment.source_config, ...body.source_config }
    if (makesRevision(body) || (this.configRevisions && mayMakeRevision(body))) {
      deployment.latest_revision_id = `r${++this.revisions}`
      this.made.push({ id: deployment.latest_revision_id, status: 'QUEUED', source_revision_config: body.source_revision_config })
    }
    if (step === 'apply-then-fail') throw doubtful()
    return { ...deployment }
  }

  async getDeployment(id: string): Promise<Deployment> {
    this.calls.push('GET')
    return { ...this.deployments.find((d) => d.id === id)! }
  }

  async getRevision(_deployment: string, id: string): Promise<Revision> {
    this.calls.push('GET revision')
    return this.made.find((r) => r.id === id)!
  }

  async listRevisions(): Promise<RevisionsList> {
    this.calls.push('LIST revisions')
    return { resources: [...this.made].reverse(), offset: 0 }
  }

  async listDeployments(): Promise<DeploymentsList> {
    this.calls.push('LIST')
    return { resources: this.deployments.map((d) => ({ ...d })), offset: 0 }
  }
}

function context(plane: FakePlane): ApplyContext & { clock: FakeClock; logs: string[] } {
  const clock = new FakeClock()
  const logs: string[] = []
  return { client: plane, clock, deadline: clock.now() + 600_000, settleMs: 3_000, log: (l) => logs.push(l), random: () => 0.5, logs }
}

const body: CreateDeploymentRequest = { name: 'agent', source: 'github', source_config: {}, source_revision_config: {}, secrets: [] }
const revisionPatch: PatchDeploymentRequest = { source_revision_config: { repo_ref: 'main' } }

describe('createOnce', () => {
  it('adopts a create that took effect despite the error, without sending it again', async () => {
    const plane = new FakePlane(['apply-then-fail'])
    const ctx = context(plane)
    expect((await createOnce(body, ctx)).id).toBe('d1')
    // The list item lacks `source`: the deployment and its revision are read to check their settings.
    expect(plane.calls).toEqual(['POST', 'LIST', 'GET', 'GET revision'])
    expect(plane.deployments).toHaveLength(1)
    expect(ctx.logs[0]).toContain('took effect despite the error')
  })

  it('sends it again when the re-reads show it did not happen', async () => {
    const plane = new FakePlane([doubtful])
    const ctx = context(plane)
    expect((await createOnce(body, ctx)).id).toBe('d1')
    expect(plane.calls).toEqual(['POST', 'LIST', 'LIST', 'POST'])
    expect(plane.deployments).toHaveLength(1)
  })

  it('sends again at once, without re-reading, after a refusal that did no work', async () => {
    const plane = new FakePlane([rateLimited])
    const ctx = context(plane)
    await createOnce(body, ctx)
    expect(plane.calls).toEqual(['POST', 'POST'])
    expect(ctx.clock.sleeps).toEqual([3000])
  })

  it('fails at once on a definite refusal', async () => {
    const plane = new FakePlane([refused])
    await expect(createOnce(body, context(plane))).rejects.toThrow('HTTP 400')
    expect(plane.calls).toEqual(['POST'])
  })

  it('makes at most one deployment under any run of doubtful failures', async () => {
    const plane = new FakePlane(['apply-then-fail', 'apply-then-fail', 'apply-then-fail'])
    await createOnce(body, context(plane))
    expect(plane.deployments).toHaveLength(1)
    expect(plane.calls.filter((c) => c === 'POST')).toHaveLength(1)
  })

  it('gives up after the attempt limit with the last error', async () => {
    const plane = new FakePlane([doubtful, doubtful, doubtful, doubtful, doubtful])
    await expect(createOnce(body, context(plane))).rejects.toThrow('HTTP 502')
    expect(plane.calls.filter((c) => c === 'POST')).toHaveLength(4)
    expect(plane.deployments).toHaveLength(0)
  })
})

describe('patchOnce', () => {
  function withDeployment(script: ConstructorParameters<typeof FakePlane>[0]) {
    const plane = new FakePlane(script)
    plane.deployments.push({ id: 'd1', name: 'agent', latest_revision_id: 'r0' })
    return plane
  }

  it('adopts a patch whose new revision shows up, without sending it again', async () => {
    const plane = withDeployment(['apply-then-fail'])
    const result = await patchOnce({ id: 'd1', name: 'agent', latest_revision_id: 'r0' }, revisionPatch, context(plane))
    expect(result.revisionId).toBe('r1')
    expect(plane.calls).toEqual(['PATCH', 'GET', 'LIST revisions'])
    expect(plane.revisions).toBe(1)
  })

  it('sends it again when no new revision shows up', async () => {
    const plane = withDeployment([doubtful])
    await patchOnce({ id: 'd1', name: 'agent', latest_revision_id: 'r0' }, revisionPatch, context(plane))
    expect(plane.calls).toEqual(['PATCH', 'GET', 'GET', 'PATCH'])
    expect(plane.revisions).toBe(1)
  })

  it('resends a patch that makes no revision without re-reading: it only sets values', async () => {
    const plane = withDeployment(['apply-then-fail'])
    await patchOnce({ id: 'd1', name: 'agent', latest_revision_id: 'r0' }, { source_config: { build_on_push: true } }, context(plane))
    expect(plane.calls).toEqual(['PATCH', 'PATCH'])
    expect(plane.revisions).toBe(0)
  })

  it('makes at most one revision under any run of doubtful failures', async () => {
    const plane = withDeployment(['apply-then-fail', doubtful, 'apply-then-fail'])
    await patchOnce({ id: 'd1', name: 'agent', latest_revision_id: 'r0' }, revisionPatch, context(plane))
    expect(plane.revisions).toBe(1)
  })

  describe('a change of resource-spec, install-command or build-command: it may make a revision', () => {
    const specPatch: PatchDeploymentRequest = { source_config: { resource_spec: { max_scale: 6 }, build_command: 'pnpm build' } }

    it('is not resent blindly after a lost answer: the revision it made is found and followed', async () => {
      const plane = withDeployment(['apply-then-fail'])
      plane.configRevisions = true
      const result = await patchOnce({ id: 'd1', name: 'agent', latest_revision_id: 'r0' }, specPatch, context(plane))
      expect(result.revisionId).toBe('r1')
      expect(plane.calls.filter((c) => c === 'PATCH')).toHaveLength(1)
      expect(plane.revisions).toBe(1)
    })

    it('is not resent when it took effect without a revision: the deployment reports what was sent', async () => {
      const plane = withDeployment(['apply-then-fail'])
      const ctx = context(plane)
      const result = await patchOnce({ id: 'd1', name: 'agent', latest_revision_id: 'r0' }, specPatch, ctx)
      expect(result.revisionId).toBe('r0')
      expect(plane.calls).toEqual(['PATCH', 'GET'])
      expect(ctx.logs[0]).toContain('made no new revision')
    })

    it('is sent again only once the re-reads show it did not take effect', async () => {
      const plane = withDeployment([doubtful])
      plane.configRevisions = true
      await patchOnce({ id: 'd1', name: 'agent', latest_revision_id: 'r0' }, specPatch, context(plane))
      expect(plane.calls).toEqual(['PATCH', 'GET', 'GET', 'PATCH'])
      expect(plane.revisions).toBe(1)
    })

    it('makes at most one revision under any run of doubtful failures', async () => {
      const plane = withDeployment(['apply-then-fail', doubtful, 'apply-then-fail'])
      plane.configRevisions = true
      await patchOnce({ id: 'd1', name: 'agent', latest_revision_id: 'r0' }, specPatch, context(plane))
      expect(plane.revisions).toBe(1)
    })
  })
})

describe('a change the server applies late, after the action gave up on it', () => {
  it('is found within the settle window and not sent again', async () => {
    const plane = new FakePlane([])
    plane.deployments.push({ id: 'd1', name: 'agent', latest_revision_id: 'r0' })
    const ctx = context(plane)
    let pendingAt: number | undefined
    // The first patch times out; the server applies it 2.5 s later, before the window (3 s) ends.
    plane.patchDeployment = async () => {
      plane.calls.push('PATCH')
      if (pendingAt === undefined) {
        pendingAt = ctx.clock.now() + 2_500
        throw new ApiError('api-refused', 'Update failed: no answer within 2s.', { retryable: true, ambiguous: true })
      }
      plane.deployments[0].latest_revision_id = `r${++plane.revisions}`
      plane.made.push({
        id: plane.deployments[0].latest_revision_id,
        status: 'QUEUED',
        source_revision_config: revisionPatch.source_revision_config
      })
      return { ...plane.deployments[0] }
    }
    plane.getDeployment = async () => {
      plane.calls.push('GET')
      if (pendingAt !== undefined && ctx.clock.now() >= pendingAt && plane.revisions === 0) {
        plane.deployments[0].latest_revision_id = `r${++plane.revisions}`
        plane.made.push({
          id: plane.deployments[0].latest_revision_id,
          status: 'QUEUED',
          source_revision_config: revisionPatch.source_revision_config
        })
      }
      return { ...plane.deployments[0] }
    }
    const result = await patchOnce({ id: 'd1', name: 'agent', latest_revision_id: 'r0' }, revisionPatch, ctx)
    expect(result.revisionId).toBe('r1')
    expect(plane.calls).toEqual(['PATCH', 'GET', 'GET', 'LIST revisions'])
    expect(plane.revisions).toBe(1)
    expect(ctx.clock.sleeps).toEqual([1_000, 2_000])
  })
})

describe('mayMakeRevision', () => {
  it.each<[PatchDeploymentRequest, boolean]>([
    [{ source_config: { resource_spec: { min_scale: 2 } } }, true],
    [{ source_config: { install_command: 'pnpm i' } }, true],
    [{ source_config: { build_command: 'pnpm build' } }, true],
    [{ source_config: { build_on_push: true, custom_url: 'https://a.example' } }, false],
    [{ source_revision_config: { repo_ref: 'main' } }, true],
    [{}, false]
  ])('%o → %s', (patch, expected) => {
    expect(mayMakeRevision(patch)).toBe(expected)
  })
})

describe('makesRevision', () => {
  it.each<[PatchDeploymentRequest, boolean]>([
    [{ source_revision_config: { repo_ref: 'main' } }, true],
    [{ secrets: [] }, true],
    [{ secret_references: [] }, true],
    [{ source_config: { build_on_push: true } }, false],
    [{ source_revision_config: {} }, false],
    [{}, false]
  ])('%o → %s', (patch, expected) => {
    expect(makesRevision(patch)).toBe(expected)
  })
})

describe('a doubtful change whose re-read fails', () => {
  it('is never sent again, and the run says the outcome is unknown', async () => {
    const plane = new FakePlane(['apply-then-fail'])
    plane.deployments.push({ id: 'd1', name: 'agent', latest_revision_id: 'r0' })
    plane.getDeployment = async () => {
      plane.calls.push('GET')
      throw new ApiError('api-refused', 'Get deployment d1 failed with HTTP 503: (empty body)', { status: 503, retryable: true })
    }
    await expect(patchOnce({ id: 'd1', name: 'agent', latest_revision_id: 'r0' }, revisionPatch, context(plane))).rejects.toThrow(
      'Could not learn whether the update of deployment `agent` took effect'
    )
    expect(plane.calls).toEqual(['PATCH', 'GET'])
    expect(plane.revisions).toBe(1)
  })
})

describe('a lost answer to a patch of settings and a revision', () => {
  it("does not take another run's revision of the same branch for its own when the deployment lacks the settings sent", async () => {
    const plane = new FakePlane([
      () => {
        // This patch never lands; meanwhile another run (the same branch, no change of resources) makes r1.
        const deployment = plane.deployments[0]
        deployment.latest_revision_id = 'r1'
        plane.made.push({ id: 'r1', status: 'QUEUED', source_revision_config: { repo_ref: 'main' } })
        return doubtful()
      }
    ])
    plane.deployments.push({ id: 'd1', name: 'agent', latest_revision_id: 'r0', source_config: { resource_spec: { cpu: 1 } } })
    plane.made.push({ id: 'r0', status: 'DEPLOYED', source_revision_config: { repo_ref: 'main' } })
    const outcome = patchOnce(
      { id: 'd1', name: 'agent', latest_revision_id: 'r0' },
      { source_revision_config: { repo_ref: 'main' }, source_config: { resource_spec: { cpu: 2 } } },
      context(plane)
    )
    await expect(outcome).rejects.toThrow()
    // Never sent again over the other run's revision, and never reported as this run's.
    expect(plane.calls.filter((call) => call === 'PATCH')).toHaveLength(1)
  })
})
