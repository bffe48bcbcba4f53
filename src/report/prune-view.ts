import { reasonText, type PruneFacts } from '../core/prune.js'
import { commandSuffix } from './final-line.js'
import { md } from './markdown.js'
import type { RichText } from '../core/outcome.js'
import type { CommentView, PreviewReport, RunView } from './view-types.js'
import { wordsOf } from './words.js'

/**
 * `prune` acts on many previews, named by a pattern: its own heading and facts, and no
 * GitHub deployment or comment of its own. Each preview it left gone gets its own report
 * (`github.previews`): its environment retired and its comment saying the preview is gone.
 */
export function pruneView(view: RunView, prune: PruneFacts): RunView {
  const { outcome, failed } = view
  const noun = wordsOf(outcome).noun
  const pattern: RichText = [{ code: view.name }]
  const previews = (n: number) => `${n} stale preview${n === 1 ? '' : 's'}`
  const wouldGo = prune.rows.filter((row) => row.fate === 'would delete').length
  view.title = failed
    ? [`❌ ${noun} of `, ...pattern, ' failed', prune.pruned.length > 0 ? ` after deleting ${previews(prune.pruned.length)}` : '']
    : outcome.kind === 'planned'
      ? [`📝 Dry run of ${noun.toLowerCase()} for `, ...pattern, `: ${previews(wouldGo)} would be deleted; nothing was changed`]
      : prune.pruned.length > 0
        ? ['🧹 Pruned ', `${previews(prune.pruned.length)} of `, ...pattern]
        : ['✅ ', ...pattern, ': no stale previews']
  const done =
    outcome.kind === 'planned'
      ? 'Nothing (dry run): the previews that would be deleted are below'
      : `${prune.pruned.length > 0 ? `Deleted ${prune.pruned.length}` : 'Deleted none'} of ${prune.rows.length} preview${prune.rows.length === 1 ? '' : 's'}`
  view.facts = [
    ['What was done', [done]],
    ['GitHub requests', [`${prune.githubRequests}`]]
  ]
  view.notes =
    outcome.kind === 'planned' && wouldGo > 0
      ? [['Run again without ', { code: 'dry-run' }, ` to delete ${wouldGo === 1 ? 'it' : 'them'}.`]]
      : []
  view.github = { previews: prune.gone.map((preview) => previewReport(view, prune, preview)) }
  const count = outcome.kind === 'planned' ? `${wouldGo} would be deleted` : `${prune.pruned.length} deleted`
  view.finalLine = `Outcome: ${failed ? 'failed' : view.label}: previews \`${view.name}\`, ${count}${failed ? commandSuffix(outcome) : ''}.`
  return view
}

/** One preview gone after the run: its environment's words, and its comment as `command: delete` leaves one. */
function previewReport(view: RunView, prune: PruneFacts, preview: PruneFacts['gone'][number]): PreviewReport {
  const row = prune.rows.find((candidate) => candidate.name === preview.name)
  // The reason may quote GitHub (a failed read): shown as text, never as markup.
  const because = row ? ` as stale (${md(reasonText(row.reason, preview.pr))})` : ''
  const comment: CommentView = {
    name: preview.name,
    title: ['🗑️ Deleted ', { code: preview.name }],
    causeLabel: 'What went wrong',
    notes: [],
    facts: [],
    gone: ["This pull request's preview is gone: the scheduled ", { code: view.outcome.command }, ` deleted it${because}.`]
  }
  return { pr: preview.pr, name: preview.name, environmentDescription: `${preview.name} was deleted by ${view.outcome.command}`, comment }
}
