import type { InputName } from '../../src/inputs/names.js'

const UUID = '123e4567-e89b-12d3-a456-426614174000'

/** The GITHUB_* variables of a push of a tag, for rules that depend on the workflow's context. */
const TAG_PUSH = { GITHUB_REF: 'refs/tags/v1.2.0', GITHUB_REF_NAME: 'v1.2.0' }

/**
 * Wrong inputs, each with the one problem it must be reported as, word for word; and,
 * for rules that depend on the workflow's context, the GITHUB_* variables of the run.
 */
export const BAD_INPUTS: Array<[string, Partial<Record<InputName, string>>, string, Record<string, string>?]> = [
  [
    'no control-plane-url',
    { 'control-plane-url': '' },
    "`control-plane-url` is required: set it to the control plane's base URL, e.g. `https://api.example.com`"
  ],
  [
    'an ftp URL',
    { 'control-plane-url': 'ftp://cp.example.com' },
    '`control-plane-url` must use https:// (http:// is allowed only for localhost, 127.0.0.0/8 and [::1]), got `ftp://cp.example.com`'
  ],
  [
    'http to a remote host',
    { 'control-plane-url': 'http://cp.example.com' },
    '`control-plane-url` must use https:// (http:// is allowed only for localhost, 127.0.0.0/8 and [::1]), got `http://cp.example.com`'
  ],
  [
    'http to a host that only starts like loopback',
    { 'control-plane-url': 'http://127.0.0.1.evil.example' },
    '`control-plane-url` must use https:// (http:// is allowed only for localhost, 127.0.0.0/8 and [::1]), got `http://127.0.0.1.evil.example`'
  ],
  [
    'credentials in the URL',
    { 'control-plane-url': 'https://user:pw@cp.example.com' },
    '`control-plane-url` must not contain a user name or password; pass credentials with `api-key` or `bearer-token`'
  ],
  [
    'a query in the URL',
    { 'control-plane-url': 'https://cp.example.com/?redirect=evil' },
    '`control-plane-url` must not contain a query string or fragment; give the base URL only'
  ],
  [
    'a URL without a scheme',
    { 'control-plane-url': 'cp.example.com' },
    '`control-plane-url` must be an absolute URL such as `https://api.example.com`, got `cp.example.com`'
  ],
  [
    'no credential',
    { 'api-key': '' },
    'one of `api-key` and `bearer-token` is required: pass it from a repository secret, e.g. `api-key: ${{ secrets.CONTROL_PLANE_API_KEY }}`'
  ],
  ['both credentials', { 'bearer-token': 'tok-5b1f0c9e7a', 'tenant-id': UUID }, 'set only one of `api-key` and `bearer-token`, not both'],
  [
    'a bearer token without a tenant',
    { 'api-key': '', 'bearer-token': 'tok-5b1f0c9e7a' },
    '`tenant-id` is required with `bearer-token`: the control plane needs the workspace ID with a bearer token'
  ],
  [
    'a header injected through the API key',
    { 'api-key': 'key\r\nX-Evil: 1' },
    '`api-key` must be printable ASCII on one line (no line breaks, tabs or other control or non-ASCII characters); copy the credential again'
  ],
  [
    'a non-ASCII API key',
    { 'api-key': 'clé' },
    '`api-key` must be printable ASCII on one line (no line breaks, tabs or other control or non-ASCII characters); copy the credential again'
  ],
  [
    'a tenant id that is not a UUID',
    { 'tenant-id': 'my-workspace' },
    '`tenant-id` must be a UUID such as `123e4567-e89b-12d3-a456-426614174000`, got `my-workspace`'
  ],
  [
    'a header injected through the tenant id',
    { 'tenant-id': `${UUID}\nX-Evil: 1` },
    '`tenant-id` must be a UUID such as `123e4567-e89b-12d3-a456-426614174000`, got `123e4567-e89b-12d3-a456-426614174000\\nX-Evil: 1`'
  ],
  [
    'no name and no deployment-id',
    { name: '' },
    "`name` is required (or `deployment-id` to act on a known deployment): set it to the deployment's exact name"
  ],
  ['a newline in the name', { name: 'agent\nother' }, '`name` must be a single line of text'],
  ['a newline in the name of a deployment to delete', { command: 'delete', name: 'agent\nother' }, '`name` must be a single line of text'],
  [
    'a path in the deployment id',
    { 'deployment-id': '../../listeners/x' },
    '`deployment-id` must be a UUID such as `123e4567-e89b-12d3-a456-426614174000`, got `../../listeners/x`'
  ],
  [
    'a query in the deployment id',
    { 'deployment-id': 'abc?delete=true' },
    '`deployment-id` must be a UUID such as `123e4567-e89b-12d3-a456-426614174000`, got `abc?delete=true`'
  ],
  [
    'an unknown command',
    { command: 'destroy' },
    '`command` must be one of `deploy`, `delete`, `rollback`, `delete-listener`, `prune`, `registry-login`, got `destroy`'
  ],
  [
    'a health-check path that names another host',
    { 'health-check-path': '//evil.example/ok' },
    "`health-check-path` must not start with `//` (that names another host); give a path on the deployment's own URL, such as `/ok`"
  ],
  [
    'a full URL as the health-check path',
    { 'health-check-path': 'https://evil.example/ok' },
    "`health-check-path` must be a path, not a full URL; give a path on the deployment's own URL, such as `/ok`"
  ],
  [
    'a health-check path with a user name',
    { 'health-check-path': '@evil.example/ok' },
    "`health-check-path` must start with `/`; give a path on the deployment's own URL, such as `/ok`"
  ],
  [
    'a health check without the wait',
    { 'health-check-path': '/ok', wait: 'false' },
    '`health-check-path` needs `wait: true`: the health check runs once the revision is DEPLOYED, which only a run that waits sees'
  ],
  [
    'a required revision proof without the wait',
    { 'verify-revision': 'required', wait: 'false' },
    '`verify-revision: required` needs `wait: true`: the server is asked which revision it runs once ours is DEPLOYED, which only a run that waits sees; set `wait: true`, or `verify-revision: auto`'
  ],
  ['a health-check time limit of zero', { 'health-check-timeout': '0' }, '`health-check-timeout` must be longer than zero, got `0`'],
  ['an unknown on-failure', { 'on-failure': 'retry' }, '`on-failure` must be one of `fail`, `rollback`, got `retry`'],
  [
    'rollback-to that is neither previous nor an id',
    { command: 'rollback', 'rollback-to': 'latest' },
    "`rollback-to` must be `previous` or the id (a UUID) of one of the deployment's revisions, got `latest`"
  ],
  [
    'rollback without a name or id',
    { command: 'rollback', name: '' },
    "`name` is required (or `deployment-id` to act on a known deployment): set it to the deployment's exact name"
  ],
  ['dry-run that is not a boolean', { 'dry-run': 'maybe' }, '`dry-run` must be `true` or `false`, got `maybe`'],
  [
    'delete without a name or id',
    { command: 'delete', name: '' },
    "`name` is required (or `deployment-id` to act on a known deployment): set it to the deployment's exact name"
  ],
  [
    'delete-tracing-project written as yes',
    { command: 'delete', 'delete-tracing-project': 'yes' },
    '`delete-tracing-project` must be `true` or `false`, got `yes`'
  ],
  ['ignore-missing written as 1', { command: 'delete', 'ignore-missing': '1' }, '`ignore-missing` must be `true` or `false`, got `1`'],
  [
    'delete-listener without a listener',
    { command: 'delete-listener' },
    '`listener-id` is required by `command: delete-listener`: set it to the UUID of the listener to delete'
  ],
  [
    'delete-listener with a path for a listener',
    { command: 'delete-listener', 'listener-id': '../deployments/x' },
    '`listener-id` must be a UUID such as `123e4567-e89b-12d3-a456-426614174000`, got `../deployments/x`'
  ],
  ['pr-comment written as on', { 'pr-comment': 'on' }, '`pr-comment` must be `true` or `false`, got `on`'],
  [
    'a GitHub feature without a token',
    { 'github-environment': 'preview' },
    "`github-token` is required by `github-environment` and `pr-comment`: leave it unset to use the workflow's `${{ " +
      'github.token }}`, or pass a token with `deployments: write` and `pull-requests: write`'
  ],
  [
    'a header injected through the GitHub token',
    { 'pr-comment': 'true', 'github-token': 'ghs_abc\r\nX-Evil: 1' },
    '`github-token` must be printable ASCII on one line (no line breaks, tabs or other control or non-ASCII characters); copy the credential again'
  ],
  [
    'a newline in the GitHub environment',
    { 'github-environment': 'preview\nproduction', 'github-token': 'ghs_abc' },
    '`github-environment` must be a single line of text'
  ],
  [
    'a GitHub environment name too long',
    { 'github-environment': 'e'.repeat(256), 'github-token': 'ghs_abc' },
    '`github-environment` must be at most 255 characters long'
  ],
  [
    'an unknown source',
    { source: 'gitlab' },
    '`source` must be one of `github`, `external_docker`, `internal_docker`, `internal_source`, `internal_template`, got `gitlab`'
  ],
  [
    'a revision source that cannot be one',
    { 'revision-source': 'external_docker' },
    '`revision-source` must be one of `github`, `internal_docker`, `internal_source`, got `external_docker`'
  ],
  ['a boolean that is not true or false', { 'create-if-missing': 'yes' }, '`create-if-missing` must be `true` or `false`, got `yes`'],
  ['a boolean written as on', { wait: 'on' }, '`wait` must be `true` or `false`, got `on`'],
  [
    'a duration in words',
    { timeout: '10 minutes' },
    '`timeout` must be a duration such as `900` (seconds), `90s`, `15m`, `1h` or `7d`, got `10 minutes`'
  ],
  ['a zero duration', { timeout: '0' }, '`timeout` must be longer than zero, got `0`'],
  [
    'a negative poll interval',
    { 'poll-interval': '-5s' },
    '`poll-interval` must be a duration such as `900` (seconds), `90s`, `15m`, `1h` or `7d`, got `-5s`'
  ],
  [
    'an unknown deployment type',
    { 'deployment-type': 'staging' },
    '`deployment-type` must be one of `dev`, `prod`, `dev_free`, `dev_zero`, `dev_free_zero`, got `staging`'
  ],
  [
    'scaling to zero with a type that cannot',
    { 'deployment-type': 'dev', 'resource-spec': 'min_scale: 0' },
    '`resource-spec` sets `min_scale: 0`, but `deployment-type` is `dev`, which cannot scale to zero: only `dev_zero` or ' +
      '`dev_free_zero` deployments may. Set `deployment-type` to one of them, or `min_scale` to 1 or more'
  ],
  [
    'an integration id that is not a UUID',
    { 'integration-id': '42' },
    '`integration-id` must be a UUID such as `123e4567-e89b-12d3-a456-426614174000`, got `42`'
  ],
  [
    'a listener id with a path',
    { source: 'external_docker', 'graph-config-path': '', 'listener-id': '../x' },
    '`listener-id` must be a UUID such as `123e4567-e89b-12d3-a456-426614174000`, got `../x`'
  ],
  ['build-on-push that is not a boolean', { 'build-on-push': 'maybe' }, '`build-on-push` must be `true` or `false`, got `maybe`'],
  [
    'build-on-push for a tag',
    { 'build-on-push': 'true', 'repo-ref': 'refs/tags/v1.0.0' },
    '`build-on-push` cannot be `true` when `repo-ref` is a tag (`refs/tags/v1.0.0`): tags never change, so there is nothing to build on push'
  ],
  [
    'graph-config-path for a docker source',
    { source: 'external_docker' },
    '`graph-config-path` applies only to `github` and `internal_source` sources, not `external_docker`; remove it'
  ],
  [
    'image-uri for a github source',
    { source: 'github', 'image-uri': 'registry.example/agent:1' },
    '`image-uri` applies only to `external_docker` and `internal_docker` sources, not `github`; remove it'
  ],
  [
    'secret-references for a github source',
    { source: 'github', 'secret-references': '[{name: A, secret_name: s, secret_key: k}]' },
    '`secret-references` applies only to `external_docker` sources, not `github`; remove it'
  ],
  ['a misspelt resource-spec key', { 'resource-spec': 'min_scale: 1\nmax_sclae: 3' }, '`resource-spec`: `max_sclae` is not a known key'],
  [
    'an unknown key deep in resource-spec',
    { 'resource-spec': 'sidecars:\n  - name: proxy\n    image: envoy\n    imagePullPolicyy: Always' },
    '`resource-spec`: `sidecars[0].imagePullPolicyy` is not a known key'
  ],
  [
    'a string where resource-spec takes a number',
    { 'resource-spec': '{"min_scale": "one"}' },
    '`resource-spec`: `min_scale`: Invalid input: expected number, received string'
  ],
  [
    'a non-ASCII bearer token',
    { 'api-key': '', 'bearer-token': 'tök-5b1f0c9e7a', 'tenant-id': UUID },
    '`bearer-token` must be printable ASCII on one line (no line breaks, tabs or other control or non-ASCII characters); copy the credential again'
  ],
  ['a cpu beyond the limit', { 'resource-spec': 'cpu: 64' }, '`resource-spec`: `cpu`: Too big: expected number to be <=8'],
  [
    'a fractional memory',
    { 'resource-spec': '{"memory_mb": 1.5}' },
    '`resource-spec`: `memory_mb`: Invalid input: expected int, received number'
  ],
  [
    'resource-spec that is not YAML',
    { 'resource-spec': 'min_scale: [1, 2' },
    '`resource-spec`: not valid YAML or JSON (line 1): bad indent'
  ],
  [
    'resource-spec that is a list',
    { 'resource-spec': '- min_scale: 1' },
    '`resource-spec`: must be a YAML or JSON mapping (`key: value` lines)'
  ],
  [
    'a secret set twice',
    { secrets: 'OPENAI_API_KEY=sk-one\nOPENAI_API_KEY=sk-two' },
    '`secrets`: line 2: `OPENAI_API_KEY` is already set on line 1'
  ],
  [
    'a secret name with a dash',
    { secrets: 'OPENAI-API-KEY=sk-one' },
    '`secrets`: line 1: the name before `=` must be letters, digits and `_`, not starting with a digit (no spaces)'
  ],
  [
    'a secret value that is not a string',
    { secrets: 'PORT: 8123' },
    '`secrets`: key `PORT` (line 1): the value must be a string; quote it'
  ],
  [
    'a secret reference missing its key',
    { source: 'external_docker', 'graph-config-path': '', 'secret-references': '- name: A\n  secret_name: s' },
    '`secret-references`: `[0].secret_key` is required'
  ],
  [
    'build-on-push on a tag push, with the default repo-ref',
    { 'build-on-push': 'true' },
    '`build-on-push` cannot be `true` when `repo-ref` is a tag (`refs/tags/v1.2.0`): tags never change, so there is nothing to build on push',
    TAG_PUSH
  ],
  [
    'build-on-push on a tag push, github source, default repo-ref',
    { source: 'github', 'build-on-push': 'true' },
    '`build-on-push` cannot be `true` when `repo-ref` is a tag (`refs/tags/v1.2.0`): tags never change, so there is nothing to build on push',
    TAG_PUSH
  ],
  [
    'a poll interval of 1ms (meant 1m)',
    { 'control-plane-url': 'https://cp.example.com', 'poll-interval': '1ms' },
    '`poll-interval` must be at least 1s, so that status checks cannot flood the control plane, got 1ms; write minutes as `1m`'
  ],
  [
    'a poll interval under 1s',
    { 'control-plane-url': 'https://cp.example.com', 'poll-interval': '0.5' },
    '`poll-interval` must be at least 1s, so that status checks cannot flood the control plane, got 500ms; write minutes as `1m`'
  ],
  [
    'a prune poll interval of 1ms (meant 1m)',
    {
      command: 'prune',
      'name-pattern': 'agent-pr-{pr}',
      'github-token': 'ghs_abc',
      'control-plane-url': 'https://cp.example.com',
      'poll-interval': '1ms'
    },
    '`poll-interval` must be at least 1s, so that status checks cannot flood the control plane, got 1ms; write minutes as `1m`'
  ],
  [
    'a poll interval under the loopback floor',
    { 'control-plane-url': 'http://127.0.0.1:8123', 'poll-interval': '10ms' },
    '`poll-interval` must be at least 50ms, got 10ms'
  ],
  [
    'an empty secret (a missing repository secret)',
    { secrets: 'DB_PASSWORD=p4ss\nOPENAI_API_KEY=' },
    '`secrets`: line 2: `OPENAI_API_KEY` is empty: the repository secret it comes from is probably missing (GitHub passes a ' +
      'missing secret as an empty value); add the secret to the repository (or its environment), or remove this line'
  ],
  [
    'an empty `secrets` with `secrets-update: replace` (the control plane keeps the environment when sent [])',
    { secrets: '{}', 'secrets-update': 'replace' },
    '`secrets` is empty, and `secrets-update` is `replace`: an empty list does not clear the environment (the control plane keeps it ' +
      'as it is), so nothing would be replaced. List every secret the deployment needs in `secrets`, or remove `secrets-update: replace`'
  ],
  ['an unknown `secrets-update`', { 'secrets-update': 'overwrite' }, '`secrets-update` must be one of `merge`, `replace`, got `overwrite`'],
  [
    'an empty secret on a dry run',
    { secrets: 'OPENAI_API_KEY=', 'dry-run': 'true' },
    '`secrets`: line 1: `OPENAI_API_KEY` is empty: the repository secret it comes from is probably missing (GitHub passes a ' +
      'missing secret as an empty value); add the secret to the repository (or its environment), or remove this line'
  ],
  [
    'a blank secret in a mapping',
    { secrets: 'OPENAI_API_KEY: ""\nDB_PASSWORD: p4ss' },
    '`secrets`: key `OPENAI_API_KEY` (line 1): `OPENAI_API_KEY` is empty: the repository secret it comes from is probably ' +
      'missing (GitHub passes a missing secret as an empty value); add the secret to the repository (or its environment), or ' +
      'remove this line'
  ],
  [
    'a secret name the control plane reserves',
    { secrets: 'OPENAI_API_KEY=sk-0123456789\nLANGCHAIN_API_KEY=lsv2-0123456789' },
    '`secrets`: `LANGCHAIN_API_KEY` is a name the control plane reserves (it sets that variable in every agent server itself); rename it (and read it under its new name in your code) or remove it'
  ],
  [
    'a reserved secret name, even for a self-hosted source',
    { source: 'external_docker', 'graph-config-path': '', secrets: 'POSTGRES_URI=postgres://u:p@db/x' },
    '`secrets`: `POSTGRES_URI` is a name the control plane reserves (it sets that variable in every agent server itself); rename it (and read it under its new name in your code) or remove it'
  ],
  [
    'a secret name reserved for the source given',
    { source: 'github', secrets: 'PORT=8080' },
    '`secrets`: `PORT` is a name the control plane reserves for `github` deployments (it sets that variable itself; only ' +
      'self-hosted, `external_docker` deployments may set it); rename it (and read it under its new name in your code) or remove ' +
      'it'
  ],
  [
    'a reserved secret name in a mapping',
    { source: 'internal_docker', 'graph-config-path': '', secrets: 'LANGSMITH_API_KEY: lsv2-0123456789' },
    '`secrets`: `LANGSMITH_API_KEY` is a name the control plane reserves for `internal_docker` deployments (it sets that ' +
      'variable itself; only self-hosted, `external_docker` deployments may set it); rename it (and read it under its new name ' +
      'in your code) or remove it'
  ],
  [
    'registry-login without a name or id',
    { command: 'registry-login', name: '' },
    "`name` is required (or `deployment-id` to act on a known deployment): set it to the deployment's exact name"
  ],
  [
    'registry-login with create-if-missing written as yes',
    { command: 'registry-login', 'create-if-missing': 'yes' },
    '`create-if-missing` must be `true` or `false`, got `yes`'
  ],
  [
    'an image digest cut short',
    { source: 'internal_docker', 'graph-config-path': '', 'image-uri': 'registry.example.com/team/agent@sha256:abc' },
    '`image-uri` has the digest `sha256:abc`, which is not `sha256:` followed by exactly 64 lower-case hex digits; write it ' +
      "as `registry.example.com/team/agent@sha256:<64 hex digits>` (docker/build-push-action's `digest` output)"
  ],
  [
    'a docker option after the image',
    { source: 'internal_docker', 'graph-config-path': '', 'image-uri': 'registry.example.com/team/agent:v1 --rm' },
    '`image-uri` must be one image reference, without spaces or docker options, got `registry.example.com/team/agent:v1 ' +
      "--rm`; write it as `registry.example.com/team/agent@sha256:<64 hex digits>` (docker/build-push-action's `digest` output)"
  ],
  [
    'an image path in upper case',
    { source: 'external_docker', 'graph-config-path': '', 'image-uri': 'registry.example.com/Team/Agent:v1' },
    '`image-uri` has upper-case letters in its repository path `Team/Agent`: repository paths are lower case; write it as ' +
      "`registry.example.com/team/agent@sha256:<64 hex digits>` (docker/build-push-action's `digest` output)"
  ],
  [
    'an image with a scheme',
    { source: 'internal_docker', 'graph-config-path': '', 'image-uri': 'https://registry.example.com/team/agent:v1' },
    '`image-uri` must not start with a scheme (`https://`): an image reference names the registry host alone, got ' +
      '`https://registry.example.com/team/agent:v1`; write it as `registry.example.com/team/agent@sha256:<64 hex digits>` ' +
      "(docker/build-push-action's `digest` output)"
  ],
  [
    'paths written as a YAML list',
    { paths: '- agents/support/**' },
    '`paths` pattern `- agents/support/**` starts with a YAML list marker (`- `): `paths` is a block of text, one pattern a ' +
      'line; write `agents/support/**` without the `- ` (e.g. `paths: |` then one pattern a line)'
  ],
  [
    'paths separated by commas',
    { paths: 'agents/support/**, libs/shared/**' },
    '`paths` pattern `agents/support/**, libs/shared/**` has a `,`: patterns are not separated by commas; write one pattern a line (`[,]` matches a comma in a file name)'
  ],
  [
    'a paths pattern with backslashes',
    { paths: 'agents\\support\\**' },
    '`paths` pattern `agents\\support\\**` has a `\\`: paths are written with `/` (as GitHub lists them, on every runner), ' +
      "and GitHub's syntax has no backslash escapes; use `/`, and a class such as `[*]` to match a special character literally"
  ],
  [
    'a paths pattern with braces',
    { paths: 'agents/{support,billing}/**' },
    "`paths` pattern `agents/{support,billing}/**` has braces: GitHub's syntax has no `{a,b}` alternatives; write each " +
      'alternative as a pattern of its own, one a line (`[{]` matches a brace in a file name)'
  ],
  [
    'a paths pattern ending in a slash',
    { paths: 'agents/support/' },
    '`paths` pattern `agents/support/` ends with `/`: patterns match files, never a directory; write `agents/support/**` for everything under it'
  ],
  [
    'an absolute paths pattern',
    { paths: '/home/runner/work/agents/**' },
    "`paths` pattern `/home/runner/work/agents/**` is an absolute path: paths are relative to the repository's root, without a leading `/`"
  ],
  [
    'a newline in the k8s namespace',
    { source: 'external_docker', 'graph-config-path': '', 'k8s-namespace': 'ns\nother' },
    '`k8s-namespace` must be a single line of text'
  ]
]

/** The catalog with every case's environment filled in: jest takes a test function with more parameters than its row for one awaiting `done`. */
export const BAD_INPUT_CASES = BAD_INPUTS.map(([name, overrides, problem, env]) => [name, overrides, problem, env ?? {}] as const)
