/**
 * The statistics of a comparison (`compare-with`): is this revision worse than the other
 * deployment on a case, with evidence? Pure: no clock, no I/O. docs/evals-gate.md says why this
 * test and why it keeps the whole suite's false alarms under `1 - confidence`.
 *
 * - One case's test is Fisher's exact test, one-sided, on its pass counts: under "the two sides
 *   pass this case equally often" its runs are independent draws of the same coin, so given how
 *   many passed in all, which side they fell on is hypergeometric. With adaptive runs the first
 *   round chose the case (its sides disagreed), so the test conditions on it: that round is a
 *   fair coin (which side passed), the later rounds are Fisher's.
 * - The suite's false alarms are held by Tarone's procedure: only cases whose counts could reach
 *   the level count in the Bonferroni divisor (a case that passed every run on both sides never can).
 * - Looks: a case is run again only until its verdict is certain either way (`nextRound`); a case
 *   stopped early is worse only when every way its remaining runs could have gone would have made
 *   it worse, and it still counts in the divisor: what it says is what the whole plan would have.
 */

/** One paired round of a case: did it pass here (`ours`), did it pass there (`theirs`). */
export type Round = readonly [ours: boolean, theirs: boolean]

export interface CaseRuns {
  rounds: readonly Round[]
  /** Adaptive runs: the first round was run for every case, and chose this one because its sides disagreed. */
  chosen: boolean
  /** Stopped before `max-repeat` because its verdict was certain (a certain verdict, not a cut). */
  stoppedEarly?: boolean
}

export type Verdict = 'worse' | 'not worse' | 'undecided'

export interface CaseVerdict {
  verdict: Verdict
  /** Better here, with the same evidence (reported, never gated on). */
  better: boolean
  passes: { ours: number; theirs: number }
  /** Paired rounds judged. */
  rounds: number
  /** Fisher's p for "worse" (undefined when not in the family: the sides never disagreed). */
  p?: number
  /** Undecided: more runs on each side that could decide it (each failing here and passing there); undefined when none within MAX_MORE. */
  moreRuns?: number
}

export interface SuiteVerdict {
  cases: CaseVerdict[]
  /** The level each case's p-value was held to (Tarone: `(1 - confidence) / k`). */
  level: number
  verdict: Verdict
  worse: number
  better: number
  undecided: number
}

/** How far `moreRuns` looks. */
export const MAX_MORE = 20

// ---- Fisher's exact test -------------------------------------------------------------------

const LOG_FACTORIAL: number[] = [0]
function logFactorial(n: number): number {
  for (let i = LOG_FACTORIAL.length; i <= n; i++) LOG_FACTORIAL[i] = LOG_FACTORIAL[i - 1] + Math.log(i)
  return LOG_FACTORIAL[n]
}
const logChoose = (n: number, k: number) => (k < 0 || k > n ? -Infinity : logFactorial(n) - logFactorial(k) - logFactorial(n - k))

/** P(A = x) where A is how many of `s` passes fell among the first side's `n1` runs (of n1 + n2). */
export function hypergeometric(x: number, n1: number, n2: number, s: number): number {
  return Math.exp(logChoose(n1, x) + logChoose(n2, s - x) - logChoose(n1 + n2, s))
}

/** P(A <= a): Fisher's one-sided p-value that the first side passes less often. */
export function fisherLower(a: number, n1: number, n2: number, s: number): number {
  let p = 0
  for (let x = Math.max(0, s - n2); x <= Math.min(a, n1, s); x++) p += hypergeometric(x, n1, n2, s)
  return Math.min(1, p)
}

/** The p-value for "the first side is worse", and the smallest p-value its margins allow (Tarone). */
export interface Tested {
  p: number
  minP: number
}

/**
 * `worse` of `firstWorse` rounds: counts as [first side, second side]. With `chosen`, the first
 * round is split off: given it disagreed, which side passed is a fair coin under the null.
 */
export function testRounds(rounds: readonly Round[], chosen: boolean): Tested {
  const rest = chosen ? rounds.slice(1) : rounds
  const n = rest.length
  const a = rest.filter((r) => r[0]).length
  const s = a + rest.filter((r) => r[1]).length
  const low = Math.max(0, s - n)
  if (!chosen) return { p: fisherLower(a, n, n, s), minP: hypergeometric(low, n, n, s) }
  // The first round: 1 pass here (and 0 there) or 0 here (and 1 there), each with probability 1/2.
  const coin = rounds[0][0] ? 1 : 0
  const below = (x: number) => (x < low ? 0 : fisherLower(x, n, n, s))
  return { p: 0.5 * below(a + coin) + 0.5 * below(a + coin - 1), minP: 0.5 * hypergeometric(low, n, n, s) }
}

const swapped = (rounds: readonly Round[]): Round[] => rounds.map(([o, t]) => [t, o] as const)

/**
 * Tarone's procedure: the smallest k for which at most k tests could reach `alpha / k`; those
 * below it are rejected. Returns the level. Family-wise error <= alpha, given the margins.
 */
export function taroneLevel(tests: readonly Tested[], alpha: number): number {
  for (let k = 1; k <= tests.length; k++) {
    if (tests.filter((t) => t.minP <= alpha / k).length <= k) return alpha / k
  }
  return tests.length === 0 ? alpha : alpha / tests.length
}

// ---- The suite's verdict --------------------------------------------------------------------

/** Which cases are in the family: those whose sides ever disagreed (the others carry no evidence either way). */
function inFamily(c: CaseRuns): boolean {
  return c.rounds.some(([o, t]) => o !== t)
}

/** One direction's Tarone: which family members are rejected, and the level. */
function rejectIn(cases: readonly CaseRuns[], alpha: number, flip: boolean): { level: number; tests: Array<Tested | undefined> } {
  const tests = cases.map((c) => {
    if (!inFamily(c)) return undefined
    const t = testRounds(flip ? swapped(c.rounds) : c.rounds, c.chosen)
    // A case stopped early counts in the divisor whatever its counts (see stoppedEarly).
    return c.stoppedEarly ? { p: t.p, minP: 0 } : t
  })
  return {
    level: taroneLevel(
      tests.filter((t): t is Tested => t !== undefined),
      alpha
    ),
    tests
  }
}

/**
 * Every case's verdict and the suite's, at `confidence` (e.g. 0.95): `worse` when its test rejects
 * at Tarone's level; `not worse` when it passed here at least as often as there; else (or when it
 * has no paired round at all) `undecided`.
 * The suite is worse when a case is, undecided when none is and one is undecided.
 */
export function judgeSuite(cases: readonly CaseRuns[], confidence: number): SuiteVerdict {
  const alpha = 1 - confidence
  const worse = rejectIn(cases, alpha, false)
  const better = rejectIn(cases, alpha, true)
  const verdicts = cases.map((c, i): CaseVerdict => {
    const passes = { ours: c.rounds.filter((r) => r[0]).length, theirs: c.rounds.filter((r) => r[1]).length }
    const tested = worse.tests[i]
    const isWorse = tested !== undefined && tested.p <= worse.level
    const reverse = better.tests[i]
    const isBetter = reverse !== undefined && reverse.p <= better.level
    // A case with no paired round (the suite's time limit came first) has no evidence either way.
    const verdict: Verdict = isWorse ? 'worse' : c.rounds.length > 0 && passes.ours >= passes.theirs ? 'not worse' : 'undecided'
    const more = verdict === 'undecided' ? runsToDecide(c, worse.level) : undefined
    return {
      verdict,
      better: isBetter,
      passes,
      rounds: c.rounds.length,
      ...(tested ? { p: tested.p } : {}),
      ...(more === undefined ? {} : { moreRuns: more })
    }
  })
  const count = (v: Verdict) => verdicts.filter((c) => c.verdict === v).length
  const suite: Verdict = count('worse') > 0 ? 'worse' : count('undecided') > 0 ? 'undecided' : 'not worse'
  return {
    cases: verdicts,
    level: worse.level,
    verdict: suite,
    worse: count('worse'),
    better: verdicts.filter((c) => c.better).length,
    undecided: count('undecided')
  }
}

/** The fewest more rounds (each failing here, passing there) that would make the case worse at `level`. */
function runsToDecide(c: CaseRuns, level: number): number | undefined {
  for (let more = 1; more <= MAX_MORE; more++) {
    const rounds = [...c.rounds, ...Array.from({ length: more }, () => [false, true] as const)]
    if (testRounds(rounds, c.chosen).p <= level) return more
  }
  return undefined
}

// ---- Adaptive runs: which cases run again -----------------------------------------------------

/** Every way `remaining` more rounds could add passes: [passes here, passes there]. */
function extremes(c: CaseRuns, remaining: number, flip: boolean): { least: number; most: number } {
  let least = 1
  let most = 0
  const base = flip ? swapped(c.rounds) : [...c.rounds]
  for (let ours = 0; ours <= remaining; ours++) {
    for (let theirs = 0; theirs <= remaining; theirs++) {
      // Which rounds the passes fall in does not change the counts; one arrangement stands for all.
      const added: Round[] = Array.from({ length: remaining }, (_, i) => [i < ours, i < theirs] as const)
      const p = testRounds([...base, ...added], c.chosen).p
      least = Math.min(least, p)
      most = Math.max(most, p)
    }
  }
  return { least, most }
}

/**
 * Adaptive runs: whether a chosen case runs another round. It stops when its verdict is certain
 * whatever its remaining rounds would show: worse (every continuation rejects at `alpha / chosen`,
 * the strictest level Tarone could set), or not worse (no continuation could reject even at
 * `alpha`). Otherwise it runs on, to `maxRepeat` rounds. Returns `stop` with why, or `run`.
 */
export function nextRound(
  c: CaseRuns,
  options: { maxRepeat: number; confidence: number; chosenCases: number }
): 'run' | 'stop-certain' | 'stop-max' {
  if (!c.chosen) return 'stop-max'
  const remaining = options.maxRepeat - c.rounds.length
  if (remaining <= 0) return 'stop-max'
  const alpha = 1 - options.confidence
  const strictest = alpha / Math.max(1, options.chosenCases)
  const worse = extremes(c, remaining, false)
  if (worse.most <= strictest || worse.least > alpha) {
    // Worse is certain, or out of reach: the question the gate asks is settled.
    const better = extremes(c, remaining, true)
    // Improvements are reported too: settle them as well unless they cannot change.
    if (better.most <= strictest || better.least > alpha) return 'stop-certain'
  }
  return 'run'
}

// ---- The pass rate's interval ---------------------------------------------------------------------

/** The 95% Wilson score interval of `passed` of `total`. */
export function wilson(passed: number, total: number, z = 1.959964): { low: number; high: number } {
  if (total === 0) return { low: 0, high: 1 }
  const p = passed / total
  const denominator = 1 + (z * z) / total
  const centre = (p + (z * z) / (2 * total)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total))) / denominator
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}
