import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { BAD_INPUT_CASES, BAD_INPUTS } from './helpers/bad-inputs.js'
import { errorLines } from './helpers/action.js'
import { deployWith, startSimulatorOnClock } from './helpers/in-process.js'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock()
})
afterAll(() => sim.stop())

const HINT = "Fix the step's `with:` block; no change was sent to the control plane."

describe('the bad-input catalog: the action refuses each before any request', () => {
  it('holds at least 30 distinct cases, each about an input it sets', () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(30)
    expect(new Set(BAD_INPUTS.map(([name]) => name)).size).toBe(BAD_INPUTS.length)
    expect(new Set(BAD_INPUTS.map(([, overrides]) => JSON.stringify(overrides))).size).toBe(BAD_INPUTS.length)
    // The problem names (in backticks) an input the case sets, or the value it sets it to.
    const unrelated = BAD_INPUTS.filter(([, overrides, problem]) => {
      const named = [...problem.matchAll(/`([^`]+)`/g)].map((match) => match[1])
      return !Object.entries(overrides).some(([input, value]) => [input, value, `${input}: ${value}`].some((text) => named.includes(text)))
    })
    expect(unrelated.map(([name]) => name)).toEqual([])
  })

  it.each(BAD_INPUT_CASES)('%s', async (_case, overrides, problem, env) => {
    sim.reset()
    // A case about `integration-id`, which only github sources take, sets it itself.
    const run = await deployWith(sim, 'support-agent', { 'integration-id': '', ...overrides }, env)
    expect(errorLines(run)).toEqual([`Invalid input: ${problem}\n${HINT}`])
    expect(run.exitCode).toBe(1)
    expect(sim.requests).toEqual([])
    expect(run.outputs).toEqual({})
  })
})
