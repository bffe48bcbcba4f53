import type { CheckVerdict, RichText } from '../../core/outcome.js'
import { quoted } from '../../core/quoted.js'
import type { EvalSuite } from '../../inputs/evals.js'
import type { Check } from './types.js'

const LABEL = 'Evals'

/**
 * `evals`: a suite of runs sent to the deployed revision after DEPLOYED and the checks
 * before it, judged on the agent's output (evals/judge.ts). With `compare-with`, the same cases
 * go to that deployment too, side by side. The gate: the pass rate at least `pass-rate`, and
 * regressions (cases that pass there and fail here) at most `max-regressions`; a failed gate is
 * a failed check (`on-failure: rollback` applies). A suite that cannot run (no URL) fails the
 * step and rolls nothing back: nothing was found against the revision. The run is evals-run.ts.
 */
export const evalsCheck: Check = {
  id: 'evals',
  appliesTo: (ctx) => ctx.settings.verification.evals !== undefined,
  // Loaded only by a run that has a suite: a deploy without `evals` loads none of it.
  run: async (ctx) => (await import('./evals-run.js')).runEvals(ctx, ctx.settings.verification.evals!)
}

/**
 * A dry run: the suite was read and checked with the other inputs (any problem refused the run
 * before this); it says how many runs it would send, and sends none.
 */
export function planEvals(
  suite: EvalSuite | undefined,
  log: { info(line: string): void },
  recorder: { checked(verdict: CheckVerdict): void }
): void {
  if (!suite) return
  const runs = suite.cases.length * suite.repeat
  const adaptive = suite.compareWith !== undefined && !suite.repeatGiven
  const compare =
    suite.compareWith === undefined
      ? ''
      : `, and as many to \`${suite.compareWith}\` (\`compare-with\`)` +
        (adaptive ? `, then again on both sides for the cases whose sides disagree, up to ${suite.maxRepeat ?? 8} runs a side` : '')
  const said =
    `the suite (${suite.from === 'inline' ? 'inline' : `\`${suite.from}\``}) is ` +
    `valid: ${suite.cases.length} case${plural(suite.cases.length)}; it would ` +
    `send ${runs} run${plural(runs)}${suite.repeat > 1 ? ` (x${suite.repeat}, \`repeat\`)` : ''}${compare}, real agent runs that ` +
    `cost money`
  log.info(`Dry run: evals: ${said}. None was sent.`)
  recorder.checked(verdict('not-checked', ['not run (dry run): ', ...quoted(said)]))
}

const plural = (n: number) => (n === 1 ? '' : 's')

export function verdict(status: CheckVerdict['status'], detail: RichText, elapsedMs?: number): CheckVerdict {
  return { id: 'evals', label: LABEL, status, detail, ...(elapsedMs === undefined ? {} : { elapsedMs }) }
}
