import type { CommandAbout } from '../types.js'

/** How the reports tell a `deploy` run. */
export const deployAbout: CommandAbout = {
  words: {
    noun: 'Deploy',
    doing: 'Deploying',
    done: { 'rolled-back': ['Deployed a new revision, then redeployed the one that served before (on-failure: rollback)'] }
  }
}
