import type { GitCheckout, TreeFile } from './git/git-tree.js'
import type { RateLimitedGitHub } from './github/github-requests.js'

/** The checkout that holds a folder, and its commit's files (from git's objects), each read at most once a run. */
export interface CheckoutReads {
  checkout(): Promise<GitCheckout | undefined>
  commit(): Promise<string | undefined>
  /** Every file of the commit (`HEAD`'s tree, paths from the checkout's top; no sizes); undefined when not a checkout or git cannot list it. */
  tree(): Promise<TreeFile[] | undefined>
}

/**
 * What a run reads once and then reuses, made once per run (main.ts) and passed in the deps: a
 * later run, or the next test, starts afresh, and no module keeps a cache of its own.
 */
export class RunMemos {
  /** The checkout reads of each folder asked about (commands/deploy/checkout-reads.ts). */
  readonly checkouts = new Map<string, CheckoutReads>()
  /**
   * The run's GitHub reader for each token (commands/deploy/github-reads.ts): `expected-commit` and
   * `paths` read through the same one, so a rate limit one of them met is honoured by the next.
   */
  readonly githubReaders = new Map<string, Promise<RateLimitedGitHub>>()
}
