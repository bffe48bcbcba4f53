import * as core from '@actions/core'

/**
 * The runner masks registered secrets in the log, but not in the files behind
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, and not in text we build before
 * registration. So every secret is registered here, and `redact` is applied to
 * everything the action writes outside the log.
 */
const secrets = new Set<string>()
/** Every value registered, short ones too: one read again from a server (registerReadSecret) is not announced, nor warned about, twice. */
const announced = new Set<string>()

export const REDACTED = '***'

/**
 * Shorter values are masked in the log by the runner but not replaced here: a
 * secret `1` would otherwise turn every id in the outputs into asterisks. The runner
 * has no such floor: it masks a registered value wherever it appears, so a secret `k`
 * turns every "k" of the log into `***`. Such a value is still registered (a secret is
 * never shown), and warned about.
 */
const MIN_REDACTED_LENGTH = 4

/** How a secret is announced to the runner (`::add-mask::`); run() routes it through its output sink. */
let announce: (value: string) => void = core.setSecret
/** Where the warning about a too-short secret goes; run() routes it to its log. */
let warn: (line: string) => void = core.warning

/** Announces secrets through `to`, and warns through `warnTo`, until the returned function is called. */
export function announceSecretsWith(to: (value: string) => void, warnTo: (line: string) => void): () => void {
  const previous = { announce, warn }
  announce = to
  warn = warnTo
  return () => {
    announce = previous.announce
    warn = previous.warn
  }
}

/** `what` names the secret in a warning (its value never): an input, or a name in `secrets`. */
export function registerSecret(value: string, what = 'a secret value'): void {
  if (value.length === 0) return
  announced.add(value)
  // A multi-line value is masked by the runner line by line too; mirror that.
  const lines = value.split(/\r?\n/)
  // Warned before the value is announced: after, the runner would mask its characters in the warning too.
  if (tooShort(value)) warn(tooShortWarning(what))
  else if (lines.some(tooShort)) warn(tooShortWarning(`a line of ${what}`))
  announce(value)
  for (const part of [value, ...lines]) {
    if (part.trim().length >= MIN_REDACTED_LENGTH) secrets.add(part)
  }
}

/**
 * Values a control plane's environment holds that are settings, not secrets (`LANGSMITH_TRACING=true`,
 * `LOG_LEVEL=info`): masking them would turn every such word of the job's log into `***`.
 */
const SETTING_WORDS = new Set([
  'true',
  'false',
  'yes',
  'no',
  'on',
  'off',
  'none',
  'null',
  'trace',
  'debug',
  'info',
  'warn',
  'warning',
  'error'
])

/**
 * A secret value read from the control plane (a deployment's environment, returned with the
 * deployment): registered once, however often the deployment is read again. Unlike an input's, a
 * value shorter than MIN_REDACTED_LENGTH is not registered, nor warned about: the environment also
 * holds settings such as `DEBUG=1` that no one gave this step, the runner would hide every `1` of
 * the job's log for it, and the action never prints a value it reads.
 */
export function registerReadSecret(value: string): void {
  if (announced.has(value) || value.trim().length < MIN_REDACTED_LENGTH || SETTING_WORDS.has(value.trim().toLowerCase())) return
  announced.add(value)
  announce(value)
  for (const part of [value, ...value.split(/\r?\n/)]) {
    if (part.trim().length >= MIN_REDACTED_LENGTH) secrets.add(part)
  }
}

function tooShort(text: string): boolean {
  const length = text.trim().length
  return length > 0 && length < MIN_REDACTED_LENGTH
}

function tooShortWarning(what: string): string {
  return (
    `${what} is shorter than ${MIN_REDACTED_LENGTH} characters, too short to mask safely: the runner hides ` +
    'it wherever it appears in the log, in any word, and the outputs and the job summary do not hide it. Use a longer value.'
  )
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
  announced.clear()
}
