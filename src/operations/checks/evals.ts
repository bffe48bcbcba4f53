import type { ControlPlaneClient } from '../../api/client.js'
import type { CheckVerdict } from '../../core/outcome.js'
import { describeError } from '../../core/errors.js'
import { quoted } from '../../core/quoted.js'
import { writeNotRunResults } from '../evals/results-fields.js'
import { GATE_DEFAULTS, type EvalSuite } from '../../inputs/evals.js'
import { GATE_NEEDS_COMPARISON, lookUpCompared, passRateNote } from './evals-compare.js'
import { verdict } from './evals-verdict.js'
import type { Check } from './types.js'
import type { Stop } from '../../core/stop.js'

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
  run: async (ctx) => (await import('./evals-run.js')).runEvals(ctx, ctx.settings.verification.evals!),
  // After a failed smoke test: the row and the `eval-results` file say the suite was not run.
  notRun(ctx, why) {
    const suite = ctx.settings.verification.evals!
    let file: string | undefined
    try {
      file = writeNotRunResults(ctx.settings.verification.resultsDir, suite, why, {
        revisionId: ctx.revision.id,
        finishedAt: ctx.clock.now()
      })
    } catch (error) {
      ctx.log.warn(`\`evals\`: the results file (\`eval-results\`) could not be written: ${describeError(error)}`)
    }
    ctx.recorder.evalsNotRun(why, file)
    ctx.log.info(`Evals: not run: ${why}.`)
    return verdict('not-checked', ['not run: ', ...quoted(why)])
  }
}

/**
 * A dry run: the suite was read and checked with the other inputs (any problem refused the run
 * before this); it says how many runs it would send, and sends none. `compare-with`'s name is
 * looked up (a read), so a misspelt one is found now: with `max-regressions` the real run's gate
 * would fail on it.
 */
export async function planEvals(
  suite: EvalSuite | undefined,
  deps: {
    log: { info(line: string): void; warn(line: string): void }
    recorder: { checked(verdict: CheckVerdict): void }
    client: Pick<ControlPlaneClient, 'listDeployments'>
  } & Pick<Stop, 'clock' | 'deadline'>
): Promise<void> {
  if (!suite) return
  const { log, recorder } = deps
  const runs = suite.cases.length * suite.repeat
  const note = passRateNote(suite.passRate)
  if (note) log.warn(`${note}.`)
  const adaptive = suite.compareWith !== undefined && !suite.repeatGiven
  let compare = ''
  if (suite.compareWith !== undefined) {
    const other = await lookUpCompared(deps.client, suite.compareWith, deps)
    if ('why' in other) {
      const then = suite.regressionsGated
        ? `; the real run's gate would fail: ${GATE_NEEDS_COMPARISON}`
        : '; the real run would run the suite on this revision alone'
      log.warn(`\`evals\`: \`compare-with\` \`${suite.compareWith}\`: ${other.why}${then}.`)
      compare = `, and none to \`${suite.compareWith}\` (\`compare-with\`: ${other.why})`
    } else {
      compare =
        `, and as many to \`${suite.compareWith}\` (\`compare-with\`)` +
        (adaptive
          ? `, then again on both sides for the cases whose sides disagree, up to ${suite.maxRepeat ?? GATE_DEFAULTS.maxRepeat} runs a side`
          : '')
    }
  }
  const said =
    `the suite (${suite.from === 'inline' ? 'inline' : `\`${suite.from}\``}) is ` +
    `valid: ${suite.cases.length} case${plural(suite.cases.length)}; it would ` +
    `send ${runs} run${plural(runs)}${suite.repeat > 1 ? ` (x${suite.repeat}, \`repeat\`)` : ''}${compare}, real agent runs that ` +
    `cost money`
  log.info(`Dry run: evals: ${said}. None was sent.`)
  recorder.checked(verdict('not-checked', ['not run (dry run): ', ...quoted(said)]))
}

const plural = (n: number) => (n === 1 ? '' : 's')
