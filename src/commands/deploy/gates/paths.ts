import { FULL_SHA } from '../../../core/sha.js'
import { quotable } from '../../../core/quoted.js'
import { ApiError } from '../../../api/errors.js'
import type { Deployment, Revision } from '../../../api/schemas.js'
import type { Outcome, PathsDecision } from '../../../core/outcome.js'
import type { PathFilter } from '../../../inputs/paths.js'
import { compareCommits, COMPARE_FILE_LIMIT, type ChangedFile } from '../../../operations/github/github-commits.js'
import type { CommandDeps } from '../../types.js'
import { openCommitReads, type CommitReads } from '../github-reads.js'
import { checkPatterns } from '../paths-patterns.js'
import type { DeployInputs } from '../inputs.js'
import type { SourceDecision } from '../source.js'
import { shownNames, type EnvironmentChange } from '../environment.js'
import type { Plan } from '../plan.js'
import { sourceConfigDifferences } from '../settings-differ.js'
import { firstLine } from '../../../core/errors.js'
import type { ChangeGate } from './types.js'

/** `paths`: a deploy with no change under them ends here, sending nothing. */
export const pathsGate: ChangeGate = {
  id: 'paths',
  stage: 'change',
  appliesTo: ({ inputs }) => inputs.paths !== undefined,
  async run({ inputs, deps, existing, source, plan }) {
    const verdict = await decidePaths(inputs.paths!, source, inputs, existing, deps, plan)
    if (verdict.skip && existing) return { go: false, outcome: nothingUnderPaths(verdict.serving, existing, inputs, deps) }
    return { go: true }
  }
}

/** `paths` found nothing to deploy: nothing is sent, and the outputs describe the revision that keeps serving. */
function nothingUnderPaths(serving: Revision, existing: Deployment, inputs: DeployInputs, { recorder }: CommandDeps): Outcome {
  if (inputs.dryRun) {
    recorder.changed('planned')
    return recorder.finish({ kind: 'planned', requests: [] })
  }
  recorder.changed('unchanged', existing)
  recorder.revisionStarted(serving.id)
  recorder.revisionSeen(serving)
  return recorder.finish({ kind: 'nothing-to-do', reason: 'no-change-under-paths' })
}

/** What `paths` decided: skip (with the revision that keeps serving) or deploy. */
type PathsVerdict = { skip: true; serving: Revision } | { skip: false }

/** How many matching files a log line names before "and N more". */
const NAMED_FILES = 5

/**
 * `paths`: skip the deploy when no file under them changed between the commit the serving
 * revision was built from and the commit this run deploys. The answer must be certain to
 * skip: every case where something is not known, or where the deploy would change more
 * than the code (secrets, settings), or where a person asked for it, deploys, and says why.
 * Records the decision and logs it; makes no change, so a dry run reports it as is.
 */
async function decidePaths(
  paths: PathFilter,
  source: Pick<SourceDecision, 'module' | 'builds'>,
  inputs: DeployInputs,
  existing: Deployment | undefined,
  deps: CommandDeps,
  plan: Plan
): Promise<PathsVerdict> {
  const { log, recorder } = deps
  // Only a source whose module lists `paths` can decide it (a `github` revision reports the commit it was built from).
  if (!source.module.gates.includes('paths')) {
    const reason = `\`paths\` applies to \`github\` deployments only (their revisions report the commit they were built from), and this deploy ships \`${source.builds}\``
    log.warn(`${reason}: it does not apply, and the deploy goes ahead.`)
    recorder.pathsDecided({ skip: false, reason })
    return { skip: false }
  }
  const decided = await decide(paths, inputs, existing, deps, plan)
  recorder.pathsDecided(decided.decision)
  const { decision } = decided
  if (decision.skip) log.info(`\`paths\`: nothing to deploy: ${decision.reason}.`)
  else log.info(`\`paths\`: deploying, because ${decision.reason}.`)
  return decided.serving && decision.skip ? { skip: true, serving: decided.serving } : { skip: false }
}

async function decide(
  paths: PathFilter,
  inputs: DeployInputs,
  existing: Deployment | undefined,
  deps: CommandDeps,
  plan: Plan
): Promise<{ decision: PathsDecision; serving?: Revision }> {
  const { workflow } = deps
  const go = (reason: string, facts: Omit<PathsDecision, 'skip' | 'reason'> = {}) => ({ decision: { skip: false, reason, ...facts } })
  const servingId = existing?.active_revision_id ?? undefined
  if (!existing) return go('the deployment does not exist yet')
  if (!servingId) return go(`no revision of deployment \`${existing.name}\` serves yet`)
  // A person asked for this deploy: it happens whatever changed.
  if (workflow.eventName === 'workflow_dispatch')
    return go('the run was started by hand (`workflow_dispatch`)', { servingRevisionId: servingId })
  if (workflow.runAttempt !== undefined && workflow.runAttempt > 1)
    return go(`the run is a re-run (attempt ${workflow.runAttempt})`, { servingRevisionId: servingId })
  const ref = inputs.sourceRevisionConfig.repo_ref
  if (ref !== undefined && ref !== workflow.repoRef) {
    return go(
      `\`repo-ref\` is \`${ref}\`, not the ref this workflow runs on${workflow.repoRef ? ` (\`${workflow.repoRef}\`)` : ''}, so this run's commit says nothing of what is built`,
      { servingRevisionId: servingId }
    )
  }
  const settings = settingsDiffer(inputs, existing, plan)
  if (settings) return go(settings, { servingRevisionId: servingId })

  let serving: Revision
  try {
    serving = await deps.client.getRevision(existing.id, servingId)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return go(`revision ${servingId}, which serves, could not be read (${firstLine(error)})`, { servingRevisionId: servingId })
  }
  if (serving.status !== 'DEPLOYED')
    return go(`revision ${servingId}, which serves, is ${serving.status}, not DEPLOYED`, { servingRevisionId: servingId })
  const base = serving.source_revision_config?.repo_commit_sha ?? undefined
  if (!base || !FULL_SHA.test(base))
    return go(`revision ${servingId}, which serves, reports no commit it was built from`, { servingRevisionId: servingId })
  // Without `repo-ref` the deploy builds the workflow's ref: another branch than the one serving is a change whatever the files say.
  const builtRef = ref ?? workflow.repoRef
  const servingRef = serving.source_revision_config?.repo_ref ?? undefined
  if (builtRef !== undefined && servingRef !== undefined && builtRef !== servingRef) {
    return go(`this run deploys \`${builtRef}\`, but the serving revision was built from \`${servingRef}\``, {
      servingRevisionId: servingId,
      baseCommit: base
    })
  }
  const graph = inputs.sourceRevisionConfig.graph_config_path
  if (graph !== undefined && graph !== serving.source_revision_config?.graph_config_path) {
    return go(`\`graph-config-path\` differs from the serving revision's`, { servingRevisionId: servingId, baseCommit: base })
  }
  const head = workflow.triggerSha
  const commits = { servingRevisionId: servingId, baseCommit: base, headCommit: head }
  if (!head)
    return go("the commit this run deploys is not known (the pull request's head commit could not be read from the event)", commits)

  // Opened once, when first needed: the checkout may answer the pattern check without GitHub.
  let opened: Promise<CommitReads> | undefined
  const readsOnce = () => (opened ??= openCommitReads(inputs.githubToken, existing.source_config?.repo_url ?? undefined, deps))
  const patterns = await checkPatterns(paths, head, readsOnce, deps)
  if (patterns.checked && patterns.dead.length > 0) {
    const none = patterns.dead.filter((item) => item.why === 'matches-none').map((item) => `\`${item.pattern}\``)
    const emptied = patterns.dead.filter((item) => item.why === 'all-excluded').map((item) => `\`${item.pattern}\``)
    const said = [
      ...(none.length > 0 ? [`${none.join(', ')} ${none.length === 1 ? 'matches' : 'match'} no file of the commit deployed`] : []),
      ...(emptied.length > 0
        ? [`every file ${emptied.join(', ')} ${emptied.length === 1 ? 'matches is' : 'match is'} removed by a later \`!\` pattern`]
        : [])
    ]
    return go(`${said.join(', and ')}${patterns.keepsNone ? ' (`paths` keeps no file of it)' : ''}, so no skip can be trusted`, commits)
  }
  const reads = await readsOnce()
  if (!reads.ok) return go(`GitHub cannot be asked what changed: ${reads.reason}`, commits)
  const compared = await compareCommits(reads.github, reads.repository, base, head)
  if (!compared.ok) return go(`GitHub could not compare the serving commit with this run's: ${compared.reason}`, commits)
  const { status, files } = compared
  const counted = { ...commits, changedFiles: files.length }
  if (status !== 'ahead' && status !== 'identical') {
    return go(
      `commit ${head} is ${status === 'behind' ? 'behind' : 'not ahead of'} commit ${base}, which serves (\`${status}\`): what changed cannot be told from one side`,
      counted
    )
  }
  if (files.length >= COMPARE_FILE_LIMIT)
    return go(`GitHub lists ${files.length} changed files, its most, so the list may be cut short`, counted)
  const under = files.filter((file) => touches(paths, file))
  const outsidePaths = files.length - under.length
  if (under.length > 0) {
    const named = under
      .slice(0, NAMED_FILES)
      .map((f) => `\`${quotable(f.filename, 200)}\``)
      .join(', ')
    const more = under.length > NAMED_FILES ? ` and ${under.length - NAMED_FILES} more` : ''
    return go(`${under.length} changed file${under.length === 1 ? '' : 's'} under \`paths\` since commit ${base}: ${named}${more}`, {
      ...counted,
      outsidePaths
    })
  }
  const outside =
    files.length === 0 ? 'no file changed' : `${files.length} changed file${files.length === 1 ? '' : 's'}, all outside \`paths\``
  return {
    decision: {
      skip: true,
      reason: `no change under \`paths\` since commit ${base}, which revision ${servingId} serves (${outside})`,
      ...counted,
      outsidePaths
    },
    serving
  }
}

/** A rename touches both its paths: moving a file out of `paths` changes what is under them. */
function touches(paths: PathFilter, file: ChangedFile): boolean {
  return paths.matches(file.filename) || (file.previousFilename !== undefined && paths.matches(file.previousFilename))
}

/**
 * Why the deploy would change more than the code, or undefined when the settings it sends are already the deployment's.
 * The environment is read from the plan (environment.ts), which compared names and values: a secret whose value
 * changes is a change, said by its name only.
 */
function settingsDiffer(inputs: DeployInputs, existing: Deployment, plan: Plan): string | undefined {
  const secrets = environmentDiffers('secrets', plan.environment?.secrets)
  if (secrets) return secrets
  const differing = sourceConfigDifferences(inputs.sourceConfig, existing.source_config ?? {})
  if (differing.length > 0)
    return `${differing.map((n) => `\`${n}\``).join(', ')} ${differing.length === 1 ? 'differs' : 'differ'} from the deployment's`
  return environmentDiffers('secret-references', plan.environment?.references)
}

/** What the plan's list changes, by name; undefined when it sends none (nothing in it changes). */
function environmentDiffers(what: string, change: EnvironmentChange<unknown> | undefined): string | undefined {
  if (!change?.send) return undefined
  const { set, added, removed } = change.names
  const named = shownNames
  const said = [
    added.length ? `adds ${named(added)}` : '',
    removed.length ? `drops ${named(removed)}` : '',
    set.length ? `changes the value of ${named(set)}` : '',
    change.removedUnknown ? 'replaces what the deployment does not report' : ''
  ].filter(Boolean)
  return `\`${what}\` ${said.join(' and ')}`
}
