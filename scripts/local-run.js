// `npm start`: the whole deploy, end to end, on this machine. Starts the control-plane
// simulator (unless a control plane URL is given), rebuilds dist/ only when its recorded
// source fingerprint differs (scripts/dist-fresh.js), runs dist/index.js exactly as the
// runner would, and prints the log as GitHub shows it, then the outputs and the summary.
// `npm start -- --help` lists the options.
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { distFreshness } from './dist-fresh.js'
import { readGitContext } from './git-context.js'
import { LogRenderer } from './render-log.js'
import { PUSH_CONTEXT, ROOT, runAction } from './run-action.js'
import { summaryText } from './summary-text.js'

/**
 * The simulator's outcomes by name. `lifecycle` names the factory in sim/lifecycle.js;
 * `inputs` are defaults for the scenario (a time-out needs a short `timeout`).
 * @type {Record<string, { lifecycle: string, args?: (phaseMs: number) => unknown[], inputs?: Record<string, string>, about: string }>}
 */
export const SCENARIOS = {
  deployed: { lifecycle: 'deployed', about: 'the revision goes through every phase to DEPLOYED (the default)' },
  'build-failed': { lifecycle: 'buildFailed', about: 'the build fails: BUILD_FAILED with the build log\'s tail' },
  'deploy-failed': { lifecycle: 'deployFailed', about: 'the container never passes its health checks: DEPLOY_FAILED' },
  'create-failed': { lifecycle: 'createFailed', about: 'the control plane cannot read the repository: CREATE_FAILED' },
  skipped: { lifecycle: 'skipped', about: 'a newer revision supersedes this one: SKIPPED' },
  interrupted: { lifecycle: 'interrupted', about: 'the revision is interrupted mid-build: INTERRUPTED' },
  timeout: {
    lifecycle: 'stuck',
    args: () => ['BUILDING'],
    inputs: { timeout: '10s' },
    about: 'the build never ends; the step gives up at `timeout` (10s here)'
  },
  'unknown-status': {
    lifecycle: 'unknownThenDeployed',
    about: 'statuses the action does not know (UNKNOWN, AWAITING_CAPACITY) on the way to DEPLOYED'
  },
  'remote-build': {
    lifecycle: 'deployed',
    inputs: { name: 'example-agent', source: 'internal_source', 'graph-config-path': 'examples/agent/langgraph.json', 'integration-id': '' },
    about: 'a remote build of examples/agent and its shared library: archive, upload, build'
  }
}

const USAGE = `Usage: npm start -- [options]

Runs the bundled action (dist/index.js) the way a GitHub runner does, and prints its log as
GitHub shows it (secrets as ***, groups as headings), then its outputs and job summary.

Without a control plane URL it deploys to the built-in control-plane simulator, with a demo
workflow context (repository octo-org/support-agent, branch main).

Simulator options:
  --scenario NAME       how the new revision goes (default: deployed):
${Object.entries(SCENARIOS)
  .map(([name, s]) => `                          ${name.padEnd(15)} ${s.about}`)
  .join('\n')}
  --update              deploy twice to the same simulator: a create, then an update that
                        makes a second revision
  --keep                leave the simulator running afterwards, print its URL and API key,
                        and stop it on Ctrl+C
  --phase-ms N          how long each revision phase lasts in the simulator (default: 1200)

Real control plane:
  --control-plane-url URL   deploy there instead (or set CONTROL_PLANE_URL); the API key comes
                        from --input api-key=... or CONTROL_PLANE_API_KEY. The repository,
                        branch and commit are read from the git checkout you run this in
                        (remote origin, current branch, HEAD); without one, pass
                        --input repo-url=https://github.com/OWNER/REPO --input repo-ref=BRANCH.

Any run:
  -i, --input NAME=VALUE    set an action input (repeatable), e.g. --input wait=false
  --raw                 print the action's stdout as it is, workflow commands included
  -h, --help            this text

Environment variables you set (GITHUB_EVENT_NAME, GITHUB_TOKEN, RUNNER_DEBUG, ...) reach the
action and override the demo context. Ctrl+C sends the interrupt on to the action, which stops
waiting and reports where the deploy stands, as it does when a workflow is cancelled.

Examples:
  npm start
  npm start -- --scenario build-failed
  npm start -- --update --keep
  CONTROL_PLANE_URL=https://api.example.com CONTROL_PLANE_API_KEY=... \\
    npm start -- --input name=my-agent --input graph-config-path=graph.json --input integration-id=...
`

const DEMO_INPUTS = {
  name: 'support-agent',
  'graph-config-path': 'graph.json',
  'integration-id': '5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  secrets: 'OPENAI_API_KEY=sk-demo-not-a-real-key\nGREETING=hello, world'
}

/** The runner's file commands: runAction points these at its own files, so a user's must not override them. */
const RUNNER_FILES = ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_STATE', 'GITHUB_ENV', 'GITHUB_PATH', 'RUNNER_TEMP']

/**
 * @param {string} message
 * @returns {never}
 */
function usageError(message) {
  console.error(`${message}\nRun \`npm start -- --help\` for the options.`)
  process.exit(2)
}

function parseCli() {
  try {
    return parseArgs({
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        input: { type: 'string', multiple: true, short: 'i' },
        scenario: { type: 'string' },
        update: { type: 'boolean' },
        keep: { type: 'boolean' },
        'phase-ms': { type: 'string' },
        'control-plane-url': { type: 'string' },
        raw: { type: 'boolean' }
      }
    })
  } catch (error) {
    return usageError(/** @type {Error} */ (error).message)
  }
}

const { values } = parseCli()
if (values.help) {
  process.stdout.write(USAGE)
  process.exit(0)
}

/** @type {Record<string, string>} */
const overrides = {}
for (const pair of values.input ?? []) {
  const eq = pair.indexOf('=')
  if (eq < 1) usageError(`--input takes NAME=VALUE, got \`${pair}\`.`)
  overrides[pair.slice(0, eq)] = pair.slice(eq + 1)
}
const realUrl = values['control-plane-url'] ?? process.env.CONTROL_PLANE_URL
if (realUrl) {
  for (const option of ['scenario', 'update', 'keep', 'phase-ms']) {
    if (values[/** @type {keyof typeof values} */ (option)] !== undefined) usageError(`--${option} applies to the built-in simulator only, not to ${realUrl}.`)
  }
}
const scenarioName = values.scenario ?? 'deployed'
const scenario = SCENARIOS[scenarioName]
if (!scenario) usageError(`Unknown --scenario \`${scenarioName}\`; one of: ${Object.keys(SCENARIOS).join(', ')}.`)
const phaseMs = Number(values['phase-ms'] ?? 1200)
if (!Number.isInteger(phaseMs) || phaseMs < 1) usageError(`--phase-ms takes a whole number of milliseconds, got \`${values['phase-ms']}\`.`)

// What the user exported reaches the action, over the demo context; the runner's file
// commands stay runAction's, or the outputs and summary could not be read back.
/** @type {Record<string, string>} */
const userEnv = {}
for (const [name, value] of Object.entries(process.env)) {
  if (value !== undefined && !RUNNER_FILES.includes(name)) userEnv[name] = value
}

/** @type {Record<string, string>} */
let contextEnv = {}
/** @type {Record<string, string>} */
let inputs
if (realUrl) {
  // npm runs scripts in the package's directory; INIT_CWD is where the user typed `npm start`.
  const checkout = readGitContext(process.env.INIT_CWD ?? process.cwd())
  const repoUrl = overrides['repo-url'] || checkout.repoUrl
  const repoRef = overrides['repo-ref'] || checkout.branch
  if (!repoUrl || !repoRef) {
    console.error(
      [
        `Not deploying to ${realUrl}: this runner does not make up a repository, since a deployment's`,
        '`repo-url` cannot be changed once it is created. It reads the repository and branch from the',
        'git checkout it runs in, and here:',
        ...checkout.problems.map((problem) => `  - ${problem}`),
        'Run it in a checkout of the repository to deploy, on the branch to deploy, or pass both:',
        '  --input repo-url=https://github.com/OWNER/REPO --input repo-ref=BRANCH'
      ].join('\n')
    )
    process.exit(2)
  }
  const repository = /^https:\/\/[^/]+\/([^/]+\/[^/]+)$/.exec(repoUrl)?.[1]
  contextEnv = {
    // Not the demo's: no run on GitHub links here, and the repository is the real one.
    GITHUB_RUN_ID: '',
    GITHUB_WORKFLOW: 'local run',
    GITHUB_SERVER_URL: new URL(repoUrl).origin,
    GITHUB_REPOSITORY: repository ?? '',
    GITHUB_REF: repoRef.startsWith('refs/') ? repoRef : `refs/heads/${repoRef}`,
    GITHUB_REF_NAME: repoRef.replace(/^refs\/(heads|tags)\//, ''),
    GITHUB_SHA: checkout.sha ?? ''
  }
  inputs = {
    'control-plane-url': realUrl,
    'api-key': process.env.CONTROL_PLANE_API_KEY ?? '',
    ...overrides,
    'repo-url': repoUrl,
    'repo-ref': repoRef
  }
  const commit = checkout.sha && !overrides['repo-ref'] ? ` at ${checkout.sha.slice(0, 12)}` : ''
  console.log(`Deploying ${repoUrl} ${repoRef}${commit} to ${realUrl}.`)
  console.log('The control plane builds what is pushed to that branch, not your working tree.\n')
} else {
  inputs = { ...DEMO_INPUTS, ...scenario.inputs, ...overrides }
}

buildIfStale()

/** @type {import('node:child_process').ChildProcess | undefined} */
let running
let interrupted = false
/** @type {(() => void) | undefined} */
let onKeptInterrupt
process.on('SIGINT', () => {
  // A terminal's Ctrl+C reaches the action too (same process group), and npm forwards one
  // more; sending it on covers runs where only this process is signalled. The action
  // treats repeated interrupts as one.
  if (running && running.exitCode === null) {
    interrupted = true
    running.kill('SIGINT')
  } else if (onKeptInterrupt) onKeptInterrupt()
  else process.exit(130)
})

/** @type {import('../sim/index.js').Simulator | undefined} */
let simulator
try {
  if (!realUrl) {
    const { startSimulator, lifecycles } = await import('../sim/index.js')
    const factory = /** @type {Record<string, (...args: unknown[]) => import('../sim/index.js').Lifecycle>} */ (
      /** @type {unknown} */ (lifecycles)
    )[scenario.lifecycle]
    simulator = await startSimulator({ scenario: factory(...(scenario.args?.(phaseMs) ?? [phaseMs])) })
    // Builds from the demo branch report the demo commit, as a real build of that push would;
    // otherwise the action rightly warns that the deployed commit is not the one it ran for.
    simulator.setBranchHead(PUSH_CONTEXT.GITHUB_REF_NAME, PUSH_CONTEXT.GITHUB_SHA)
    inputs['control-plane-url'] ??= simulator.url
    inputs['api-key'] ??= simulator.apiKey
    console.log(`Control-plane simulator listening on ${simulator.url} (scenario ${scenarioName}).\n`)
  }

  let exitCode = await deploy(values.update ? 'first deploy: creates the deployment' : undefined, inputs)
  if (values.update && !interrupted) {
    // A changed secret is enough for a new revision, as a push would be.
    const update = { ...inputs, secrets: 'OPENAI_API_KEY=sk-demo-not-a-real-key\nGREETING=hello again' }
    exitCode = await deploy('second deploy: updates it, with a new revision', update)
  }
  process.exitCode = exitCode

  if (simulator && values.keep) {
    const sim = simulator
    console.log(`\nThe simulator keeps running at ${sim.url} (API key ${sim.apiKey}); Ctrl+C stops it. Try:`)
    console.log(`  curl -s -H 'X-Api-Key: ${sim.apiKey}' ${sim.url}/v2/deployments`)
    console.log(
      `  npm start -- --control-plane-url ${sim.url} --input api-key=${sim.apiKey} --input name=${inputs.name} ` +
        '--input repo-url=https://github.com/octo-org/support-agent --input repo-ref=main'
    )
    await new Promise((resolve) => (onKeptInterrupt = () => resolve(undefined)))
  }
} finally {
  await simulator?.stop()
  if (simulator && values.keep) console.log('Simulator stopped.')
}

/**
 * @param {string | undefined} title
 * @param {Record<string, string>} runInputs
 * @returns {Promise<number>}
 */
async function deploy(title, runInputs) {
  const render = new LogRenderer({ debug: process.env.RUNNER_DEBUG === '1' })
  const show = (/** @type {string} */ text) => process.stdout.write(text)
  const started = Date.now()
  console.log(`──── action log${title ? `: ${title}` : ''} ────`)
  const result = await runAction({
    inputs: runInputs,
    env: { ...(realUrl ? {} : PUSH_CONTEXT), ...contextEnv, ...userEnv },
    onStdout: (chunk) => show(values.raw ? chunk : render.write(chunk)),
    onStart: (child) => (running = child)
  })
  running = undefined
  show(values.raw ? '' : render.end())
  const mask = (/** @type {string} */ text) => (values.raw ? text : render.mask(text))
  if (result.stderr) process.stderr.write(mask(result.stderr))
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`\n──── exit code ${result.exitCode ?? 'none (killed)'} after ${seconds} s${interrupted ? ', interrupted' : ''} ────`)
  console.log('\n──── outputs ────')
  for (const [name, value] of Object.entries(result.outputs)) console.log(mask(`${name}=${value}`))
  console.log('\n──── job summary ────')
  console.log(mask(values.raw ? result.summary : summaryText(result.summary)))
  return result.exitCode ?? 1
}

function buildIfStale() {
  if (distFreshness().fresh) return
  console.log('dist/ was built from other sources than these: building it (npm run build)…')
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
