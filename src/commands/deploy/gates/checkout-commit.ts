import { dirname, join } from 'node:path'
import { ActionError } from '../../../core/errors.js'
import type { ArchiveGate } from './types.js'

/**
 * `expected-commit` for a remote build: the archive holds the files of the commit checked out
 * where the config is, from git's objects (a file a step changed ships as committed), so that
 * commit, the one its files were listed from, must be the expected one. Nothing is packed or sent
 * otherwise.
 */
export const checkoutCommitGate: ArchiveGate = {
  id: 'checkout-commit',
  stage: 'archive',
  appliesTo: ({ inputs }) => inputs.expectedCommit !== undefined,
  run({ inputs, deps, layout, selection }) {
    const expected = inputs.expectedCommit!
    const listed = selection.tiedToCommit
    if (!listed) {
      throw new ActionError(
        'bad-input',
        `\`expected-commit\` is ${expected}, but the config's folder (${dirname(join(layout.root, layout.configPath))}) is ` +
          `not in a git checkout whose commit can be read, so what would be archived cannot be shown to be that commit. Nothing ` +
          `was sent.`,
        'Check out the repository (actions/checkout) before this step, at the expected commit (its `ref` input).'
      )
    }
    if (listed !== expected) throw otherCommitCheckedOut(listed, expected)
    deps.log.info(`The checkout has commit ${expected} checked out, the expected one; its files ship from git's objects.`)
    return {}
  }
}

/** The refusal of a checkout at another commit than `expected-commit`: before anything is listed (remote-build.ts), and by this gate. */
export function otherCommitCheckedOut(checkedOut: string, expected: string): ActionError {
  return new ActionError(
    'bad-input',
    `The checkout has commit ${checkedOut} checked out, not \`expected-commit\` ${expected}: the archive would ship code that was not tested. ` +
      'Nothing was sent.',
    'Check out the expected commit (actions/checkout with `ref: <the commit>`), or test this one first.'
  )
}
