import { lifecycles } from './lifecycle.js'
import { EVAL_SUITE_PATH, RIGHT_ANSWERS, WORSE_ANSWERS } from './eval-demo.js'

/**
 * The simulator's outcomes by the names both `node sim/cli.js --scenario` and `npm start --
 * --scenario` take: one table, so the two never name or time the same scenario differently.
 * `lifecycle` makes how each new revision goes from the phase length; `inputs` are action
 * inputs the scenario needs to show what it is about (a time-out needs a short `timeout`),
 * which `npm start` applies and `node sim/cli.js` prints as advice. To add one, add an entry.
 */

/**
 * @typedef {object} ScenarioEntry
 * @property {(phaseMs: number) => import('./lifecycle.js').Lifecycle} lifecycle
 * @property {Record<string, string>} [inputs]
 * @property {import('./agent-server.js').AgentBehaviour} [agent] how the deployments' agent server answers
 *   `/info` and `/runs/wait` (sim/agent-server.js), when the scenario is about it
 * @property {Record<string, import('./agent-server.js').AgentBehaviour>} [agents] how one deployment's agent
 *   server answers, by name (the production deployment `compare-with` names)
 * @property {boolean} [langsmith] the suite's runs are recorded as LangSmith experiments: `npm start` starts the
 *   LangSmith stand-in (sim/langsmith.js) and sets `langsmith-api-key` and `langsmith-endpoint` to it
 * @property {(name: string) => import('./seeds.js').SeedPlan} [seeds] what the simulator holds first when the
 *   command's demo seeds nothing (a deploy that must have something to roll back to)
 * @property {string} about one line, for the usage texts
 */

/**
 * The preview (this run's deployment) worse than `support-agent-prod` on two of the example
 * suite's cases, both deployed first: `evals-regression` gates on it, `evals-langsmith` records it.
 * @type {Omit<ScenarioEntry, 'about'>}
 */
const PREVIEW_WORSE_THAN_PROD = {
  lifecycle: lifecycles.deployed,
  agent: { runs: { kind: 'suite', answers: WORSE_ANSWERS } },
  agents: { 'support-agent-prod': { runs: { kind: 'suite', answers: RIGHT_ANSWERS } } },
  seeds: (name) => ({
    deployments: [
      { name, statuses: ['DEPLOYED'] },
      { name: 'support-agent-prod', statuses: ['DEPLOYED'] }
    ],
    pulls: [],
    listeners: []
  })
}

/** @type {Record<string, ScenarioEntry>} */
export const SCENARIOS = {
  deployed: { lifecycle: lifecycles.deployed, about: 'the revision goes through every phase to DEPLOYED (the default)' },
  'build-failed': { lifecycle: lifecycles.buildFailed, about: "the build fails: BUILD_FAILED with the build log's tail" },
  'deploy-failed': { lifecycle: lifecycles.deployFailed, about: 'the container never passes its health checks: DEPLOY_FAILED' },
  'create-failed': { lifecycle: lifecycles.createFailed, about: 'the control plane cannot read the repository: CREATE_FAILED' },
  skipped: { lifecycle: lifecycles.skipped, about: 'a newer revision supersedes this one: SKIPPED' },
  interrupted: {
    lifecycle: lifecycles.interruptedThenDeployed,
    about: 'the revision is interrupted mid-build (INTERRUPTED, not final), then taken up again to DEPLOYED'
  },
  timeout: {
    lifecycle: () => lifecycles.stuck('BUILDING'),
    inputs: { timeout: '10s' },
    about: 'the build never ends; the step gives up at `timeout` (10s here)'
  },
  'unknown-status': {
    lifecycle: lifecycles.unknownThenDeployed,
    about: 'statuses the action does not know (UNKNOWN, AWAITING_CAPACITY) on the way to DEPLOYED'
  },
  'smoke-test-failed': {
    lifecycle: lifecycles.deployed,
    inputs: { 'on-failure': 'rollback' },
    agent: { runs: { kind: 'error', message: "KeyError: 'OPENAI_API_KEY'" } },
    seeds: (name) => ({ deployments: [{ name, statuses: ['DEPLOYED'] }], pulls: [], listeners: [] }),
    about: 'the agent fails its smoke test (`__error__` in a 200); `on-failure: rollback` puts back what served'
  },
  evals: {
    lifecycle: lifecycles.deployed,
    inputs: { evals: EVAL_SUITE_PATH },
    agent: { runs: { kind: 'suite', answers: RIGHT_ANSWERS } },
    seeds: () => ({ deployments: [{ name: 'support-agent-prod', statuses: ['DEPLOYED'] }], pulls: [], listeners: [] }),
    about: 'an `evals` suite (examples/evals/support-agent.yml) run on the deployed revision: every case passes'
  },
  'evals-regression': {
    ...PREVIEW_WORSE_THAN_PROD,
    inputs: { evals: EVAL_SUITE_PATH, 'on-failure': 'rollback' },
    about:
      'the preview is worse than production (`compare-with`) on two cases: the gate fails and `on-failure: rollback` puts back what served'
  },
  'evals-langsmith': {
    ...PREVIEW_WORSE_THAN_PROD,
    inputs: { evals: EVAL_SUITE_PATH },
    langsmith: true,
    about:
      "`evals-regression`'s suite, each side recorded as a LangSmith experiment in one dataset (a LangSmith stand-in): the summary links the comparison"
  },
  'remote-build': {
    lifecycle: lifecycles.deployed,
    inputs: {
      name: 'example-agent',
      source: 'internal_source',
      'graph-config-path': 'examples/agent/langgraph.json',
      'integration-id': ''
    },
    about: 'a remote build of examples/agent and its shared library: archive, upload, build'
  },
  'broken-config': {
    lifecycle: lifecycles.deployed,
    inputs: {
      name: 'broken-agent',
      source: 'internal_source',
      'graph-config-path': 'examples/broken-config/langgraph.json',
      'integration-id': ''
    },
    about: 'a remote build of a config the build would refuse: refused in seconds (add --input config-check=off to see the build fail)'
  }
}

/**
 * How long each in-progress status lasts (building and deploying twice as long), for both entry
 * points: slow enough to watch a deploy go through its phases (about 10 s in all), quick enough
 * to try every scenario. Tests pass a shorter `--phase-ms`.
 */
export const DEFAULT_PHASE_MS = 1200

/**
 * @param {string} name
 * @returns {ScenarioEntry | undefined}
 */
export function scenarioNamed(name) {
  return Object.hasOwn(SCENARIOS, name) ? SCENARIOS[name] : undefined
}

/**
 * The refusal for a name not in the table; names the kebab-case form of an old camelCase name
 * (`buildFailed`), which `node sim/cli.js` took before the two entry points shared this table.
 * @param {string} name
 * @returns {string}
 */
export function unknownScenario(name) {
  const kebab = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
  const hint = kebab !== name && scenarioNamed(kebab) ? ` (did you mean \`${kebab}\`? scenario names are kebab-case)` : ''
  return `Unknown --scenario \`${name}\`${hint}; one of: ${Object.keys(SCENARIOS).join(', ')}.`
}

/** @returns {string} the scenario lines of a usage text, indented under an option */
export function scenarioUsage(indent = 26) {
  return Object.entries(SCENARIOS)
    .map(([name, s]) => `${' '.repeat(indent)}${name.padEnd(15)} ${s.about}`)
    .join('\n')
}
