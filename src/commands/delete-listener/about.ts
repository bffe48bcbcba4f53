import type { CommandAbout } from '../types.js'

/** How the reports tell a `delete-listener` run: "Delete of listener `l1`", the target naming itself a listener. */
export const deleteListenerAbout: CommandAbout = {
  words: { noun: 'Delete', done: { unchanged: ['Nothing to delete'] } },
  target: { kind: 'listener', inputs: ['listener-id'] }
}
