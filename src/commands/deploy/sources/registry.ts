import { githubSource } from './github.js'
import { imageSource } from './image.js'
import { otherSource } from './other.js'
import { remoteBuildSource } from './remote-build.js'
import type { SourceInputs, SourceModule } from './types.js'
import { uploadedTarballSource } from './uploaded-tarball.js'

/** The source a create sends when `source` is not set. */
export const DEFAULT_SOURCE = 'github'

/**
 * Every source module. The first that claims a source builds it; one no module claims is
 * `otherSource`'s. A new source is its module and one line here.
 */
export const SOURCE_MODULES: readonly SourceModule[] = [githubSource, remoteBuildSource, uploadedTarballSource, imageSource]

/** The module that builds a revision from `builds` (the control plane's source word) with these inputs. */
export function sourceModuleFor(builds: string, inputs: SourceInputs): SourceModule {
  return SOURCE_MODULES.find((module) => module.claims(builds, inputs)) ?? otherSource
}

/**
 * The sources whose module can show what ships is `expected-commit` (a gate before the change, or
 * the built commit after it): the input rules refuse `expected-commit` for any other.
 */
export function sourcesWithCommitProof(): string[] {
  const proving = SOURCE_MODULES.filter((module) => module.proof.before.length > 0 || module.proof.afterBuild !== undefined)
  return [...new Set(proving.flatMap((module) => module.sources))]
}
