import type { CommandWords } from '../types.js'

/** How the reports tell a `registry-login` run. */
export const registryLoginWords: CommandWords = {
  verb: 'Registry login',
  done({ registry, operation }) {
    if (!registry) return undefined
    return operation === 'created'
      ? ['Created the deployment (source ', { code: 'internal_docker' }, ') and logged Docker in to ', { code: registry.registry }]
      : ['Logged Docker in to ', { code: registry.registry }]
  },
  notes({ registry }) {
    if (!registry) return []
    const repository = registry.imageRepository
    return [
      [
        'Next: build and push the image to ',
        { code: repository },
        ' (for example with docker/build-push-action), then deploy it pinned by its digest: ',
        { code: `image-uri: ${repository}@<digest>` },
        '.'
      ]
    ]
  }
}
