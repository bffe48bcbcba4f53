import { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import { plainText } from '../../core/quoted.js'
import type { Recorder } from '../../core/recorder.js'
import type { CheckVerdict, RichText } from '../../core/outcome.js'
import type { ConfigReport } from './check.js'
import { problemSaid, problemText } from './problem.js'

export type ConfigCheckMode = 'error' | 'warn' | 'off'

const ID = 'config-check'
const LABEL = 'Config check'

/** The verdict of a config that could not be read or was not to be checked: the deploy goes on, and the row says why. */
export function notChecked(why: RichText): CheckVerdict {
  return { id: ID, label: LABEL, status: 'not-checked', detail: ['not checked: ', ...why] }
}

/**
 * The report as a verdict, told in the log: each problem and warning on its own line.
 * With `error`, problems fail it (the caller refuses the deploy); with `warn`, they are
 * warnings and the verdict says the deploy went on. `elapsedMs`: the time the check took, when it
 * asked GitHub (a check of local files is instant: no time shown).
 */
export function verdictOf(
  report: ConfigReport,
  configPath: string,
  mode: ConfigCheckMode,
  log: Log,
  elapsedMs: number | undefined,
  note?: RichText
): CheckVerdict {
  const graphs =
    report.graphs.length === 1 ? `1 graph (${report.graphs[0]})` : `${report.graphs.length} graphs (${report.graphs.join(', ')})`
  const what = [graphs, report.runtime].filter(Boolean).join(', ')
  for (const warning of report.warnings) log.warn(`Config check: ${problemText(warning)}`)
  const warnings = report.warnings.length === 0 ? '' : ` (${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'})`
  const said = (problem: ConfigReport['problems'][number]) => problemSaid(problem, configPath)
  const base = {
    id: ID,
    label: LABEL,
    ...(elapsedMs === undefined ? {} : { elapsedMs }),
    ...(report.warnings.length > 0 ? { warnings: report.warnings.map(said) } : {})
  }
  const noted: RichText = note ? ['; ', ...note] : []
  if (report.problems.length === 0) {
    log.info(`Config check of \`${configPath}\`: ${what}: passed${warnings}.`)
    return { ...base, status: 'passed', detail: [`${what}: passed${warnings}`, ...noted] }
  }
  const count = `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`
  const problems = report.problems.map(said)
  if (mode === 'warn') {
    for (const problem of report.problems) log.warn(`Config check (\`config-check: warn\`, the deploy goes on): ${problemText(problem)}`)
    return {
      ...base,
      status: 'not-proven',
      detail: [
        `${count} the build may fail on, in `,
        { code: configPath },
        ' (',
        { code: 'config-check: warn' },
        ': deployed anyway)',
        ...noted
      ],
      problems
    }
  }
  for (const problem of report.problems) log.info(`Config check: ${problemText(problem)}`)
  return { ...base, status: 'failed', detail: [`${count} the build would fail on, in `, { code: configPath }, ...noted], problems }
}

/**
 * Puts the verdict on record; a failed one refuses the deploy, every problem in the error,
 * before any change (for a remote build, before any request and before anything is packed).
 * `waivable`: false when a problem is refused under every mode (nothing can archive it).
 */
export function enforceConfigVerdict(
  verdict: CheckVerdict | undefined,
  deps: { recorder: Pick<Recorder, 'checked'> },
  waivable = true
): void {
  if (!verdict) return
  deps.recorder.checked(verdict)
  if (verdict.status !== 'failed') return
  const lines = (verdict.problems ?? []).map(plainText)
  throw new ActionError(
    'bad-input',
    `The config check found ${plainText(verdict.detail)}:\n${lines.map((line) => `- ${line}`).join('\n')}`,
    waivable
      ? 'Fix the config (or what leaves its files out), then re-run; nothing was changed on the control plane. `config-check: warn` deploys anyway.'
      : 'Fix the config, then re-run; nothing was changed on the control plane. What lies outside the workspace cannot be archived under any `config-check` mode.'
  )
}
