import type { CommandAbout } from '../types.js'

/** How the reports tell a `prune` run: its target is the previews' name pattern. */
export const pruneAbout: CommandAbout = {
  words: { noun: 'Prune', done: { unchanged: ['Nothing to delete'] } },
  target: { kind: 'deployment', inputs: ['name-pattern'] }
}
