import { formatDuration } from '../../core/clock.js'
import { ActionError, describeError } from '../../core/errors.js'
import type { EvalFacts, RichText } from '../../core/outcome.js'
import { quotable, quoted } from '../../core/quoted.js'
import { formatShare as percent } from '../../core/share.js'
import type { EvalSuite } from '../../inputs/evals.js'
import { serverEndpoint } from '../agent-server/agent-server.js'
import { GATE_DEFAULTS, MAX_RUNS } from '../../inputs/evals.js'
import { runAdaptive } from '../evals/adaptive.js'
import { runJobs, runSuite, type EvalTarget, type RunRecord, type SuiteRun } from '../evals/engine.js'
import type { CaseRuns } from '../evals/stats.js'
import { factsOf, writeResults } from '../evals/results.js'
import { GATE_NEEDS_COMPARISON, lookUpCompared, passRateNote } from './evals-compare.js'
import { verdict } from './evals-verdict.js'
import type { CheckContext, CheckResult } from './types.js'
import { RunContext } from '../../core/run-context.js'

/** Case names listed in a sentence: the table has them all. */
const NAMED = 5

/**
 * `evals`' run (checks/evals.ts loads it when a suite is set): the other deployment looked up,
 * the runs sent (evals/engine.ts), the facts recorded and the results file written, the gate.
 */
export async function runEvals(ctx: CheckContext, suite: EvalSuite): Promise<CheckResult> {
  const { clock, log } = ctx
  const endpoint = serverEndpoint(ctx.deployment, '/runs/wait', ctx.connection)
  if ('refused' in endpoint) {
    return {
      verdict: verdict('failed', ['not run: ', ...quoted(endpoint.refused)]),
      failure: new ActionError(
        'check-not-proven',
        `The evals could not run: ${endpoint.refused}.`,
        'Runs go only to the https:// URL the control plane reports for the deployment; without one, remove `evals`.'
      )
    }
  }
  const start = clock.now()
  const note = passRateNote(suite.passRate)
  if (note) log.warn(`${note}.`)
  const targets: EvalTarget[] = [{ side: 'ours', name: ctx.deployment.name, endpoint }]
  let compare: EvalFacts['compare']
  if (suite.compareWith !== undefined) {
    const other = await otherTarget(ctx, suite.compareWith)
    if ('why' in other) {
      const gate = suite.regressionsGated ? ` The gate fails: ${GATE_NEEDS_COMPARISON}.` : ''
      log.warn(`\`evals\`: not compared with \`${suite.compareWith}\`: ${other.why}. The suite runs on this revision alone.${gate}`)
      compare = { name: suite.compareWith, compared: false, why: other.why }
    } else {
      targets.push(other)
      compare = { name: suite.compareWith, compared: true }
    }
  }
  // The suite's phase: its `time-limit` from now, or the step's deadline if that is sooner (or there is none).
  const phase = RunContext.of(ctx).until(suite.timeLimitMs === undefined ? Infinity : start + suite.timeLimitMs)
  const { deadline } = phase
  const adaptive = targets.length > 1 && !suite.repeatGiven
  const maxRepeat = suite.maxRepeat ?? GATE_DEFAULTS.maxRepeat
  const runs = suite.cases.length * suite.repeat * targets.length
  const planned = adaptive
    ? `${runs} runs to POST /runs/wait, then again on both sides for the cases whose sides disagree (up to ${maxRepeat} runs a side, \`max-repeat\`)`
    : `${runs} run${plural(runs)} to POST /runs/wait`
  log.info(
    `Evals (${suite.from === 'inline' ? 'inline suite' : suite.from}): ${suite.cases.length} case${plural(suite.cases.length)}` +
      `${suite.repeat > 1 ? ` x ${suite.repeat} runs` : ''}${targets.length > 1 ? ` on ${ctx.deployment.name} and ${targets[1].name}` : ''}: ${planned}, ` +
      `at most ${suite.concurrency} at once, each for up to ${formatDuration(suite.timeoutMs)}, within ${formatDuration(deadline - start)}…`
  )
  const run: SuiteRun = {
    cases: suite.cases,
    repeat: suite.repeat,
    concurrency: suite.concurrency,
    timeoutMs: suite.timeoutMs,
    ...phase.stop(),
    targets,
    logRun: (line) => log.info(line),
    logAttempt: (line) => log.info(line)
  }
  let records: RunRecord[]
  let comparison: CaseRuns[] | undefined
  if (adaptive) {
    records = []
    comparison = await runAdaptive(
      {
        cases: suite.cases.length,
        maxRepeat,
        confidence: suite.confidence ?? GATE_DEFAULTS.confidence,
        maxRounds: Math.floor(MAX_RUNS / targets.length)
      },
      async (jobs) => {
        if (jobs.some((job) => job.round > 1))
          log.info(`Evals: ${jobs.length} case${plural(jobs.length)} again on both sides (their sides disagreed; run ${jobs[0].round}).`)
        const sent = await runJobs(
          run,
          jobs.map((job) => ({ caseIndex: job.caseIndex, repeat: job.round }))
        )
        records.push(...sent)
        // Each job's runs come back side by side, this revision's first. A round the suite's time limit cut
        // short on either side is no round: a slower side would otherwise collect "worse" for its speed.
        return jobs.map((_, i) => {
          const [ours, theirs] = [sent[2 * i], sent[2 * i + 1]]
          return [ours, theirs].some((r) => r.notRun || r.cutBySuite) ? undefined : ([ours.passed, theirs.passed] as const)
        })
      }
    )
  } else {
    records = await runSuite(run)
  }
  const facts = factsOf(suite, records, ctx.deployment.name, compare, comparison)
  if (ctx.settings.verification.resultsUrl) facts.resultsUrl = ctx.settings.verification.resultsUrl
  // The comparison `max-regressions` gates on could not be made: the gate cannot say it holds.
  if (suite.regressionsGated && compare?.compared === false) facts.gate = 'failed'
  const elapsedMs = clock.now() - start
  try {
    const names = { ours: ctx.deployment.name, theirs: compare?.compared ? compare.name : undefined }
    facts.resultsFile = writeResults(ctx.settings.verification.resultsDir, suite, facts, records, names, elapsedMs, {
      revisionId: ctx.revision.id,
      startedAt: start,
      finishedAt: clock.now()
    })
  } catch (error) {
    log.warn(`\`evals\`: the results file (\`eval-results\`) could not be written: ${describeError(error)}`)
  }
  const langsmith = ctx.settings.verification.langsmith
  // Loaded only with a key; after the verdict, which nothing there changes.
  if (langsmith) {
    const ran = { suite, records, targets, facts, startedAt: start }
    // A failed gate that `on-failure: rollback` undoes: the rollback comes first for the step's time left.
    const beforeRollback = facts.gate !== 'passed' && ctx.settings.rollsBack === true
    const recorded = await (
      await import('../langsmith/record.js')
    ).recordExperiments({ ...ctx, revisionId: ctx.revision.id, beforeRollback }, langsmith, ran)
    if (recorded) facts.langsmith = recorded
  }
  ctx.recorder.evaluated(facts)
  const said = summaryOf(facts)
  log.info(`Evals: ${said.map((p) => (typeof p === 'string' ? p : `\`${p.code}\``)).join('')} (${formatDuration(elapsedMs)}).`)
  if (facts.gate === 'passed') return { verdict: verdict('passed', said, elapsedMs) }
  return {
    verdict: verdict('failed', said, elapsedMs),
    failure: new ActionError(
      'check-failed',
      `The evals failed: ${failureOf(facts, suite.regressionsGated === true)}`,
      'Look at the cases in the table (each names the check that failed and what the agent wrote), then fix the graph, or the suite if it expects the wrong thing.' +
        (ctx.settings.suggestRollback ? ' With `on-failure: rollback`, the revision that served before is put back.' : '')
    )
  }
}

/** The deployment `compare-with` names, as a target; or why it cannot be one. */
async function otherTarget(ctx: CheckContext, name: string): Promise<EvalTarget | { why: string }> {
  const looked = await lookUpCompared(ctx.client, name, RunContext.of(ctx).stop())
  if ('why' in looked) return looked
  const { found } = looked
  if (found.id === ctx.deployment.id) return { why: 'it is this deployment' }
  const endpoint = serverEndpoint(found, '/runs/wait', ctx.connection)
  if ('refused' in endpoint) return { why: endpoint.refused }
  return { side: 'theirs', name: found.name, endpoint, ...(found.active_revision_id ? { revisionId: found.active_revision_id } : {}) }
}

/** `10 of 12 cases passed (83%, needs 100%); 2 regressions against `agent-prod`` */
function summaryOf(facts: EvalFacts): RichText {
  const passed = facts.rows.filter((row) => row.ours.passed).length
  const needs = facts.requiredPassRate < 1 || passed < facts.rows.length ? `, needs ${percent(facts.requiredPassRate)}` : ''
  const said: RichText = [`${passed} of ${facts.rows.length} case${plural(facts.rows.length)} passed (${percent(facts.passRate)}${needs})`]
  if (facts.compare?.compared) {
    const worse = facts.regressions ?? 0
    const undecided = facts.undecided ?? 0
    const verdict = worse > 0 ? `; worse than ` : undecided > 0 ? `; undecided against ` : '; not worse than '
    said.push(verdict, { code: quotable(facts.compare.name, 80) })
    if (worse > 0) said.push(` on ${worse} case${plural(worse)}${facts.maxRegressions > 0 ? ` (at most ${facts.maxRegressions})` : ''}`)
    else if (undecided > 0)
      said.push(` on ${undecided} case${plural(undecided)}`, ...(facts.undecidedFails ? quoted(' (`on-undecided: fail`)') : []))
    if (facts.confidence !== undefined) said.push(` at ${percent(facts.confidence)} confidence`)
  } else if (facts.compare) {
    said.push('; not compared with ', { code: quotable(facts.compare.name, 80) }, ...quoted(`: ${facts.compare.why}`))
  }
  if (facts.runsNotRun > 0) said.push(`; ${facts.runsNotRun} run${plural(facts.runsNotRun)} not sent (the suite's time limit)`)
  return said
}

/** `2 of 6 cases failed: `a`, `b` (pass rate 66.7%, under `pass-rate` 100%), both regressions against `prod` (they pass there), ...` */
function failureOf(facts: EvalFacts, regressionsGated: boolean): string {
  const failed = facts.rows.filter((row) => !row.ours.passed)
  const notCompared =
    regressionsGated && facts.compare?.compared === false
      ? `not compared with \`${quotable(facts.compare.name, 80)}\` (${facts.compare.why}), and ${GATE_NEEDS_COMPARISON}`
      : undefined
  if (notCompared && failed.length === 0) return `${notCompared[0].toUpperCase()}${notCompared.slice(1)}.`
  const under = facts.passRate < facts.requiredPassRate
  // A gate failed by the comparison alone may have no failed case: say the pass rate, not an empty list.
  let said =
    failed.length === 0
      ? `every case passed (pass rate ${percent(facts.passRate)})`
      : `${failed.length} of ${facts.rows.length} case${plural(facts.rows.length)} failed: ${names(failed.map((r) => r.name))} (pass ` +
        `rate ${percent(facts.passRate)}, ${under ? 'under' : 'within'} \`pass-rate\` ${percent(facts.requiredPassRate)})`
  if (facts.compare?.compared) {
    const regressed = facts.rows.filter((row) => row.regression)
    const against = `against \`${quotable(facts.compare.name, 80)}\``
    const than = `\`${quotable(facts.compare.name, 80)}\``
    const over = regressed.length > facts.maxRegressions ? `, more than \`max-regressions\` ${facts.maxRegressions}` : ''
    const evidence = (rows: typeof regressed) =>
      rows
        .slice(0, NAMED)
        .map((r) => `${r.ours.passes}/${r.ours.runs} vs ${r.theirs?.passes}/${r.theirs?.runs}`)
        .join(', ')
    if (regressed.length > 0) {
      const are = regressed.length === 1 ? 'is worse than' : 'are worse than'
      said += `; ${names(regressed.map((r) => r.name))} ${are} ${than} with evidence (passes here vs there: ${evidence(regressed)})${over}`
    }
    const undecided = facts.rows.filter((row) => row.verdict === 'undecided')
    if (facts.undecidedFails && undecided.length > 0) {
      said += `; ${names(undecided.map((r) => r.name))} ${undecided.length === 1 ? 'is' : 'are'} undecided ${against} (\`on-undecided: fail\`)`
    }
  }
  return `${said}${notCompared ? `; ${notCompared}` : ''}.`
}

function names(list: readonly string[]): string {
  const shown = list.slice(0, NAMED).map((name) => `\`${quotable(name, 60)}\``)
  return list.length > NAMED ? `${shown.join(', ')} and ${list.length - NAMED} more` : shown.join(', ')
}

const plural = (n: number) => (n === 1 ? '' : 's')
