import type { Shipped } from '../../core/outcome.js'

/**
 * An image reference's digest: what follows `@` when it is `<algorithm>:<hex>`, as
 * `sha256:<64 hex digits>` is. Only a digest names one image for good.
 */
const DIGEST = /@([a-z0-9]+(?:[+._-][a-z0-9]+)*:[0-9a-f]{32,})$/i

/** The image a docker deploy ships, for the reports: pinned by its digest, or not. */
export function imageShipped(imageUri: string): Extract<Shipped, { kind: 'image' }> {
  const digest = DIGEST.exec(imageUri)?.[1]
  return digest ? { kind: 'image', imageUri, digest } : { kind: 'image', imageUri }
}

/**
 * Why an `image-uri` without a digest is a risk: the control plane pulls the image when it
 * builds the revision, and a tag (`latest` when none is written) may by then name another
 * image than the one this workflow pushed and tested.
 */
export function unpinnedImageWarning(imageUri: string): string | undefined {
  if (DIGEST.test(imageUri)) return undefined
  const name = imageUri.split('@')[0]
  const lastSegment = name.slice(name.lastIndexOf('/') + 1)
  const colon = lastSegment.lastIndexOf(':')
  const repository = colon >= 0 ? name.slice(0, name.length - lastSegment.length + colon) : name
  const what =
    colon >= 0
      ? `names its image by the tag \`${lastSegment.slice(colon + 1)}\`, not by a digest`
      : 'names neither a tag nor a digest, so it means the tag `latest`'
  return (
    `\`image-uri\` \`${imageUri}\` ${what}: a tag can move between the push and the build, so the control plane may deploy ` +
    `another image than the one this workflow pushed. Pin it by digest: \`${repository}@sha256:...\` (docker/build-push-action's \`digest\` output).`
  )
}
