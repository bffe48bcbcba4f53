// The order jest starts the test files in. Without a record of earlier runs (a fresh clone, CI),
// jest's own sequencer starts the largest files first, taking size for cost; but the costliest
// files here are small ones that read large fixtures or wait in real time, and started last they
// ran alone at the end (the config corpus: 19 s on one core while the other sat idle). These go
// first; every other file keeps jest's order, and with a record of earlier runs jest's own
// timing decides.
const Sequencer = require('@jest/test-sequencer').default

const COSTLY_FIRST = [
  'config-corpus.test.ts',
  'github-hang.test.ts',
  'bundle.test.ts',
  'limits.test.ts',
  'local-run.test.ts',
  'evals.test.ts',
  'archive-commit.test.ts',
  'archive-git-processes.test.ts'
]

class CostlyFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests)
    if (sorted.some((test) => this.hasTiming(test))) return sorted
    const rank = (test) => {
      const at = COSTLY_FIRST.findIndex((name) => test.path.endsWith(`/${name}`))
      return at < 0 ? COSTLY_FIRST.length : at
    }
    return [...sorted].sort((a, b) => rank(a) - rank(b))
  }

  /** Whether jest recorded this file's time in an earlier run (its cache; none on a fresh clone). */
  hasTiming(test) {
    return typeof this._getCache === 'function' && Boolean(this._getCache(test)[test.path])
  }
}

module.exports = CostlyFirst
