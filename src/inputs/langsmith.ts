import type { InputName } from './names.js'
import type { InputReader } from './spec.js'

/** Where `evals`' results are recorded as LangSmith experiments, and whose run they are (operations/langsmith/). */
export interface LangSmithSettings {
  /** `langsmith-api-key`: sent as `X-Api-Key` to `endpoint` and nowhere else. */
  apiKey: string
  /** `langsmith-endpoint`: the API's base URL, without a trailing slash. */
  endpoint: string
  /** `langsmith-workspace-id`: sent as `X-Tenant-Id`. */
  workspaceId?: string
  /** The workflow run, from its context: in each experiment's name and metadata. */
  run: WorkflowRun
}

export interface WorkflowRun {
  /** The commit the workflow runs for (`GITHUB_SHA`). */
  commit?: string
  /** `GITHUB_RUN_ID` and `GITHUB_RUN_ATTEMPT`. */
  id?: string
  attempt?: string
  /** The run's page, when the context names the server and the repository. */
  url?: string
  /** `owner/name` (`GITHUB_REPOSITORY`): in each row's id, so that two repositories' suites never share an example. */
  repository?: string
}

/** Read by `deploy` and `rollback`, where `evals` is. */
export const LANGSMITH_INPUTS: InputName[] = ['langsmith-api-key', 'langsmith-endpoint', 'langsmith-workspace-id']

/**
 * The LangSmith settings, when a key is given (without one nothing is recorded, and the other
 * two inputs are not needed); the workflow run from the context's `GITHUB_*` variables.
 */
export function readLangSmith(reader: InputReader): LangSmithSettings | undefined {
  const apiKey = reader.value('langsmith-api-key')
  const endpoint = reader.value('langsmith-endpoint')
  if (apiKey === undefined || endpoint === undefined) return undefined
  const workspaceId = reader.value('langsmith-workspace-id')
  return { apiKey, endpoint, ...(workspaceId === undefined ? {} : { workspaceId }), run: workflowRun(reader.context.env ?? {}) }
}

function workflowRun(env: NodeJS.ProcessEnv): WorkflowRun {
  const id = env.GITHUB_RUN_ID || undefined
  const attempt = env.GITHUB_RUN_ATTEMPT || undefined
  const server = env.GITHUB_SERVER_URL || undefined
  const repository = env.GITHUB_REPOSITORY || undefined
  const url = id && server && repository ? `${server.replace(/\/+$/, '')}/${repository}/actions/runs/${id}` : undefined
  return {
    ...(env.GITHUB_SHA ? { commit: env.GITHUB_SHA } : {}),
    ...(id ? { id } : {}),
    ...(attempt ? { attempt } : {}),
    ...(url ? { url: attempt ? `${url}/attempts/${attempt}` : url } : {}),
    ...(repository ? { repository } : {})
  }
}
