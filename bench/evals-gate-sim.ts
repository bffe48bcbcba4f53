import { runAdaptive } from '../src/operations/evals/adaptive.js'
import { judgeSuite, type Round } from '../src/operations/evals/stats.js'

/**
 * The evals gate against chance (issue 36), run directly through the decision code: the real
 * adaptive plan (operations/evals/adaptive.ts) and verdicts (stats.ts), with each run's pass
 * drawn from a seeded PRNG at a known per-case probability instead of sent to an agent server
 * (the engine's sending is measured by bench/evals.js). Prints JSON for bench/evals-gate.js.
 */

/** mulberry32: small, seeded, good enough for coin flips. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** 20 cases: five each passing with probability 1, 0.9, 0.8 and 0.6. */
const AGENT = [1, 0.9, 0.8, 0.6].flatMap((p) => Array.from({ length: 5 }, () => p))
/** The same agent with 4 of its 0.9 cases broken to 0.1. */
const BROKEN = AGENT.map((p, i) => (i >= 5 && i < 9 ? 0.1 : p))
const CONFIDENCE = 0.95
const MAX_REPEAT = 8

interface Figures {
  blocked: number
  runsPerCaseSide: number
  undecided: number
  caughtCases: number
}

async function v15(ours: readonly number[], theirs: readonly number[], suites: number, seed: number): Promise<Figures> {
  const random = prng(seed)
  const totals = { blocked: 0, runs: 0, undecided: 0, caught: 0 }
  for (let s = 0; s < suites; s++) {
    let rounds = 0
    const cases = await runAdaptive({ cases: ours.length, maxRepeat: MAX_REPEAT, confidence: CONFIDENCE, maxRounds: 500 }, async (jobs) => {
      rounds += jobs.length
      // Each round's two runs: here, then there (the engine interleaves them the same way).
      return jobs.map((job): Round => [random() < ours[job.caseIndex], random() < theirs[job.caseIndex]])
    })
    const verdict = judgeSuite(cases, CONFIDENCE)
    // `max-regressions: 0` (the default): blocked by any case worse with evidence.
    if (verdict.worse > 0) totals.blocked++
    totals.runs += rounds / ours.length
    totals.undecided += verdict.undecided
    totals.caught += verdict.cases.filter((c, i) => c.verdict === 'worse' && ours[i] < theirs[i]).length
  }
  return {
    blocked: totals.blocked / suites,
    runsPerCaseSide: totals.runs / suites,
    undecided: totals.undecided / suites,
    caughtCases: totals.caught / suites
  }
}

/** v1.4: one run a side, a case that passed there and failed here is a regression; `max-regressions: 0`. */
function v14(ours: readonly number[], theirs: readonly number[], suites: number, seed: number): Figures {
  const random = prng(seed)
  let blocked = 0
  let caught = 0
  for (let s = 0; s < suites; s++) {
    const regressions = ours.map((p, i) => {
      const here = random() < p
      const there = random() < theirs[i]
      return there && !here
    })
    if (regressions.some(Boolean)) blocked++
    caught += regressions.filter((r, i) => r && ours[i] < theirs[i]).length
  }
  return { blocked: blocked / suites, runsPerCaseSide: 1, undecided: 0, caughtCases: caught / suites }
}

const out: Record<string, unknown> = {}
for (const [suites, tag] of [
  [100, 'hundred'],
  [2000, 'many']
] as const) {
  out[tag] = {
    suites,
    self: await v15(AGENT, AGENT, suites, 1),
    broken: await v15(BROKEN, AGENT, suites, 2),
    v14self: v14(AGENT, AGENT, suites, 3),
    v14broken: v14(BROKEN, AGENT, suites, 4)
  }
}
process.stdout.write(JSON.stringify(out))
