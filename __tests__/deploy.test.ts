import { beforeEach, describe, expect, it, jest } from '@jest/globals'
import type { ControlPlaneClient } from '../src/api/client.js'
import type { Deployment, Revision } from '../src/api/schemas.js'
import { deploy } from '../src/commands/deploy/command.js'
import { RunMemos } from '../src/operations/run-memos.js'
import { Recorder } from '../src/core/recorder.js'
import { RunContext } from '../src/core/run-context.js'
import { FakeClock } from './helpers/clock.js'
import { BASE_INPUTS, readDeployInputs } from './helpers/inputs.js'

beforeEach(() => {
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

const existing: Deployment = {
  id: 'd1',
  name: 'support-agent',
  source: 'github',
  status: 'READY',
  latest_revision_id: 'r1',
  active_revision_id: 'r1'
}

/** A control plane where the deployment exists, and a newer revision r3 overtakes this run's r2. */
function overtakingPlane() {
  return {
    listDeployments: async () => ({ resources: [existing], offset: 1 }),
    getDeployment: async (): Promise<Deployment> => ({ ...existing, latest_revision_id: 'r3', active_revision_id: 'r3' }),
    patchDeployment: async (): Promise<Deployment> => ({ ...existing, latest_revision_id: 'r2' }),
    getRevision: async (_d: string, id: string): Promise<Revision> => ({ id, status: 'DEPLOYED' }),
    getRevisionLogs: async () => ({ logs: [], next_offset: null })
  } as unknown as ControlPlaneClient
}

const silent = {
  info: () => undefined,
  notice: () => undefined,
  debug: () => undefined,
  startGroup: () => undefined,
  endGroup: () => undefined
}

describe('deploy', () => {
  it('warns when the revision it waited for is no longer the one serving', async () => {
    const clock = new FakeClock()
    const warnings: string[] = []
    const outcome = await deploy(await readDeployInputs(BASE_INPUTS), {
      client: overtakingPlane(),
      run: new RunContext({ clock, deadline: clock.now() + 60_000 }),
      settleMs: 3_000,
      workflow: { repoRef: 'main' },
      recorder: new Recorder('deploy'),
      memos: new RunMemos(),
      log: { ...silent, warn: (w: string) => warnings.push(w) }
    })
    expect(warnings).toEqual(['Revision r2 reached DEPLOYED, but the deployment now serves revision r3 (a newer deploy?).'])
    expect(outcome).toMatchObject({
      kind: 'deployed',
      operation: 'updated',
      previousRevisionId: 'r1',
      revisionId: 'r2',
      revision: { status: 'DEPLOYED' },
      deployment: { active_revision_id: 'r3' }
    })
  })
})
