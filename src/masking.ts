import * as core from '@actions/core'

/**
 * The runner masks registered secrets in the log, but not in the files behind
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, and not in text we build before
 * registration. So every secret is registered here, and `redact` is applied to
 * everything the action writes outside the log.
 */
const secrets = new Set<string>()

export const REDACTED = '***'

export function registerSecret(value: string): void {
  if (value.length === 0) return
  core.setSecret(value)
  secrets.add(value)
  // A multi-line value is masked by the runner line by line; mirror that.
  for (const line of value.split(/\r?\n/)) {
    if (line.trim().length > 0) secrets.add(line)
  }
}

export function redact(text: string): string {
  let out = text
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(REDACTED)
  }
  return out
}

/** For tests: forget every registered secret. */
export function clearSecrets(): void {
  secrets.clear()
}
