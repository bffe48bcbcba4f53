import { describe, expect, it } from '@jest/globals'
import type { ControlPlaneClient } from '../src/api/client.js'
import type { Revision } from '../src/api/schemas.js'
import { deployChecks } from '../src/commands/deploy/checks.js'
import { githubSource } from '../src/commands/deploy/sources/github.js'
import type { DeployInputs } from '../src/commands/deploy/inputs.js'
import type { CommandDeps } from '../src/commands/types.js'
import type { Log } from '../src/core/log.js'
import { Recorder } from '../src/core/recorder.js'
import { healthCheck } from '../src/operations/checks/health.js'
import type { CheckContext } from '../src/operations/checks/types.js'
import { FakeClock } from './helpers/clock.js'

/** Every check returns what it found: a failure is a value the list's loop throws, never a throw of the check's own. */
describe('checks return their result', () => {
  const lines: string[] = []
  const log: Log = {
    info: (l) => lines.push(l),
    warn: (l) => lines.push(l),
    notice: () => {},
    debug: () => {},
    startGroup: () => {},
    endGroup: () => {}
  }
  const clock = new FakeClock()
  const revision = {
    id: 'rev-1',
    status: 'DEPLOYED',
    source_revision_config: { repo_commit_sha: 'b'.repeat(40), repo_ref: 'main' }
  } as unknown as Revision
  const context = (overrides: Partial<CheckContext> = {}): CheckContext => ({
    client: {} as ControlPlaneClient,
    clock,
    log,
    recorder: new Recorder('deploy'),
    deadline: clock.now() + 60_000,
    connection: { baseUrl: 'https://cp.example.com', credential: { kind: 'api-key', value: 'k' } },
    deployment: { id: 'd-1', name: 'agent' },
    revision,
    settings: { verification: {} as CheckContext['settings']['verification'] },
    ...overrides
  })

  it('the health check returns its failure when the URL is not one the credential may go to (no URL reported)', async () => {
    const result = await healthCheck.run(
      context({ settings: { health: { path: '/ok', timeoutMs: 1000 }, verification: {} as CheckContext['settings']['verification'] } })
    )
    expect(result.failure).toMatchObject({ kind: 'health-check-not-made' })
  })

  it('the built commit check returns `commit-mismatch` for a `github` build of another commit', async () => {
    const inputs = { expectedCommit: 'a'.repeat(40) } as DeployInputs
    const deps = { workflow: {}, log, recorder: new Recorder('deploy') } as unknown as CommandDeps
    const [builtCommit] = deployChecks(inputs, { module: githubSource }, deps)
    const result = await builtCommit.run(context())
    expect(result.failure).toMatchObject({ kind: 'commit-mismatch' })
    expect(
      await builtCommit.run(context({ revision: { ...revision, source_revision_config: { repo_commit_sha: 'a'.repeat(40) } } }))
    ).toEqual({})
  })
})
