import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { readActionInputs } from '../src/commands/registry.js'
import { InputError } from '../src/core/errors.js'
import type { InputName } from '../src/inputs/names.js'
import { inputsFrom } from './helpers/inputs.js'

beforeEach(() => {
  // core.setSecret writes `::add-mask::` to stdout.
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})
afterEach(() => {
  jest.restoreAllMocks()
})

const PRUNE: Partial<Record<InputName, string>> = {
  'control-plane-url': 'https://api.example.com',
  'api-key': 'key-123',
  command: 'prune',
  'name-pattern': 'agent-pr-{pr}',
  'github-token': 'ghs_token'
}

async function problemsOf(values: Partial<Record<InputName, string>>): Promise<string[]> {
  try {
    await readActionInputs(inputsFrom(values), { env: {} })
  } catch (error) {
    if (error instanceof InputError) return [...error.problems]
    throw error
  }
  throw new Error('expected an InputError')
}

describe('prune inputs', () => {
  it('reads a minimal prune with its defaults, needing no `name`', async () => {
    const inputs = await readActionInputs(inputsFrom(PRUNE), { env: {} })
    expect(inputs).toMatchObject({
      command: 'prune',
      maxDeletions: 10,
      deleteTracingProject: false,
      wait: true,
      dryRun: false,
      githubToken: 'ghs_token',
      prComment: false
    })
    expect(inputs.command === 'prune' && inputs.pattern.prOf('agent-pr-5')).toBe(5)
    expect(inputs.command === 'prune' && inputs.maxAgeMs).toBeUndefined()
  })

  it('reads max-age in days, max-deletions, and an environment pattern', async () => {
    const inputs = await readActionInputs(
      inputsFrom({ ...PRUNE, 'max-age': '7d', 'max-deletions': '25', 'github-environment': 'preview-pr-{pr}' }),
      { env: {} }
    )
    if (inputs.command !== 'prune') throw new Error('expected prune')
    expect(inputs.maxAgeMs).toBe(7 * 86_400_000)
    expect(inputs.maxDeletions).toBe(25)
    expect(inputs.environment?.fill(3)).toBe('preview-pr-3')
  })

  it.each([
    ['no pattern', { 'name-pattern': '' }, '`name-pattern` is required by `command: prune`'],
    ['a pattern without {pr}', { 'name-pattern': 'agent-pr' }, '`name-pattern` must contain `{pr}`'],
    ['no token', { 'github-token': '' }, '`github-token` is required by `command: prune`'],
    ['max-deletions zero', { 'max-deletions': '0' }, '`max-deletions` must be a whole number from 1 to 999999, got `0`'],
    ['max-deletions in words', { 'max-deletions': 'ten' }, '`max-deletions` must be a whole number from 1 to 999999, got `ten`'],
    ['max-age in words', { 'max-age': 'two weeks' }, '`max-age` must be a duration'],
    ['an environment without {pr}', { 'github-environment': 'preview' }, '`github-environment` must contain `{pr}` with `command: prune`']
  ])('refuses %s, naming the input', async (_case, overrides, problem) => {
    const problems = await problemsOf({ ...PRUNE, ...overrides })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(problem)
  })

  it('warns about inputs prune does not use, and deploy about the prune ones', async () => {
    const prune = await readActionInputs(inputsFrom({ ...PRUNE, name: 'support-agent', 'image-uri': 'x' }), { env: {} })
    expect(prune.ignored.sort()).toEqual(['image-uri', 'name'])
    const deploy = await readActionInputs(
      inputsFrom({ ...PRUNE, command: 'deploy', name: 'support-agent', 'graph-config-path': 'g.json', 'max-age': '7d' }),
      { env: {} }
    )
    expect(deploy.ignored.sort()).toEqual(['max-age', 'name-pattern'])
  })
})
