import { requests } from '../../api/requests.js'
import { ActionError } from '../../core/errors.js'
import type { Outcome } from '../../core/outcome.js'
import { reasonText, type PruneFate, type PruneRow } from '../../core/prune.js'
import { gitHubReader } from '../../operations/github/github-requests.js'
import { readOpenPullRequests, readPullRequestStates } from '../../operations/github/pull-requests.js'
import { defineCommand, type CommandDeps } from '../types.js'
import { findCandidates, readNewestRevisions, type TimeBudget } from './candidates.js'
import { classify, type Verdict } from './classify.js'
import { deleteEach, type DeletionResult } from './delete-each.js'
import { pruneGitHubInputs, type PruneInputs, type PruneSpecific } from './inputs.js'

/**
 * `command: prune`: deletes the previews (deployments named by `name-pattern`) whose pull
 * request is closed or missing, or that have been idle longer than `max-age`; never one
 * whose newest revision is in progress or whose state is unknown; and none at all when
 * more are stale than `max-deletions`. Each deleted preview's GitHub environment and
 * comment are retired by the GitHub reporter, from the outcome.
 */
export const pruneCommand = defineCommand<PruneSpecific>({
  github: pruneGitHubInputs,
  run: prune
})

/** Pull requests read one at a time at most, beyond the list: the rest stay "closed or missing". */
export const MAX_SINGLE_READS = 20

export async function prune(inputs: PruneInputs, deps: CommandDeps): Promise<Outcome> {
  const { log, recorder } = deps
  recorder.target({ kind: 'deployment', name: inputs.pattern.source })
  recorder.pruning()
  const repository = deps.workflow.repository
  if (!repository || !/^[\w.-]+\/[\w.-]+$/.test(repository) || !deps.openGitHub) {
    throw new ActionError(
      'bad-input',
      "`command: prune` reads the pull requests of the workflow's repository, and GITHUB_REPOSITORY is not set (or not `owner/repo`).",
      'Run prune in a GitHub Actions workflow, or set GITHUB_REPOSITORY when running it elsewhere.'
    )
  }
  // The reserve: one request's time, kept free before the deadline for the report.
  const reserveMs = deps.run.requestLimit()
  const budget: TimeBudget = { ...deps.run.stop(), reserveMs }

  log.info(`Listing deployments named like \`${inputs.pattern.source}\`…`)
  const candidates = await findCandidates(deps.client, inputs.pattern, budget)
  log.info(
    `${candidates.length} deployment${candidates.length === 1 ? '' : 's'} match${candidates.length === 1 ? 'es' : ''} \`${inputs.pattern.source}\`.`
  )
  if (candidates.length === 0) return finishUnchanged(inputs, deps)

  const github = gitHubReader(await deps.openGitHub(inputs.githubToken), deps.run, { warn: log.warn, reserveMs })
  const open = await readOpenPullRequests(github, repository)
  recorder.pruneRequests(github.requests)
  if (open.kind === 'unreadable') {
    // Idleness needs no pull request (classify.ts): with `max-age`, a preview idle past it still goes.
    const idleOnly = inputs.maxAgeMs !== undefined ? ' Only previews idle past `max-age` are deleted, for idleness alone.' : ''
    log.warn(
      `Could not read the open pull requests of ${repository}: ${open.reason}. No preview is deleted for its pull request being closed (missing information never deletes).${idleOnly}`
    )
  } else {
    log.info(
      `${open.numbers.size} pull request${open.numbers.size === 1 ? ' is' : 's are'} open (${github.requests} GitHub request${github.requests === 1 ? '' : 's'}).`
    )
  }

  // The newest revision matters for a preview that may go: one not open, or any when max-age is set.
  const needRevision = candidates.filter((c) => inputs.maxAgeMs !== undefined || (open.kind === 'read' && !open.numbers.has(c.pr)))
  const revisions = await readNewestRevisions(deps.client, needRevision, budget)
  const now = deps.run.now()
  let verdicts = classify({ candidates, open, revisions, maxAgeMs: inputs.maxAgeMs, now })
  let stale = verdicts.filter((v) => v.stale)
  recorder.pruneRows(rowsOf(verdicts, inputs.dryRun))

  if (stale.length > inputs.maxDeletions) {
    throw new ActionError(
      'bad-input',
      `${stale.length} previews are stale, more than \`max-deletions\` (${inputs.maxDeletions}), so none was deleted: ${list(stale)}.`,
      'Check `name-pattern` (a wrong pattern must not wipe deployments); if these are all meant to go, raise `max-deletions` for one run, or run with `dry-run: true` first to see why each is stale.'
    )
  }

  // A few single reads, only for what is about to go: closed told from missing, and one reopened since the list kept.
  // Bounded whatever `max-deletions` says: the token's hourly budget is shared by every workflow of the repository.
  const notOpen = [...new Set(stale.filter((v) => v.reason.kind === 'not-open').map((v) => v.candidate.pr))]
    .sort((a, b) => a - b)
    .slice(0, MAX_SINGLE_READS)
  if (notOpen.length > 0) {
    const pullRequests = await readPullRequestStates(github, repository, notOpen)
    recorder.pruneRequests(github.requests)
    verdicts = classify({ candidates, open, revisions, pullRequests, maxAgeMs: inputs.maxAgeMs, now })
    stale = verdicts.filter((v) => v.stale)
  }
  recorder.pruneRows(rowsOf(verdicts, inputs.dryRun))
  logVerdicts(verdicts, inputs.dryRun, deps)
  const notChecked = verdicts.filter((v) => v.reason.kind === 'not-checked')

  if (inputs.dryRun) {
    log.info(`Dry run: ${stale.length} preview${stale.length === 1 ? '' : 's'} would be deleted; nothing was changed.`)
    recorder.changed('planned')
    return recorder.finish({
      kind: 'planned',
      requests: stale.map((v) => requests.deleteDeployment(v.candidate.id, inputs.deleteTracingProject))
    })
  }

  // Each result goes to the recorder as soon as it is known, not when every delete is done: a run
  // stopped midway (a cancel, an error) reports in its table, its `pruned` output and on GitHub
  // (each preview's environment and comment) every preview deleted before the stop.
  const known: DeletionResult[] = []
  const results = await deleteEach(
    stale.map((v) => v.candidate),
    {
      ...budget,
      client: deps.client,
      deleteTracingProject: inputs.deleteTracingProject,
      wait: inputs.wait,
      pollIntervalMs: inputs.pollIntervalMs,
      log: log.info,
      warn: log.warn,
      onResult: (result) => {
        known.push(result)
        const { candidate } = result
        if (result.outcome === 'deleted' || result.outcome === 'gone') {
          recorder.previewGone({ id: candidate.id, name: candidate.name, pr: candidate.pr }, result.outcome === 'deleted')
        }
        recorder.pruneRows(rowsOf(verdicts, false, known))
      }
    }
  )
  // What this run deleted, from its own results (in the order they came, as the recorder has them).
  const pruned = known.filter((result) => result.outcome === 'deleted').map((result) => result.candidate.name)
  failIfIncomplete(results, notChecked, pruned)
  if (pruned.length === 0) return finishUnchanged(inputs, deps)
  return recorder.finish({ kind: 'deleted' })
}

function finishUnchanged(inputs: PruneInputs, deps: CommandDeps): Outcome {
  if (inputs.dryRun) {
    deps.recorder.changed('planned')
    return deps.recorder.finish({ kind: 'planned', requests: [] })
  }
  deps.recorder.changed('unchanged')
  return deps.recorder.finish({ kind: 'nothing-to-do', reason: 'none-stale' })
}

/**
 * One row per candidate, stale ones first. `results` say what deleting did; without
 * them (a dry run, or over the cap) a stale one is `would delete` or `stale, not deleted`.
 */
export function rowsOf(verdicts: readonly Verdict[], dryRun: boolean, results?: readonly DeletionResult[]): PruneRow[] {
  const byId = new Map(results?.map((result) => [result.candidate.id, result]))
  const fateOf = (verdict: Verdict): PruneFate => {
    if (!verdict.stale) return 'kept'
    if (dryRun) return 'would delete'
    const result = byId.get(verdict.candidate.id)
    if (!result) return 'stale, not deleted'
    return ({ deleted: 'deleted', gone: 'already gone', failed: 'delete failed', 'not-attempted': 'not deleted (no time left)' } as const)[
      result.outcome
    ]
  }
  const rows = verdicts.map((verdict): PruneRow => {
    const result = byId.get(verdict.candidate.id)
    return {
      name: verdict.candidate.name,
      pr: verdict.candidate.pr,
      fate: fateOf(verdict),
      reason: verdict.reason,
      ...(result?.outcome === 'failed' ? { failure: result.reason } : {})
    }
  })
  const rank = (row: PruneRow) => (row.fate !== 'kept' ? 0 : row.reason.kind === 'open' ? 2 : 1)
  return rows.sort((a, b) => rank(a) - rank(b) || a.pr - b.pr || (a.name < b.name ? -1 : 1))
}

function failIfIncomplete(results: readonly DeletionResult[], notChecked: readonly Verdict[], pruned: readonly string[]): void {
  const failed = results.filter((r) => r.outcome === 'failed')
  const late = results.filter((r) => r.outcome === 'not-attempted')
  if (failed.length === 0 && late.length === 0 && notChecked.length === 0) return
  const deleted = pruned.length > 0 ? `Deleted: ${pruned.map((n) => `\`${n}\``).join(', ')}.` : 'Nothing was deleted.'
  const notDeleted = [...failed, ...late].map((r) => `\`${r.candidate.name}\``)
  if (failed.length > 0) {
    throw new ActionError(
      'api-refused',
      `${failed.length} of ${results.length} stale previews could not be deleted. ${deleted} Not deleted: ${notDeleted.join(', ')}.`,
      'The reasons are in the log and the summary; the next run tries the ones left again.'
    )
  }
  throw new ActionError(
    'timed-out',
    `The step's \`timeout\` came before prune had finished. ${deleted}` +
      (notDeleted.length > 0 ? ` Not deleted: ${notDeleted.join(', ')}.` : '') +
      (notChecked.length > 0 ? ` ${notChecked.length} preview${notChecked.length === 1 ? ' was' : 's were'} not checked and kept.` : ''),
    'Raise `timeout`; the next run goes on with what is left.'
  )
}

/** The stale ones, and any kept for a reason worth a look, one line each; the open ones are only counted. */
function logVerdicts(verdicts: readonly Verdict[], dryRun: boolean, deps: CommandDeps): void {
  const { log } = deps
  let open = 0
  for (const { candidate, stale, reason } of verdicts) {
    if (!stale && reason.kind === 'open') {
      open++
      continue
    }
    const what = stale ? (dryRun ? 'Would delete' : 'Stale:') : 'Keeping'
    log.info(`${what} \`${candidate.name}\`: ${reasonText(reason, candidate.pr)}`)
  }
  if (open > 0) log.info(`Keeping ${open} preview${open === 1 ? '' : 's'} whose pull request is open.`)
  const unreadable = verdicts.filter((v) => v.reason.kind === 'unreadable' && v.reason.what === 'revision').length
  if (unreadable > 0) log.warn(`${unreadable} preview${unreadable === 1 ? '' : 's'} kept because the newest revision could not be read.`)
}

function list(verdicts: readonly Verdict[]): string {
  const shown = verdicts.slice(0, 50).map((v) => `\`${v.candidate.name}\` (${reasonText(v.reason, v.candidate.pr).split(':')[0]})`)
  return verdicts.length > shown.length ? `${shown.join(', ')} and ${verdicts.length - shown.length} more` : shown.join(', ')
}
