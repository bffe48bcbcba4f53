/**
 * What the main run keeps for the post step (`runs.post` in action.yml: the runner runs the same
 * bundle again at the end of the job, with each kept value as a `STATE_<name>` variable).
 * - `isPost`: kept by every main run before anything else, so that the post run knows itself and
 *   never runs a command again (docker/login-action tells its post run the same way).
 * - `registry`: the registry host `registry-login` logs Docker in to, kept before the login when
 *   `registry-logout` is true; the post run logs Docker out of it.
 */
export const POST_STATE = { isPost: 'isPost', registry: 'registry' } as const

export type PostStateName = (typeof POST_STATE)[keyof typeof POST_STATE]
