// Every answer the simulator gives is checked against the reference document's response schemas
// (sim/validation.js checkAnswer). One that is not valid is answered 500 instead and recorded
// here, in a list per test, so that the test that caused it fails, whatever it expected of the
// answer. A deliberately invalid answer is let through only where it says so (invalidOnPurpose).
import { afterEach, beforeEach } from '@jest/globals'

const VIOLATIONS = Symbol.for('agent-server-sim.answer-violations')
const registry = /** @type {Record<symbol, string[] | undefined>} */ (/** @type {unknown} */ (globalThis))

beforeEach(() => {
  registry[VIOLATIONS] = []
})

afterEach(() => {
  const found = registry[VIOLATIONS] ?? []
  registry[VIOLATIONS] = []
  if (found.length > 0) {
    throw new Error(
      `The simulator gave ${found.length} answer(s) not valid against the reference (answered 500 instead):\n` +
        found.map((what) => `- ${what}`).join('\n')
    )
  }
})
