import { formatDuration } from '../core/clock.js'
import type { EvalFacts, EvalRow, EvalSide } from '../core/outcome.js'
import { safeUrl } from '../core/neutralise.js'
import { quotable, quoted } from '../core/quoted.js'
import { formatShare as percentOf } from '../core/share.js'
import { md } from './markdown.js'

/** The PR comment's table stops here; the rest are counted (the job summary has them all). */
export const COMMENT_ROWS = 50
/**
 * The comment's table stops earlier when its rows reach this many characters: GitHub refuses a
 * comment over 65,536, and the rest of the comment (facts, excerpts, the log's tail) needs room.
 */
export const COMMENT_TABLE_CHARS = 36_000
/** How much of a case's name a cell shows; the headline, less. */
const NAME_CHARS = 80
const HEADLINE_NAME_CHARS = 40
/** Cases named in the headline; the table has them all. */
const HEADLINE_CASES = 3
/** What a cell quotes of the agent's output, and of the question. */
const SEEN_CHARS = 120
const ASKED_CHARS = 100
/** An unbroken run of characters longer than this gets a break opportunity, so no column is pushed out of view. */
const UNBROKEN = 24

/**
 * `evals` as a reviewer reads it (the job summary and the PR comment, one layout): the headline
 * says worse / not worse / undecided against the other side with the cases and their counts,
 * whatever the gate says; then the links to the whole results, the pass rates of both sides and
 * the delta, what the comparison found and the runs it spent; the table (worse first, then
 * undecided, failed, better, the rest); the run times. The job summary lists every case; the PR
 * comment at most COMMENT_ROWS, within COMMENT_TABLE_CHARS. Every name and excerpt is neutralised
 * (`md`), cut, and breakable.
 */
export function evalsBlock(facts: EvalFacts | undefined, options: { comment: boolean }): string[] {
  if (!facts) return []
  const compared = facts.compare?.compared ? otherName(facts) : undefined
  const ordered = [...facts.rows].sort((a, b) => rank(a) - rank(b))
  // A column of nothing but blanks says nothing: "First failed check" only when a case failed (or, compared, failed a run).
  const anyFailed = facts.rows.some((row) => showsCheck(row))
  const head = compared
    ? ['Case', 'Here', `On <code>${md(compared)}</code>`, 'Verdict', ...(anyFailed ? ['First failed check'] : []), 'Time (here / there)']
    : ['Case', 'Result', ...(anyFailed ? ['First failed check'] : []), 'Time']
  const lines = [`${options.comment ? '####' : '###'} Evals: ${headline(facts)}`, '']
  const links = linksLine(facts)
  if (links) lines.push(links, '')
  if (compared) lines.push(...comparedLines(facts, compared), '')
  lines.push(`| ${head.join(' | ')} |`, `|${head.map((label) => (label.startsWith('Time') ? '---:' : '---')).join('|')}|`)
  let shown = 0
  let chars = 0
  for (const row of ordered) {
    const cells = compared
      ? [
          caseCell(row),
          counts(row.ours, row.regression),
          counts(row.theirs, false),
          verdictCell(row),
          ...(anyFailed ? [check(row)] : []),
          `${time(row.ours)}${row.theirs ? ` / ${time(row.theirs)}` : ''}`
        ]
      : [caseCell(row), result(row.ours, facts.repeat), ...(anyFailed ? [check(row)] : []), time(row.ours)]
    const line = `| ${cells.join(' | ')} |`
    if (options.comment && (shown >= COMMENT_ROWS || chars + line.length > COMMENT_TABLE_CHARS)) break
    lines.push(line)
    shown++
    chars += line.length + 1
  }
  const left = ordered.length - shown
  if (left > 0) {
    const rest = ordered.slice(shown)
    const failed = rest.filter((row) => !row.ours.passed).length
    const worse = rest.filter((row) => row.regression).length
    lines.push(
      '',
      `… and ${left} more case${left === 1 ? '' : 's'} (${worse > 0 ? `${worse} worse, ` : ''}${failed} failed, ${left - failed} passed): ` +
        'the job summary lists every one.'
    )
  }
  lines.push('', footer(facts, compared !== undefined), '')
  return lines
}

/**
 * Whether the evals come before the run's facts: when the gate failed (they are the cause), and
 * when compared (the verdict against the other side, the delta and the links are what a reviewer
 * opens the comment for).
 */
export function evalsFirst(facts: EvalFacts | undefined): boolean {
  return facts !== undefined && (facts.gate === 'failed' || facts.compare?.compared === true)
}

/** Worse first, then undecided, then the other failures, then better, then the rest; suite order within each. */
function rank(row: EvalRow): number {
  if (row.regression) return 0
  if (row.verdict === 'undecided') return 1
  if (!row.ours.passed) return 2
  if (row.better) return 3
  return 4
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** `<code>refund-policy</code> 0/6 vs 6/6` */
function named(row: EvalRow): string {
  const name = `<code>${md(breakable(quotable(row.name, HEADLINE_NAME_CHARS)))}</code>`
  return row.theirs ? `${name} ${row.ours.passes}/${row.ours.runs} vs ${row.theirs.passes}/${row.theirs.runs}` : name
}

function listed(rows: readonly EvalRow[]): string {
  const shown = rows.slice(0, HEADLINE_CASES).map(named).join(', ')
  return rows.length > HEADLINE_CASES ? `${shown} and ${rows.length - HEADLINE_CASES} more` : shown
}

/**
 * The line a reviewer reads first: the comparison's verdict and the cases that made it (even
 * when the gate passes), else the pass count; the gate's mark first.
 */
function headline(facts: EvalFacts): string {
  const passed = facts.rows.filter((row) => row.ours.passed).length
  const mark = facts.gate === 'passed' ? '✅' : '❌'
  const rate = `${passed} of ${facts.rows.length} passed`
  if (facts.compare?.compared) {
    const against = `<code>${md(otherName(facts))}</code>`
    const worse = facts.rows.filter((row) => row.regression)
    const undecided = facts.rows.filter((row) => row.verdict === 'undecided')
    const better = facts.rows.filter((row) => row.better)
    const underRate = facts.passRate < facts.requiredPassRate ? `; ${rate}, under \`pass-rate\` ${percentOf(facts.requiredPassRate)}` : ''
    if (worse.length > 0) {
      // The gate may let them through (`max-regressions`): say so first, then what was found.
      const lead = facts.gate === 'passed' ? '✅ the gate passes, but the preview is ' : `${mark} `
      const within = facts.gate === 'passed' ? ` (within \`max-regressions\` ${facts.maxRegressions})` : ''
      return `${lead}**worse than ${against} on ${plural(worse.length, 'case')}**: ${listed(worse)}${within}${underRate}`
    }
    const improved = better.length > 0 ? `; better on ${plural(better.length, 'case')}: ${listed(better)}` : ''
    if (undecided.length > 0) {
      const gate = facts.undecidedFails ? '`on-undecided: fail`' : 'undecided never fails the gate by itself'
      const icon = facts.gate === 'passed' ? '⚠️' : '❌'
      return `${icon} **undecided against ${against} on ${plural(undecided.length, 'case')}**: ${listed(undecided)} (${gate})${improved}${underRate}`
    }
    return `${mark} **not worse than ${against}**: ${rate}${improved}${underRate ? `, under \`pass-rate\` ${percentOf(facts.requiredPassRate)}` : ''}`
  }
  if (facts.compare) return `${mark} ${rate} (⚠️ not compared with <code>${md(otherName(facts))}</code>)`
  return `${mark} ${rate}`
}

/** Where the whole results are: LangSmith's comparison first when there is one, then the run's artifacts. */
function linksLine(facts: EvalFacts): string | undefined {
  const links: string[] = []
  // A LangSmith on this machine (the local runner's stand-in) is linked too; characters that would end a link's target are escaped.
  const langsmith = facts.langsmith ? safeUrl(facts.langsmith.compareUrl, { allowLoopbackHttp: true }) : undefined
  if (langsmith) {
    const both = facts.compare?.compared && new URL(langsmith).searchParams.get('selectedSessions')?.includes(',')
    links.push(`[${both ? 'both sides' : 'the runs'} in LangSmith](${linkTarget(langsmith)})`)
  }
  const run = facts.resultsUrl ? safeUrl(facts.resultsUrl) : undefined
  if (run) links.push(`[every run (<code>eval-results</code>, the workflow run)](${linkTarget(run)})`)
  return links.length > 0 ? `📎 Whole results: ${links.join(' · ')}` : undefined
}

const linkTarget = (url: string) => url.replace(/[()<>]/g, encodeURIComponent)

/** The pass rates of both sides and the delta; what the comparison found; the runs it spent. */
function comparedLines(facts: EvalFacts, against: string): string[] {
  const n = facts.rows.length
  const here = facts.rows.filter((row) => row.ours.passed).length
  const there = facts.rows.filter((row) => row.theirs?.passed).length
  const delta = (here - there) / n
  // Points of pass rate, not a percentage of it.
  const deltaText = delta === 0 ? '±0' : `${delta > 0 ? '+' : '−'}${percentOf(Math.abs(delta)).replace('%', '')} pts`
  const interval = facts.passRateInterval
    ? `, 95% interval ${percentOf(facts.passRateInterval.low)}–${percentOf(facts.passRateInterval.high)}`
    : ''
  const rates =
    `**Pass rate:** ${percentOf(facts.passRate)} here (${here} of ${n}${interval}; needs ${percentOf(facts.requiredPassRate)}) · ` +
    `${percentOf(there / n)} on <code>${md(against)}</code> (${there} of ${n}) · **Δ ${deltaText}**`
  const worse = facts.regressions ?? 0
  const undecided = facts.rows.filter((row) => row.verdict === 'undecided')
  const notWorse = facts.rows.filter((row) => row.verdict === 'not worse').length
  const more = undecided.map((row) => row.moreRuns).filter((m): m is number => m !== undefined)
  const decide =
    undecided.length === 0
      ? ''
      : more.length > 0
        ? ` (${Math.max(...more) === Math.min(...more) ? '' : 'up to '}${plural(Math.max(...more), 'more run')} a side, ` +
          `failing here and passing there, would show ${undecided.length === 1 ? 'it' : 'them'} worse)`
        : ' (no number of runs within 20 a side would decide them at this confidence)'
  const verdicts = [
    `**${worse} worse** (at most ${facts.maxRegressions})`,
    ...(facts.better ? [`${facts.better} better`] : []),
    `${notWorse} not worse`,
    `${undecided.length} undecided${decide}`
  ].join(', ')
  const confidence = facts.confidence === undefined ? '' : ` at ${percentOf(facts.confidence)} confidence`
  const oursRuns = facts.rows.reduce((sum, row) => sum + row.ours.runs, 0)
  const theirsRuns = facts.rows.reduce((sum, row) => sum + (row.theirs?.runs ?? 0), 0)
  const how = facts.adaptive
    ? `: each case once, then again on both sides while its sides disagreed and its verdict was open, at most ${facts.adaptive.maxRepeat} (\`max-repeat\`)`
    : facts.repeat > 1
      ? ` (\`repeat\` ${facts.repeat})`
      : ''
  return [
    rates,
    '',
    `**Compared**${confidence}: ${verdicts} · **Runs:** ${oursRuns} here, ${theirsRuns} there, ${(oursRuns / n).toFixed(1)} a case a side${how}`
  ]
}

function caseCell(row: EvalRow): string {
  return `<code>${md(breakable(quotable(row.name, NAME_CHARS)))}</code>`
}

/** Passes of runs on one side: `✅ 6/6`, `❌ 0/6`, `✅ 5/8 · flaky`. */
function counts(side: EvalSide | undefined, worse: boolean): string {
  if (!side) return '—'
  if (side.notRun) return '⏭️ not run'
  const mark = side.passed ? '✅' : '❌'
  const ratio = worse ? `**${side.passes}/${side.runs}**` : `${side.passes}/${side.runs}`
  // Kept on one line (no-break spaces): a narrow column would put the mark and the count apart.
  return `${mark}\u00a0${ratio}${side.flaky ? ' · flaky' : ''}`
}

function verdictCell(row: EvalRow): string {
  switch (row.verdict) {
    case 'worse':
      return '🔻\u00a0**worse**'
    case 'undecided':
      return row.moreRuns === undefined ? '❔ undecided' : `❔ undecided (${plural(row.moreRuns, 'more run')} a side could decide)`
    case 'not worse':
      // One line in a narrow column.
      return row.better ? '⬆️\u00a0better' : 'not\u00a0worse'
    default:
      return '—'
  }
}

function result(side: EvalSide, repeat: number): string {
  if (side.notRun) return '⏭️ not run'
  const runs = repeat > 1 ? ` ${side.passes}/${side.runs}` : ''
  const flaky = side.flaky ? ' · flaky' : ''
  return side.passed ? `✅ passed${runs}${flaky}` : `❌ failed${runs}${flaky}`
}

/** A failed case, and a case compared worse or undecided (it may pass by `min-passes` and still have failed runs). */
function showsCheck(row: EvalRow): boolean {
  if (row.ours.firstFailed === undefined) return false
  return !row.ours.passed || row.regression || row.verdict === 'undecided'
}

/** The first failed check in our words, then what was seen (the agent's words, or the server's), then the question asked. */
function check(row: EvalRow): string {
  const side = row.ours
  if (!showsCheck(row) || side.firstFailed === undefined) return ''
  const said = quoted(side.firstFailed)
    .map((part) => (typeof part === 'string' ? md(part) : `<code>${md(breakable(quotable(part.code, SEEN_CHARS)))}</code>`))
    .join('')
  const seen = side.seen === undefined ? '' : `<br>↳ <code>${md(breakable(quotable(side.seen, SEEN_CHARS)))}</code>`
  const asked = row.asked === undefined ? '' : `<br>asked: <em>${md(breakable(quotable(row.asked, ASKED_CHARS)))}</em>`
  return `${said}${seen}${asked}`
}

/**
 * Text with a zero-width space in every unbroken run longer than UNBROKEN characters: a table
 * cell wraps there, so one long token (a URL, a hash, a name without spaces) cannot widen its
 * column until the others leave the view.
 */
export function breakable(text: string): string {
  return text.replace(new RegExp(`\\S{${UNBROKEN + 1},}`, 'gu'), (run) =>
    (
      Array.from(run)
        .join('')
        .match(new RegExp(`[\\s\\S]{1,${UNBROKEN}}`, 'gu')) ?? [run]
    ).join('\u200b')
  )
}

/** The median of the runs that finished; `(2 cut short)` for those that did not, counted apart. */
function time(side: EvalSide): string {
  const cut = side.cutShort ? ` (${side.cutShort} cut short)` : ''
  return side.durationMs === undefined ? `—${cut}` : `${runTime(side.durationMs)}${cut}`
}

/** A run's time to a tenth of a second: `850ms`, `1.2s`, `2m 05s`. */
function runTime(ms: number): string {
  return ms < 1000 ? formatDuration(ms) : ms < 60_000 ? `${(ms / 1000).toFixed(1)}s` : formatDuration(ms)
}

function footer(facts: EvalFacts, compared: boolean): string {
  const passed = facts.rows.filter((row) => row.ours.passed).length
  const parts: string[] = []
  if (!compared) {
    const interval =
      facts.passRateInterval && facts.rows.length > 1
        ? `; 95% interval ${percentOf(facts.passRateInterval.low)}–${percentOf(facts.passRateInterval.high)}`
        : ''
    parts.push(
      `**Pass rate:** ${percentOf(facts.passRate)} (${passed} of ${facts.rows.length}${interval}; needs ${percentOf(facts.requiredPassRate)})`
    )
    if (facts.compare && !facts.compare.compared)
      parts.push(`**Not compared** with <code>${md(otherName(facts))}</code>: ${md(facts.compare.why)}`)
  } else {
    parts.push(`**Regressions:** ${facts.regressions} (at most ${facts.maxRegressions})`)
  }
  const cut = (n: number | undefined) => (n ? `, ${n} cut short` : '')
  const times = [
    ...(facts.times.ours
      ? [`this revision ${runTime(facts.times.ours.p50Ms)} / ${runTime(facts.times.ours.p95Ms)}${cut(facts.times.ours.cutShort)}`]
      : []),
    ...(facts.times.theirs && facts.compare
      ? [
          `<code>${md(otherName(facts))}</code> ${runTime(facts.times.theirs.p50Ms)} / ` +
            `${runTime(facts.times.theirs.p95Ms)}${cut(facts.times.theirs.cutShort)}`
        ]
      : [])
  ]
  if (times.length > 0) parts.push(`**Run time p50 / p95:** ${times.join('; ')}`)
  if (facts.runsNotRun > 0) parts.push(`**Not sent:** ${facts.runsNotRun} run${facts.runsNotRun === 1 ? '' : 's'} (the suite's time limit)`)
  return parts.join(' · ')
}

/** The other deployment's name, as the suite wrote it, shortened: a suite can name anything, at any length. */
function otherName(facts: EvalFacts): string {
  return quotable(facts.compare?.name ?? '', NAME_CHARS)
}
