import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { InputError } from '../src/core/errors.js'
import { readActionInputs as readInputs } from '../src/commands/registry.js'
import { clearSecrets, redact } from '../src/core/masking.js'
import type { InputName } from '../src/inputs/names.js'
import { BAD_INPUT_CASES } from './helpers/bad-inputs.js'
import { BASE_INPUTS, inputsFrom, readDeployInputs, VALID_UUID } from './helpers/inputs.js'

let stdout: string[]
beforeEach(() => {
  stdout = []
  clearSecrets()
  // core.setSecret writes `::add-mask::` commands to stdout; capture them to assert masking.
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout.push(String(chunk))
    return true
  })
})
afterEach(() => {
  jest.restoreAllMocks()
})

async function problemsOf(values: Partial<Record<InputName, string>>, env: Record<string, string> = {}): Promise<string[]> {
  try {
    await readInputs(inputsFrom(values), { env })
  } catch (error) {
    if (error instanceof InputError) return [...error.problems]
    throw error
  }
  throw new Error('expected an InputError')
}

describe('readInputs', () => {
  it('reads a minimal deploy with defaults applied', async () => {
    const inputs = await readInputs(inputsFrom(BASE_INPUTS))
    expect(inputs).toMatchObject({
      command: 'deploy',
      name: 'support-agent',
      createIfMissing: true,
      wait: true,
      timeoutMs: 30 * 60_000,
      pollIntervalMs: undefined,
      connection: { baseUrl: 'https://api.example.com', credential: { kind: 'api-key', value: 'key-123' } },
      sourceRevisionConfig: { graph_config_path: 'graph.json' },
      sourceConfig: {}
    })
  })

  it('maps source inputs to their request fields and leaves unset ones out', async () => {
    const inputs = await readDeployInputs({
      ...BASE_INPUTS,
      'integration-id': VALID_UUID.toUpperCase(),
      'repo-ref': 'release',
      'build-on-push': 'FALSE',
      'deployment-type': 'prod',
      'install-command': 'npm ci',
      'resource-spec': 'min_scale: 1\nmax_scale: 3\ncpu: 0.5\nlabels: {team: support}',
      timeout: '90s',
      'poll-interval': '1500ms'
    })
    expect(inputs.sourceConfig).toEqual({
      integration_id: VALID_UUID,
      build_on_push: false,
      deployment_type: 'prod',
      install_command: 'npm ci',
      resource_spec: { min_scale: 1, max_scale: 3, cpu: 0.5, labels: { team: 'support' } }
    })
    expect(inputs.sourceRevisionConfig).toEqual({ repo_ref: 'release', graph_config_path: 'graph.json' })
    expect(inputs.timeoutMs).toBe(90_000)
    expect(inputs.pollIntervalMs).toBe(1500)
  })

  it('takes a bearer token with a tenant id', async () => {
    const inputs = await readInputs(inputsFrom({ ...BASE_INPUTS, 'api-key': '', 'bearer-token': 'tok', 'tenant-id': VALID_UUID }))
    expect(inputs.connection.credential).toEqual({ kind: 'bearer-token', value: 'tok' })
    expect(inputs.connection.tenantId).toBe(VALID_UUID)
  })

  it('keeps the base path of the control-plane URL and drops a trailing slash', async () => {
    const inputs = await readInputs(inputsFrom({ ...BASE_INPUTS, 'control-plane-url': 'https://cp.example.com/api/' }))
    expect(inputs.connection.baseUrl).toBe('https://cp.example.com/api')
  })

  it.each([
    ['http://localhost:8123', 'http://localhost:8123'],
    ['http://127.0.0.9:80/x', 'http://127.0.0.9/x'],
    ['http://[::1]:9000', 'http://[::1]:9000']
  ])('allows http on the loopback host %s', async (url, expected) => {
    expect((await readInputs(inputsFrom({ ...BASE_INPUTS, 'control-plane-url': url }))).connection.baseUrl).toBe(expected)
  })

  it.each(BAD_INPUT_CASES)('rejects %s with exactly its problem', async (_case, overrides, problem, env) => {
    expect(await problemsOf({ ...BASE_INPUTS, ...overrides }, env)).toEqual([problem])
  })

  it('reports every problem at once', async () => {
    const problems = await problemsOf({ 'control-plane-url': 'ftp://x', wait: 'maybe', timeout: 'soon', name: '' })
    expect(problems).toHaveLength(5)
    // Each input's own format first, then the rules that relate inputs to each other.
    expect(problems.map((p) => p.match(/^`[^`]+`|^one of/)?.[0])).toEqual([
      '`control-plane-url`',
      '`wait`',
      '`timeout`',
      'one of',
      '`name`'
    ])
  })

  it('names the input and the fix in the error message', async () => {
    await expect(readInputs(inputsFrom({ ...BASE_INPUTS, wait: 'yes' }))).rejects.toThrow(
      'Invalid input: `wait` must be `true` or `false`, got `yes`'
    )
  })

  it('registers the API key and every secret value for masking before failing on other inputs', async () => {
    await expect(
      readInputs(inputsFrom({ ...BASE_INPUTS, 'api-key': 'the-key', secrets: 'A=first value\nB=second', timeout: 'never' }))
    ).rejects.toThrow(InputError)
    const masks = stdout.join('')
    for (const secret of ['the-key', 'first value', 'second']) expect(masks).toContain(`::add-mask::${secret}`)
    expect(redact('x the-key y second')).toBe('x *** y ***')
  })

  it('never puts a secret value in a problem', async () => {
    const problems = await problemsOf({ ...BASE_INPUTS, secrets: 'GOOD=hunter2\nGOOD=hunter3\n9BAD=hunter4' })
    expect(problems.join('\n')).not.toMatch(/hunter/)
    expect(problems).toEqual([
      '`secrets`: line 2: `GOOD` is already set on line 1',
      '`secrets`: line 3: the name before `=` must be letters, digits and `_`, not starting with a digit (no spaces)'
    ])
  })
})
