// `npm run bench`: the performance figures of docs/performance.md, in one run.
//  1. Polling, on a virtual clock over many deploys of the reference timeline whose
//     phases vary ±10%, for this action and for fixed 1 s / 5 s / 60 s polling.
//  2. Start-up: time to the first request of `node dist/index.js` against `node -e 0`
//     (`npm run bench -- --startup` runs only this one).
//  3. Lookup: one name among 10,000 deployments, 1,000 of which contain it.
//  4. Prune: 2,000 preview deployments, 1,990 of whose pull requests are open.
//  5. Body: time to read and parse a 50 MB list page from a loopback server.
//  6. Paths: a push outside `paths`, skipped, against a full deploy of the same change.
//  7. Remote build: archive + upload of 50,000 small files and of one 300 MB file, round by round beside
//     `git archive HEAD | gzip -6` of the same tree (scripts/bench-archive.js).
//  8. Config check: a broken config refused, against the simulator's build failing it (bench/config-check.js).
//  9. Evals: 200 runs of a 100 ms agent at concurrency 8 against the ideal 2.5 s (bench/evals.js;
//     `npm run bench -- --evals` runs only this one).
// 10. Evals gate: false blocks of an agent compared with itself, broken previews caught, runs
//     spent, seeded, through the real adaptive plan and verdicts (bench/evals-gate.js;
//     `npm run bench -- --evals-gate` runs only this one; `--evals` runs it too).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { ROOT, runAction } from './run-action.js'
import { startSimulator } from '../sim/index.js'
import { startFakeGitHub } from '../sim/github.js'
import { archiveBench } from './bench-archive.js'

const BENCH_BUILD = join(ROOT, '.bench')

/** @param {number[]} values @param {number} q */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

function polling() {
  // The polling loop is TypeScript under src/: bundle the benchmark with it.
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'ncc'), ['build', 'bench/index.ts', '-o', BENCH_BUILD, '-q'], {
    cwd: ROOT,
    stdio: 'inherit'
  })
  if (build.status !== 0) throw new Error('could not build the benchmark')
  const run = spawnSync(process.execPath, [join(BENCH_BUILD, 'index.js')], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(run.stderr)
  /** @type {Array<{label: string, runs: number, requestsMedian: number, requestsMax: number, noticedMedianMs: number, noticedP95Ms: number}>} */
  const figures = JSON.parse(run.stdout)
  console.log(`Polling: the reference deploy (15 min), ${figures[0].runs} runs each, phases ±10%, 50 ms per request`)
  console.log('  target: at most 120 status requests, DEPLOYED noticed within 5 s (median)\n')
  console.log('  polling                  status requests (median / max)   DEPLOYED noticed after (median / p95)')
  for (const f of figures) {
    console.log(
      `  ${f.label.padEnd(24)} ${`${f.requestsMedian} / ${f.requestsMax}`.padEnd(32)} ${seconds(f.noticedMedianMs)} / ${seconds(f.noticedP95Ms)}`
    )
  }
}

async function startup() {
  // The floor: @actions/core and @actions/http-client alone, sending one request (bench/floor.ts).
  const floorBuild = join(BENCH_BUILD, 'floor')
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'ncc'), ['build', 'bench/floor.ts', '-o', floorBuild, '-q'], {
    cwd: ROOT,
    stdio: 'inherit'
  })
  if (build.status !== 0) throw new Error('could not build the start-up floor')
  const runs = 21
  /** @type {((at: number) => void) | undefined} */
  let onRequest
  const server = createServer((_req, res) => {
    onRequest?.(performance.now())
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"detail":"benchmark"}')
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())
  const env = {
    PATH: process.env.PATH ?? '',
    'INPUT_CONTROL-PLANE-URL': `http://127.0.0.1:${address.port}`,
    'INPUT_API-KEY': 'benchmark-key',
    INPUT_NAME: 'support-agent',
    INPUT_COMMAND: 'deploy',
    'INPUT_CREATE-IF-MISSING': 'true',
    INPUT_WAIT: 'true',
    INPUT_TIMEOUT: '30m',
    'INPUT_SHOW-LOGS': 'true'
  }
  /** Time from spawning `script` to its first request. @param {string} script */
  const toFirstRequest = async (script) => {
    const hit = new Promise((resolve) => (onRequest = resolve))
    const t = performance.now()
    const child = spawn(process.execPath, [script], { stdio: 'ignore', env })
    const at = /** @type {number} */ (await hit)
    await new Promise((resolve) => child.on('close', resolve))
    return at - t
  }
  /** @type {{bare: number[], floor: number[], action: number[]}} */
  const times = { bare: [], floor: [], action: [] }
  // Interleaved, one of each in turn: on a shared machine, load that comes and goes then
  // weighs on all three alike.
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    spawnSync(process.execPath, ['-e', '0'])
    times.bare.push(performance.now() - t0)
    times.floor.push(await toFirstRequest(join(floorBuild, 'index.js')))
    times.action.push(await toFirstRequest(join(ROOT, 'dist', 'index.js')))
  }
  server.close()
  const [bare, floor, action] = [times.bare, times.floor, times.action].map((t) => quantile(t, 0.5))
  const ms = (/** @type {number} */ value) => `${value.toFixed(0)} ms`
  console.log(
    `\nStart-up of a deploy to its first request, median of ${runs} interleaved runs on Node ${process.versions.node} (target: at most 1.5x)`
  )
  console.log('  node -e 0   @actions/core + http-client alone   node dist/index.js   ratio (action / node -e 0)   above the libraries')
  console.log(
    `  ${ms(bare).padEnd(11)} ${`${ms(floor)} (${(floor / bare).toFixed(2)}x)`.padEnd(35)} ${ms(action).padEnd(20)} ${`${(action / bare).toFixed(2)}x`.padEnd(28)} ${ms(action - floor)}`
  )
}

async function lookup() {
  const sim = await startSimulator()
  try {
    const target = 'support-agent'
    for (let i = 0; i < 9_000; i++) sim.seedDeployment({ name: `other-service-${i}` })
    for (let i = 0; i < 999; i++) sim.seedDeployment({ name: `${target}-pr-${i}` })
    sim.seedDeployment({ name: target, source: 'external_docker' })
    for (let i = 0; i < 10; i++) sim.seedDeployment({ name: `more-service-${i}` })
    sim.requests.length = 0
    /** @type {number | undefined} */
    let lookingAt
    /** @type {number | undefined} */
    let foundAt
    const hasTime = existsSync('/usr/bin/time')
    const run = await runAction({
      inputs: { 'control-plane-url': sim.url, 'api-key': sim.apiKey, name: target, 'image-uri': 'registry.example/agent:2', wait: 'false' },
      wrapper: hasTime ? ['/usr/bin/time', '-f', 'peak-rss-kb=%M'] : [],
      onStdout: (chunk) => {
        if (lookingAt === undefined && chunk.includes('Looking up deployment')) lookingAt = performance.now()
        if (foundAt === undefined && chunk.includes('Found deployment')) foundAt = performance.now()
      }
    })
    if (run.exitCode !== 0) throw new Error(`the lookup run failed:\n${run.stdout}\n${run.stderr}`)
    const listRequests = sim.requests.filter((r) => r.path === '/v2/deployments' && r.method === 'GET').length
    const peak = /peak-rss-kb=(\d+)/.exec(run.stderr)?.[1]
    const matching = sim.deployments().filter((d) => String(d.name).includes(target)).length
    // 1,000 names contain the target: 10 full pages of 100, then an 11th, empty, page that proves the list
    // ended. The walk must be complete (a duplicate name anywhere in the list is an error, v1), so 11 it is.
    const pages = Math.floor(matching / 100) + 1
    console.log(
      `\nLookup: \`${target}\` among ${sim.deployments().length} deployments, ${matching} of which contain it ` +
        `(targets: at most ${pages} list requests (${pages - 1} full pages of 100, and the empty page that proves the end: ` +
        'the walk is complete, to find a duplicate name), under 1 s, under 100 MB)'
    )
    console.log(
      `  list requests: ${listRequests}; lookup time: ${foundAt && lookingAt ? `${Math.round(foundAt - lookingAt)} ms` : 'n/a'}; ` +
        `peak memory of the action: ${peak ? `${(Number(peak) / 1024).toFixed(0)} MB` : 'n/a (/usr/bin/time missing)'}`
    )
  } finally {
    await sim.stop()
  }
}

/** @param {Record<string, string>} extra inputs on top of the prune's */
async function pruneOnce(extra) {
  const [sim, github] = await Promise.all([startSimulator(), startFakeGitHub()])
  try {
    const candidates = 2_000
    const stale = 10
    for (let pr = 1; pr <= candidates; pr++) sim.seedDeployment({ name: `support-agent-pr-${pr}` })
    // Some that only look alike: the pattern must not take them.
    for (let i = 0; i < 200; i++) sim.seedDeployment({ name: `support-agent-pr-${i + 1}-old` })
    for (let pr = 1; pr <= candidates - stale; pr++) github.pulls.push({ number: pr, state: 'open' })
    for (let pr = candidates - stale + 1; pr <= candidates; pr++) github.pulls.push({ number: pr, state: 'closed' })
    sim.requests.length = 0
    const started = performance.now()
    const run = await runAction({
      inputs: {
        'control-plane-url': sim.url,
        'api-key': sim.apiKey,
        command: 'prune',
        'name-pattern': 'support-agent-pr-{pr}',
        'github-token': github.token,
        'delete-tracing-project': 'true',
        ...extra
      },
      env: { GITHUB_API_URL: github.url }
    })
    const elapsed = performance.now() - started
    if (run.exitCode !== 0) throw new Error(`the prune run failed:\n${run.stdout}\n${run.stderr}`)
    const byKind = (/** @type {string} */ method) => sim.requests.filter((r) => r.method === method).length
    const label =
      Object.keys(extra).length === 0
        ? 'default inputs'
        : Object.entries(extra)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')
    console.log(
      `  ${label.padEnd(16)} GitHub requests: ${github.requests.length} (${github.requests.filter((r) => /\/pulls$/.test(r.path)).length} pages of the open list, ` +
        `${github.requests.filter((r) => /\/pulls\/\d+$/.test(r.path)).length} single reads); control plane: ${byKind('GET')} reads, ${byKind('DELETE')} deletes; ` +
        `pruned ${JSON.parse(run.outputs.pruned ?? '[]').length}; whole run ${(elapsed / 1000).toFixed(1)} s`
    )
  } finally {
    await Promise.all([sim.stop(), github.stop()])
  }
}

async function prune() {
  console.log('\nPrune: 2,000 previews (1,990 with an open pull request, 10 closed) and 200 look-alike names')
  await pruneOnce({})
  // With max-age, every candidate's newest revision is read (from the control plane, not GitHub).
  await pruneOnce({ 'max-age': '30d' })
}

function bodyRead() {
  const out = join(BENCH_BUILD, 'body')
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'ncc'), ['build', 'bench/body.ts', '-o', out, '-q'], {
    cwd: ROOT,
    stdio: 'inherit'
  })
  if (build.status !== 0) throw new Error('could not build the body benchmark')
  const run = spawnSync(process.execPath, [join(out, 'index.js')], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(run.stderr)
  /** @type {{bytes: number, medianMs: number, maxMs: number}} */
  const figure = JSON.parse(run.stdout)
  console.log(`\nBody: read and parse a ${(figure.bytes / 1e6).toFixed(0)} MB list page from a loopback server, 5 runs (target: under 1 s)`)
  console.log(`  median ${figure.medianMs.toFixed(0)} ms, max ${figure.maxMs.toFixed(0)} ms`)
}

if (process.argv.includes('--prune')) {
  await prune()
} else if (process.argv.includes('--paths')) {
  await (await import('../bench/paths.js')).pathsBench()
} else if (process.argv.includes('--archive')) {
  await archiveBench()
  await (await import('../bench/config-check.js')).configCheckBench()
  await (await import('../bench/evals.js')).evalsBench()
} else if (process.argv.includes('--startup')) {
  await startup()
} else if (process.argv.includes('--evals-gate')) {
  ;(await import('../bench/evals-gate.js')).evalsGateBench()
} else if (process.argv.includes('--evals')) {
  await (await import('../bench/evals.js')).evalsBench()
  ;(await import('../bench/evals-gate.js')).evalsGateBench()
} else if (process.argv.includes('--config-check')) {
  await (await import('../bench/config-check.js')).configCheckBench()
  await (await import('../bench/evals.js')).evalsBench()
} else {
  polling()
  await startup()
  await lookup()
  await prune()
  bodyRead()
  await (await import('../bench/paths.js')).pathsBench()
  await archiveBench()
  await (await import('../bench/config-check.js')).configCheckBench()
  await (await import('../bench/evals.js')).evalsBench()
  ;(await import('../bench/evals-gate.js')).evalsGateBench()
}
