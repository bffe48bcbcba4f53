import type { RevisionSource } from '../../../api/constants.js'
import type { BuiltArchive } from '../remote-build.js'
import type { Prepared, SourceModule } from './types.js'

const REMOTE_BUILD = 'internal_source' satisfies RevisionSource

/** The archive's code, loaded on first use: the input rules read this module on every run's way to its first request. */
const archiving = () => import('../remote-build.js')

/** The archive built before the lookup, owned by this module. */
interface ArchivePrepared extends Prepared {
  archive: BuiltArchive
}

function isArchive(prepared: Prepared | undefined): prepared is ArchivePrepared {
  return prepared?.by === remoteBuildSource
}

/**
 * A remote build (`internal_source` without `source-tarball-path`): the action archives the
 * checkout (remote-build.ts, operations/archive/), uploads it and patches the deployment to build
 * it. Its gates run on the archive's files before they are packed: the commit they were listed
 * from against `expected-commit` (its proof: the revision reports no commit to hold after the
 * build), and the config as the archive holds it. Archived before any request when the inputs may
 * mean it, so that a broken config, a dependency outside the workspace or an archive too large
 * sends nothing; after the lookup when only the deployment said so.
 */
export const remoteBuildSource: SourceModule = {
  kind: 'remote-build',
  sources: [REMOTE_BUILD],
  claims: (builds, inputs) => builds === REMOTE_BUILD && !inputs.sourceRevisionConfig.source_tarball_path,
  gates: ['checkout-commit', 'archive-config-check'],
  proof: { before: ['checkout-commit'] },
  async prepare(inputs, deps): Promise<ArchivePrepared> {
    const archive = await (await archiving()).buildArchive(inputs, deps)
    return {
      by: remoteBuildSource,
      archive,
      remove: () => archive.remove(),
      // Never uploaded or on record; its config check's row withdrawn: the source's own gates check what ships.
      setAside(builds, { log, recorder }) {
        recorder.withdrawCheck('config-check')
        log.info(
          `The checkout was archived before the lookup, as the inputs could mean a remote build; this deploy builds from \`${builds}\`, so that archive is not shipped.`
        )
      }
    }
  },
  // The archive's patch names its source unless the deployment itself reports `internal_source`.
  plan: { fromWorkflow: false, revisionSource: (_inputs, reported) => (reported === REMOTE_BUILD ? undefined : REMOTE_BUILD) },
  async ship({ plan, inputs, deps, prepared }) {
    const { buildArchive, recordArchive, remotePlannedRequests, uploadAndBuild } = await archiving()
    const archive = isArchive(prepared) ? prepared.archive : await buildArchive(inputs, deps)
    return {
      async planned() {
        recordArchive(deps.recorder, archive)
        await archive.remove()
        deps.log.info('Dry run: the archive was built and checked, not uploaded; no upload URL was asked for.')
        return remotePlannedRequests(plan, archive)
      },
      send: (apply) => uploadAndBuild(plan, archive, inputs, deps, apply)
    }
  }
}
