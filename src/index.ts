import { debug, getState } from '@actions/core'
import { POST_STATE } from './core/post-state.js'
import { systemStore } from './core/system-ca.js'
import { run } from './main.js'
import { actionsSink } from './report/sink.js'

if (getState(POST_STATE.isPost) === 'true') {
  // The post step at the end of the job (action.yml `runs.post`): registry-logout's clean-up and nothing else.
  await (await import('./post.js')).runPost()
} else {
  // First: the runner runs this file again as the post step, which must know itself and never run a command twice.
  actionsSink.saveState?.(POST_STATE.isPost, 'true')
  // A runner whose egress firewall terminates TLS has its authority in the system's store only: read on the first request that needs it.
  systemStore.onRead = (store) =>
    debug(
      'added' in store
        ? `system certificate store: ${store.added} authorities added (a certificate of an authority Node's list lacks)`
        : `system certificate store: ${store.unavailable}`
    )
  // The step's time counts from the process's start: loading the bundle is part of it.
  const { cancelled } = await run({ startedAt: Date.now() - Math.round(process.uptime() * 1000) })
  // A cancelled run has reported; requests it stopped waiting for must not keep it alive.
  if (cancelled) process.exit()
}
