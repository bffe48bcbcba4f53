import type { Revision } from '../src/api/schemas.js'
import type { Clock } from '../src/core/clock.js'
import { Timeline } from '../src/core/timeline.js'
import { waitForRevision } from '../src/operations/control-plane/revision-wait.js'

/** The reference deploy of issue 4: statuses and how long each lasts. */
export const REFERENCE: Array<[string, number]> = [
  ['CREATING', 2_000],
  ['QUEUED', 30_000],
  ['AWAITING_BUILD', 10_000],
  ['BUILDING', 540_000],
  ['AWAITING_DEPLOY', 10_000],
  ['DEPLOYING', 300_000]
]

/** Each request takes this long on the virtual clock. */
const REQUEST_MS = 50

export interface PollingFigures {
  label: string
  runs: number
  requestsMedian: number
  requestsMax: number
  noticedMedianMs: number
  noticedP95Ms: number
}

class VirtualClock implements Clock {
  constructor(public time = 0) {}
  now(): number {
    return this.time
  }
  async sleep(ms: number): Promise<void> {
    this.time += ms
  }
}

/** A seeded generator, so every run of the benchmark sees the same deploys. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/** One deploy whose phases each last the reference time ±10%, so DEPLOYED falls at random points. */
async function oneRun(pollIntervalMs: number | undefined, random: () => number) {
  const phases = REFERENCE.map(([status, ms]) => [status, ms * (0.9 + 0.2 * random())] as const)
  const deployedAt = phases.reduce((sum, [, ms]) => sum + ms, 0)
  const clock = new VirtualClock()
  let requests = 0
  const client = {
    getRevision: async (_d: string, id: string): Promise<Revision> => {
      requests++
      clock.time += REQUEST_MS
      let t = clock.now()
      for (const [status, ms] of phases) {
        if (t < ms) return { id, status }
        t -= ms
      }
      return { id, status: 'DEPLOYED' }
    }
  }
  await waitForRevision({
    client,
    deploymentId: 'd',
    deploymentName: 'bench',
    revisionId: 'r',
    timeoutMs: 3_600_000,
    deadline: 3_600_000,
    pollIntervalMs,
    clock,
    timeline: new Timeline(0),
    progress: { changed: () => undefined, checked: () => undefined },
    warn: () => undefined
  })
  return { requests, noticedAfterMs: clock.now() - deployedAt }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

export async function measurePolling(label: string, pollIntervalMs: number | undefined, runs: number): Promise<PollingFigures> {
  const random = seeded(42)
  const results = []
  for (let i = 0; i < runs; i++) results.push(await oneRun(pollIntervalMs, random))
  const requests = results.map((r) => r.requests)
  const noticed = results.map((r) => r.noticedAfterMs)
  return {
    label,
    runs,
    requestsMedian: quantile(requests, 0.5),
    requestsMax: Math.max(...requests),
    noticedMedianMs: quantile(noticed, 0.5),
    noticedP95Ms: quantile(noticed, 0.95)
  }
}
