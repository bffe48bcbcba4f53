// The local runner (`npm start`, scripts/local-run.js) as a function: its options, the simulator
// and fake GitHub it starts and seeds, the demo context, and what it prints, around one action
// runner. scripts/local-run.js passes the bundle's (dist/index.js spawned as the runner does) and
// this process's terminal; the tests pass an in-process run of the sources on a virtual clock, so
// that each of the runner's commands is checked without two processes and real phase waits.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_PHASE_MS, scenarioNamed, scenarioUsage, unknownScenario } from '../sim/scenarios.js'
import { applySeeds, describeSeeds, emptyPlan, isEmptyPlan, parseSeeds, SEED_OPTIONS, SEED_USAGE } from '../sim/seeds.js'
import { describeDockerCalls, writeDockerStandIn } from './docker-stand-in.js'
import { readGitContext } from './git-context.js'
import { demoFor, PUSH_DEMOS, seedPush } from './local-demos.js'
import { LogRenderer } from './render-log.js'
import { actionInputNames, actionPostEntry, PUSH_CONTEXT } from './run-action.js'
import { summaryText } from './summary-text.js'

const USAGE = `Usage: npm start -- [options]

Runs the bundled action (dist/index.js) the way a GitHub runner does, and prints its log as
GitHub shows it (secrets as ***, groups as headings), then its outputs and job summary.

Without a control plane URL it runs against the built-in control-plane simulator, with a demo
workflow context (repository octo-org/support-agent, branch main) and the fake GitHub API
beside it (GITHUB_API_URL and GITHUB_TOKEN point there). Each command has its own demo:
  --input command=deploy            creates deployment support-agent (the default)
  --input command=delete            deletes a seeded support-agent
  --input command=rollback          rolls a seeded support-agent (revisions DEPLOYED, BUILD_FAILED,
                                    DEPLOYED) back to its older DEPLOYED revision
  --input command=prune             deletes the previews support-agent-pr-{pr} whose pull request is
                                    closed (#12) or gone (#3), keeps #7's (open) and support-agent
  --input command=delete-listener   deletes a seeded listener
  --input command=registry-login    creates support-agent (source internal_docker), gets a push
                                    token and logs a stand-in \`docker\` in: no Docker is run
Other inputs change the demo: --input name=x deploys, deletes, rolls back or logs in for \`x\`.

Simulator options:
  --scenario NAME       how each new revision goes (default: deployed; rollback's too):
${scenarioUsage()}
  --update              deploy twice to the same simulator: a create, then an update that
                        makes a second revision
  --keep                leave the simulator running afterwards, print its URL and API key,
                        and stop it on Ctrl+C
  --phase-ms N          how long each revision phase lasts in the simulator (default: ${DEFAULT_PHASE_MS})
  --agent-server-url URL  a real agent server (e.g. \`langgraph dev\` on http://127.0.0.1:2024): the
                        simulator reports URL as the deployment's, so the health check, the revision
                        proof, the smoke test and the evals talk to it
  --demo NAME           a deploy after a push: support-agent serves an earlier commit of main,
                        which the fake GitHub holds with the pushed one (GITHUB_SHA):
${Object.entries(PUSH_DEMOS)
  .map(([name, demo]) => `${' '.repeat(26)}${name.padEnd(15)} ${demo.about}`)
  .join('\n')}

Seeding, instead of the command's demo seeds (node sim/cli.js takes the same):
${SEED_USAGE}

Real control plane:
  --control-plane-url URL   run there instead (or set CONTROL_PLANE_URL); the API key comes
                        from --input api-key=... or CONTROL_PLANE_API_KEY. For deploy, the
                        repository, branch and commit are read from the git checkout you run
                        this in (remote origin, current branch, HEAD); without one, pass
                        --input repo-url=https://github.com/OWNER/REPO --input repo-ref=BRANCH.

Docker (command registry-login):
  --real-docker         run this machine's \`docker login\` instead of the stand-in, which
                        records what it is asked and prints it, the password as ***; only
                        with --control-plane-url (the simulator's registry resolves nowhere)

Any run:
  -i, --input NAME=VALUE    set an action input (repeatable), e.g. --input wait=false; a name
                        action.yml does not declare is warned about, as the runner does
  --raw                 print the action's stdout as it is, workflow commands included
  -h, --help            this text

The job summary's Markdown source is kept in a file whose path is printed after it. The
post step (action.yml \`runs.post\`: registry-logout's \`docker logout\`) runs after the step,
as the runner runs it at the end of the job. Environment
variables you set (GITHUB_EVENT_NAME, RUNNER_DEBUG, ...) reach the action and override the demo
context. Ctrl+C sends the interrupt on to the action, which stops waiting and reports where
it stands, as it does when a workflow is cancelled.

Examples:
  npm start
  npm start -- --scenario build-failed
  npm start -- --demo paths
  npm start -- --input command=rollback
  npm start -- --input command=prune --input dry-run=true
  npm start -- --update --keep
  CONTROL_PLANE_URL=https://api.example.com CONTROL_PLANE_API_KEY=... \\
    npm start -- --input name=my-agent --input graph-config-path=graph.json --input integration-id=...
`

/** The runner's file commands: the action runner points these at its own files, so a user's must not override them. */
const RUNNER_FILES = ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_STATE', 'GITHUB_ENV', 'GITHUB_PATH', 'RUNNER_TEMP']

/** A mistake in the options: said with a pointer to --help, exit code 2. */
class UsageError extends Error {}

/**
 * @param {string} message
 * @returns {never}
 */
function usageError(message) {
  throw new UsageError(message)
}

/**
 * What runs the action: scripts/run-action.js `runAction`'s contract (inputs by their action.yml
 * names, the action.yml defaults applied by the runner; `onStart` gets a handle whose
 * `kill('SIGINT')` interrupts the run and whose `exitCode` is null while it runs).
 * @typedef {object} ActionRunner
 * @property {(say: (line: string) => void) => number | undefined} [prepare] before the first run; a number ends the local run with that exit code
 * @property {(options: {
 *   inputs: Record<string, string>,
 *   env: Record<string, string>,
 *   onStdout: (chunk: string) => void,
 *   onStart: (running: { exitCode: number | null, kill: (signal: NodeJS.Signals) => unknown }) => void,
 *   summaryFile: string
 * }) => Promise<import('./run-action.js').ActionRun>} run
 * @property {(options: {
 *   inputs: Record<string, string>,
 *   env: Record<string, string>,
 *   state: Record<string, string>,
 *   entry: string,
 *   onStdout: (chunk: string) => void,
 *   onStart: (running: { exitCode: number | null, kill: (signal: NodeJS.Signals) => unknown }) => void
 * }) => Promise<import('./run-action.js').ActionRun>} [post] the post step (action.yml `runs.post`), given what the
 *   main run kept (its `state`): scripts/run-action.js `runActionPost`'s contract
 */

/**
 * @typedef {object} LocalRunIO
 * @property {NodeJS.ProcessEnv} env the user's environment (what they exported reaches the action)
 * @property {string} cwd where the user typed `npm start` when INIT_CWD does not say
 * @property {(text: string) => void} out the terminal's standard output
 * @property {(text: string) => void} err its standard error
 * @property {ActionRunner} action
 * @property {() => number} [now] the simulator's clock (the one the action runs on); real time by default
 * @property {import('../sim/index.js').SimulatorOptions['holdOn']} [holdOn] how the simulator holds a delayed
 *   answer on that clock (a test's virtual clock answers it in no real time); real timers by default
 */

/**
 * Starts a local run of `argv` (the options after `npm start --`).
 * @param {string[]} argv
 * @param {LocalRunIO} io
 * @returns {{ exitCode: Promise<number>, interrupt: () => boolean }} `interrupt` is Ctrl+C: false when
 *   there is nothing to interrupt (no run, no kept simulator), for the caller to exit then
 */
export function startLocalRun(argv, io) {
  /** @type {Session} */
  const session = { running: undefined, interrupted: false, onKeptInterrupt: undefined }
  const interrupt = () => {
    // A terminal's Ctrl+C reaches the action too (same process group), and npm forwards one
    // more; sending it on covers runs where only this process is signalled. The action
    // treats repeated interrupts as one.
    if (session.running && session.running.exitCode === null) {
      session.interrupted = true
      session.running.kill('SIGINT')
      return true
    }
    session.onKeptInterrupt?.()
    return session.onKeptInterrupt !== undefined
  }
  const exitCode = localRun(argv, io, session).catch((error) => {
    if (!(error instanceof UsageError)) throw error
    io.err(`${error.message}\nRun \`npm start -- --help\` for the options.\n`)
    return 2
  })
  return { exitCode, interrupt }
}

/**
 * What an interrupt acts on.
 * @typedef {object} Session
 * @property {{ exitCode: number | null, kill: (signal: NodeJS.Signals) => unknown } | undefined} running the action, while it runs
 * @property {boolean} interrupted
 * @property {(() => void) | undefined} onKeptInterrupt stops a kept simulator (--keep)
 */

/**
 * @param {string[]} argv
 * @param {LocalRunIO} io
 * @param {Session} session
 * @returns {Promise<number>}
 */
async function localRun(argv, io, session) {
  const say = (/** @type {string} */ line = '') => io.out(`${line}\n`)
  const { values } = parseCli(argv)
  if (values.help) {
    io.out(USAGE)
    return 0
  }

  /** @type {Record<string, string>} */
  const overrides = {}
  for (const pair of values.input ?? []) {
    const eq = pair.indexOf('=')
    if (eq < 1) usageError(`--input takes NAME=VALUE, got \`${pair}\`.`)
    overrides[pair.slice(0, eq)] = pair.slice(eq + 1)
  }
  const command = overrides.command?.trim() || 'deploy'
  const demo = demoFor(command)
  const realUrl = values['control-plane-url'] ?? io.env.CONTROL_PLANE_URL
  if (realUrl) {
    for (const option of ['scenario', 'update', 'keep', 'phase-ms', 'demo', 'agent-server-url', ...Object.keys(SEED_OPTIONS)]) {
      if (values[/** @type {keyof typeof values} */ (option)] !== undefined)
        usageError(`--${option} applies to the built-in simulator only, not to ${realUrl}.`)
    }
  }
  const pushDemo = values.demo === undefined ? undefined : Object.hasOwn(PUSH_DEMOS, values.demo) ? PUSH_DEMOS[values.demo] : undefined
  if (values.demo !== undefined && !pushDemo)
    usageError(`Unknown --demo \`${values.demo}\`; one of: ${Object.keys(PUSH_DEMOS).join(', ')}.`)
  if (pushDemo && command !== 'deploy')
    usageError(`--demo ${values.demo} is a deploy; it goes with \`command: deploy\`, not \`${command}\`.`)
  if (values.update && command !== 'deploy') usageError(`--update deploys twice; it goes with \`command: deploy\`, not \`${command}\`.`)
  if (values['real-docker'] && !demo.usesDocker) usageError(`--real-docker goes with \`command: registry-login\`, not \`${command}\`.`)
  if (values['real-docker'] && !realUrl) {
    usageError(
      "--real-docker goes with --control-plane-url: the simulator's registry is a host that resolves nowhere, so a real `docker login` there can only fail."
    )
  }
  const scenarioName = values.scenario ?? 'deployed'
  const scenario = scenarioNamed(scenarioName) ?? usageError(unknownScenario(scenarioName))
  const phaseMs = Number(values['phase-ms'] ?? DEFAULT_PHASE_MS)
  if (!Number.isInteger(phaseMs) || phaseMs < 1)
    usageError(`--phase-ms takes a whole number of milliseconds, got \`${values['phase-ms']}\`.`)
  const agentServerUrl = values['agent-server-url'] === undefined ? undefined : agentServerUrlOf(values['agent-server-url'])
  const seedOptions = parseSeeds(values)
  if (seedOptions.problems.length > 0) usageError(seedOptions.problems.join('\n'))

  // What the user exported reaches the action, over the demo context; the runner's file
  // commands stay the action runner's, or the outputs and summary could not be read back.
  /** @type {Record<string, string>} */
  const userEnv = {}
  for (const [name, value] of Object.entries(io.env)) {
    if (value !== undefined && !RUNNER_FILES.includes(name)) userEnv[name] = value
  }

  /** @type {Record<string, string>} */
  let contextEnv = {}
  /** @type {Record<string, string>} */
  let inputs
  if (realUrl) {
    inputs = { 'control-plane-url': realUrl, 'api-key': io.env.CONTROL_PLANE_API_KEY ?? '', ...overrides }
    // npm runs scripts in the package's directory; INIT_CWD is where the user typed `npm start`.
    const checkout = readGitContext(io.env.INIT_CWD ?? io.cwd)
    const repoUrl = overrides['repo-url'] || checkout.repoUrl
    const repoRef = overrides['repo-ref'] || checkout.branch
    const usesRepository = demo.usesRepository?.(inputs) ?? false
    if (usesRepository && (!repoUrl || !repoRef)) {
      io.err(
        [
          `Not deploying to ${realUrl}: this runner does not make up a repository, since a deployment's`,
          '`repo-url` cannot be changed once it is created. It reads the repository and branch from the',
          'git checkout it runs in, and here:',
          ...checkout.problems.map((problem) => `  - ${problem}`),
          'Run it in a checkout of the repository to deploy, on the branch to deploy, or pass both:',
          '  --input repo-url=https://github.com/OWNER/REPO --input repo-ref=BRANCH',
          ''
        ].join('\n')
      )
      return 2
    }
    // Not the demo's: no run on GitHub links here, and the repository is the real one, when known.
    contextEnv = { GITHUB_RUN_ID: '', GITHUB_WORKFLOW: 'local run', GITHUB_SHA: checkout.sha ?? '' }
    if (repoUrl && repoRef) {
      contextEnv.GITHUB_SERVER_URL = new URL(repoUrl).origin
      contextEnv.GITHUB_REPOSITORY = /^https:\/\/[^/]+\/([^/]+\/[^/]+)$/.exec(repoUrl)?.[1] ?? ''
      contextEnv.GITHUB_REF = repoRef.startsWith('refs/') ? repoRef : `refs/heads/${repoRef}`
      contextEnv.GITHUB_REF_NAME = repoRef.replace(/^refs\/(heads|tags)\//, '')
    }
    if (usesRepository && repoUrl && repoRef) {
      inputs['repo-url'] = repoUrl
      inputs['repo-ref'] = repoRef
      const commit = checkout.sha && !overrides['repo-ref'] ? ` at ${checkout.sha.slice(0, 12)}` : ''
      say(`${demo.doing(inputs)} from ${repoUrl} ${repoRef}${commit} to ${realUrl}.`)
      say('The control plane builds what is pushed to that branch, not your working tree.\n')
    } else {
      say(`${demo.doing(inputs)}, on ${realUrl}.\n`)
    }
  } else {
    inputs = { ...demo.inputs, ...pushDemo?.inputs, ...scenario.inputs, ...overrides }
    if (agentServerUrl && !inputs.name)
      usageError(`--agent-server-url is the URL of the deployment named by \`name\`, and \`${command}\` names none here.`)
  }
  // The demo context, what the user exported over it: what the action sees.
  /** @type {Record<string, string>} */
  const actionEnv = { ...(realUrl ? {} : PUSH_CONTEXT), ...contextEnv, ...userEnv }

  const declared = await actionInputNames()
  const postEntry = await actionPostEntry()
  const unexpected = Object.keys(overrides).filter((name) => !declared.includes(name))

  const stopped = io.action.prepare?.(say)
  if (stopped !== undefined) return stopped

  /** @type {import('../sim/index.js').Simulator | undefined} */
  let simulator
  /** @type {import('../sim/github.js').FakeGitHub | undefined} */
  let github
  /** @type {import('../sim/langsmith.js').LangSmithStandIn | undefined} a scenario's LangSmith, unless the user named one */
  let langsmith
  /** @type {ReturnType<typeof writeDockerStandIn> | undefined} the recording `docker`, when the command runs Docker */
  let standIn
  /** The runner's temporary folder (RUNNER_TEMP), made beside the summary once the run starts. */
  let runnerTemp = ''
  try {
    if (!realUrl) {
      const { startSimulator } = await import('../sim/index.js')
      // New revisions report the commit the run is for, as a real build of that push would;
      // otherwise the action rightly warns that the deployed commit is not the one it ran for.
      // Loopback deployment URLs, so that the revision proof and the smoke test reach the simulator's agent server.
      simulator = await startSimulator({
        scenario: scenario.lifecycle(phaseMs),
        commit: actionEnv.GITHUB_SHA || undefined,
        now: io.now,
        ...(io.holdOn ? { holdOn: io.holdOn } : {}),
        loopbackUrls: true,
        ...(scenario.agent ? { agent: scenario.agent } : {}),
        // The deployment of this name, created or seeded, reports that server as its URL.
        ...(agentServerUrl ? { agentServerUrls: { [inputs.name]: agentServerUrl } } : {})
      })
      for (const [name, behaviour] of Object.entries(scenario.agents ?? {})) simulator.setAgent(behaviour, name)
      inputs['control-plane-url'] ??= simulator.url
      inputs['api-key'] ??= simulator.apiKey
      say(`Control-plane simulator listening on ${simulator.url} (scenario ${scenarioName}).`)
      if (scenario.langsmith && !inputs['langsmith-endpoint']) {
        const { startLangSmith } = await import('../sim/langsmith.js')
        langsmith = await startLangSmith({ now: io.now })
        inputs['langsmith-endpoint'] = langsmith.url
        inputs['langsmith-api-key'] ??= langsmith.apiKey
        say(`LangSmith stand-in on ${langsmith.url} (langsmith-endpoint and langsmith-api-key point there).`)
      }
      if (agentServerUrl)
        say(
          `Agent server: ${agentServerUrl}, reported as ${inputs.name}'s URL (the health check, revision proof, smoke test and evals go there).`
        )
      // A push demo's deployment serves the demo's config already: only the push differs.
      const served = { name: inputs.name, statuses: ['DEPLOYED'], revisionConfig: { graph_config_path: inputs['graph-config-path'] } }
      const demoSeeds = pushDemo ? { ...emptyPlan(), deployments: inputs.name ? [served] : [] } : demo.seeds(inputs)
      // A scenario that needs something to act on (a rollback to show) seeds it when the demo seeds nothing.
      const scenarioSeeds = isEmptyPlan(demoSeeds) && scenario.seeds && inputs.name ? scenario.seeds(inputs.name) : undefined
      const seeds = isEmptyPlan(seedOptions.plan) ? (scenarioSeeds ?? demoSeeds) : seedOptions.plan
      // A GitHub API the user chose is theirs to answer; else the fake one answers, with its own
      // token, so that a real token in the environment never reaches it.
      if (!userEnv.GITHUB_API_URL) {
        const { startFakeGitHub } = await import('../sim/github.js')
        github = await startFakeGitHub()
        actionEnv.GITHUB_API_URL = github.url
        actionEnv.GITHUB_TOKEN = github.token
        say(`Fake GitHub API on ${github.url} (GITHUB_API_URL and GITHUB_TOKEN point there).`)
      } else if (seeds.pulls.length > 0 || pushDemo) {
        usageError(
          `The demo seeds ${pushDemo ? 'commits' : 'pull requests'} in the fake GitHub, but GITHUB_API_URL points at ${userEnv.GITHUB_API_URL}.`
        )
      }
      if (pushDemo && github) {
        // Revisions are built from what `main` points to in the fake GitHub, the seeded one too.
        simulator.connectGitHub(github)
        say(`Seeded: ${seedPush(pushDemo, github, actionEnv.GITHUB_SHA)}`)
      }
      // As this run's inputs would have created them: a deploy with the demo's own inputs then
      // updates a seeded deployment instead of being refused for a field fixed at creation.
      applySeeds(seeds, simulator, github, {
        integration_id: inputs['integration-id'] || undefined,
        repo_url: inputs['repo-url'] || `${actionEnv.GITHUB_SERVER_URL}/${actionEnv.GITHUB_REPOSITORY}`,
        deployment_type: inputs['deployment-type'] || undefined
      })
      for (const line of describeSeeds(seeds)) say(`Seeded: ${line}`)
      const repository = `${actionEnv.GITHUB_SERVER_URL}/${actionEnv.GITHUB_REPOSITORY}`
      const ref = actionEnv.GITHUB_HEAD_REF || actionEnv.GITHUB_REF_NAME
      const files = !pushDemo && github ? demo.repositoryFiles?.(inputs) : undefined
      if (files && github) {
        github.setFiles(inputs['repo-ref'] ?? ref, files)
        say(`Seeded: ${Object.keys(files).join(', ')} at ${inputs['repo-ref'] ?? ref} in the fake GitHub (what the config check reads).`)
      }
      const from = demo.usesRepository?.(inputs) ? ` from ${inputs['repo-url'] ?? repository} ${inputs['repo-ref'] ?? ref}` : ''
      say(
        `${demo.doing(inputs)}${from}, on the simulator${inputs['dry-run']?.toLowerCase() === 'true' ? ' (a dry run: nothing changes)' : ''}.\n`
      )
    }

    const summaryDir = await mkdtemp(join(tmpdir(), 'local-run-'))
    // The runner's temporary folder, kept after the run as the summary is: what the action writes there (`eval-results`) can be read.
    runnerTemp = join(summaryDir, 'runner-temp')
    await mkdir(runnerTemp)
    standIn = demo.usesDocker && !values['real-docker'] ? writeDockerStandIn(summaryDir) : undefined
    if (standIn) {
      // First on the action's PATH, so that its `docker` is the stand-in whatever this machine has.
      actionEnv.PATH = standIn.onPath(actionEnv.PATH)
      say(`Docker: a stand-in (${join(standIn.bin, 'docker')}) that records what it is asked; no Docker is run.\n`)
    }
    let exitCode = await run(
      values.update ? 'first deploy: creates the deployment' : undefined,
      inputs,
      join(summaryDir, values.update ? 'summary-1.md' : 'summary.md')
    )
    // Docker's calls, after the post step's: registry-login's `docker login`, then registry-logout's `docker logout`.
    if (standIn) {
      say('\n──── docker (the stand-in) ────')
      const issued = simulator?.pushTokens().map(({ token }) => token)
      const calls = standIn.calls()
      for (const line of describeDockerCalls(calls, issued)) say(line)
      if (!realUrl && calls.length > 0) say(`Its record (arguments and standard input, one JSON line a call) is kept in ${standIn.record}`)
    }
    if (values.update && !session.interrupted) {
      // A changed secret is enough for a new revision, as a push would be.
      const update = { ...inputs, secrets: 'OPENAI_API_KEY=sk-demo-not-a-real-key\nGREETING=hello again' }
      exitCode = await run('second deploy: updates it, with a new revision', update, join(summaryDir, 'summary-2.md'))
    }

    if (langsmith) for (const line of describeExperiments(langsmith)) say(line)
    if (simulator && values.keep) {
      const sim = simulator
      say(`\nThe simulator keeps running at ${sim.url} (API key ${sim.apiKey}); Ctrl+C stops it. Try:`)
      say(`  curl -s -H 'X-Api-Key: ${sim.apiKey}' ${sim.url}/v2/deployments`)
      say(
        `  ${github ? `GITHUB_API_URL=${github.url} GITHUB_TOKEN=${github.token} ` : ''}npm start -- --control-plane-url ${sim.url} --input api-key=${sim.apiKey} ${againArgs()}`
      )
      await new Promise((resolve) => (session.onKeptInterrupt = () => resolve(undefined)))
    }
    return exitCode
  } finally {
    // A real control plane's push token is a real credential: its record is not left in a file, whatever happened.
    if (standIn && realUrl) await rm(standIn.record, { force: true })
    await Promise.all([simulator?.stop(), github?.stop(), langsmith?.stop()])
    if (simulator && values.keep) say('Simulator stopped.')
  }

  /** @returns {string} the --input options that run this command again against the kept simulator */
  function againArgs() {
    if (command === 'deploy') {
      return `--input name=${inputs.name} --input repo-url=https://github.com/octo-org/support-agent --input repo-ref=main`
    }
    const names = ['command', ...Object.keys(demo.inputs)]
    return names.map((name) => `--input '${name}=${inputs[name]}'`).join(' ')
  }

  /**
   * @param {string | undefined} title
   * @param {Record<string, string>} runInputs
   * @param {string} summaryFile
   * @returns {Promise<number>}
   */
  async function run(title, runInputs, summaryFile) {
    const render = new LogRenderer({ debug: io.env.RUNNER_DEBUG === '1' })
    const show = (/** @type {string} */ text) => io.out(values.raw ? text : render.write(text))
    const started = Date.now()
    say(`──── action log${title ? `: ${title}` : ''} ────`)
    if (unexpected.length > 0) {
      // What GitHub's runner says of a `with:` key that action.yml does not declare; the step still runs.
      const list = (/** @type {string[]} */ names) => names.map((name) => `'${name}'`).join(', ')
      show(`::warning::Unexpected input(s) ${list(unexpected)}, valid inputs are [${list(declared)}]\n`)
    }
    const result = await io.action.run({
      inputs: runInputs,
      env: { ...actionEnv, RUNNER_TEMP: runnerTemp },
      onStdout: show,
      onStart: (child) => (session.running = child),
      summaryFile
    })
    session.running = undefined
    io.out(values.raw ? '' : render.end())
    const mask = (/** @type {string} */ text) => (values.raw ? text : render.mask(text))
    if (result.stderr) io.err(mask(result.stderr))
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    say(`\n──── exit code ${result.exitCode ?? 'none (killed)'} after ${seconds} s${session.interrupted ? ', interrupted' : ''} ────`)
    say('\n──── outputs ────')
    for (const [name, value] of Object.entries(result.outputs)) say(mask(`${name}=${value}`))
    say('\n──── job summary ────')
    say(mask(values.raw ? result.summary : summaryText(result.summary)))
    say(`\nThe job summary's Markdown source (what GitHub renders on the run's page) is kept in ${summaryFile}`)
    say(`RUNNER_TEMP, and what the action wrote there (e.g. eval-results), is kept in ${runnerTemp}`)
    const postCode = postEntry && io.action.post && !session.interrupted ? await runPost(postEntry, runInputs, result.state ?? {}) : 0
    return result.exitCode === 0 ? postCode : (result.exitCode ?? 1)
  }

  /**
   * The post step, run as the runner runs it at the end of the job (`post-if: always()`, so
   * after a failed step too), with what the main run kept.
   * @param {string} entry
   * @param {Record<string, string>} runInputs
   * @param {Record<string, string>} state
   * @returns {Promise<number>}
   */
  async function runPost(entry, runInputs, state) {
    const post = /** @type {NonNullable<ActionRunner['post']>} */ (io.action.post)
    const render = new LogRenderer({ debug: io.env.RUNNER_DEBUG === '1' })
    const show = (/** @type {string} */ text) => io.out(values.raw ? text : render.write(text))
    say(`\n──── post step (action.yml \`runs.post\`, run by the runner at the end of the job) ────`)
    const result = await post({
      inputs: runInputs,
      env: actionEnv,
      state,
      entry,
      onStdout: show,
      onStart: (child) => (session.running = child)
    })
    session.running = undefined
    io.out(values.raw ? '' : render.end())
    if (result.stderr) io.err(values.raw ? result.stderr : render.mask(result.stderr))
    if (result.stdout.trim() === '') say('(nothing to do)')
    if (result.exitCode !== 0) say(`──── post step exit code ${result.exitCode ?? 'none (killed)'} ────`)
    return result.exitCode ?? 1
  }
}

/**
 * `--agent-server-url`: an http(s) URL, without credentials (the simulator reports it in answers the log shows).
 * @param {string} value
 * @returns {string}
 */
function agentServerUrlOf(value) {
  let url
  try {
    url = new URL(value)
  } catch {
    return usageError(`--agent-server-url takes a URL such as http://127.0.0.1:2024, got \`${value}\`.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    usageError(`--agent-server-url takes an http:// or https:// URL, got \`${value}\`.`)
  if (url.username || url.password) usageError('--agent-server-url must not carry a user or password: the log shows the URL.')
  return value.replace(/\/+$/, '')
}

/** @param {string[]} argv */
function parseCli(argv) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        input: { type: 'string', multiple: true, short: 'i' },
        scenario: { type: 'string' },
        update: { type: 'boolean' },
        keep: { type: 'boolean' },
        'phase-ms': { type: 'string' },
        demo: { type: 'string' },
        'control-plane-url': { type: 'string' },
        'agent-server-url': { type: 'string' },
        raw: { type: 'boolean' },
        'real-docker': { type: 'boolean' },
        ...SEED_OPTIONS
      }
    })
  } catch (error) {
    return usageError(/** @type {Error} */ (error).message)
  }
}

/**
 * What the LangSmith stand-in was sent: each experiment, its dataset and rows, as a reader of
 * LangSmith would find them.
 * @param {import('../sim/langsmith.js').LangSmithStandIn} langsmith
 * @returns {string[]}
 */
function describeExperiments(langsmith) {
  const lines = ['\n──── LangSmith (the stand-in) ────']
  if (langsmith.requests.length === 0) return [...lines, 'Nothing was sent.']
  for (const request of langsmith.requests) {
    const body = /** @type {{ experiment_name?: string, results?: unknown[] } | undefined} */ (request.body)
    lines.push(
      `POST ${request.path} → ${request.status || 'no answer'}: ${body?.experiment_name ?? '(no experiment name)'}, ${body?.results?.length ?? 0} rows`
    )
  }
  for (const dataset of langsmith.datasets.values()) {
    const made = langsmith.experiments.filter((e) => e.datasetId === dataset.id)
    lines.push(
      `Dataset "${dataset.name}" (${dataset.id}): ${dataset.examples.size} examples, ${made.length} experiment${made.length === 1 ? '' : 's'}`
    )
  }
  return lines
}
