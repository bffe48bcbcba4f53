import { run } from './main.js'

const { cancelled } = await run()
// A cancelled run has reported; requests it stopped waiting for must not keep it alive.
if (cancelled) process.exit()
