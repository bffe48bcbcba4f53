// `paths`: a push that changes nothing under `paths`, deployed with `paths` (skipped) and
// without (a full deploy of the same change), each run of the bundled action against the
// simulator and the fake GitHub: the requests each makes and its wall time, side by side.
import { lifecycles, startSimulator } from '../sim/index.js'
import { startFakeGitHub } from '../sim/github.js'
import { runAction } from '../scripts/run-action.js'

const RUNS = 5
const REPOSITORY = 'octo-org/support-agent'
const PATHS = 'agents/support/**\nlibs/shared/**'

/**
 * One deploy of a push that touches only another agent's files and the docs.
 * @param {boolean} withPaths
 */
async function deployOnce(withPaths) {
  // A build and rollout of 0.8 s: the simulator's, not a real one's 5 to 15 minutes.
  const [sim, github] = await Promise.all([startSimulator({ scenario: lifecycles.deployed(100) }), startFakeGitHub()])
  try {
    sim.connectGitHub(github)
    github.commitOn('main', ['agents/support/graph.py', 'libs/shared/util.py'])
    sim.seedDeployment({ name: 'support-agent', source_config: { repo_url: `https://github.com/${REPOSITORY}` } })
    const head = github.commitOn('main', ['agents/billing/graph.py', 'docs/guide.md'])
    sim.requests.length = 0
    const started = performance.now()
    const run = await runAction({
      inputs: {
        'control-plane-url': sim.url,
        'api-key': sim.apiKey,
        name: 'support-agent',
        'github-token': github.token,
        'poll-interval': '50ms',
        ...(withPaths ? { paths: PATHS } : {})
      },
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY, GITHUB_SHA: head }
    })
    const ms = performance.now() - started
    if (run.exitCode !== 0) throw new Error(`the ${withPaths ? 'skipped' : 'full'} deploy failed:\n${run.stdout}\n${run.stderr}`)
    return { ms, controlPlane: sim.requests.length, github: github.requests.length, operation: run.outputs.operation }
  } finally {
    await Promise.all([sim.stop(), github.stop()])
  }
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export async function pathsBench() {
  console.log(`\nPaths: a push that changes no file under \`paths\`, deployed with and without \`paths\`, ${RUNS} runs each (median)`)
  console.log('  (the simulator builds and rolls out in 0.8 s; a real control plane takes 5 to 15 minutes, which the skip saves whole)\n')
  console.log('  deploy                      operation   control-plane requests   GitHub requests   wall time')
  for (const withPaths of [true, false]) {
    /** @type {Array<Awaited<ReturnType<typeof deployOnce>>>} */
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await deployOnce(withPaths))
    const label = withPaths ? 'with `paths` (skipped)' : 'without `paths` (full)'
    const requests = (/** @type {'controlPlane' | 'github'} */ key) => String(median(runs.map((r) => r[key])))
    console.log(
      `  ${label.padEnd(27)} ${String(runs[0].operation).padEnd(11)} ${requests('controlPlane').padEnd(24)} ${requests('github').padEnd(17)} ${(median(runs.map((r) => r.ms)) / 1000).toFixed(2)} s`
    )
  }
}
