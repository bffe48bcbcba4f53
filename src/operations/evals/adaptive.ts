import { nextRound, type CaseRuns, type Round } from './stats.js'

/** One round to run: the case, and which of its runs (from 1). */
export interface RoundJob {
  caseIndex: number
  round: number
}

export interface AdaptivePlan {
  cases: number
  /** `max-repeat`: the most rounds a case runs. */
  maxRepeat: number
  confidence: number
  /** Rounds that may still be sent in all (the 1,000-run cap, over 2 sides). */
  maxRounds: number
}

/**
 * Adaptive runs (`compare-with`, no `repeat`): every case once on each side; then, round after
 * round, only the cases whose first round disagreed and whose verdict is not yet certain
 * (stats.ts `nextRound`), until each is certain or has run `maxRepeat` rounds. `runRounds` sends
 * one batch (each case's two runs side by side) and returns each job's round, or undefined when
 * it was not run (the suite's time limit): such a case runs no more and is judged on what it ran.
 * The run cap is kept by sending no batch past it; cases left out are cut the same way.
 */
export async function runAdaptive(
  plan: AdaptivePlan,
  runRounds: (jobs: readonly RoundJob[]) => Promise<Array<Round | undefined>>
): Promise<CaseRuns[]> {
  const cases: Array<CaseRuns & { rounds: Round[]; cut?: boolean }> = Array.from({ length: plan.cases }, () => ({
    rounds: [],
    chosen: false
  }))
  let budget = plan.maxRounds
  const first = Array.from({ length: Math.min(plan.cases, budget) }, (_, caseIndex) => ({ caseIndex, round: 1 }))
  budget -= first.length
  const firstRuns = await runRounds(first)
  first.forEach((job, i) => {
    const round = firstRuns[i]
    if (round === undefined) return
    cases[job.caseIndex].rounds.push(round)
    cases[job.caseIndex].chosen = round[0] !== round[1]
  })
  for (let round = 2; round <= plan.maxRepeat; round++) {
    const chosenCases = cases.filter((c) => c.chosen).length
    const again: RoundJob[] = []
    cases.forEach((c, caseIndex) => {
      if (c.cut || c.stoppedEarly || !c.chosen || c.rounds.length !== round - 1) return
      const next = nextRound(c, { maxRepeat: plan.maxRepeat, confidence: plan.confidence, chosenCases })
      if (next === 'stop-certain') c.stoppedEarly = true
      else if (next === 'run') again.push({ caseIndex, round })
    })
    if (again.length === 0) break
    const sent = again.slice(0, Math.max(0, budget))
    for (const job of again.slice(sent.length)) cases[job.caseIndex].cut = true
    budget -= sent.length
    if (sent.length === 0) break
    const results = await runRounds(sent)
    sent.forEach((job, i) => {
      const result = results[i]
      if (result === undefined) cases[job.caseIndex].cut = true
      else cases[job.caseIndex].rounds.push(result)
    })
  }
  return cases.map(({ rounds, chosen, stoppedEarly }) => ({ rounds, chosen, ...(stoppedEarly ? { stoppedEarly } : {}) }))
}
