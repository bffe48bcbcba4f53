import { isStop } from '../../core/stop.js'
import { checkoutOf, listTree, type GitCheckout, type TreeFile } from '../../operations/git/git-tree.js'
import type { CheckoutReads } from '../../operations/run-memos.js'
import type { CommandDeps } from '../types.js'

/**
 * The checkout's reads for this run: the config check, `paths` and `expected-commit` each ask
 * whether a folder (the workspace, or the config's) is in a checkout at a commit (and which
 * files it tracks), and git answers once. The checkout is found from the folder itself, so one
 * in a subfolder of the workspace (`actions/checkout` with `path:`) counts. Kept in the run's memos.
 */
export function checkoutReads(
  deps: Pick<CommandDeps, 'memos' | 'workflow'> & Partial<Pick<CommandDeps, 'run'>>,
  dir: string
): CheckoutReads {
  const reads = deps.memos.checkouts
  let found = reads.get(dir)
  if (!found) {
    let checkout: Promise<GitCheckout | undefined> | undefined
    let tree: Promise<TreeFile[] | undefined> | undefined
    const workspace = deps.workflow.workspace ?? dir
    // Each git command gets the time left before the step's deadline, and is killed on a cancel.
    const stop = deps.run?.stop()
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
