import * as core from '@actions/core'

/**
 * The runner masks registered secrets in the log, but not in the files behind
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, and not in text we build before
 * registration. So every secret is registered here, and `redact` is applied to
 * everything the action writes outside the log.
 */
const secrets = new Set<string>()

export const REDACTED = '***'

/**
 * Shorter values are masked in the log by the runner but not replaced here: a
 * secret `1` would otherwise turn every id in the outputs into asterisks.
 */
const MIN_REDACTED_LENGTH = 4

/** How a secret is announced to the runner (`::add-mask::`); run() routes it through its output sink. */
let announce: (value: string) => void = core.setSecret

/** Announces secrets through `to` until the returned function is called. */
export function announceSecretsWith(to: (value: string) => void): () => void {
  const previous = announce
  announce = to
  return () => {
    announce = previous
  }
}

export function registerSecret(value: string): void {
  if (value.length === 0) return
  announce(value)
  // A multi-line value is masked by the runner line by line; mirror that.
  for (const part of [value, ...value.split(/\r?\n/)]) {
    if (part.trim().length >= MIN_REDACTED_LENGTH) secrets.add(part)
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
