import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { checkoutReads } from '../src/commands/deploy/checkout-reads.js'
import { RunMemos } from '../src/operations/run-memos.js'

/** Every `.ts` file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
}

describe("the run's memos", () => {
  it('belong to the run: the same folder is read once a run, and afresh by the next', () => {
    const workflow = { workspace: '/nowhere' }
    const run = { memos: new RunMemos(), workflow }
    expect(checkoutReads(run, '/nowhere')).toBe(checkoutReads(run, '/nowhere'))
    expect(checkoutReads({ memos: new RunMemos(), workflow }, '/nowhere')).not.toBe(checkoutReads(run, '/nowhere'))
  })

  it("are no module's own: no command or operation makes an empty Map, WeakMap or Set at its top level (a cache that outlives the run)", () => {
    // Commands and operations only: core's masking keeps the process's secrets on purpose (every line written is masked).
    const caches = [...sources('src/commands'), ...sources('src/operations')]
      .filter((file) => !file.endsWith('run-memos.ts'))
      .flatMap((file) =>
        [
          ...readFileSync(file, 'utf8').matchAll(/^(?:export )?(?:const|let) (\w+)[^=\n]*= new (?:Weak)?(?:Map|Set)(?:<[^\n]*>)?\(\)$/gm)
        ].map((m) => `${file}: ${m[1]}`)
      )
    expect(caches).toEqual([])
  })
})
