import type { Clock } from '../../src/core/clock.js'

/** A clock that only moves when the code under test sleeps. */
export class FakeClock implements Clock {
  readonly sleeps: number[] = []
  constructor(public time = 1_000_000) {}
  now(): number {
    return this.time
  }
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms)
    this.time += ms
  }
}
