import type { Secret } from '../api/schemas.js'

/**
 * Environment variables the control plane sets in every agent server itself, so it
 * refuses a secret of the same name. Refused here first, before any request, so the
 * user learns which secret and why instead of reading a control-plane refusal.
 */
const ALWAYS_RESERVED = new Set([
  'LANGCHAIN_TRACING_V2',
  'LANGSMITH_TRACING_V2',
  'LANGCHAIN_ENDPOINT',
  'LANGCHAIN_PROJECT',
  'LANGSMITH_PROJECT',
  'LANGSMITH_LANGGRAPH_GIT_REPO',
  'LANGGRAPH_GIT_REPO_PATH',
  'LANGCHAIN_API_KEY',
  'LANGSMITH_CONTROL_PLANE_API_KEY',
  'POSTGRES_URI',
  'POSTGRES_PASSWORD',
  'DATABASE_URI',
  'LANGSMITH_LANGGRAPH_GIT_REF',
  'LANGSMITH_LANGGRAPH_GIT_REF_SHA',
  'LANGGRAPH_AUTH_TYPE',
  'LANGSMITH_AUTH_ENDPOINT',
  'LANGSMITH_TENANT_ID',
  'LANGSMITH_AUTH_VERIFY_TENANT_ID',
  'LANGSMITH_HOST_PROJECT_ID',
  'LANGSMITH_HOST_PROJECT_NAME',
  'LANGSMITH_HOST_REVISION_ID',
  'LOG_JSON',
  'LOG_DICT_TRACEBACKS',
  'REDIS_URI',
  'LANGCHAIN_CALLBACKS_BACKGROUND',
  'DD_TRACE_PSYCOPG_ENABLED',
  'DD_TRACE_REDIS_ENABLED',
  'LANGSMITH_DEPLOYMENT_NAME',
  'LANGGRAPH_CLOUD_LICENSE_KEY'
])

/**
 * Reserved too, except on a self-hosted control plane, where the operator runs the
 * server and sets these; self-hosted deployments are the `external_docker` ones.
 */
const RESERVED_UNLESS_SELF_HOSTED = new Set([
  'LANGSMITH_API_KEY',
  'LANGSMITH_ENDPOINT',
  'POSTGRES_URI_CUSTOM',
  'REDIS_URI_CUSTOM',
  'PATH',
  'PORT',
  'MOUNT_PREFIX',
  'LSD_ENV',
  'LSD_DD_API_KEY',
  'LSD_DD_ENDPOINT',
  'LSD_DEPLOYMENT_TYPE'
])

const SELF_HOSTED_SOURCE = 'external_docker'

const FIX = 'rename it (and read it under its new name in your code) or remove it'

/**
 * The problems of `secrets` whose names the control plane reserves, naming each secret
 * (never its value). `source` is the deployment's source when known: until it is, only
 * the names reserved whatever the source are checked, and the caller checks again with
 * the source once the lookup has told it (before any change).
 */
export function reservedSecretProblems(secrets: readonly Secret[] | undefined, source: string | undefined): string[] {
  const problems: string[] = []
  for (const { name } of secrets ?? []) {
    if (ALWAYS_RESERVED.has(name)) {
      problems.push(
        `\`secrets\`: \`${name}\` is a name the control plane reserves (it sets that variable in every agent server itself); ${FIX}`
      )
    } else if (source !== undefined && source !== SELF_HOSTED_SOURCE && RESERVED_UNLESS_SELF_HOSTED.has(name)) {
      problems.push(
        `\`secrets\`: \`${name}\` is a name the control plane reserves for \`${source}\` deployments (it sets that variable itself; ` +
          `only self-hosted, \`${SELF_HOSTED_SOURCE}\` deployments may set it); ${FIX}`
      )
    }
  }
  return problems
}
