import { ApiError } from './errors.js'

/**
 * Secret names the platform refuses because it sets those environment variables in the agent
 * server itself (the list the official documentation of the control plane gives). Kept here on its
 * own, not shared with the action's copy, so that a name missing from one side shows as a
 * disagreement between the two rather than passing both.
 */
const RESERVED = new Set(
  `LANGCHAIN_TRACING_V2 LANGSMITH_TRACING_V2 LANGCHAIN_ENDPOINT LANGCHAIN_PROJECT LANGSMITH_PROJECT
   LANGSMITH_LANGGRAPH_GIT_REPO LANGGRAPH_GIT_REPO_PATH LANGCHAIN_API_KEY LANGSMITH_CONTROL_PLANE_API_KEY
   POSTGRES_URI POSTGRES_PASSWORD DATABASE_URI LANGSMITH_LANGGRAPH_GIT_REF LANGSMITH_LANGGRAPH_GIT_REF_SHA
   LANGGRAPH_AUTH_TYPE LANGSMITH_AUTH_ENDPOINT LANGSMITH_TENANT_ID LANGSMITH_AUTH_VERIFY_TENANT_ID
   LANGSMITH_HOST_PROJECT_ID LANGSMITH_HOST_PROJECT_NAME LANGSMITH_HOST_REVISION_ID LOG_JSON
   LOG_DICT_TRACEBACKS REDIS_URI LANGCHAIN_CALLBACKS_BACKGROUND DD_TRACE_PSYCOPG_ENABLED
   DD_TRACE_REDIS_ENABLED LANGSMITH_DEPLOYMENT_NAME LANGGRAPH_CLOUD_LICENSE_KEY`.split(/\s+/)
)

/** Reserved as well, except where the deployment runs on the customer's own infrastructure (external_docker). */
const RESERVED_UNLESS_SELF_HOSTED = new Set(
  `LANGSMITH_API_KEY LANGSMITH_ENDPOINT POSTGRES_URI_CUSTOM REDIS_URI_CUSTOM PATH PORT MOUNT_PREFIX
   LSD_ENV LSD_DD_API_KEY LSD_DD_ENDPOINT LSD_DEPLOYMENT_TYPE`.split(/\s+/)
)

/**
 * @param {{ name: string }[] | null | undefined} secrets as validated against the reference
 * @param {string} source the deployment's source
 */
export function refuseReservedSecrets(secrets, source) {
  for (const { name } of secrets ?? []) {
    if (RESERVED.has(name) || (source !== 'external_docker' && RESERVED_UNLESS_SELF_HOSTED.has(name))) {
      throw new ApiError(400, `Secret name '${name}' is reserved and cannot be set.`)
    }
  }
}
