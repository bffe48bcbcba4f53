// Under `@github/local-action`, action.yml's `github-token` default arrives as the text
// `${{ github.token }}`: an input left as an unevaluated expression must count as unset.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { readActionInputs } from '../src/commands/registry.js'
import { unlessUnexpanded } from '../src/inputs/unexpanded.js'
import { clearSecrets } from '../src/core/masking.js'

describe('unlessUnexpanded', () => {
  it.each(['${{ github.token }}', '  ${{ secrets.X }}\n', '${{github.token}}', '${{ format(\n"{0}", x) }}'])(
    'treats %j as unset',
    (value) => expect(unlessUnexpanded(value)).toBe('')
  )
  it.each(['ghs_abc', 'support-agent-pr-${{ github.event.number }}', '${{ partial', 'x ${{ a }}'])('keeps %j', (value) =>
    expect(unlessUnexpanded(value)).toBe(value)
  )
})

describe('inputs read from INPUT_* variables', () => {
  const INPUTS = {
    // @actions/core keeps the hyphens of input names in these variables.
    'INPUT_CONTROL-PLANE-URL': 'https://api.example.com',
    'INPUT_API-KEY': 'key-123',
    INPUT_NAME: 'support-agent',
    'INPUT_GRAPH-CONFIG-PATH': 'graph.json',
    'INPUT_PR-COMMENT': 'true',
    'INPUT_GITHUB-TOKEN': '${{ github.token }}'
  }
  beforeEach(() => {
    clearSecrets()
    Object.assign(process.env, INPUTS)
    // core.setSecret writes `::add-mask::` to stdout; keep the test output clean.
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
  })
  afterEach(() => {
    for (const name of Object.keys(INPUTS)) delete process.env[name]
    jest.restoreAllMocks()
  })

  it('replaces an unexpanded github-token default with GITHUB_TOKEN', async () => {
    const inputs = await readActionInputs(undefined, { env: { GITHUB_TOKEN: 'ghs_from_the_environment' } })
    if (inputs.command !== 'deploy') throw new Error(`expected a deploy, got ${inputs.command}`)
    expect(inputs.github.token).toBe('ghs_from_the_environment')
  })

  it('without GITHUB_TOKEN, says the token is missing instead of sending the expression text', async () => {
    await expect(readActionInputs(undefined, { env: {} })).rejects.toThrow(/`github-token` is required by/)
  })
})
