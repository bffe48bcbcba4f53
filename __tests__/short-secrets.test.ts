/**
 * A secret of a few characters: the runner masks a registered value wherever it appears,
 * so `k` would hide every "k" of the log. It is still masked (never shown), and the run
 * warns about it by name, before announcing it, so that the warning itself is not masked.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { lifecycles, type Simulator } from '../sim/index.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'
import { announceSecretsWith, clearSecrets, redact, registerReadSecret, registerSecret } from '../src/core/masking.js'

const TOO_SHORT = (what: string) =>
  `${what} is shorter than 4 characters, too short to mask safely: the runner hides it wherever it appears in the log, ` +
  'in any word, and the outputs and the job summary do not hide it. Use a longer value.'

describe('a deploy whose `secrets` has a one-letter value', () => {
  let sim: Simulator
  beforeAll(async () => {
    sim = await startSimulatorOnClock()
  })
  afterAll(() => sim.stop())
  beforeEach(() => {
    sim.reset()
    sim.setScenario(lifecycles.deployed())
  })

  it('masks it still, and warns by the name, before the mask, without the value', async () => {
    const run = await runInProcess({
      inputs: {
        'control-plane-url': sim.url,
        'api-key': sim.apiKey,
        name: 'short-secret-agent',
        'graph-config-path': 'graph.json',
        'integration-id': '5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
        secrets: 'OPENAI_API_KEY=sk-long-enough-0123\nGREETING=k'
      }
    })
    expect(run.failures).toEqual([])
    expect(run.warnings).toContain(TOO_SHORT('the value of `GREETING` in `secrets`'))
    expect(run.warnings.filter((line) => line.includes('too short to mask'))).toHaveLength(1)
    const lines = run.stdout.split('\n')
    const warned = lines.findIndex((line) => line.startsWith('::warning::the value of `GREETING`'))
    const masked = lines.indexOf('::add-mask::k')
    expect(warned).toBeGreaterThanOrEqual(0)
    expect(masked).toBeGreaterThan(warned)
  })
})

describe('registerSecret', () => {
  const warnings: string[] = []
  const announced: string[] = []
  let stop: () => void
  beforeEach(() => {
    clearSecrets()
    warnings.length = 0
    announced.length = 0
    stop = announceSecretsWith(
      (value) => announced.push(value),
      (line) => warnings.push(line)
    )
  })
  afterEach(() => stop())

  it('warns below 4 characters, not from 4, and announces both', () => {
    registerSecret('abc', '`api-key`')
    registerSecret('abcd', '`bearer-token`')
    expect(warnings).toEqual([TOO_SHORT('`api-key`')])
    expect(announced).toEqual(['abc', 'abcd'])
    // Only the long one is redacted from the outputs and summary: `abc` would eat ids there.
    expect(redact('abc abcd')).toBe('abc ***')
  })

  it('warns about a short line of a multi-line value, which the runner masks line by line', () => {
    registerSecret('-----BEGIN KEY-----\nab\n-----END KEY-----', 'the value of `PEM` in `secrets`')
    expect(warnings).toEqual([TOO_SHORT('a line of the value of `PEM` in `secrets`')])
  })

  it('says nothing of empty or blank lines', () => {
    registerSecret('first-line-value\n\n  \nsecond-line-value', '`api-key`')
    expect(warnings).toEqual([])
  })
})

describe('values read back from the control plane', () => {
  afterEach(() => clearSecrets())

  it('are masked, except the setting words an environment holds beside its secrets (true, info, ...)', () => {
    for (const value of ['true', 'False', 'info', 'debug', 'sk-live-0123456789']) registerReadSecret(value)
    expect(redact('tracing true, level info, debug on; key sk-live-0123456789')).toBe('tracing true, level info, debug on; key ***')
  })
})
