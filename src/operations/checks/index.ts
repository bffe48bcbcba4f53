import { evalsCheck } from './evals.js'
import { healthCheck } from './health.js'
import { servingRevisionCheck } from './serving-revision.js'
import { smokeTestCheck } from './smoke-test.js'
import type { Check } from './types.js'

/**
 * The checks every command that waits for a revision runs after DEPLOYED, in order: a command
 * puts its own first (deploy: the commit built). A new check is its module and one entry here.
 */
export const AFTER_DEPLOYED: readonly Check[] = [healthCheck, servingRevisionCheck, smokeTestCheck, evalsCheck]
