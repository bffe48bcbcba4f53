import { checkoutOf, isStop, listTree, type GitCheckout, type TreeFile } from '../../operations/git-tree.js'
import type { CommandDeps } from '../types.js'

/** The checkout that holds a folder, and its commit's files (from git's objects), each read at most once a run. */
export interface CheckoutReads {
  checkout(): Promise<GitCheckout | undefined>
  commit(): Promise<string | undefined>
  /** Every file of the commit (`HEAD`'s tree, paths from the checkout's top; no sizes); undefined when not a checkout or git cannot list it. */
  tree(): Promise<TreeFile[] | undefined>
}

/** Keyed by the run's recorder, which main.ts makes once per run: a later run reads afresh. */
const readsOfRun = new WeakMap<CommandDeps['recorder'], Map<string, CheckoutReads>>()

/**
 * The checkout's reads for this run: the config check, `paths` and `expected-commit` each ask
 * whether a folder (the workspace, or the config's) is in a checkout at a commit (and which
 * files it tracks), and git answers once. The checkout is found from the folder itself, so one
 * in a subfolder of the workspace (`actions/checkout` with `path:`) counts.
 */
export function checkoutReads(deps: Pick<CommandDeps, 'recorder' | 'workflow' | 'signal' | 'clock' | 'deadline'>, dir: string): CheckoutReads {
  let reads = readsOfRun.get(deps.recorder)
  if (!reads) readsOfRun.set(deps.recorder, (reads = new Map<string, CheckoutReads>()))
  let found = reads.get(dir)
  if (!found) {
    let checkout: Promise<GitCheckout | undefined> | undefined
    let tree: Promise<TreeFile[] | undefined> | undefined
    const workspace = deps.workflow.workspace ?? dir
    // Each git command gets the time left before the step's deadline, and is killed on a cancel.
    const stop = { signal: deps.signal, clock: deps.clock, deadline: deps.deadline }
    const checkoutOnce = () => (checkout ??= checkoutOf(dir, stop, workspace))
    found = {
      checkout: checkoutOnce,
      commit: async () => (await checkoutOnce())?.commit,
      tree: () =>
        // No sizes: `--long` would read every blob, and a partial clone would fetch each missing one alone.
        (tree ??= checkoutOnce().then((at) =>
          at
            ? listTree(at.top, at.commit, [''], stop, false).catch((error: unknown) => {
                if (isStop(error)) throw error
                return undefined
              })
            : undefined
        ))
    }
    reads.set(dir, found)
  }
  return found
}
