import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { InputError } from '../src/errors.js'
import { readInputs } from '../src/inputs/read.js'
import { clearSecrets, redact } from '../src/masking.js'
import type { InputName } from '../src/inputs/names.js'
import { BASE_INPUTS, inputsFrom, VALID_UUID } from './helpers/inputs.js'

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

function problemsOf(values: Partial<Record<InputName, string>>): string[] {
  try {
    readInputs(inputsFrom(values))
  } catch (error) {
    if (error instanceof InputError) return [...error.problems]
    throw error
  }
  throw new Error('expected an InputError')
}

describe('readInputs', () => {
  it('reads a minimal deploy with defaults applied', () => {
    const inputs = readInputs(inputsFrom(BASE_INPUTS))
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

  it('maps source inputs to their request fields and leaves unset ones out', () => {
    const inputs = readInputs(
      inputsFrom({
        ...BASE_INPUTS,
        'integration-id': VALID_UUID.toUpperCase(),
        'repo-ref': 'release',
        'build-on-push': 'FALSE',
        'deployment-type': 'prod',
        'install-command': 'npm ci',
        'resource-spec': 'min_scale: 1\nmax_scale: 3\ncpu: 0.5\nlabels: {team: support}',
        timeout: '90s',
        'poll-interval': '500ms'
      })
    )
    expect(inputs.sourceConfig).toEqual({
      integration_id: VALID_UUID,
      build_on_push: false,
      deployment_type: 'prod',
      install_command: 'npm ci',
      resource_spec: { min_scale: 1, max_scale: 3, cpu: 0.5, labels: { team: 'support' } }
    })
    expect(inputs.sourceRevisionConfig).toEqual({ repo_ref: 'release', graph_config_path: 'graph.json' })
    expect(inputs.timeoutMs).toBe(90_000)
    expect(inputs.pollIntervalMs).toBe(500)
  })

  it('takes a bearer token with a tenant id', () => {
    const inputs = readInputs(
      inputsFrom({ ...BASE_INPUTS, 'api-key': '', 'bearer-token': 'tok', 'tenant-id': VALID_UUID })
    )
    expect(inputs.connection.credential).toEqual({ kind: 'bearer-token', value: 'tok' })
    expect(inputs.connection.tenantId).toBe(VALID_UUID)
  })

  it('keeps the base path of the control-plane URL and drops a trailing slash', () => {
    const inputs = readInputs(inputsFrom({ ...BASE_INPUTS, 'control-plane-url': 'https://cp.example.com/api/' }))
    expect(inputs.connection.baseUrl).toBe('https://cp.example.com/api')
  })

  it.each([
    ['http://localhost:8123', 'http://localhost:8123'],
    ['http://127.0.0.9:80/x', 'http://127.0.0.9/x'],
    ['http://[::1]:9000', 'http://[::1]:9000']
  ])('allows http on the loopback host %s', (url, expected) => {
    expect(readInputs(inputsFrom({ ...BASE_INPUTS, 'control-plane-url': url })).connection.baseUrl).toBe(expected)
  })

  it.each<[string, Partial<Record<InputName, string>>, string]>([
    ['missing URL', { 'control-plane-url': '' }, '`control-plane-url` is required'],
    ['http to a remote host', { 'control-plane-url': 'http://api.example.com' }, '`control-plane-url` must use https://'],
    ['http to a look-alike host', { 'control-plane-url': 'http://127.0.0.1.example.com' }, '`control-plane-url` must use https://'],
    ['not a URL', { 'control-plane-url': 'api.example.com' }, '`control-plane-url` must be an absolute URL'],
    ['credentials in the URL', { 'control-plane-url': 'https://u:p@api.example.com' }, '`control-plane-url` must not contain a user name or password'],
    ['a query in the URL', { 'control-plane-url': 'https://api.example.com/?x=1' }, '`control-plane-url` must not contain a query string'],
    ['no credential', { 'api-key': '' }, 'one of `api-key` and `bearer-token` is required'],
    ['two credentials', { 'bearer-token': 'tok', 'tenant-id': VALID_UUID }, 'set only one of `api-key` and `bearer-token`'],
    ['bearer without tenant', { 'api-key': '', 'bearer-token': 'tok' }, '`tenant-id` is required with `bearer-token`'],
    ['a newline in the API key', { 'api-key': 'abc\ndef' }, '`api-key` must be a single line of text'],
    ['a bad tenant id', { 'tenant-id': 'workspace-1' }, '`tenant-id` must be a UUID'],
    ['no name', { name: '' }, '`name` is required'],
    ['a name with a newline', { name: 'a\nb' }, '`name` must be a single line'],
    ['a path in the deployment id', { 'deployment-id': '../listeners' }, '`deployment-id` must be a UUID'],
    ['an unknown command', { command: 'destroy' }, '`command` must be one of `deploy`, got `destroy`'],
    ['an unknown source', { source: 'gitlab' }, '`source` must be one of `github`, `external_docker`'],
    ['an unknown revision source', { 'revision-source': 'external_docker' }, '`revision-source` must be one of `github`, `internal_docker`, `internal_source`'],
    ['a misspelt boolean', { wait: 'yes' }, '`wait` must be `true` or `false`, got `yes`'],
    ['a boolean typo', { 'create-if-missing': 'ture' }, '`create-if-missing` must be `true` or `false`, got `ture`'],
    ['a bad duration', { timeout: '10 minutes' }, '`timeout` must be a duration'],
    ['a zero duration', { timeout: '0s' }, '`timeout` must be longer than zero'],
    ['a bad deployment type', { 'deployment-type': 'staging' }, '`deployment-type` must be one of `dev`, `prod`, `dev_free`'],
    ['a bad integration id', { 'integration-id': '42' }, '`integration-id` must be a UUID'],
    ['an unknown resource-spec key', { 'resource-spec': 'min_scale: 1\nmax_scael: 2' }, '`resource-spec`: `max_scael` is not a known key'],
    ['a nested unknown key', { 'resource-spec': 'sidecars:\n  - name: s\n    image: i\n    imagePullPolicyy: Always' }, '`resource-spec`: `sidecars[0].imagePullPolicyy` is not a known key'],
    ['a wrong type in resource-spec', { 'resource-spec': '{"min_scale": "one"}' }, '`resource-spec`: `min_scale`:'],
    ['a cpu out of range', { 'resource-spec': 'cpu: 64' }, '`resource-spec`: `cpu`:'],
    ['resource-spec not a mapping', { 'resource-spec': '- 1\n- 2' }, '`resource-spec`: the value:'],
    ['resource-spec not YAML', { 'resource-spec': 'a: [1, 2' }, '`resource-spec`: not valid YAML or JSON'],
    ['secret-references with a missing field', { source: 'external_docker', 'graph-config-path': '', 'secret-references': '- name: A\n  secret_name: s' }, '`secret-references`: `[0].secret_key`'],
    ['graph-config-path for a docker source', { source: 'external_docker' }, '`graph-config-path` applies only to `github` and `internal_source` sources'],
    ['image-uri for a github source', { source: 'github', 'image-uri': 'repo/img:1' }, '`image-uri` applies only to `external_docker` and `internal_docker` sources'],
    ['build on push for a tag', { 'build-on-push': 'true', 'repo-ref': 'refs/tags/v1', source: 'github' }, '`build-on-push` cannot be `true` when `repo-ref` is a tag']
  ])('rejects %s', (_case, overrides, expected) => {
    const problems = problemsOf({ ...BASE_INPUTS, ...overrides })
    expect(problems.some((p) => p.startsWith(expected) || p.includes(expected))).toBe(true)
  })

  it('reports every problem at once', () => {
    const problems = problemsOf({ 'control-plane-url': 'ftp://x', wait: 'maybe', timeout: 'soon', name: '' })
    expect(problems).toHaveLength(5)
    expect(problems.map((p) => p.match(/^`[^`]+`|^one of/)?.[0])).toEqual([
      '`control-plane-url`',
      'one of',
      '`name`',
      '`wait`',
      '`timeout`'
    ])
  })

  it('names the input and the fix in the error message', () => {
    expect(() => readInputs(inputsFrom({ ...BASE_INPUTS, wait: 'yes' }))).toThrow(
      'Invalid input: `wait` must be `true` or `false`, got `yes`'
    )
  })

  it('registers the API key and every secret value for masking before failing on other inputs', () => {
    expect(() =>
      readInputs(
        inputsFrom({ ...BASE_INPUTS, 'api-key': 'the-key', secrets: 'A=first value\nB=second', timeout: 'never' })
      )
    ).toThrow(InputError)
    const masks = stdout.join('')
    for (const secret of ['the-key', 'first value', 'second']) expect(masks).toContain(`::add-mask::${secret}`)
    expect(redact('x the-key y second')).toBe('x *** y ***')
  })

  it('never puts a secret value in a problem', () => {
    const problems = problemsOf({ ...BASE_INPUTS, secrets: 'GOOD=hunter2\nGOOD=hunter3\n9BAD=hunter4' })
    expect(problems.join('\n')).not.toMatch(/hunter/)
    expect(problems).toEqual([
      '`secrets`: line 2: `GOOD` is already set on line 1',
      '`secrets`: line 3: the name before `=` must be letters, digits and `_`, not starting with a digit (no spaces)'
    ])
  })
})
