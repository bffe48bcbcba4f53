import { run } from './main.js'

// The step's time counts from the process's start: loading the bundle is part of it.
const { cancelled } = await run({ startedAt: Date.now() - Math.round(process.uptime() * 1000) })
// A cancelled run has reported; requests it stopped waiting for must not keep it alive.
if (cancelled) process.exit()
