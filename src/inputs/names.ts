/**
 * The inputs and outputs this version of the action reads and sets. action.yml must
 * declare exactly these (a test compares them), and `readInput` / `setOutput` only
 * accept these names, so the code cannot drift from the public interface.
 */
export const INPUT_NAMES = [
  'control-plane-url',
  'api-key',
  'bearer-token',
  'tenant-id',
  'command',
  'dry-run',
  'name',
  'deployment-id',
  'create-if-missing',
  'source',
  'revision-source',
  'repo-url',
  'integration-id',
  'repo-ref',
  'graph-config-path',
  'image-uri',
  'source-tarball-path',
  'deployment-type',
  'build-on-push',
  'custom-url',
  'install-command',
  'build-command',
  'listener-id',
  'k8s-namespace',
  'resource-spec',
  'secrets',
  'secret-references',
  'secrets-update',
  'wait',
  'timeout',
  'poll-interval',
  'show-logs',
  'rollback-to',
  'health-check-path',
  'health-check-timeout',
  'on-failure',
  'delete-tracing-project',
  'ignore-missing',
  'github-token',
  'github-environment',
  'pr-comment',
  'name-pattern',
  'max-age',
  'max-deletions',
  'archive-exclude',
  'paths',
  'expected-commit',
  'archive-include',
  'secret-scan',
  'registry-logout',
  'config-check',
  'verify-revision',
  'smoke-test',
  'evals',
  'langsmith-api-key',
  'langsmith-endpoint',
  'langsmith-workspace-id',
  'evals-from'
] as const

export type InputName = (typeof INPUT_NAMES)[number]

export const OUTPUT_NAMES = [
  'deployment-id',
  'revision-id',
  'revision-status',
  'deployment-status',
  'operation',
  'deployment-url',
  'commit-sha',
  'previous-revision-id',
  'pruned',
  'archive-sha256',
  'registry',
  'image-repository',
  'serving-revision-id',
  'eval-pass-rate',
  'eval-regressions',
  'eval-results'
] as const

export type OutputName = (typeof OUTPUT_NAMES)[number]

/**
 * Defaults the code applies when an input arrives empty (as it does when the action
 * runs outside a runner). action.yml declares the same defaults; a test compares them.
 */
export const INPUT_DEFAULTS = {
  command: 'deploy',
  'dry-run': 'false',
  'create-if-missing': 'true',
  wait: 'true',
  timeout: '30m',
  'show-logs': 'true',
  'rollback-to': 'previous',
  'health-check-timeout': '2m',
  'on-failure': 'fail',
  'delete-tracing-project': 'false',
  'ignore-missing': 'true',
  'pr-comment': 'false',
  'max-deletions': '10',
  'registry-logout': 'true',
  'secret-scan': 'warn',
  'config-check': 'error',
  'verify-revision': 'auto',
  'langsmith-endpoint': 'https://api.smith.langchain.com',
  'secrets-update': 'merge',
  'evals-from': 'checkout'
} as const satisfies Partial<Record<InputName, string>>

/**
 * Defaults that are workflow expressions: the runner evaluates them, code cannot. When
 * the action runs without a runner applying them (a local run, a test harness), the code
 * reads the environment variable the expression stands for instead. action.yml declares
 * exactly these; a test compares them.
 */
export const EXPRESSION_DEFAULTS = {
  'github-token': { expression: '${{ github.token }}', env: 'GITHUB_TOKEN' }
} as const satisfies Partial<Record<InputName, { expression: string; env: string }>>
