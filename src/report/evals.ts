import { formatDuration } from '../core/clock.js'
import type { EvalFacts, EvalRow, EvalSide } from '../core/outcome.js'
import { safeUrl } from '../core/neutralise.js'
import { quotable, quoted } from '../core/quoted.js'
import { formatShare as percentOf } from '../core/share.js'
import { md } from './markdown.js'

/** The PR comment's table stops here; the rest are counted (the job summary has them all). */
export const COMMENT_ROWS = 50

/**
 * `evals` as a reviewer reads it: one line that says whether the preview is worse than
 * what it is compared with and on which cases, the table (regressions first, then failures, then
 * passes), then the pass rate, the regressions and the run times of each side. The job summary
 * lists every case; the PR comment at most COMMENT_ROWS. Case names and the checks' words are
 * neutralised (`md`).
 */
export function evalsBlock(facts: EvalFacts | undefined, options: { comment: boolean }): string[] {
  if (!facts) return []
  const compared = facts.compare?.compared ? facts.compare.name : undefined
  const ordered = [...facts.rows].sort((a, b) => rank(a) - rank(b))
  const shown = options.comment ? ordered.slice(0, COMMENT_ROWS) : ordered
  // A column of nothing but blanks says nothing: "First failed check" only when a case failed.
  const anyFailed = facts.rows.some((row) => !row.ours.passed)
  const head = [
    'Case',
    'Result',
    ...(anyFailed ? ['First failed check'] : []),
    'Time',
    ...(compared ? [`On <code>${md(compared)}</code>`] : [])
  ]
  const lines = [`${options.comment ? '####' : '###'} Evals: ${headline(facts)}`, '', ...langsmithLine(facts)]
  lines.push(`| ${head.join(' | ')} |`, `|${head.map((label) => (label === 'Time' ? '---:' : '---')).join('|')}|`)
  for (const row of shown) {
    const cells = [
      `<code>${md(row.name)}</code>`,
      result(row.ours, facts.repeat, row.regression),
      ...(anyFailed ? [check(row.ours)] : []),
      time(row.ours),
      ...(compared ? [other(row.theirs, facts.repeat)] : [])
    ]
    lines.push(`| ${cells.join(' | ')} |`)
  }
  const left = ordered.length - shown.length
  if (left > 0) {
    const failed = ordered.slice(shown.length).filter((row) => !row.ours.passed).length
    lines.push(
      '',
      `… and ${left} more case${left === 1 ? '' : 's'} (${failed} failed, ${left - failed} passed): the job summary lists every one.`
    )
  }
  lines.push('', footer(facts), '')
  return lines
}

/** The link to the runs recorded as LangSmith experiments (`langsmith-api-key`), when they were. */
function langsmithLine(facts: EvalFacts): string[] {
  const url = facts.langsmith ? safeUrl(facts.langsmith.compareUrl, { allowLoopbackHttp: true }) : undefined
  if (!url) return []
  const both = facts.compare?.compared && new URL(url).searchParams.get('selectedSessions')?.includes(',')
  // Characters that would end a markdown link's target are escaped in it.
  return [`🔗 [${both ? 'Both sides in LangSmith' : 'The runs in LangSmith'}](${url.replace(/[()<>]/g, encodeURIComponent)})`, '']
}

/** Regressions first, then the other failures, then passes; suite order within each. */
function rank(row: EvalRow): number {
  return row.regression ? 0 : !row.ours.passed ? 1 : 2
}

/** The line a reviewer reads first: the verdict, and the cases that made it. */
function headline(facts: EvalFacts): string {
  const passed = facts.rows.filter((row) => row.ours.passed).length
  const mark = facts.gate === 'passed' ? '✅' : '❌'
  const rate = `${passed} of ${facts.rows.length} passed`
  if (facts.compare?.compared) {
    const regressed = facts.rows.filter((row) => row.regression)
    const against = `<code>${md(facts.compare.name)}</code>`
    if (regressed.length === 0) return `${mark} ${rate}, no worse than ${against}`
    const list =
      regressed
        .slice(0, 5)
        .map((row) => `<code>${md(row.name)}</code>`)
        .join(', ') + (regressed.length > 5 ? ` and ${regressed.length - 5} more` : '')
    return `${mark} ${rate}: **worse than ${against} on ${regressed.length} case${regressed.length === 1 ? '' : 's'}**: ${list}`
  }
  if (facts.compare) return `${mark} ${rate} (⚠️ not compared with <code>${md(facts.compare.name)}</code>)`
  return `${mark} ${rate}`
}

function result(side: EvalSide, repeat: number, regression: boolean): string {
  if (side.notRun) return '⏭️ not run'
  const runs = repeat > 1 ? ` ${side.passes}/${side.runs}` : ''
  if (side.passed) return `✅ passed${runs}`
  return regression ? `❌ **regression**${runs}` : `❌ failed${runs}`
}

/** The first failed check in our words, then what was seen (the agent's words, or the server's), as code. */
function check(side: EvalSide): string {
  if (side.passed || side.firstFailed === undefined) return ''
  const said = quoted(side.firstFailed)
    .map((part) => (typeof part === 'string' ? md(part) : `<code>${md(part.code)}</code>`))
    .join('')
  return side.seen === undefined ? said : `${said}<br>↳ <code>${md(quotable(side.seen, 120))}</code>`
}

function time(side: EvalSide): string {
  return side.durationMs === undefined ? '—' : runTime(side.durationMs)
}

/** A run's time to a tenth of a second: `850ms`, `1.2s`, `2m 05s`. */
function runTime(ms: number): string {
  return ms < 1000 ? formatDuration(ms) : ms < 60_000 ? `${(ms / 1000).toFixed(1)}s` : formatDuration(ms)
}

function other(side: EvalSide | undefined, repeat: number): string {
  if (!side) return '—'
  if (side.notRun) return '⏭️ not run'
  const runs = repeat > 1 ? ` ${side.passes}/${side.runs}` : ''
  return `${side.passed ? '✅ passed' : '❌ failed'}${runs} in ${time(side)}`
}

function footer(facts: EvalFacts): string {
  const passed = facts.rows.filter((row) => row.ours.passed).length
  const parts = [
    `**Pass rate:** ${percentOf(facts.passRate)} (${passed} of ${facts.rows.length}; needs ${percentOf(facts.requiredPassRate)})`
  ]
  if (facts.compare?.compared) parts.push(`**Regressions:** ${facts.regressions} (at most ${facts.maxRegressions})`)
  else if (facts.compare) parts.push(`**Not compared** with <code>${md(facts.compare.name)}</code>: ${md(facts.compare.why)}`)
  const times = [
    ...(facts.times.ours ? [`this revision ${runTime(facts.times.ours.p50Ms)} / ${runTime(facts.times.ours.p95Ms)}`] : []),
    ...(facts.times.theirs && facts.compare
      ? [`<code>${md(facts.compare.name)}</code> ${runTime(facts.times.theirs.p50Ms)} / ${runTime(facts.times.theirs.p95Ms)}`]
      : [])
  ]
  if (times.length > 0) parts.push(`**Run time p50 / p95:** ${times.join('; ')}`)
  if (facts.runsNotRun > 0) parts.push(`**Not sent:** ${facts.runsNotRun} run${facts.runsNotRun === 1 ? '' : 's'} (the suite's time limit)`)
  return parts.join(' · ')
}
