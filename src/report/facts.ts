import { formatDuration } from '../core/clock.js'
import type { CheckVerdict, EnvironmentFacts, HealthSeen, Outcome, RichText, Shipped } from '../core/outcome.js'
import { archiveRows } from './archive.js'
import { restoredBy, stillServing } from './serving.js'
import { quoted } from '../core/quoted.js'
import type { RunView } from './view-types.js'
import { wordsOf } from './words.js'

type Row = [string, RichText | undefined]

/** The table of facts, in order: only rows that mean something for this outcome. */
export function factsOf(view: RunView): Array<[string, RichText]> {
  const { outcome, outputs } = view
  // After `on-failure: rollback` the revision of the outputs is the one that failed: say so, and what serves instead.
  const restored = restoredBy(outcome)
  const rows: Row[] = [
    ['Deployment', outcome.deployment ? [{ code: view.name }, ' (', { code: outcome.deployment.id }, ')'] : undefined],
    ['What was done', whatWasDone(outcome)],
    [
      'Now serving',
      restored
        ? [
            { code: restored },
            ...(outcome.previousRevisionId
              ? [', a redeploy of ', { code: outcome.previousRevisionId }, ', which served before this run']
              : [])
          ]
        : undefined
    ],
    ...rollbackPlan(outcome),
    [
      restored ? "This run's revision (failed)" : outcome.paths?.skip ? 'Serving revision' : 'Revision',
      outputs['revision-id'] ? [{ code: outputs['revision-id'] }] : undefined
    ],
    ['Revision status', outputs['revision-status'] ? [{ code: outputs['revision-status'] }] : undefined],
    ['Deployment status', deploymentStatus(outcome)],
    // Only a rollback that took effect replaced anything.
    [
      'Replaced revision',
      outcome.kind === 'rolled-back' && !restored && outcome.previousRevisionId ? [{ code: outcome.previousRevisionId }] : undefined
    ],
    ['Health check', outcome.health ? healthVerdict(outcome.health) : undefined],
    ...(outcome.checks ?? []).map(checkRow),
    ...shippedRows(outcome.shipped),
    ...pathsRows(outcome),
    ['Secrets', environmentRow(outcome.environment?.secrets)],
    ['Secret references', environmentRow(outcome.environment?.references)],
    ['Registry', outcome.registry ? [{ code: outcome.registry.registry }] : undefined],
    ['Image repository', outcome.registry ? [{ code: outcome.registry.imageRepository }] : undefined],
    ['Commit', commitOf(view)]
  ]
  return rows.filter((row): row is [string, RichText] => row[1] !== undefined)
}

/**
 * The commit the revision reports, or the workflow's when there is a revision that reports
 * none. Without a revision (a refusal, a delete, a dry run) the workflow's commit says
 * nothing about the deployment, and a rollback's plan names its target's commit in its own row.
 * A remote build's archive names the commit it was made from (`Commit checked out`), which is
 * what was built: the workflow's would only repeat it, or contradict it.
 */
function commitOf(view: RunView): RichText | undefined {
  const { commit, outcome } = view
  if (!commit) return undefined
  if (!commit.fromWorkflow) return [{ code: commit.sha.slice(0, 12) }]
  if (!outcome.revisionId || outcome.kind === 'deleted' || outcome.shipped?.kind === 'archive') return undefined
  return [{ code: commit.sha.slice(0, 12) }, " (the workflow's; the revision reports none)"]
}

/** A rollback's dry run: the revision it would redeploy, the commit that would then serve, and what serves now. */
function rollbackPlan(outcome: Outcome): Row[] {
  if (outcome.kind !== 'planned' || !outcome.redeployOf) return []
  const target = outcome.redeployTarget
  const sha = target?.source_revision_config?.repo_commit_sha
  return [
    [
      'Would redeploy revision',
      [{ code: outcome.redeployOf }, ...(target?.created_at ? [' (created ', { code: target.created_at }, ')'] : [])]
    ],
    ['Would serve commit', sha ? [{ code: sha.slice(0, 12) }] : target ? ['none reported by that revision'] : undefined],
    ['Serving now', outcome.previousRevisionId ? [{ code: outcome.previousRevisionId }] : ['no revision reported serving']]
  ]
}

/** What went out: the archive (its size, files, digest and the commit checked out), or the image and its pin. */
function shippedRows(shipped: Shipped | undefined): Row[] {
  if (!shipped) return []
  if (shipped.kind === 'image') {
    return [
      ['Image', [{ code: shipped.imageUri }]],
      [
        'Image digest',
        shipped.digest
          ? [{ code: shipped.digest }]
          : ['not pinned: a tag can move between the push and the build; pin ', { code: '@sha256:…' }]
      ]
    ]
  }
  return archiveRows(shipped)
}

/** The environment's names as the deploy leaves them (never a value): kept, set, added, removed. */
function environmentRow(names: EnvironmentFacts['secrets']): RichText | undefined {
  if (!names) return undefined
  const groups: Array<[string, string[]]> = [
    ['set', names.set],
    ['added', names.added],
    ['removed', names.removed],
    ['kept', names.kept]
  ]
  const said: RichText = []
  for (const [label, list] of groups) {
    if (list.length === 0) continue
    if (said.length > 0) said.push('; ')
    said.push(`${label} `)
    list.forEach((name, i) => said.push(...(i > 0 ? [', '] : []), { code: name }))
  }
  if (names.removedUnknown) said.push(`${said.length ? '; ' : ''}removed any other (not reported by the deployment)`)
  if (!names.sent) said.push(`${said.length ? ' ' : ''}(unchanged: not sent)`)
  return said.length > 0 ? said : ['none']
}

/** `paths`: why the deploy went ahead; a skip says which changed files fell outside. */
function pathsRows(outcome: Outcome): Row[] {
  const paths = outcome.paths
  if (!paths) return []
  const { changedFiles, outsidePaths, baseCommit, headCommit } = paths
  const range: RichText =
    baseCommit && headCommit ? [' between ', { code: baseCommit.slice(0, 12) }, ' and ', { code: headCommit.slice(0, 12) }] : []
  return [
    // A skip says why in its note, right under the heading.
    ['Why it deployed', paths.skip ? undefined : quoted(paths.reason)],
    [
      'Changed files',
      changedFiles !== undefined
        ? [`${changedFiles}`, ...range, ...(outsidePaths !== undefined ? [`; ${outsidePaths} outside `, { code: 'paths' }] : [])]
        : undefined
    ]
  ]
}

/** The deployment's status; next to a revision that did not make it, what it still serves. */
function deploymentStatus(outcome: Outcome): RichText | undefined {
  const status = outcome.deployment?.status
  if (!status) return undefined
  const serving = stillServing(outcome)
  const notServing = outcome.kind === 'failed' || outcome.kind === 'superseded' || outcome.kind === 'still-deploying'
  if (!notServing || !outcome.revisionId || !serving) return [{ code: status }]
  return [
    { code: status },
    outcome.kind === 'superseded' ? ', last seen serving revision ' : ', serving the previous revision ',
    { code: serving }
  ]
}

function whatWasDone(outcome: Outcome): RichText | undefined {
  const operation = outcome.operation
  if (!operation) return undefined
  if (outcome.paths?.skip && operation === 'unchanged') return ['Nothing sent: no changed file is under ', { code: 'paths' }]
  const own = wordsOf(outcome).done?.[operation]
  if (own) return own
  const noNewRevision = outcome.kind === 'deployed' && outcome.noNewRevision
  switch (operation) {
    case 'created':
      return ['Created the deployment']
    case 'updated':
      return [noNewRevision ? 'Updated the deployment (no new revision)' : 'Updated the deployment with a new revision']
    case 'unchanged':
      return ['Nothing to change']
    case 'deleted':
      return [outcome.subject.kind === 'listener' ? 'Deleted the listener' : 'Deleted the deployment']
    case 'planned':
      return ['Nothing (dry run): the plan is below']
    case 'rolled-back':
      return outcome.redeployOf ? ['Redeployed earlier revision ', { code: outcome.redeployOf }] : ['Redeployed an earlier revision']
  }
}

/** Only the verdict: the attempts are in the log. */
const CHECK_MARKS: Record<CheckVerdict['status'], string> = { passed: '✅ ', failed: '❌ ', 'not-proven': '⚠️ ', 'not-checked': '➖ ' }

/** One row per gate or check, whatever it checked: its mark, its words and its time. */
function checkRow(verdict: CheckVerdict): Row {
  const time = verdict.elapsedMs === undefined ? [] : [` (${formatDuration(verdict.elapsedMs)})`]
  return [verdict.label, [CHECK_MARKS[verdict.status], ...verdict.detail, ...time]]
}

function healthVerdict(health: HealthSeen): RichText {
  if (health.attempts === 0) return ['❌ ', { code: health.last }]
  const tries = `${health.attempts} attempt${health.attempts === 1 ? '' : 's'}, ${formatDuration(health.elapsedMs)}`
  const where: RichText = health.url ? [{ code: health.url }, ' '] : []
  return health.healthy
    ? ['✅ ', ...where, 'answered ', { code: health.last }, ` (${tries})`]
    : ['❌ ', ...where, `never answered 2xx (${tries}; last: `, { code: health.last }, ')']
}
