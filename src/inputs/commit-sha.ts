import { FULL_SHA } from '../core/sha.js'
import { shown } from './parsers.js'

/**
 * `expected-commit`: a full commit SHA (40 hexadecimal digits), lower-cased as GitHub writes
 * it. An abbreviated SHA is refused: it names no commit for certain, and this input exists to
 * be certain which commit ships.
 */
export function parseCommitSha(raw: string): string {
  if (!FULL_SHA.test(raw)) {
    throw new Error(
      `must be a full commit SHA (40 hexadecimal digits), got ${shown(raw)}: pass the tested commit, e.g. the \`commit-sha\` output of the step that deployed it, or \`\${{ github.sha }}\``
    )
  }
  return raw.toLowerCase()
}
