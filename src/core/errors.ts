/**
 * Every failure the action reports is an ActionError with a kind, so that one place
 * (main.ts) can turn it into the single `::error::` line and the summary.
 */
export type ErrorKind =
  | 'bad-input'
  | 'not-found'
  | 'api-refused'
  | 'bad-response'
  | 'revision-failed'
  /** The revision reached DEPLOYED but its health check never answered 2xx. */
  | 'health-check-failed'
  /**
   * The health check could not be made (no URL reported, or one the credential may not go
   * to): nothing is known about the revision's health, so `on-failure: rollback` does not fire.
   */
  | 'health-check-not-made'
  /** The revision reached DEPLOYED built from a commit other than `expected-commit`: untested code serves. */
  | 'commit-mismatch'
  /** A check after DEPLOYED (the revision the server reports, the smoke test) found the revision wanting. */
  | 'check-failed'
  /**
   * A check after DEPLOYED that was required could not prove anything (the server did not say):
   * nothing is known against the revision, so `on-failure: rollback` does not fire.
   */
  | 'check-not-proven'
  | 'timed-out'
  | 'cancelled'

export class ActionError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** What the user should do about it; printed after the message. */
    readonly hint?: string
  ) {
    super(message)
    this.name = 'ActionError'
  }

  /** The message and the hint, as the user reads them. */
  describe(): string {
    return this.hint ? `${this.message}\n${this.hint}` : this.message
  }
}

/** All problems found in the inputs, reported together rather than one per run. */
export class InputError extends ActionError {
  /**
   * `where.files`: files the problems are in (an `evals` suite file), named in the advice instead
   * of the step's `with:` block, which is named too only when `alsoStep` (a problem outside them).
   */
  constructor(
    readonly problems: readonly string[],
    where: { files?: readonly string[]; alsoStep?: boolean } = {}
  ) {
    const files = [...new Set(where.files ?? [])].map((file) => `\`${file}\``)
    const fix =
      files.length === 0
        ? "the step's `with:` block"
        : `${files.join(', ')}${where.alsoStep === false ? '' : " and the step's `with:` block"}`
    super(
      'bad-input',
      problems.length === 1
        ? `Invalid input: ${problems[0]}`
        : `Invalid inputs (${problems.length} problems):\n${problems.map((p) => `- ${p}`).join('\n')}`,
      `Fix ${fix}; no change was sent to the control plane.`
    )
  }
}

export function describeError(error: unknown): string {
  if (error instanceof ActionError) return error.describe()
  const report = 'This is a bug in the action: please report it with this log.'
  if (error instanceof Error) return `Unexpected error: ${error.message}\n${report}`
  return `Unexpected error: ${String(error)}\n${report}`
}

/** An error's first line, for a log line or a short reason: the rest (hints, details) is told where the error itself is. */
export function firstLine(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message
  return (typeof message === 'string' ? message : String(error)).split('\n')[0]
}
