import { describe, expect, it } from '@jest/globals'
import { runAdaptive } from '../src/operations/evals/adaptive.js'
import type { RunRecord } from '../src/operations/evals/engine.js'
import { roundsOf as resultsRoundsOf } from '../src/operations/evals/results.js'
import {
  fisherLower,
  judgeSuite,
  nextRound,
  taroneLevel,
  testRounds,
  wilson,
  type CaseRuns,
  type Round
} from '../src/operations/evals/stats.js'

/**
 * The comparison's statistics (operations/evals/stats.ts, adaptive.ts), exactly: the false-alarm
 * level is computed by enumerating every outcome of small suites under "both sides pass equally
 * often", weighted by its probability: no sampling, no clock.
 */

/** `a` passes here and `b` there over `n` paired rounds (which rounds does not matter to Fisher's test). */
const roundsOf = (a: number, b: number, n: number): Round[] => Array.from({ length: n }, (_, i) => [i < a, i < b] as const)
const binomial = (k: number, n: number, p: number) => {
  let c = 1
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1)
  return c * p ** k * (1 - p) ** (n - k)
}

/** Every joint outcome of `cases` (each a per-run pass probability, the same on both sides), as counts, with its probability. */
function* fixedOutcomes(probabilities: readonly number[], n: number): Generator<{ weight: number; counts: Array<[number, number]> }> {
  const per = probabilities.map((p) => {
    const list: Array<{ weight: number; counts: [number, number] }> = []
    for (let a = 0; a <= n; a++) for (let b = 0; b <= n; b++) list.push({ weight: binomial(a, n, p) * binomial(b, n, p), counts: [a, b] })
    return list
  })
  const walk = function* (
    i: number,
    weight: number,
    counts: Array<[number, number]>
  ): Generator<{ weight: number; counts: Array<[number, number]> }> {
    if (i === per.length) {
      yield { weight, counts }
      return
    }
    for (const o of per[i]) yield* walk(i + 1, weight * o.weight, [...counts, o.counts])
  }
  yield* walk(0, 1, [])
}

describe("Fisher's exact test, one-sided", () => {
  it('has the minimum p-values the design relies on: 1/C(2n,n) for n runs a side all failing here, all passing there', () => {
    expect(fisherLower(0, 6, 6, 6)).toBeCloseTo(1 / 924, 10)
    expect(fisherLower(0, 8, 8, 8)).toBeCloseTo(1 / 12870, 12)
    // 1 of 8 here, 7 of 8 there: (1 + 64) / 12870.
    expect(fisherLower(1, 8, 8, 8)).toBeCloseTo(65 / 12870, 10)
    expect(fisherLower(3, 3, 3, 6)).toBe(1)
  })

  it('never gives a smaller p-value for a round that went better here, nor a larger one for a round that went worse (what stopping early relies on)', () => {
    for (const chosen of [false, true]) {
      for (let n = 1; n <= 7; n++) {
        for (let a = 0; a <= n; a++) {
          for (let b = 0; b <= n; b++) {
            const rounds = roundsOf(a, b, n)
            if (chosen && rounds[0][0] === rounds[0][1]) continue
            const now = testRounds(rounds, chosen).p
            expect(testRounds([...rounds, [true, false]], chosen).p).toBeGreaterThanOrEqual(now - 1e-12)
            expect(testRounds([...rounds, [false, true]], chosen).p).toBeLessThanOrEqual(now + 1e-12)
          }
        }
      }
    }
  })
})

describe("Tarone's procedure", () => {
  it('counts only the tests that could reach the level: a case that passed every run on both sides never can', () => {
    const steady = testRounds(roundsOf(6, 6, 6), false)
    expect(steady.minP).toBe(1)
    const broken = testRounds(roundsOf(0, 6, 6), false)
    // 1 broken case among 19 steady ones is held to alpha / 1, not alpha / 20.
    expect(taroneLevel([broken, ...Array.from({ length: 19 }, () => steady)], 0.05)).toBe(0.05)
    const cases: CaseRuns[] = [
      { rounds: roundsOf(0, 6, 6), chosen: false },
      ...Array.from({ length: 19 }, () => ({ rounds: roundsOf(6, 6, 6), chosen: false }))
    ]
    const verdict = judgeSuite(cases, 0.95)
    expect(verdict.cases[0].verdict).toBe('worse')
    expect(verdict.verdict).toBe('worse')
    expect(verdict.cases.map((c) => c.verdict)).toEqual(['worse', ...Array<string>(19).fill('not worse')])
  })

  it('keeps the false alarms of fixed runs under 1 - confidence, exactly: 3 cases x 4 runs a side at 80% confidence', () => {
    const alpha = 0.2
    let alarms = 0
    let total = 0
    for (const { weight, counts } of fixedOutcomes([0.5, 0.3, 0.7], 4)) {
      total += weight
      const cases = counts.map(([a, b]) => ({ rounds: roundsOf(a, b, 4), chosen: false }))
      if (judgeSuite(cases, 1 - alpha).worse > 0) alarms += weight
    }
    expect(total).toBeCloseTo(1, 10)
    expect(alarms).toBeLessThanOrEqual(alpha)
    // Not a test that never rejects: 0.0798 (Fisher's is conservative at 4 runs a side).
    expect(alarms).toBeGreaterThan(0.05)
  })
})

describe('adaptive runs', () => {
  /**
   * Every sequence of `maxRepeat` rounds for each case (both sides passing with probability
   * `p`), run through the real plan (adaptive.ts) and verdict: the probability that any case is
   * called worse.
   */
  async function adaptiveAlarms(probabilities: readonly number[], maxRepeat: number, confidence: number) {
    const sequences = (p: number) => {
      const all: Array<{ weight: number; rounds: Round[] }> = [{ weight: 1, rounds: [] }]
      for (let r = 0; r < maxRepeat; r++) {
        const next: typeof all = []
        for (const s of all) {
          for (const o of [true, false]) {
            for (const t of [true, false])
              next.push({ weight: s.weight * (o ? p : 1 - p) * (t ? p : 1 - p), rounds: [...s.rounds, [o, t]] })
          }
        }
        all.splice(0, all.length, ...next)
      }
      return all
    }
    const per = probabilities.map(sequences)
    let alarms = 0
    let runs = 0
    let total = 0
    const walk = async (i: number, weight: number, chosen: Array<Round[]>): Promise<void> => {
      if (i === per.length) {
        let sent = 0
        const cases = await runAdaptive({ cases: chosen.length, maxRepeat, confidence, maxRounds: 500 }, async (jobs) => {
          sent += jobs.length
          return jobs.map((job) => chosen[job.caseIndex][job.round - 1])
        })
        total += weight
        runs += weight * sent
        if (judgeSuite(cases, confidence).worse > 0) alarms += weight
        return
      }
      for (const s of per[i]) await walk(i + 1, weight * s.weight, [...chosen, s.rounds])
    }
    await walk(0, 1, [])
    return { alarms, total, runsPerCase: runs / probabilities.length }
  }

  it('keeps the false alarms under 1 - confidence however often it looks, exactly: 2 cases, up to 3 runs a side, at 80% confidence', async () => {
    const { alarms, total, runsPerCase } = await adaptiveAlarms([0.5, 0.6], 3, 0.8)
    expect(total).toBeCloseTo(1, 10)
    expect(alarms).toBeLessThanOrEqual(0.2)
    // It can raise an alarm at all (0.0292): the enumeration would catch a procedure that over-rejects.
    expect(alarms).toBeGreaterThan(0.01)
    // Only cases whose first round disagreed ran again.
    expect(runsPerCase).toBeGreaterThan(1)
    expect(runsPerCase).toBeLessThan(4)
  })

  it('runs a case again only while a run could change its verdict', () => {
    const options = { maxRepeat: 8, confidence: 0.95, chosenCases: 5 }
    expect(nextRound({ rounds: roundsOf(0, 1, 1), chosen: true }, options)).toBe('run')
    // 0 of 7 here, 7 of 7 there: worse whatever the 8th round shows.
    expect(nextRound({ rounds: roundsOf(0, 7, 7), chosen: true }, options)).toBe('stop-certain')
    // With 2 at most, a second round cannot make 0/1 vs 1/1 evidence either way.
    expect(nextRound({ rounds: roundsOf(0, 1, 1), chosen: true }, { ...options, maxRepeat: 2 })).toBe('stop-certain')
    expect(nextRound({ rounds: roundsOf(1, 1, 1), chosen: false }, options)).toBe('stop-max')
    expect(nextRound({ rounds: roundsOf(0, 2, 2), chosen: true }, { ...options, maxRepeat: 2 })).toBe('stop-max')
  })

  it('sends nothing past the run cap: a case left out is judged on what it ran', async () => {
    let sent = 0
    const cases = await runAdaptive({ cases: 10, maxRepeat: 8, confidence: 0.95, maxRounds: 14 }, async (jobs) => {
      sent += jobs.length
      return jobs.map(() => [false, true] as const)
    })
    expect(sent).toBe(14)
    expect(cases.map((c) => c.rounds.length)).toEqual([2, 2, 2, 2, 1, 1, 1, 1, 1, 1])
  })
})

describe('the verdicts', () => {
  it('says undecided, with the runs that could decide it, when here passed less often without evidence; better when the evidence points the other way', () => {
    const verdict = judgeSuite(
      [
        { rounds: roundsOf(1, 3, 4), chosen: false },
        { rounds: roundsOf(8, 0, 8), chosen: false },
        { rounds: roundsOf(2, 2, 4), chosen: false }
      ],
      0.95
    )
    expect(verdict.cases.map((c) => c.verdict)).toEqual(['undecided', 'not worse', 'not worse'])
    expect(verdict.cases[0].moreRuns).toBeGreaterThan(0)
    expect(verdict.cases[1].better).toBe(true)
    expect(verdict.verdict).toBe('undecided')
    // Not run at all (the suite's time limit): no evidence either way.
    expect(judgeSuite([{ rounds: [], chosen: false }], 0.95).cases[0].verdict).toBe('undecided')
  })

  it('gives the pass rate a 95% Wilson interval', () => {
    const { low, high } = wilson(3, 3)
    expect(low).toBeCloseTo(0.4385, 3)
    expect(high).toBe(1)
    const mid = wilson(18, 20)
    expect(mid.low).toBeCloseTo(0.699, 2)
    expect(mid.high).toBeCloseTo(0.972, 2)
  })
})

describe('rounds from the runs of fixed repeats', () => {
  const run = (side: 'ours' | 'theirs', repeat: number, passed: boolean, extra: Partial<RunRecord> = {}): RunRecord => ({
    caseIndex: 0,
    side,
    repeat,
    passed,
    failed: passed ? [] : ['x'],
    durationMs: 1,
    attempts: 1,
    ...extra
  })

  it("leave out a round the suite's time limit cut on either side: a slower side is not worse for its speed", () => {
    const records = [
      run('ours', 1, true),
      run('theirs', 1, true),
      // Cut at the suite's end while the other side had answered: no round.
      run('ours', 2, false, { cutBySuite: true }),
      run('theirs', 2, true),
      run('ours', 3, false, { notRun: true }),
      run('theirs', 3, true)
    ]
    expect(resultsRoundsOf(1, records)).toEqual([{ rounds: [[true, true]], chosen: false }])
  })
})
