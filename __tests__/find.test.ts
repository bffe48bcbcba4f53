import { describe, expect, it } from '@jest/globals'
import type { ListDeploymentsQuery } from '../src/api/client.js'
import type { Deployment, DeploymentsList } from '../src/api/schemas.js'
import { findDeploymentByName, findDeploymentsByName, PAGE_SIZE, type WalkLimits } from '../src/operations/control-plane/find.js'
import { FakeClock } from './helpers/clock.js'

function deployment(name: string, i: number): Deployment {
  return { id: `id-${i}`, name, latest_revision_id: null }
}

/** A list endpoint over `all`, filtering like name_contains, with either offset convention. */
function fakeList(all: Deployment[], offsetMode: 'next' | 'echo') {
  const calls: ListDeploymentsQuery[] = []
  return {
    calls,
    listDeployments: async (query: ListDeploymentsQuery): Promise<DeploymentsList> => {
      calls.push(query)
      const matching = all.filter((d) => d.name.includes(query.name_contains ?? ''))
      const resources = matching.slice(query.offset, query.offset + query.limit)
      return { resources, offset: offsetMode === 'next' ? query.offset + resources.length : query.offset }
    }
  }
}

// 250 deployments whose names contain `agent`, the exact one on the third page.
const crowd = [
  ...Array.from({ length: 230 }, (_, i) => deployment(`agent-pr-${i}`, i)),
  deployment('agent', 1000),
  ...Array.from({ length: 19 }, (_, i) => deployment(`my-agent-${i}`, 2000 + i))
]

/** A deadline that these walks never reach: they are about paging, not time. */
function noRush(): WalkLimits {
  const clock = new FakeClock()
  return { clock, deadline: clock.now() + 60_000 }
}

describe('findDeploymentsByName', () => {
  it.each(['next', 'echo'] as const)('walks every page when the server returns the %s offset', async (mode) => {
    const api = fakeList(crowd, mode)
    const found = await findDeploymentsByName(api, 'agent', noRush())
    expect(found.map((d) => d.id)).toEqual(['id-1000'])
    expect(api.calls.map((c) => c.offset)).toEqual([0, 100, 200])
    expect(new Set(api.calls.map((c) => `${c.limit} ${c.name_contains}`))).toEqual(new Set([`${PAGE_SIZE} agent`]))
  })

  it('keeps exact matches only', async () => {
    const api = fakeList([deployment('Agent', 1), deployment('agent ', 2), deployment('agent-x', 3)], 'next')
    expect(await findDeploymentsByName(api, 'agent', noRush())).toEqual([])
  })

  it('stops after an empty first page', async () => {
    const api = fakeList([], 'echo')
    expect(await findDeploymentsByName(api, 'agent', noRush())).toEqual([])
    expect(api.calls).toHaveLength(1)
  })

  it('asks for one more page after an exactly full page', async () => {
    const api = fakeList(crowd.slice(0, 100), 'echo')
    await findDeploymentsByName(api, 'agent', noRush())
    expect(api.calls.map((c) => c.offset)).toEqual([0, 100])
  })

  it('fails instead of looping when the server ignores the offset', async () => {
    const page = crowd.slice(0, 100)
    let calls = 0
    const api = {
      listDeployments: async () => {
        calls++
        return { resources: page, offset: 0 }
      }
    }
    await expect(findDeploymentsByName(api, 'agent', noRush())).rejects.toThrow('stopped advancing at offset 100')
    expect(calls).toBe(2)
  })
})

describe('findDeploymentByName', () => {
  it('returns the single match or undefined', async () => {
    expect((await findDeploymentByName(fakeList(crowd, 'next'), 'agent', noRush()))?.id).toBe('id-1000')
    expect(await findDeploymentByName(fakeList(crowd, 'next'), 'nobody', noRush())).toBeUndefined()
  })

  it('refuses several exact matches, listing their ids', async () => {
    const api = fakeList([deployment('agent', 1), deployment('agent-2', 2), deployment('agent', 3)], 'next')
    await expect(findDeploymentByName(api, 'agent', noRush())).rejects.toThrow('2 deployments are named `agent`: id-1, id-3.')
  })
})
