import { wordsOf } from '../commands/registry.js'
import { formatDuration } from '../core/clock.js'
import { failsStep, type HealthSeen, type Outcome } from '../core/outcome.js'
import { forOutput, safeUrl } from '../core/neutralise.js'
import type { PruneFacts } from '../core/prune.js'
import type { OutputName } from '../inputs/names.js'

/** A run that is over: its outcome, and what the reporters add (times, the workflow's commit, GitHub). */
export interface FinishedRun {
  outcome: Outcome
  startedAt: number
  finishedAt: number
  /** The workflow's commit, shown when the revision reports none. */
  workflowSha?: string
  /** The GitHub environment this run reports to (`github-environment`), if any. */
  githubEnvironment?: string
}

/**
 * Text that mixes our own words with values that came from elsewhere (names, ids,
 * statuses): each reporter shows `{ code }` parts its own way (HTML code, backticks, as
 * is) and neutralises them for where they go. Our own words are plain strings.
 */
export type Said = Array<string | { code: string }>

/** What a GitHub deployment status becomes. `retire` marks every deployment of the environment inactive. */
export type EnvironmentState = 'success' | 'failure' | 'in_progress' | 'inactive' | 'retire'

/** What every reporter shows, worked out once from the outcome (see viewOf). */
export interface RunView {
  run: FinishedRun
  outcome: Outcome
  failed: boolean
  /** The outcome in a word or two, as the last log line states it: `deployed`, `still deploying`… */
  label: string
  /** One rule for the name everywhere: the deployment's own name once found, else what the inputs named. */
  name: string
  outputs: Partial<Record<OutputName, string>>
  /** The heading of the summary and of the PR comment, and the GitHub deployment status. */
  title: Said
  /** What went wrong, first in the summary and comment. Multi-line text, shown wrapped. */
  cause?: string
  /** How the cause is introduced: `What went wrong` on a failure, softer when nothing failed. */
  causeLabel: string
  /** What to do about it. */
  todo?: string
  /** Sentences that go right under the cause: where the deploy stands, what still serves. */
  notes: Said[]
  /** The table of facts, label and value, in order; only rows with a value. */
  facts: Array<[string, Said]>
  /** The deployment URL, when the control plane's text is one we may link (https, or loopback http). */
  url?: string
  /** The control plane's URL text when it is not one we may link: shown as code, never used. */
  unsafeUrl?: string
  commit?: { sha: string; fromWorkflow: boolean }
  github: {
    /** What the GitHub deployment in `github-environment` becomes, with a one-line description. */
    environment?: { state: EnvironmentState; description: string }
    /** Whether the PR comment is written, and whether a pull request without one gets one. */
    comment?: { createIfMissing: boolean }
  }
  /** The last line of the log: outcome, deployment, revision and URL. */
  finalLine: string
}

interface KindContext {
  outcome: Outcome
  failed: boolean
  /** `Deploy`, `Delete`, … */
  verb: string
  subject: Said
}

/**
 * One entry per outcome: its word, its heading, what the GitHub deployment becomes, and
 * what the PR comment does. A new outcome is one entry here (the type makes it required);
 * everything else in the reports is shared.
 */
interface KindView {
  label: string
  title(c: KindContext): Said
  environment(c: KindContext): EnvironmentState | undefined
  /** `undefined`: the comment is left alone. */
  comment(c: KindContext): { createIfMissing: boolean } | undefined
}

const DEPLOY_COMMENT = () => ({ createIfMissing: true })

const KINDS: { [K in Outcome['kind']]: KindView } = {
  deployed: {
    label: 'deployed',
    title: ({ outcome, subject }) =>
      outcome.kind === 'deployed' && outcome.noNewRevision ? ['✅ ', ...subject, ' is deployed (no new revision was needed)'] : ['✅ Deployed ', ...subject],
    environment: () => 'success',
    comment: DEPLOY_COMMENT
  },
  failed: {
    label: 'failed',
    title: ({ verb, subject }) => [`❌ ${verb} of `, ...subject, ' failed'],
    environment: () => 'failure',
    comment: DEPLOY_COMMENT
  },
  'still-deploying': {
    label: 'still deploying',
    title: ({ outcome, subject }) => {
      const cause = outcome.kind === 'still-deploying' ? outcome.cause : 'not-waiting'
      const why: Record<typeof cause, string> = {
        'not-waiting': ' (this run does not wait for it)',
        'timed-out': ': this run stopped waiting at its timeout',
        cancelled: ': this run was cancelled while waiting',
        'lost-contact': ': this run lost contact with the control plane'
      }
      return [cause === 'not-waiting' ? '🚀 ' : '⏳ ', ...subject, ` is still deploying${why[cause]}`]
    },
    // Nothing failed on the control plane: the GitHub deployment stays in progress.
    environment: () => 'in_progress',
    comment: DEPLOY_COMMENT
  },
  superseded: {
    label: 'superseded',
    title: ({ subject }) => ['⏭️ ', ...subject, ': this revision was superseded by a newer one'],
    // Replaced, not failed: the newer revision's run reports the environment.
    environment: () => 'inactive',
    comment: DEPLOY_COMMENT
  },
  'rolled-back': {
    label: 'rolled back',
    title: ({ failed, verb, subject }) => (failed ? [`⏪ ${verb} of `, ...subject, ' failed and was rolled back'] : ['⏪ Rolled back ', ...subject]),
    environment: ({ failed }) => (failed ? 'failure' : 'success'),
    comment: DEPLOY_COMMENT
  },
  deleted: {
    label: 'deleted',
    title: ({ failed, subject }) => (failed ? ['🗑️ Deleted ', ...subject, ', but it was not seen gone'] : ['🗑️ Deleted ', ...subject]),
    // A delete the control plane accepted retires the environment even if waiting for it then failed.
    environment: () => 'retire',
    comment: () => ({ createIfMissing: false })
  },
  'nothing-to-do': {
    label: 'nothing to do',
    title: ({ outcome, subject }) =>
      outcome.kind === 'nothing-to-do' && outcome.reason === 'already-gone'
        ? ['✅ ', ...subject, ' was already gone: nothing to delete']
        : ['✅ ', ...subject, ': nothing to change'],
    environment: ({ outcome }) => (outcome.kind === 'nothing-to-do' && outcome.reason === 'already-gone' ? 'retire' : 'success'),
    comment: ({ outcome }) => ({ createIfMissing: !(outcome.kind === 'nothing-to-do' && outcome.reason === 'already-gone') })
  },
  planned: {
    label: 'planned (dry run)',
    title: ({ subject }) => ['📝 Dry run for ', ...subject, ': nothing was changed'],
    environment: () => undefined,
    comment: () => undefined
  },
  refused: {
    label: 'refused',
    title: ({ outcome, verb, subject }) =>
      outcome.kind === 'refused' && outcome.inDoubt
        ? ['⚠️ ', ...subject, `: the ${outcome.inDoubt} may or may not have taken effect`]
        : [`❌ ${verb} of `, ...subject, ' refused'],
    // Marked failed only if this run had started a GitHub deployment (see GitHubEnvironment).
    environment: () => 'failure',
    comment: DEPLOY_COMMENT
  },
  'logged-in': {
    label: 'logged in',
    title: ({ outcome, subject }) => ['🔑 Docker is logged in to the registry of ', ...subject, ...(outcome.registry ? [' (', { code: outcome.registry.registry }, ')'] : [])],
    // Nothing was deployed: no GitHub deployment or comment is this run's to write.
    environment: () => undefined,
    comment: () => undefined
  }
}

/**
 * THE function from a finished run to what the outputs, the job summary, the PR
 * comment, the GitHub deployment status and the last log line show. Each reporter
 * renders this view and decides nothing on its own, so they cannot disagree.
 */
export function viewOf(run: FinishedRun): RunView {
  const { outcome } = run
  const failed = failsStep(outcome)
  const rawUrl = outcome.deployment?.url || outcome.deployment?.source_config?.custom_url || undefined
  const url = usableUrl(rawUrl)
  const outputs = outputsOf(outcome, url)
  const listener = outcome.subject.kind === 'listener'
  const name = outcome.subject.name ?? outcome.deployment?.name ?? outputs['deployment-id'] ?? (listener ? 'listener' : 'deployment')
  const subject: Said = listener ? ['listener ', { code: name }] : [{ code: name }]
  const kind = KINDS[outcome.kind]
  const context: KindContext = { outcome, failed, verb: verbOf(outcome.command), subject }
  const title = kind.title(context)
  const revisionSha = outcome.revision?.source_revision_config?.repo_commit_sha
  const commit = revisionSha ? { sha: revisionSha, fromWorkflow: false } : run.workflowSha ? { sha: run.workflowSha, fromWorkflow: true } : undefined
  const view: RunView = {
    run,
    outcome,
    failed,
    label: kind.label,
    name,
    outputs,
    title,
    cause: outcome.problem?.what ?? (failed ? outcome.error : undefined),
    causeLabel: outcome.kind === 'still-deploying' ? 'Why this run stopped waiting' : outcome.kind === 'superseded' ? 'What happened' : 'What went wrong',
    todo: outcome.problem?.todo ?? rolledBackTodo(outcome),
    notes: notesOf(outcome, run),
    facts: [],
    url,
    unsafeUrl: rawUrl && !url ? rawUrl : undefined,
    commit,
    github: { comment: kind.comment(context) },
    finalLine: ''
  }
  if (outcome.prune) return pruneView(view, outcome.prune)
  view.facts = factsOf(view)
  const state = kind.environment(context)
  // The heading without its emoji, one line: GitHub shows it next to the environment.
  if (state) view.github.environment = { state, description: forOutput(plain(title).replace(/^[^\p{L}\p{N}`]+/u, '')) }
  view.finalLine = finalLine(view)
  return view
}

/**
 * The URL as the control plane wrote it, if it is one we may link and output (https, or
 * loopback http; no whitespace): as written, so the output matches what the control plane
 * shows, unless it holds characters that only the parsed form encodes.
 */
function usableUrl(raw: string | undefined): string | undefined {
  const safe = raw ? safeUrl(raw, { allowLoopbackHttp: true }) : undefined
  if (!raw || !safe) return undefined
  return /[<>"'`\\{}^|]/.test(raw) ? safe : raw
}

const VERBS: Record<string, string> = { deploy: 'Deploy', delete: 'Delete', 'delete-listener': 'Delete', rollback: 'Rollback', prune: 'Prune' }

function verbOf(command: string): string {
  return wordsOf(command)?.verb ?? VERBS[command] ?? command.charAt(0).toUpperCase() + command.slice(1)
}

/** Said as plain text: code as is. For the log and the GitHub status (neutralised there). */
export function plain(said: Said): string {
  return said.map((part) => (typeof part === 'string' ? part : part.code)).join('')
}

/** The outputs of the interface page, one line each; a URL only if it is one we may use. Unknown ones stay unset. */
function outputsOf(outcome: Outcome, url: string | undefined): Partial<Record<OutputName, string>> {
  const { revision, deployment } = outcome
  const values: Partial<Record<OutputName, string | null | undefined>> = {
    'deployment-id': deployment?.id,
    'revision-id': outcome.revisionId,
    'revision-status': revision?.status,
    'deployment-status': deployment?.status,
    operation: outcome.operation,
    'deployment-url': url,
    'commit-sha': revision?.source_revision_config?.repo_commit_sha,
    'previous-revision-id': outcome.previousRevisionId,
    pruned: outcome.prune && JSON.stringify(outcome.prune.pruned),
    'archive-sha256': outcome.shipped?.kind === 'archive' ? outcome.shipped.sha256 : undefined,
    registry: outcome.registry?.registry,
    'image-repository': outcome.registry?.imageRepository
  }
  const set = Object.entries(values).filter(([, v]) => v != null && v !== '') as Array<[OutputName, string]>
  return Object.fromEntries(set.map(([name, value]) => [name, forOutput(value)])) as Partial<Record<OutputName, string>>
}

/**
 * The revision that serves while this run's did not make it: the deployment's active
 * one when it is another, else the one that served before the run.
 */
function stillServing(outcome: Outcome): string | undefined {
  const active = outcome.deployment?.active_revision_id ?? outcome.previousRevisionId
  return active && active !== outcome.revisionId ? active : undefined
}

/** After `on-failure: rollback`: the bad revision is out of service, so what is left is to fix it. */
function rolledBackTodo(outcome: Outcome): string | undefined {
  const restored = restoredBy(outcome)
  if (!restored || !failsStep(outcome)) return undefined
  return `Fix what made revision ${outcome.revisionId} fail (its health check and logs are in this run's log) and deploy again; revision ${restored} serves meanwhile.`
}

/**
 * `on-failure: rollback` after a deploy: the revision that serves now, the redeploy of the
 * one that served before (the redeploy's answer names it as `latest_revision_id`).
 */
function restoredBy(outcome: Outcome): string | undefined {
  if (outcome.kind !== 'rolled-back' || outcome.command !== 'deploy') return undefined
  const latest = outcome.deployment?.latest_revision_id
  return latest && latest !== outcome.revisionId ? latest : undefined
}

/** Where the deploy stands, beyond the cause: what goes on, what still serves, what went with a delete. */
function notesOf(outcome: Outcome, run: FinishedRun): Said[] {
  const notes: Said[] = []
  const revision = outcome.revisionId
  const deployment = outcome.deployment
  const serving = stillServing(outcome)
  // A time-out, a cancel or lost contact says where to follow the deploy in its error's
  // "what to do"; not waiting at all (`wait: false`) has no error, so it is said here.
  if (outcome.kind === 'still-deploying' && !outcome.problem?.todo && revision && deployment) {
    const status = outcome.revision?.status
    notes.push([
      'The deploy goes on on the control plane; nothing was cancelled there. Follow revision ',
      { code: revision },
      ' of deployment ',
      { code: deployment.name },
      ' (',
      { code: deployment.id },
      ') on the control plane',
      status ? ` (last seen ` : '',
      ...(status ? [{ code: status }, ')'] : []),
      outcome.cause === 'not-waiting' ? '.' : ', or re-run this job to wait for it.'
    ])
  }
  if ((outcome.kind === 'failed' || outcome.kind === 'superseded' || outcome.kind === 'still-deploying') && revision && serving) {
    const status = deployment?.status
    notes.push([
      'The deployment',
      ...(status ? [' (status ', { code: status }, ')'] : []),
      ' still serves the previous revision ',
      { code: serving },
      outcome.kind === 'still-deploying' ? ' until this one is deployed.' : "; this run's revision is not serving."
    ])
  }
  // A rollback leads with what serves now and what it replaced, as its log says.
  if (outcome.kind === 'rolled-back' && outcome.command === 'rollback' && !failsStep(outcome) && revision && deployment) {
    notes.push([
      'Deployment ',
      { code: deployment.name },
      ' now serves revision ',
      { code: revision },
      ...(outcome.redeployOf ? [' (a redeploy of revision ', { code: outcome.redeployOf }, ')'] : []),
      ...(outcome.previousRevisionId ? ['; it replaced revision ', { code: outcome.previousRevisionId }] : []),
      '.'
    ])
  }
  notes.push(...(wordsOf(outcome.command)?.notes?.(outcome) ?? []))
  if (outcome.kind === 'deleted' || (outcome.kind === 'nothing-to-do' && outcome.reason === 'already-gone')) {
    if (outcome.tracingProject === 'deleted') notes.push(['Its tracing project went too (`delete-tracing-project: true`).'])
    if (outcome.tracingProject === 'kept') {
      notes.push(['Its tracing project ', { code: deployment?.name ?? outcome.subject.name ?? '' }, ' was kept (`delete-tracing-project: false`): creating a deployment of that name again fails until it is deleted.'])
    }
    if (run.githubEnvironment) {
      notes.push(['The GitHub deployments of environment ', { code: run.githubEnvironment }, ' are marked inactive; the environment itself stays listed in the repository settings.'])
    }
  }
  return notes
}

function factsOf(view: RunView): Array<[string, Said]> {
  const { outcome, outputs } = view
  // The workflow's commit says nothing about a deployment that is gone.
  const gone = outcome.kind === 'deleted' || (outcome.kind === 'nothing-to-do' && outcome.reason === 'already-gone')
  const commit = gone && view.commit?.fromWorkflow ? undefined : view.commit
  // After `on-failure: rollback` the revision of the outputs is the one that failed: say so, and what serves instead.
  const restored = restoredBy(outcome)
  const rows: Array<[string, Said | undefined]> = [
    ['Deployment', outcome.deployment ? [{ code: view.name }, ' (', { code: outcome.deployment.id }, ')'] : undefined],
    ['What was done', wordsOf(outcome.command)?.done?.(outcome) ?? whatWasDone(outcome)],
    ['Now serving', restored ? [{ code: restored }, ...(outcome.previousRevisionId ? [', a redeploy of ', { code: outcome.previousRevisionId }, ', which served before this run'] : [])] : undefined],
    [restored ? "This run's revision (failed)" : 'Revision', outputs['revision-id'] ? [{ code: outputs['revision-id'] }] : undefined],
    ['Revision status', outputs['revision-status'] ? [{ code: outputs['revision-status'] }] : undefined],
    ['Deployment status', deploymentStatus(outcome)],
    ['Replaced revision', outcome.command === 'rollback' && outputs['previous-revision-id'] ? [{ code: outputs['previous-revision-id'] }] : undefined],
    ['Health check', outcome.health ? healthVerdict(outcome.health) : undefined],
    ['Commit', commit ? [{ code: commit.sha.slice(0, 12) }, commit.fromWorkflow ? " (the workflow's; the revision reports none)" : ''] : undefined]
  ]
  return rows.filter((row): row is [string, Said] => row[1] !== undefined)
}

/** The deployment's status; next to a revision that did not make it, what it still serves. */
function deploymentStatus(outcome: Outcome): Said | undefined {
  const status = outcome.deployment?.status
  if (!status) return undefined
  const serving = stillServing(outcome)
  const notServing = outcome.kind === 'failed' || outcome.kind === 'superseded' || outcome.kind === 'still-deploying'
  return notServing && outcome.revisionId && serving ? [{ code: status }, ', serving the previous revision ', { code: serving }] : [{ code: status }]
}

function whatWasDone(outcome: Outcome): Said | undefined {
  const noNewRevision = outcome.kind === 'deployed' && outcome.noNewRevision
  switch (outcome.operation) {
    case 'created':
      return ['Created the deployment']
    case 'updated':
      return [noNewRevision ? 'Updated the deployment (no new revision)' : 'Updated the deployment with a new revision']
    case 'unchanged':
      if (outcome.command === 'rollback') return ['Nothing: that revision already serves']
      return [outcome.command === 'deploy' ? 'Nothing to change' : 'Nothing to delete']
    case 'deleted':
      return [outcome.subject.kind === 'listener' ? 'Deleted the listener' : 'Deleted the deployment']
    case 'planned':
      return ['Nothing (dry run): the plan is below']
    case 'rolled-back':
      return outcome.command === 'deploy'
        ? ['Deployed a new revision, then redeployed the one that served before (on-failure: rollback)']
        : outcome.redeployOf
          ? ['Redeployed earlier revision ', { code: outcome.redeployOf }]
          : ['Redeployed an earlier revision']
    default:
      return undefined
  }
}

/** Only the verdict: the attempts are in the log. */
function healthVerdict(health: HealthSeen): Said {
  if (health.attempts === 0) return ['❌ ', { code: health.last }]
  const tries = `${health.attempts} attempt${health.attempts === 1 ? '' : 's'}, ${formatDuration(health.elapsedMs)}`
  const where: Said = health.url ? [{ code: health.url }, ' '] : []
  return health.healthy
    ? ['✅ ', ...where, 'answered ', { code: health.last }, ` (${tries})`]
    : ['❌ ', ...where, `never answered 2xx (${tries}; last: `, { code: health.last }, ')']
}

/**
 * `prune` acts on many previews, named by a pattern: its own heading and facts, and no
 * GitHub deployment or comment of its own (each deleted preview's are retired, from
 * `outcome.prune.gone`, by github/prune-retire.ts).
 */
function pruneView(view: RunView, prune: PruneFacts): RunView {
  const { outcome, failed } = view
  const pattern: Said = [{ code: view.name }]
  const previews = (n: number) => `${n} stale preview${n === 1 ? '' : 's'}`
  const wouldGo = prune.rows.filter((row) => row.fate === 'would delete').length
  view.title = failed
    ? [`❌ Prune of `, ...pattern, ' failed', prune.pruned.length > 0 ? ` after deleting ${previews(prune.pruned.length)}` : '']
    : outcome.kind === 'planned'
      ? ['📝 Dry run for ', ...pattern, `: ${previews(wouldGo)} would be deleted; nothing was changed`]
      : prune.pruned.length > 0
        ? ['🧹 Pruned ', `${previews(prune.pruned.length)} of `, ...pattern]
        : ['✅ ', ...pattern, ': no stale previews']
  const done =
    outcome.kind === 'planned'
      ? 'Nothing (dry run): the previews that would be deleted are below'
      : `${prune.pruned.length > 0 ? `Deleted ${prune.pruned.length}` : 'Deleted none'} of ${prune.rows.length} preview${prune.rows.length === 1 ? '' : 's'}`
  view.facts = [
    ['What was done', [done]],
    ['GitHub requests', [`${prune.githubRequests}`]]
  ]
  view.notes = outcome.kind === 'planned' && wouldGo > 0 ? [['Run again without ', { code: 'dry-run' }, ` to delete ${wouldGo === 1 ? 'it' : 'them'}.`]] : []
  view.github = {}
  const count = outcome.kind === 'planned' ? `${wouldGo} would be deleted` : `${prune.pruned.length} deleted`
  view.finalLine = `Outcome: ${view.label}: previews \`${view.name}\`, ${count}.`
  return view
}

function finalLine(view: RunView): string {
  const { outcome, outputs, name } = view
  // Input that could not be read names nothing: say only the outcome.
  if (outcome.subject.name === undefined && outcome.deployment === undefined) return `Outcome: ${view.label}.`
  const what = outcome.subject.kind === 'listener' ? `listener ${name}` : `deployment \`${name}\`${outputs['deployment-id'] ? ` (${outputs['deployment-id']})` : ''}`
  const revision = outputs['revision-id'] ? `, revision ${outputs['revision-id']}${outputs['revision-status'] ? ` (${outputs['revision-status']})` : ''}` : ''
  const restored = restoredBy(outcome)
  const serving = restored ? `, now serving revision ${restored}` : ''
  const url = view.url ? `, ${view.url}` : ''
  return `Outcome: ${view.label}: ${what}${revision}${serving}${url}.`
}
