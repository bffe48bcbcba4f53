import { measurePolling } from './polling.js'

/** Polling figures on a virtual clock, as JSON for scripts/bench.js to print. */
const RUNS = 1000
const figures = []
for (const [label, interval] of [
  ['this action (adaptive)', undefined],
  ['fixed 1 s', 1_000],
  ['fixed 5 s', 5_000],
  ['fixed 60 s', 60_000]
] as const) {
  figures.push(await measurePolling(label, interval, RUNS))
}
process.stdout.write(JSON.stringify(figures))
