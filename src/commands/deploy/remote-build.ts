import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { requests } from '../../api/requests.js'
import type { ArchiveListing } from '../../core/outcome.js'
import type { CreateDeploymentRequest, Deployment, PatchDeploymentRequest } from '../../api/schemas.js'
import { InputError } from '../../core/errors.js'
import type { PlannedRequest } from '../../core/request.js'
import { createOnce, patchOnce, refuseTwins, sendRecorded, type ApplyContext } from '../../operations/control-plane/apply.js'
import { resolveLayout, type ArchiveLayout } from '../../operations/archive/layout.js'
import type { PreparedArchive } from '../../operations/archive/prepare.js'
import type { CommandDeps } from '../types.js'
import type { DeployInputs } from './inputs.js'
import type { Plan } from './plan.js'
import { mergedAgainNow } from './merge-again.js'
import { DEPLOY_GATES, runArchiveGates } from './gates/index.js'
import { otherCommitCheckedOut } from './gates/checkout-commit.js'
import { checkoutOf } from '../../operations/git/git-tree.js'

type ArchiveDeps = Pick<CommandDeps, 'workflow' | 'log' | 'run' | 'recorder'>

/** The archive built from the checkout, with the commit checked out when it was built, and what it holds as the reports show it. */
export type BuiltArchive = PreparedArchive & { listing: ArchiveListing }

function layoutOf(inputs: DeployInputs, deps: Pick<CommandDeps, 'workflow' | 'run'>): Promise<ArchiveLayout> {
  const configPath = inputs.sourceRevisionConfig.graph_config_path
  if (!configPath) {
    throw new InputError([
      "`graph-config-path` is required for a remote build (`internal_source` without `source-tarball-path`): set it to the agent's config file in the checkout, e.g. `apps/agent/langgraph.json`"
    ])
  }
  return resolveLayout(deps.workflow.workspace ?? process.cwd(), configPath, deps.run.stop())
}

/**
 * For a remote build (sources/remote-build.ts): the archive built, described in the log (what it
 * holds, what was left out), its gates passed and its size checked; put on record only once
 * shipped (`recordArchive`). Before any change; the caller removes it.
 */
export async function buildArchive(inputs: DeployInputs, deps: ArchiveDeps): Promise<BuiltArchive> {
  const layout = await layoutOf(inputs, deps)
  // Loaded only for a remote build: the tar and ignore libraries would slow every other run's start.
  const { selectArchiveFiles } = await import('../../operations/archive/select.js')
  const { packArchive } = await import('../../operations/archive/prepare.js')
  const { describeSelection } = await import('../../operations/archive/describe.js')
  const { listingOf } = await import('../../operations/archive/listing.js')
  const stop = deps.run.stop()
  // Selected first (what ships, nothing compressed yet), then the archive gates on those very files
  // (its commit against `expected-commit`, its config): a refusal packs nothing and sends nothing.
  // A checkout at another commit is refused before anything is listed (one `git rev-parse`): listing
  // a partial clone fetches what it lacks. The gate then holds the commit the files were listed from.
  if (inputs.expectedCommit !== undefined) {
    const checkedOut = (await checkoutOf(dirname(join(layout.root, layout.configPath)), stop, layout.workspace))?.commit
    if (checkedOut !== undefined && checkedOut !== inputs.expectedCommit) throw otherCommitCheckedOut(checkedOut, inputs.expectedCommit)
  }
  const selection = await selectArchiveFiles(layout, {
    exclude: inputs.archiveExclude ?? [],
    include: inputs.archiveInclude ?? [],
    secretScan: inputs.secretScan,
    stop
  })
  describeSelection(selection, deps.log)
  // `secret-scan: fail`: a key in a file that would ship refuses the deploy before the gates, the pack and any request.
  const { refuseKeyFindings } = await import('../../operations/archive/key-findings.js')
  refuseKeyFindings(selection.keyFindings, inputs.secretScan)
  await runArchiveGates(DEPLOY_GATES, { inputs, deps, layout, selection })
  const archive = await packArchive(selection, { tempRoot: deps.workflow.tempDir ?? tmpdir(), log: deps.log, stop })
  // With `expected-commit`, its gate said the commit already.
  if (archive.commit && inputs.expectedCommit === undefined)
    deps.log.info(`Archived from commit ${archive.commit}: its files from git's objects, whatever the working tree holds.`)
  return { ...archive, listing: listingOf(selection) }
}

/**
 * Puts the archive on record (the `archive-sha256` output, the summary's Archive row): only
 * once it was uploaded, or on a dry run, where the plan shows it as what would be shipped.
 */
export function recordArchive(recorder: CommandDeps['recorder'], archive: BuiltArchive): void {
  recorder.shipped({
    kind: 'archive',
    sha256: archive.sha256,
    bytes: archive.bytes,
    files: archive.files,
    commit: archive.commit,
    listing: archive.listing
  })
}

/** What a dry run of a remote build shows: the create, the upload URL asked for, and the patch; no upload. */
export function remotePlannedRequests(plan: Plan, archive: PreparedArchive): PlannedRequest[] {
  const creating = plan.action === 'create'
  const id = creating ? undefined : plan.deployment.id
  const uploadUrl: PlannedRequest = id
    ? requests.requestUploadUrl(id)
    : { method: 'POST', path: '/v2/deployments/{id of the new deployment}/upload-url' }
  const patch = remotePatchBody(plan, '<object_path that upload-url answers>', archive.configPath)
  return [
    ...(creating ? [requests.createDeployment(createBody(plan.body))] : []),
    uploadUrl,
    id ? requests.patchDeployment(id, patch) : { method: 'PATCH', path: '/v2/deployments/{id of the new deployment}', body: patch }
  ]
}

/**
 * Create (when missing), upload, then the patch that starts the build: sent only after
 * the whole archive is uploaded, and once (operations/control-plane/apply.ts), and recognised as ours by
 * the object path only this upload has. The archive's file is removed whatever happens.
 */
export async function uploadAndBuild(
  plan: Plan,
  archive: BuiltArchive,
  inputs: DeployInputs,
  deps: CommandDeps,
  apply: ApplyContext
): Promise<{ deployment: Deployment; revisionId: string | null }> {
  const { recorder, log } = deps
  try {
    deps.run.throwIfCancelled()
    let deployment: Deployment
    if (plan.action === 'create') {
      log.info(`Creating deployment \`${plan.body.name}\` (source internal_source); its first revision is built from the archive.`)
      deployment = await sendRecorded(recorder, 'create', () => createOnce(createBody(plan.body), apply))
      recorder.changed('created', deployment)
      await refuseTwins(deps.client, deployment, { ...deps.run.stop(), timeoutMs: inputs.timeoutMs })
    } else {
      deployment = plan.deployment
    }
    const { uploadArchive } = await import('../../operations/archive/upload.js')
    const objectPath = await uploadArchive(deployment.id, archive, {
      client: deps.client,
      ...deps.run.stop(),
      log,
      idleMs: deps.run.requestLimit(),
      created: plan.action === 'create'
    })
    recordArchive(recorder, archive)
    log.info(`Uploaded the archive (sha256 ${archive.sha256}); starting the remote build of \`${archive.configPath}\`.`)
    deps.run.throwIfCancelled()
    const planned = remotePatchBody(plan, objectPath, archive.configPath)
    // The upload took a while: what the patch merges into the deployment is read again first.
    const again = plan.action === 'patch' ? await mergedAgainNow(plan, planned, inputs, deps) : { body: planned, deployment }
    const applied = await sendRecorded(recorder, 'update', () => patchOnce(again.deployment, again.body, apply))
    recorder.changed(plan.action === 'create' ? 'created' : 'updated', applied.deployment)
    return applied
  } finally {
    await archive.remove()
  }
}

/** A new `internal_source` deployment is created as the platform's client makes it: no revision settings, so no build until the patch. */
function createBody(body: CreateDeploymentRequest): CreateDeploymentRequest {
  return { ...body, source_revision_config: {} }
}

/**
 * The patch that builds the uploaded archive: the object path and the config's path in
 * the archive; and, as any patch, what the plan sends (`revision_source` as the source
 * decision says, install and build commands, secrets...).
 */
function remotePatchBody(plan: Plan, objectPath: string, configPath: string): PatchDeploymentRequest {
  const source_revision_config = { source_tarball_path: objectPath, graph_config_path: configPath }
  if (plan.action === 'create') {
    const { install_command, build_command } = plan.body.source_config
    const commands = { ...(install_command ? { install_command } : {}), ...(build_command ? { build_command } : {}) }
    return {
      ...(Object.keys(commands).length > 0 ? { source_config: commands } : {}),
      source_revision_config,
      ...(plan.body.secrets.length > 0 ? { secrets: plan.body.secrets } : {})
    }
  }
  const { source_revision_config: _local, ...settings } = plan.action === 'patch' ? plan.body : {}
  return { ...settings, source_revision_config }
}
