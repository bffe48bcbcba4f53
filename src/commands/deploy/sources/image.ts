import { imageShipped, unpinnedImageWarning } from '../image.js'
import { sendAsPlanned } from './send-plan.js'
import type { SourceModule } from './types.js'

/**
 * An image (`external_docker`, `internal_docker`): `image-uri` is deployed as it is. It reports no
 * commit, so nothing here decides `paths` or proves `expected-commit` (the input rules refuse it).
 * An image not pinned by digest is warned of before the change; what ships goes on record once the
 * control plane took it (a refused change shipped nothing), or on a dry run.
 */
export const imageSource: SourceModule = {
  kind: 'image',
  claims: (builds) => builds === 'external_docker' || builds === 'internal_docker',
  gates: [],
  proof: { before: [] },
  plan: { fromWorkflow: false, revisionSource: (inputs) => inputs.revisionSource },
  ship(ctx) {
    const { plan, deps } = ctx
    const image = plan.action === 'none' ? undefined : plan.body.source_revision_config?.image_uri
    const unpinned = image && unpinnedImageWarning(image)
    if (unpinned) deps.log.warn(unpinned)
    const asPlanned = sendAsPlanned(ctx)
    const onRecord = () => {
      if (image) deps.recorder.shipped(imageShipped(image))
    }
    return Promise.resolve({
      planned: () => {
        onRecord()
        return asPlanned.planned()
      },
      send: async (apply) => {
        const sent = await asPlanned.send(apply)
        onRecord()
        return sent
      }
    })
  }
}
