import type { Said } from '../../core/outcome.js'
import { quoted } from '../../core/quoted.js'
import type { PathFilter } from '../../inputs/paths.js'
import { commitFiles } from '../../operations/github-commits.js'
import type { CommandDeps } from '../types.js'
import { checkoutReads } from './checkout-reads.js'
import type { CommitReads } from './github-reads.js'

/** The verdict's id and its row's label (one row of the summary, as every v1.3 check). */
const ID = 'paths-patterns'
const LABEL = 'Paths patterns'

/** What checking `paths` against the commit found: the patterns that match none of its files, or that it could not be checked. */
export type PatternsChecked = { checked: true; unmatched: string[] } | { checked: false }

/**
 * Each `paths` pattern must match a file of the commit being deployed: one that matches none
 * (`agents/suport/**`) would make every change look "outside `paths`", and a deploy skipped on
 * it would be skipped forever. The files come from the checkout when it is at that very commit
 * (free, no request), else from GitHub's listing of the commit (one request). Records one
 * verdict row; a pattern that matches nothing is also a warning naming it.
 */
export async function checkPatterns(paths: PathFilter, head: string, reads: () => Promise<CommitReads>, deps: CommandDeps): Promise<PatternsChecked> {
  const started = deps.clock.now()
  const short = head.slice(0, 12)
  const listed = await filesOf(head, reads, deps)
  const elapsedMs = deps.clock.now() - started
  if (!listed.ok) {
    deps.log.warn(`The \`paths\` patterns were not checked against commit ${head}: ${listed.reasons.join('; ')}. The decision rests on GitHub's compare alone.`)
    deps.recorder.checked({ id: ID, label: LABEL, status: 'not-checked', detail: ['not checked against commit ', { code: short }, ...quoted(`: ${listed.reasons.join('; ')}`)], elapsedMs })
    return { checked: false }
  }
  const unmatched = paths.unmatched(listed.files)
  const from = listed.from === 'checkout' ? 'the checkout' : "GitHub's listing of the commit"
  if (unmatched.length === 0) {
    deps.log.info(`Every \`paths\` pattern matches files of commit ${head} (read from ${from}).`)
    deps.recorder.checked({ id: ID, label: LABEL, status: 'passed', detail: [`each matches files of commit `, { code: short }, ` (${from})`], elapsedMs })
    return { checked: true, unmatched }
  }
  for (const pattern of unmatched) {
    deps.log.warn(
      `\`paths\` pattern \`${pattern}\` matches no file of commit ${head} (read from ${from}): check it for a typo or a moved folder. ` +
        'Until it matches, this deploy never skips.'
    )
  }
  const named: Said = unmatched.flatMap((pattern, i) => [...(i === 0 ? [] : [', ']), { code: pattern }])
  deps.recorder.checked({
    id: ID,
    label: LABEL,
    status: 'not-proven',
    detail: [...named, ` match${unmatched.length === 1 ? 'es' : ''} no file of commit `, { code: short }, ' (a typo or a moved folder?): the deploy goes ahead, and never skips until fixed'],
    elapsedMs
  })
  return { checked: true, unmatched }
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
    reasons.push('git could not list the checkout\'s files')
  } else {
    reasons.push(checkedOut ? `the checkout is at another commit (${checkedOut.slice(0, 12)})` : 'the workspace is not a git checkout')
  }
  const opened = await reads()
  const listed = opened.ok ? await commitFiles(opened.github, opened.repository, head) : opened
  if (listed.ok) return { ok: true, files: listed.files, from: 'github' }
  reasons.push(listed.reason)
  return { ok: false, reasons }
}
