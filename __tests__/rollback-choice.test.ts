import { describe, expect, it } from '@jest/globals'
import type { ListRevisionsQuery } from '../src/api/client.js'
import type { Deployment, Revision, RevisionsList } from '../src/api/schemas.js'
import { chooseRollbackTarget } from '../src/commands/rollback/choose.js'
import { listRevisionsWithStatus } from '../src/operations/control-plane/revisions.js'
import { FakeClock } from './helpers/clock.js'

const minutes = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString()
const revision = (id: string, minute: number, status = 'DEPLOYED'): Revision => ({ id, status, created_at: minutes(minute) })
const deployment = (active: string | null): Deployment => ({
  id: 'dep-1',
  name: 'agent',
  latest_revision_id: active,
  active_revision_id: active
})

describe('chooseRollbackTarget', () => {
  const deployed = [revision('r5', 50), revision('r4', 40), revision('r2', 20), revision('r1', 10)]

  it('`previous` picks the newest DEPLOYED revision older than the serving one', () => {
    expect(chooseRollbackTarget({ kind: 'previous' }, { deployment: deployment('r4'), deployed })).toEqual({
      kind: 'redeploy',
      target: deployed[2],
      replaces: 'r4'
    })
  })

  it('`previous` goes by age, not by list position, after an earlier rollback', () => {
    // r2 serves again (a rollback), so r5 and r4 are newer; the one before r2 is r1.
    const choice = chooseRollbackTarget({ kind: 'previous' }, { deployment: deployment('r2'), deployed })
    expect(choice).toMatchObject({ kind: 'redeploy', target: { id: 'r1' } })
  })

  it("`previous` reads the serving revision's age from `active` when the list lacks it", () => {
    const choice = chooseRollbackTarget(
      { kind: 'previous' },
      { deployment: deployment('r3'), deployed, active: revision('r3', 30, 'DEPLOY_FAILED') }
    )
    expect(choice).toMatchObject({ kind: 'redeploy', target: { id: 'r2' }, replaces: 'r3' })
  })

  it('`previous` with nothing older is refused, listing what is eligible', () => {
    expect(() => chooseRollbackTarget({ kind: 'previous' }, { deployment: deployment('r1'), deployed })).toThrow(
      /no revision that reached DEPLOYED before the one serving now \(r1\)[\s\S]*- r5 \(created 2026-01-01T12:50:00.000Z\)[\s\S]*- r1 \(created .*\), serving now/
    )
  })

  it('`previous` without a serving revision is refused', () => {
    expect(() => chooseRollbackTarget({ kind: 'previous' }, { deployment: deployment(null), deployed })).toThrow(
      'reports no revision serving now'
    )
  })

  it('an id that serves already needs nothing', () => {
    expect(chooseRollbackTarget({ kind: 'revision', id: 'r4' }, { deployment: deployment('r4'), deployed })).toEqual({
      kind: 'serving',
      revisionId: 'r4'
    })
  })

  it('an id of a DEPLOYED revision, as read by id, is redeployed, also a newer one', () => {
    expect(
      chooseRollbackTarget({ kind: 'revision', id: 'r5' }, { deployment: deployment('r2'), deployed: [], requested: revision('r5', 50) })
    ).toMatchObject({
      kind: 'redeploy',
      target: { id: 'r5' },
      replaces: 'r2'
    })
  })

  it('an id read in another status is refused, saying which, with the eligible ones', () => {
    expect(() =>
      chooseRollbackTarget(
        { kind: 'revision', id: 'r3' },
        { deployment: deployment('r5'), deployed, requested: revision('r3', 30, 'BUILD_FAILED') }
      )
    ).toThrow(/Revision r3 of deployment `agent` is BUILD_FAILED, not DEPLOYED[\s\S]*\n- r5 [\s\S]*\n- r1 /)
  })

  it('an id the control plane does not know for this deployment is refused with the eligible ones', () => {
    let message = ''
    try {
      chooseRollbackTarget({ kind: 'revision', id: 'other' }, { deployment: deployment('r5'), deployed })
    } catch (error) {
      message = (error as Error).message + (error as { hint?: string }).hint
    }
    expect(message).toContain('Revision other is not a revision of deployment `agent` (the control plane answered 404 for it')
    expect(message.match(/^- r\d/gm)).toEqual(['- r5', '- r4', '- r2', '- r1'])
    expect(message).toContain('Set `rollback-to`')
  })

  it('shows at most ten eligible revisions', () => {
    const many = Array.from({ length: 14 }, (_, i) => revision(`m${i}`, 59 - i))
    expect(() => chooseRollbackTarget({ kind: 'revision', id: 'x' }, { deployment: deployment('m0'), deployed: many })).toThrow(
      /- m9[^\n]*\n- and 4 more/
    )
  })

  it('says more may exist when only the newest page was listed', () => {
    const page = Array.from({ length: 10 }, (_, i) => revision(`m${i}`, 59 - i))
    expect(() =>
      chooseRollbackTarget({ kind: 'revision', id: 'x' }, { deployment: deployment('m0'), deployed: page, partial: true })
    ).toThrow(/- m9[^\n]*\n- and maybe more \(only the newest were listed\)/)
  })
})

/** The revisions endpoint over `all` (newest first) with a status filter and either offset convention. */
function fakeRevisions(all: Revision[], mode: 'next' | 'echo') {
  const calls: ListRevisionsQuery[] = []
  return {
    calls,
    listRevisions: async (_id: string, query: ListRevisionsQuery): Promise<RevisionsList> => {
      calls.push(query)
      const keep = query.status?.split(',')
      const matching = all.filter((r) => !keep || keep.includes(r.status))
      const resources = matching.slice(query.offset, query.offset + query.limit)
      return { resources, offset: mode === 'next' ? query.offset + resources.length : query.offset }
    }
  }
}

describe('listRevisionsWithStatus', () => {
  const all = Array.from({ length: 250 }, (_, i) => revision(`r${i}`, 0, i % 5 === 0 ? 'BUILD_FAILED' : 'DEPLOYED'))

  it.each(['next', 'echo'] as const)('walks every page with the status filter when the server returns the %s offset', async (mode) => {
    const api = fakeRevisions(all, mode)
    const clock = new FakeClock()
    const found = await listRevisionsWithStatus({ client: api, clock, deadline: clock.now() + 1_000 }, 'dep-1', ['DEPLOYED'])
    expect(found).toHaveLength(200)
    expect(found.some((r) => r.status !== 'DEPLOYED')).toBe(false)
    expect(api.calls.map((c) => [c.offset, c.limit, c.status])).toEqual([
      [0, 100, 'DEPLOYED'],
      [100, 100, 'DEPLOYED'],
      [200, 100, 'DEPLOYED']
    ])
  })

  it('fails instead of looping when the server ignores the offset', async () => {
    const page = all.slice(0, 100)
    const clock = new FakeClock()
    const api = { listRevisions: async (): Promise<RevisionsList> => ({ resources: page, offset: 0 }) }
    await expect(listRevisionsWithStatus({ client: api, clock, deadline: clock.now() + 1_000 }, 'dep-1', ['DEPLOYED'])).rejects.toThrow(
      'stopped advancing at offset 100'
    )
  })

  it('stops at the page cap on a list that never ends', async () => {
    let n = 0
    const clock = new FakeClock()
    const api = {
      listRevisions: async (_id: string, q: ListRevisionsQuery): Promise<RevisionsList> => ({
        resources: Array.from({ length: 100 }, () => revision(`x${n++}`, 0)),
        offset: q.offset + 100
      })
    }
    await expect(listRevisionsWithStatus({ client: api, clock, deadline: clock.now() + 1_000 }, 'dep-1', ['DEPLOYED'])).rejects.toThrow(
      'after 100 pages: the list did not end'
    )
  })

  it('stops at the deadline', async () => {
    const clock = new FakeClock()
    const api = {
      listRevisions: async (_id: string, q: ListRevisionsQuery): Promise<RevisionsList> => {
        clock.time += 600
        return { resources: Array.from({ length: 100 }, (_, i) => revision(`y${q.offset + i}`, 0)), offset: q.offset + 100 }
      }
    }
    await expect(listRevisionsWithStatus({ client: api, clock, deadline: clock.now() + 1_000 }, 'dep-1', ['DEPLOYED'])).rejects.toThrow(
      "after 2 pages: the step's `timeout` ran out"
    )
  })
})
