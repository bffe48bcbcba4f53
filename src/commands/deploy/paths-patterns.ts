import type { RichText } from '../../core/outcome.js'
import { quoted } from '../../core/quoted.js'
import type { PathFilter, PathsJudged } from '../../inputs/paths.js'
import { commitFiles } from '../../operations/github/github-commits.js'
import type { CommandDeps } from '../types.js'
import { checkoutReads } from './checkout-reads.js'
import type { CommitReads } from './github-reads.js'

/** The verdict's id and its row's label (one row of the summary, as every check). */
const ID = 'paths-patterns'
const LABEL = 'Paths patterns'

/** What checking `paths` against the commit found: the patterns that keep none of its files, or that it could not be checked. */
export type PatternsChecked = { checked: true; dead: PathsJudged['dead']; keepsNone: boolean } | { checked: false }

/**
 * `paths` is judged as a set, in order, against the files of the commit being deployed: each
 * pattern (not `!` ones) must keep a file of it. One that matches none (`agents/suport/**`), or
 * whose every file a later `!` pattern removes (`agents/support/**` then `!agents/**`), would make
 * every change look "outside `paths`", and a deploy skipped on it would be skipped forever. The files come from the checkout when it is at that very commit
 * (free, no request), else from GitHub's listing of the commit (one request). Records one
 * verdict row; a pattern that matches nothing is also a warning naming it.
 */
export async function checkPatterns(
  paths: PathFilter,
  head: string,
  reads: () => Promise<CommitReads>,
  deps: CommandDeps
): Promise<PatternsChecked> {
  const started = deps.run.now()
  const short = head.slice(0, 12)
  const listed = await filesOf(head, reads, deps)
  const elapsedMs = deps.run.now() - started
  if (!listed.ok) {
    deps.log.warn(
      `The \`paths\` patterns were not checked against commit ${head}: ${listed.reasons.join('; ')}. The decision rests on GitHub's compare alone.`
    )
    deps.recorder.checked({
      id: ID,
      label: LABEL,
      status: 'not-checked',
      detail: ['not checked against commit ', { code: short }, ...quoted(`: ${listed.reasons.join('; ')}`)],
      elapsedMs
    })
    return { checked: false }
  }
  const { dead, keepsNone } = paths.judge(listed.files)
  const from = listed.from === 'checkout' ? 'the checkout' : "GitHub's listing of the commit"
  if (dead.length === 0) {
    deps.log.info(`Every \`paths\` pattern keeps files of commit ${head} (read from ${from}).`)
    deps.recorder.checked({
      id: ID,
      label: LABEL,
      status: 'passed',
      detail: [`each keeps files of commit `, { code: short }, ` (${from})`],
      elapsedMs
    })
    return { checked: true, dead, keepsNone }
  }
  for (const { pattern, why } of dead) {
    const what =
      why === 'matches-none'
        ? `matches no file of commit ${head}`
        : `matches files of commit ${head}, but a later \`!\` pattern removes every one of them`
    deps.log.warn(
      `\`paths\` pattern \`${pattern}\` ${what} (read from ${from}): check it for a typo, a moved folder or a \`!\` pattern that is too wide. Until it keeps a file, this deploy never skips.`
    )
  }
  if (keepsNone)
    deps.log.warn(
      `\`paths\` as a whole keeps no file of commit ${head}: every change would be "outside \`paths\`", so this deploy never skips until it does.`
    )
  deps.recorder.checked({
    id: ID,
    label: LABEL,
    status: 'not-proven',
    detail: [
      ...deadSaid(dead),
      ` (commit `,
      { code: short },
      `${keepsNone ? '; the set keeps no file' : ''}): the deploy goes ahead, and never skips until fixed`
    ],
    elapsedMs
  })
  return { checked: true, dead, keepsNone }
}

/** `a` matches no file, `b` is emptied by a later `!` pattern: one clause per kind. */
function deadSaid(dead: PathsJudged['dead']): RichText {
  const clause = (why: 'matches-none' | 'all-excluded', words: string): RichText => {
    const named = dead.filter((item) => item.why === why)
    if (named.length === 0) return []
    const codes: RichText = named.flatMap(({ pattern }, i) => [...(i === 0 ? [] : [', ']), { code: pattern }])
    return [...codes, words]
  }
  const none = clause(
    'matches-none',
    dead.filter((item) => item.why === 'matches-none').length === 1 ? ' matches no file' : ' match no file'
  )
  const emptied = clause('all-excluded', ' keep no file (a later `!` pattern removes all they match)')
  return [...none, ...(none.length > 0 && emptied.length > 0 ? ['; '] : []), ...emptied]
}

type Listed = { ok: true; files: string[]; from: 'checkout' | 'github' } | { ok: false; reasons: string[] }

async function filesOf(head: string, reads: () => Promise<CommitReads>, deps: CommandDeps): Promise<Listed> {
  const reasons: string[] = []
  const workspace = deps.workflow.workspace
  const checkout = workspace ? checkoutReads(deps, workspace) : undefined
  const checkedOut = await checkout?.commit()
  if (checkout && checkedOut === head.toLowerCase()) {
    const tree = await checkout.tree()
    if (tree) return { ok: true, files: tree.map((file) => file.path), from: 'checkout' }
    reasons.push("git could not list the checkout's files")
  } else {
    reasons.push(checkedOut ? `the checkout is at another commit (${checkedOut.slice(0, 12)})` : 'the workspace is not a git checkout')
  }
  const opened = await reads()
  const listed = opened.ok ? await commitFiles(opened.github, opened.repository, head) : opened
  if (listed.ok) return { ok: true, files: listed.files, from: 'github' }
  reasons.push(listed.reason)
  return { ok: false, reasons }
}
