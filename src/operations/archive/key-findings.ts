import { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import type { KeyFindingAt } from './scan.js'
import { KEY_RULES } from './secret-rules.js'

/** Findings a refusal names; the log names them all. */
const NAMED_IN_REFUSAL = 10
/**
 * Findings warned about one by one, each an annotation at its file and line: a repository full of
 * keys (a vendored fixture, a dump) would otherwise bury the run's page under hundreds of them
 * (the runner shows only the first few per step anyway). The rest are counted in one warning and
 * listed in the log, one line each.
 */
export const ANNOTATED_FINDINGS = 50

const KINDS = new Map(KEY_RULES.map((rule) => [rule.id, rule.kind]))

/** A finding as every message names it: `path:line` and the rule, never the value. */
export function findingText(finding: KeyFindingAt): string {
  return `\`${finding.path}:${finding.line}\` (${KINDS.get(finding.rule) ?? 'key'}, rule \`${finding.rule}\`)`
}

/**
 * One warning per key found in a file that ships, annotated at its file and line where the
 * log can (the runner shows it on the file), naming the rule, never the value; past
 * ANNOTATED_FINDINGS, one warning counts the rest and the log lists them.
 */
export function warnKeyFindings(findings: readonly KeyFindingAt[], log: Log): void {
  for (const finding of findings.slice(0, ANNOTATED_FINDINGS)) {
    const line =
      `Key in a file the archive ships: ${findingText(finding)}. Whoever can read the build can read it: pass it through ` +
      `\`secrets\` and read it from the environment (\`secret-scan: fail\` refuses such a deploy).`
    if (log.warnAt) log.warnAt(line, { file: finding.path, line: finding.line })
    else log.warn(line)
  }
  const rest = findings.slice(ANNOTATED_FINDINGS)
  if (rest.length === 0) return
  log.warn(
    `And ${rest.length} more key finding${rest.length === 1 ? '' : 's'} in files the archive ships, not annotated one by one ` +
      `(${ANNOTATED_FINDINGS} are): the log lists them under "Keys not annotated", the summary counts them all.`
  )
  log.startGroup(`Keys not annotated: ${rest.length}`)
  for (const finding of rest) log.info(findingText(finding))
  log.endGroup()
}

/** `secret-scan: fail`: a key in a file that would ship refuses the deploy, before anything is packed or sent. */
export function refuseKeyFindings(findings: readonly KeyFindingAt[], mode: 'warn' | 'fail' | 'off' | undefined): void {
  if (mode !== 'fail' || findings.length === 0) return
  const named = findings.slice(0, NAMED_IN_REFUSAL).map(findingText).join(', ')
  const more = findings.length > NAMED_IN_REFUSAL ? ` and ${findings.length - NAMED_IN_REFUSAL} more (the log names them all)` : ''
  throw new ActionError(
    'bad-input',
    `${findings.length === 1 ? 'A key is' : `${findings.length} keys are`} written into files the remote build's archive would ship ` +
      `(\`secret-scan: fail\`): ${named}${more}. Nothing was sent.`,
    'Take each key out of the file and pass it through the `secrets` input (the agent reads it from its environment); revoke a ' +
      'key that was committed. A value that is no key: leave the file out with `archive-exclude`, or set `secret-scan: warn`.'
  )
}
