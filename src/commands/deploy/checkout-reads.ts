import { checkoutCommit, trackedFiles } from '../../operations/checkout-commit.js'
import type { CommandDeps } from '../types.js'

/** The workspace's commit and the files git tracks there, each read at most once a run. */
export interface CheckoutReads {
  commit(): Promise<string | undefined>
  tracked(): Promise<string[] | undefined>
}

/** Keyed by the run's recorder, which main.ts makes once per run: a later run reads afresh. */
const readsOfRun = new WeakMap<CommandDeps['recorder'], Map<string, CheckoutReads>>()

/**
 * The checkout's reads for this run: the config check, `paths` and `expected-commit` each ask
 * whether the workspace is at a commit (and which files it tracks), and git answers once.
 */
export function checkoutReads(deps: Pick<CommandDeps, 'recorder'>, workspace: string): CheckoutReads {
  let reads = readsOfRun.get(deps.recorder)
  if (!reads) readsOfRun.set(deps.recorder, (reads = new Map<string, CheckoutReads>()))
  let found = reads.get(workspace)
  if (!found) {
    let commit: Promise<string | undefined> | undefined
    let tracked: Promise<string[] | undefined> | undefined
    found = { commit: () => (commit ??= checkoutCommit(workspace)), tracked: () => (tracked ??= trackedFiles(workspace)) }
    reads.set(workspace, found)
  }
  return found
}
