import { ActionError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import type { KeyFindingAt } from './scan.js'
import { KEY_RULES } from './secret-rules.js'

/** Findings a refusal names; the log's warnings name them all. */
const NAMED_IN_REFUSAL = 10

const KINDS = new Map(KEY_RULES.map((rule) => [rule.id, rule.kind]))

/** A finding as every message names it: `path:line` and the rule, never the value. */
export function findingText(finding: KeyFindingAt): string {
  return `\`${finding.path}:${finding.line}\` (${KINDS.get(finding.rule) ?? 'key'}, rule \`${finding.rule}\`)`
}

/**
 * One warning per key found in a file that ships, annotated at its file and line where the
 * log can (the runner shows it on the file), naming the rule, never the value.
 */
export function warnKeyFindings(findings: readonly KeyFindingAt[], log: Log): void {
  for (const finding of findings) {
    const line =
      `Key in a file the archive ships: ${findingText(finding)}. Whoever can read the build can read it: pass it through ` +
      `\`secrets\` and read it from the environment (\`secret-scan: fail\` refuses such a deploy).`
    if (log.warnAt) log.warnAt(line, { file: finding.path, line: finding.line })
    else log.warn(line)
  }
}

/** `secret-scan: fail`: a key in a file that would ship refuses the deploy, before anything is packed or sent. */
export function refuseKeyFindings(findings: readonly KeyFindingAt[], mode: 'warn' | 'fail' | 'off' | undefined): void {
  if (mode !== 'fail' || findings.length === 0) return
  const named = findings.slice(0, NAMED_IN_REFUSAL).map(findingText).join(', ')
  const more =
    findings.length > NAMED_IN_REFUSAL ? ` and ${findings.length - NAMED_IN_REFUSAL} more (the warnings above name them all)` : ''
  throw new ActionError(
    'bad-input',
    `${findings.length === 1 ? 'A key is' : `${findings.length} keys are`} written into files the remote build's archive would ship ` +
      `(\`secret-scan: fail\`): ${named}${more}. Nothing was sent.`,
    'Take each key out of the file and pass it through the `secrets` input (the agent reads it from its environment); revoke a ' +
      'key that was committed. A value that is no key: leave the file out with `archive-exclude`, or set `secret-scan: warn`.'
  )
}
