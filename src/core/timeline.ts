/** The statuses a revision passed through, when each was first seen, and for how long. */
export interface StatusSpan {
  status: string
  /** Milliseconds since the wait started. */
  startedAt: number
  durationMs: number
}

export class Timeline {
  private readonly changes: Array<{ status: string; at: number }> = []
  private lastSeenAt: number

  constructor(readonly startedAt: number) {
    this.lastSeenAt = startedAt
  }

  /** Records a status seen at `at`; true when it differs from the last one. */
  observe(status: string, at: number): boolean {
    this.lastSeenAt = at
    const last = this.changes.at(-1)
    if (last?.status === status) return false
    this.changes.push({ status, at })
    return true
  }

  /** How long the current status has lasted, as far as polling has seen. */
  currentDuration(): number {
    const last = this.changes.at(-1)
    return last ? this.lastSeenAt - last.at : 0
  }

  /**
   * Each status with how long it lasted. `until` ends the last one later than the last
   * poll: a run stopped by a cancel or its time-out saw that status last until then.
   */
  spans(until?: number): StatusSpan[] {
    const end = Math.max(this.lastSeenAt, until ?? this.lastSeenAt)
    return this.changes.map((change, i) => ({
      status: change.status,
      startedAt: change.at - this.startedAt,
      durationMs: (this.changes[i + 1]?.at ?? end) - change.at
    }))
  }
}
