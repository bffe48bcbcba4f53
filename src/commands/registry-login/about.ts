import type { CommandAbout } from '../types.js'

/** How the reports tell a `registry-login` run. */
export const registryLoginAbout: CommandAbout = {
  words: {
    noun: 'Registry login',
    done: {
      created: ['Created the deployment (source ', { code: 'internal_docker' }, ') and logged Docker in to its registry'],
      unchanged: ["Logged Docker in to the deployment's registry"]
    },
    notes({ registry }) {
      if (!registry) return []
      const repository = registry.imageRepository
      return [
        [
          'Next: build and push your image to ',
          { code: repository },
          ' (for example with docker/build-push-action), then deploy it with ',
          { code: `image-uri: ${repository}@<digest>` },
          ', the digest the push printed.'
        ]
      ]
    }
  }
}
