import { isDeepStrictEqual } from 'node:util'
import type { ControlPlaneClient } from '../../api/client.js'
import type {
  Deployment,
  PatchDeploymentRequest,
  Revision,
  SourceConfigRequest,
  SourceRevisionConfig,
  SourceRevisionConfigRequest
} from '../../api/schemas.js'
import { ActionError } from '../../core/errors.js'
import type { Stop } from '../../core/stop.js'

/**
 * Whether a revision or deployment found after a doubtful change is this run's work.
 * Another run may change the same deployment at the same time; a run must never
 * report (or wait on) a revision it did not make, and must never resend a change over
 * another run's newer one. So "ours" is decided by content, not by "something changed".
 */

/** What a change sent that shapes the revision it makes. */
export interface SentRevision {
  /** `source_revision_config` as sent (the fields not sent are absent). */
  config: SourceRevisionConfigRequest
  /** `revision_source` when the patch set it. */
  source?: string
  /**
   * A redeploy's: the commit of the revision redeployed. Settings alone cannot tell a
   * redeploy from another run's push of the same branch; the commit can. A revision that
   * reports another commit is not this run's; one that reports none is kept as a
   * candidate, for the caller to refuse (it cannot be told either way).
   */
  commitSha?: string
}

/** A revision's settings without the commit the control plane resolved (which no request sends). */
function settingsOf(config: SourceRevisionConfig | null | undefined): Record<string, unknown> {
  const { repo_commit_sha: _sha, ...settings } = config ?? {}
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value != null))
}

function sentFields(config: SourceRevisionConfigRequest): Array<[string, unknown]> {
  return Object.entries(config).filter(([, value]) => value != null)
}

/**
 * Whether `revision` carries what this run sent.
 *
 * - When the change set `source_revision_config` fields, the revision must report each
 *   of them with the value sent. Fields not sent are not compared: the control plane
 *   carries them over from the revision before, which another run may have changed.
 * - When it set none (a patch of only `secrets` or `secret_references`, which still makes
 *   a revision), nothing in the revision names this run. Such a revision copies the
 *   settings of the revision before it, so it is ours only if its settings equal those of
 *   `previous` (the revision that was latest when this run read the deployment). A
 *   revision from another run that changed a setting is then told apart; one from
 *   another run that also changed no setting is not, and cannot be: both deploy the
 *   same settings. With no `previous` to compare to, any new revision counts.
 * - `revision_source`, when sent, must match the revision's `source` where it reports one.
 * - `commitSha`, when known (a redeploy), must match the revision's `repo_commit_sha`
 *   where it reports one.
 */
export function carriesWhatWeSent(
  revision: Pick<Revision, 'source' | 'source_revision_config'>,
  sent: SentRevision,
  previous?: Pick<Revision, 'source_revision_config'>
): boolean {
  if (sent.source && revision.source && revision.source !== sent.source) return false
  const sha = revision.source_revision_config?.repo_commit_sha
  if (sent.commitSha && sha && !sameValue(sha, sent.commitSha)) return false
  const fields = sentFields(sent.config)
  const reported = settingsOf(revision.source_revision_config)
  if (fields.length > 0) return fields.every(([key, value]) => sameValue(reported[key], value))
  if (!previous) return true
  const before = settingsOf(previous.source_revision_config)
  const keys = new Set([...Object.keys(before), ...Object.keys(reported)])
  return [...keys].every((key) => sameValue(reported[key], before[key]))
}

/**
 * Whether a deployment found after a doubtful create is the one this run asked for:
 * every `source_config` and `source_revision_config` field sent is reported with the
 * value sent. A field the control plane does not report (null or absent: it may keep
 * some to itself, e.g. `custom_url` on github deployments) is not a difference.
 */
export function createdWithOurSettings(
  deployment: Pick<Deployment, 'source' | 'source_config'>,
  revisionConfig: SourceRevisionConfig | null | undefined,
  sent: { source: string; source_config: SourceConfigRequest; source_revision_config: SourceRevisionConfigRequest }
): boolean {
  if (deployment.source && deployment.source !== sent.source) return false
  const config = (deployment.source_config ?? {}) as Record<string, unknown>
  const { listener_config, resource_spec: _spec, ...scalars } = sent.source_config
  // resource_spec is left out: the control plane fills in what was not given, so it differs from what was sent.
  const configMatches = Object.entries(scalars).every(([key, value]) => config[key] == null || sameValue(config[key], value))
  const namespace = (config.listener_config as { k8s_namespace?: unknown } | null | undefined)?.k8s_namespace
  const namespaceMatches = !listener_config?.k8s_namespace || namespace == null || sameValue(namespace, listener_config.k8s_namespace)
  const reported = settingsOf(revisionConfig)
  const revisionMatches = sentFields(sent.source_revision_config).every(
    ([key, value]) => reported[key] == null || sameValue(reported[key], value)
  )
  return configMatches && namespaceMatches && revisionMatches
}

/**
 * Whether the deployment's environment is the one a patch sent: every secret sent, with the value
 * sent (where the deployment reports one), and no other; the same for the secret references, by
 * name. Revisions do not report the environment, and a patch of only `secrets` changes no revision
 * setting: after a lost answer this is what tells this run's change from another run's. Only the
 * latest change's environment shows, so the caller asks it of the latest revision only. What was
 * sent is the list merged from the deployment as first read (commands/deploy/environment.ts).
 */
export function carriesOurEnvironment(
  deployment: Pick<Deployment, 'secrets' | 'secret_references'>,
  sent: Pick<PatchDeploymentRequest, 'secrets' | 'secret_references'>
): boolean {
  const entries = (list: readonly unknown[] | null | undefined, valueOf: (entry: Record<string, unknown>) => unknown) =>
    new Map(
      (list ?? []).map((raw) => [String((raw as Record<string, unknown> | null)?.name), valueOf((raw ?? {}) as Record<string, unknown>)])
    )
  const same = (reported: Map<string, unknown>, wanted: Map<string, unknown>) =>
    reported.size === wanted.size &&
    [...wanted].every(([name, value]) => reported.has(name) && (reported.get(name) === undefined || reported.get(name) === value))
  const secretValue = (entry: Record<string, unknown>) => (typeof entry.value === 'string' ? entry.value : undefined)
  const reference = (entry: Record<string, unknown>) => JSON.stringify([entry.secret_name, entry.secret_key])
  if (sent.secrets && !same(entries(deployment.secrets, secretValue), entries(sent.secrets, secretValue))) return false
  if (sent.secret_references && !same(entries(deployment.secret_references, reference), entries(sent.secret_references, reference)))
    return false
  return true
}

/**
 * Whether the deployment reports every `source_config` field a patch sent, with the value sent:
 * how a patch of settings that may make no revision (`resource_spec`, `install_command`,
 * `build_command`) is seen to have taken effect. Of `resource_spec`, only the fields sent are
 * compared: the control plane fills in the others.
 */
export function reportsSourceConfig(deployment: Pick<Deployment, 'source_config'>, sent: SourceConfigRequest | undefined): boolean {
  const config = (deployment.source_config ?? {}) as Record<string, unknown>
  return Object.entries(sent ?? {}).every(([key, value]) => {
    if (value == null) return true
    if (key === 'resource_spec' && typeof value === 'object') {
      const reported = (config.resource_spec ?? {}) as Record<string, unknown>
      return Object.entries(value as Record<string, unknown>).every(([field, wanted]) => sameSpecValue(reported[field], wanted))
    }
    return typeof value === 'object' ? isDeepStrictEqual(config[key], value) : sameValue(config[key], value)
  })
}

/** A field of a resource spec: a quantity sent as the string `"1"` may be read back as the number 1. */
function sameSpecValue(reported: unknown, sent: unknown): boolean {
  if (sent == null) return reported == null
  if (typeof sent !== 'string' && typeof sent !== 'number') return isDeepStrictEqual(reported, sent)
  return (typeof reported === 'string' || typeof reported === 'number') && String(reported) === String(sent)
}

/** Ids in any case and repository URLs with or without a trailing `/` or `.git` are the same value. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return normal(a) === normal(b)
  return a === b
}

function normal(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
}

/** A look through the revisions made since this run read the deployment. */
export interface NewRevisions {
  /** Newest first: every revision newer than `before`. */
  revisions: Revision[]
  /** The newest of them that carries what this run sent. */
  ours?: Revision
  /** Those newer than `ours` (or all, when none is ours): another run's work. */
  others: Revision[]
  /** How many carry what this run sent; more than one means they cannot be told apart. */
  candidates: number
}

export interface RevisionLook extends Pick<Stop, 'clock' | 'deadline'> {
  client: Pick<ControlPlaneClient, 'listRevisions'>
}

/** Revisions are few per deployment and listed newest first; a page of this size nearly always reaches `before`. */
const REVISIONS_PAGE = 20
/** A deployment that made this many revisions since the run read it is not one this check can speak for. */
const MAX_REVISION_PAGES = 5

/**
 * The deployment's revisions newer than `before` (the latest revision when this run
 * read it), and which of them is this run's. Walks the list, newest first, until it
 * reaches `before`; bounded by pages and by the deadline.
 */
export async function findOurRevision(
  look: RevisionLook,
  deploymentId: string,
  before: string | null | undefined,
  sent: SentRevision
): Promise<NewRevisions> {
  const fresh: Revision[] = []
  let previous: Revision | undefined
  let offset = 0
  const seen = new Set<string>()
  walk: for (let pages = 0; ; pages++) {
    if (pages >= MAX_REVISION_PAGES || look.clock.now() >= look.deadline) {
      throw new ActionError(
        pages >= MAX_REVISION_PAGES ? 'bad-response' : 'timed-out',
        `Could not tell which revision of deployment ${deploymentId} is this run's: ` +
          (pages >= MAX_REVISION_PAGES
            ? `more than ${pages * REVISIONS_PAGE} revisions were made since this run read it.`
            : "the step's `timeout` ran out while listing them."),
        'Look at the deployment on the control plane before re-running.'
      )
    }
    const page = await look.client.listRevisions(deploymentId, { limit: REVISIONS_PAGE, offset })
    const items = page.resources.filter((r) => !seen.has(r.id))
    for (const revision of items) {
      seen.add(revision.id)
      if (before && revision.id === before) {
        previous = revision
        break walk
      }
      fresh.push(revision)
    }
    if (page.resources.length < REVISIONS_PAGE || items.length === 0) break
    offset = page.offset > offset ? page.offset : offset + page.resources.length
  }
  const matching = fresh.filter((revision) => carriesWhatWeSent(revision, sent, previous))
  const ours = matching[0]
  const others = ours ? fresh.slice(0, fresh.indexOf(ours)) : fresh
  return { revisions: fresh, ours, others, candidates: matching.length }
}
