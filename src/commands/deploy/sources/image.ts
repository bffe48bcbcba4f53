import { imageShipped, unpinnedImageWarning } from '../image.js'
import type { SourceModule } from './types.js'

/**
 * An image (`external_docker`, `internal_docker`): `image-uri` is deployed as it is. It reports no
 * commit, so nothing here decides `paths` or proves `expected-commit` (the input rules refuse it).
 * An image not pinned by digest is warned of before the change; what ships goes on record once the
 * control plane took it (a refused change shipped nothing), or on a dry run.
 */
export const imageSource: SourceModule = {
  kind: 'image',
  sources: ['external_docker', 'internal_docker'],
  claims: (builds) => imageSource.sources.includes(builds),
  gates: [],
  proof: { before: [] },
  plan: { fromWorkflow: false, revisionSource: (inputs) => inputs.revisionSource },
  async ship(ctx) {
    const { plan, deps } = ctx
    const image = plan.action === 'none' ? undefined : plan.body.source_revision_config?.image_uri
    const unpinned = image && unpinnedImageWarning(image)
    if (unpinned) deps.log.warn(unpinned)
    // Loaded on first use: the input rules read this module on every run's way to its first request.
    const asPlanned = (await import('./send-plan.js')).sendAsPlanned(ctx)
    const onRecord = () => {
      if (image) deps.recorder.shipped(imageShipped(image))
    }
    return {
      planned: () => {
        onRecord()
        return asPlanned.planned()
      },
      send: async (apply) => {
        const sent = await asPlanned.send(apply)
        onRecord()
        return sent
      }
    }
  }
}
