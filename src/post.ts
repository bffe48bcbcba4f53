import { getState } from '@actions/core'
import { dockerLogout } from './commands/registry-login/docker.js'
import { isRegistryHost } from './commands/registry-login/registry-url.js'
import type { Log } from './core/log.js'
import { POST_STATE } from './core/post-state.js'
import { actionsSink } from './report/sink.js'

/** A logout answers at once; one that does not (a hung daemon) must not hold the end of the job. */
export const LOGOUT_LIMIT_MS = 30_000

export interface PostOptions {
  /** What the main run kept (`STATE_*`); @actions/core's by default. */
  state?: (name: string) => string
  log?: Log
  /** Where `docker` is looked for; this process's environment by default. */
  env?: NodeJS.ProcessEnv
}

/**
 * The post step (`runs.post`), run by the runner at the end of the job for every use of the
 * action: when `registry-login` kept a registry host (`registry-logout: true`), Docker is
 * logged out of it, so no push token stays in a self-hosted runner's Docker config. Nothing
 * else: no input is read, no request is sent, no summary or output is written. A logout that
 * fails is a warning: it is the job's clean-up, and the job's result is its steps'.
 */
export async function runPost({ state = getState, log = actionsSink, env }: PostOptions = {}): Promise<void> {
  const host = state(POST_STATE.registry)
  if (!host) return
  // Kept by our own main run, but it becomes an argument of `docker`: only a plain host is.
  if (!isRegistryHost(host)) {
    log.warn(`The registry kept for logging out is not a registry host (${JSON.stringify(host.slice(0, 100))}): Docker was not logged out.`)
    return
  }
  const loggedOut = await dockerLogout(host, LOGOUT_LIMIT_MS, env)
  if (loggedOut.ok) log.info(`Logged Docker out of ${host} (\`registry-logout\`).`)
  else
    log.warn(
      `Could not log Docker out of ${host} (\`docker logout ${host}\`: ${loggedOut.reason}). The push token may stay in this runner's Docker config until it expires.`
    )
}
