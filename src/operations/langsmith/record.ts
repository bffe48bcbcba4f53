import { formatBytes } from '../../api/body.js'
import { formatDuration } from '../../core/clock.js'
import type { Log } from '../../core/log.js'
import type { EvalFacts } from '../../core/outcome.js'
import type { EvalSuite } from '../../inputs/evals.js'
import type { LangSmithSettings } from '../../inputs/langsmith.js'
import type { EvalTarget, RunRecord } from '../evals/engine.js'
import { experimentOf, SIDE_WORDS, type ExperimentContext, type ExperimentSide } from './experiment.js'
import { compareUrl, uploadUrl } from './link.js'
import { uploadExperiment, type Uploaded } from './upload.js'
import type { Stop } from '../../core/stop.js'

/** All of the recording (both sides, their tries and waits), within the step's deadline too (less ROLLBACK_RESERVE_MS before a rollback). */
export const RECORD_LIMIT_MS = 60_000
/** One try's limit. */
export const REQUEST_LIMIT_MS = 30_000
/**
 * Before a rollback, the time kept back for it: half the step's time left, and never less than
 * this (a redeploy and its wait). A LangSmith that hangs then costs the rollback nothing.
 */
export const ROLLBACK_RESERVE_MS = 60_000
/** An experiment's body past this is not sent (1,000 runs of 4 KiB outputs and their inputs fit many times over). */
export const MAX_EXPERIMENT_BYTES = 16 * 1024 * 1024

export interface SuiteRan {
  suite: EvalSuite
  records: readonly RunRecord[]
  /** This revision's deployment first, then (`compare-with`) the other one, when it was compared. */
  targets: readonly EvalTarget[]
  facts: EvalFacts
  /** The suite's start, on the run's clock. */
  startedAt: number
}

/** Its deadline is the step's. */
export interface RecordContext extends Stop {
  log: Log
  /** The revision this run made (or a rollback redeployed): this side's. */
  revisionId: string
  /** The gate failed and `on-failure: rollback` follows: time is kept back for it (ROLLBACK_RESERVE_MS). */
  beforeRollback?: boolean
}

/**
 * The suite's runs as LangSmith experiments, one per side, in one dataset (the suite's `dataset`,
 * else `<deployment> CI`): this revision's first, which names the dataset (LangSmith makes it on
 * first use), then the compared deployment's, into the dataset the first answer named. Each run
 * is a row; a case's rows carry one `row_id` on both sides, so LangSmith pairs them. Returns the
 * link to the comparison (of the experiments whose ids came back: one whose answer was lost is
 * recorded, unlinked), or undefined when nothing was. Before a rollback, time is kept for it
 * first, and with too little left nothing is sent. Whatever goes wrong is a
 * warning: the evals' verdict is already made and nothing here changes it. Only cancellation
 * throws. The key goes to `langsmith-endpoint` only, in `X-Api-Key`.
 */
export async function recordExperiments(
  ctx: RecordContext,
  settings: LangSmithSettings,
  ran: SuiteRan
): Promise<EvalFacts['langsmith'] | undefined> {
  const { clock, log } = ctx
  const endedAt = clock.now()
  const left = ctx.deadline - endedAt
  const keep = ctx.beforeRollback ? Math.max(ROLLBACK_RESERVE_MS, left / 2) : 0
  const deadline = Math.min(ctx.deadline - keep, endedAt + RECORD_LIMIT_MS)
  const dataset = ran.suite.dataset ?? `${ran.facts.ours} CI`
  const to = {
    url: uploadUrl(settings.endpoint),
    headers: { 'X-Api-Key': settings.apiKey, ...(settings.workspaceId ? { 'X-Tenant-Id': settings.workspaceId } : {}) }
  }
  const sides = sidesOf(ran, ctx.revisionId)
  if (ctx.beforeRollback && deadline <= endedAt) {
    log.warn(
      `LangSmith: the runs of ${sides.map((s) => `\`${s.deployment}\` (${SIDE_WORDS[s.side]})`).join(' and ')} were not recorded: ` +
        `the gate failed, and the rollback (\`on-failure: rollback\`) needs the ${formatDuration(Math.max(0, left))} left before ` +
        `the step's \`timeout\` (${formatDuration(ROLLBACK_RESERVE_MS)} at least is kept for it). The evals and their verdict are not changed by it.`
    )
    return undefined
  }
  const context = (side: ExperimentSide): ExperimentContext => ({
    suite: ran.suite,
    dataset,
    run: settings.run,
    startedAt: ran.startedAt,
    endedAt,
    passRate: passRateOf(ran.facts, side.side)
  })
  const count = (side: ExperimentSide) => ran.records.filter((r) => r.side === side.side && !r.notRun).length
  log.info(
    `LangSmith: recording ${sides.map((s) => `${count(s)} run${count(s) === 1 ? '' : 's'} of \`${s.deployment}\` (${SIDE_WORDS[s.side]})`).join(' and ')} ` +
      `as ${sides.length === 1 ? 'an experiment' : 'experiments'} in the dataset \`${dataset}\` (POST ${to.url})…`
  )
  const recorded: Uploaded[] = []
  for (const side of sides) {
    const experiment = experimentOf(side, ran.records, context(side))
    // The dataset's id from the first answer; without one (its answer lost), by its name again: it exists now.
    const first = recorded[0]
    const body = first
      ? { ...experiment, dataset_id: first.datasetId }
      : { ...experiment, dataset_name: dataset, dataset_description: DATASET_ABOUT }
    const size = Buffer.byteLength(JSON.stringify(body))
    const result =
      size > MAX_EXPERIMENT_BYTES
        ? {
            problem: `the experiment is ${formatBytes(size)}, more than ${formatBytes(MAX_EXPERIMENT_BYTES)} (the cases' inputs are large)`
          }
        : await uploadExperiment(to, body, {
            clock,
            signal: ctx.signal,
            deadline,
            requestLimitMs: REQUEST_LIMIT_MS,
            log: (line) => log.info(line)
          })
    if ('problem' in result) {
      const left = sides.slice(sides.indexOf(side) + 1).map((s) => `\`${s.deployment}\``)
      log.warn(
        `LangSmith: the runs of \`${side.deployment}\` (${SIDE_WORDS[side.side]}) were not recorded: ${result.problem}.` +
          `${left.length > 0 ? ` Those of ${left.join(', ')} were not sent either (they go into the dataset this one makes).` : ''}` +
          ' The evals and their verdict are not changed by it.'
      )
      break
    }
    if ('landedUnseen' in result) {
      log.warn(
        `LangSmith: the runs of \`${side.deployment}\` (${SIDE_WORDS[side.side]}) were recorded as \`${experiment.experiment_name}\` ` +
          `in the dataset \`${dataset}\`, but LangSmith's answer was lost (the connection failed once the experiment was sent; ` +
          'the next try was refused, 409, the name being taken by it): its ids are unknown, so no link leads to it. ' +
          'The evals and their verdict are not changed by it.'
      )
      continue
    }
    recorded.push(result)
    log.info(`LangSmith: recorded the experiment \`${experiment.experiment_name}\` (${experiment.results.length} rows).`)
  }
  const first = recorded[0]
  if (!first) return undefined
  const url = compareUrl(settings.endpoint, {
    tenantId: first.tenantId,
    datasetId: first.datasetId,
    experimentIds: recorded.map((r) => r.experimentId)
  })
  if (url === undefined) return undefined
  log.info(`LangSmith: ${recorded.length > 1 ? 'the comparison' : 'the experiment'}: ${url}`)
  return { compareUrl: url }
}

const DATASET_ABOUT = 'Cases of an evals suite, run on deployed agent servers from CI by agent-server-deploy-action.'

/** This revision's side, then the compared one's when it was compared. */
function sidesOf(ran: SuiteRan, revisionId: string): ExperimentSide[] {
  const theirs = ran.targets.find((t) => t.side === 'theirs')
  const ours: ExperimentSide = { side: 'ours', deployment: ran.facts.ours, revisionId, ...(theirs ? { comparedWith: theirs.name } : {}) }
  if (!theirs) return [ours]
  return [
    ours,
    {
      side: 'theirs',
      deployment: theirs.name,
      ...(theirs.revisionId ? { revisionId: theirs.revisionId } : {}),
      comparedWith: ours.deployment
    }
  ]
}

/** The share of cases the side passed (a case passes on a side when enough of its runs there did). */
function passRateOf(facts: EvalFacts, side: 'ours' | 'theirs'): number {
  if (side === 'ours') return facts.passRate
  const sides = facts.rows.flatMap((row) => (row.theirs ? [row.theirs] : []))
  return sides.length === 0 ? 0 : sides.filter((s) => s.passed).length / sides.length
}
