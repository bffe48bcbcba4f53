// What `npm start` does for each command: the demo inputs it sets against the simulator, what
// the simulator holds first so that the command has something to act on, and the line that says
// what the run is about to do. A command not listed here (a new one, or a misspelt one for the
// action to refuse) gets no demo inputs, no seeds and a plain line.
import { emptyPlan, UUID } from '../sim/seeds.js'

/**
 * @typedef {import('../sim/seeds.js').SeedPlan} SeedPlan
 *
 * @typedef {object} CommandDemo
 * @property {Record<string, string>} inputs set against the simulator, under the user's --input values
 * @property {(inputs: Record<string, string>) => SeedPlan} seeds what the simulator (and the fake GitHub)
 *   hold first, named by the run's inputs, so that `--input name=x` acts on a seeded `x`
 * @property {(inputs: Record<string, string>) => string} doing what the run is about to do, without the where
 * @property {(inputs: Record<string, string>) => boolean} [usesRepository] whether the command sends
 *   `repo-url` and `repo-ref`, which against a real control plane come from the git checkout
 * @property {boolean} [usesDocker] whether the command runs `docker`: the runner puts a stand-in first
 *   on the action's PATH (scripts/docker-stand-in.js), unless `--real-docker`
 * @property {(inputs: Record<string, string>) => Record<string, string> | undefined} [repositoryFiles] the
 *   files the fake GitHub holds at the deployed ref, so that the config check reads a real config
 *   through GitHub's API as on a runner; undefined when the inputs name a config the demo has not
 */

const DEMO_NAME = 'support-agent'
const DEMO_LISTENER = '7c1e5a90-2b4d-4f6a-9e83-5d0c1b2a3f47'

/** @param {Record<string, string>} inputs */
const target = (inputs) => (inputs['deployment-id'] ? `deployment ${inputs['deployment-id']}` : `\`${inputs.name ?? ''}\``)

/** @type {Record<string, CommandDemo>} */
export const COMMAND_DEMOS = {
  deploy: {
    inputs: {
      name: DEMO_NAME,
      'graph-config-path': 'graph.json',
      'integration-id': '5d7a1b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
      secrets: 'OPENAI_API_KEY=sk-demo-not-a-real-key\nGREETING=hello, world',
      // The simulator's agent server runs an echo graph: the run must come back with the echo.
      'smoke-test': '{"assistant": "agent", "input": {"messages": [{"role": "user", "content": "ping"}]}, "expect": "echo: ping"}'
    },
    seeds: () => emptyPlan(),
    doing: (inputs) => `Deploying ${target(inputs)}`,
    usesRepository: (inputs) => (inputs.source ?? 'github') === 'github',
    repositoryFiles: (inputs) =>
      inputs['graph-config-path'] === 'graph.json'
        ? {
            'graph.json': '{\n  "dependencies": ["."],\n  "graphs": { "agent": "./agent.py:graph" }\n}\n',
            'agent.py': 'from langgraph.graph import StateGraph\n\ngraph = StateGraph(dict).compile()\n',
            'pyproject.toml': '[project]\nname = "support_agent"\nversion = "0.1.0"\n'
          }
        : undefined
  },
  delete: {
    inputs: { name: DEMO_NAME },
    seeds: (inputs) => ({ ...emptyPlan(), deployments: inputs.name ? [{ name: inputs.name, statuses: ['DEPLOYED'] }] : [] }),
    doing: (inputs) => `Deleting ${target(inputs)}`
  },
  rollback: {
    inputs: { name: DEMO_NAME },
    // A failed build between two good ones: `previous` skips it for the older DEPLOYED revision.
    seeds: (inputs) => ({
      ...emptyPlan(),
      deployments: inputs.name ? [{ name: inputs.name, statuses: ['DEPLOYED', 'BUILD_FAILED', 'DEPLOYED'] }] : []
    }),
    doing: (inputs) => {
      const to = inputs['rollback-to'] ?? 'previous'
      return `Rolling ${target(inputs)} back to ${to === 'previous' ? 'the DEPLOYED revision before the one serving' : `revision ${to}`}`
    }
  },
  prune: {
    inputs: { 'name-pattern': `${DEMO_NAME}-pr-{pr}` },
    // Pull request 7 is open (its preview stays), 12 is closed and 3 does not exist (theirs go);
    // the production deployment does not match the pattern and is never considered.
    seeds: (inputs) => {
      const pattern = inputs['name-pattern'] ?? ''
      const preview = (/** @type {number} */ n) => ({ name: pattern.replaceAll('{pr}', String(n)), statuses: ['DEPLOYED'] })
      return {
        deployments: [{ name: DEMO_NAME, statuses: ['DEPLOYED'] }, ...(pattern.includes('{pr}') ? [3, 7, 12].map(preview) : [])],
        pulls: [
          { number: 7, state: 'open' },
          { number: 12, state: 'closed' }
        ],
        listeners: []
      }
    },
    doing: (inputs) => `Pruning previews named \`${inputs['name-pattern'] ?? ''}\` whose pull request is closed or gone`
  },
  // Nothing seeded: the deployment is created (source internal_docker), as a team's first login
  // creates it; the simulator's registry host resolves nowhere, and Docker is the runner's stand-in.
  'registry-login': {
    inputs: { name: DEMO_NAME },
    seeds: () => emptyPlan(),
    doing: (inputs) =>
      `Logging Docker in to the registry of ${target(inputs)}${inputs['create-if-missing']?.toLowerCase() === 'false' ? '' : ' (created with source internal_docker if missing)'}`,
    usesDocker: true
  },
  'delete-listener': {
    inputs: { 'listener-id': DEMO_LISTENER },
    seeds: (inputs) => ({ ...emptyPlan(), listeners: UUID.test(inputs['listener-id'] ?? '') ? [inputs['listener-id']] : [] }),
    doing: (inputs) => `Deleting listener ${inputs['listener-id'] ?? ''}`
  }
}

/**
 * @param {string} command
 * @returns {CommandDemo}
 */
export function demoFor(command) {
  return (
    (Object.hasOwn(COMMAND_DEMOS, command) ? COMMAND_DEMOS[command] : undefined) ?? {
      inputs: {},
      seeds: () => emptyPlan(),
      doing: () => `Running \`command: ${command}\``
    }
  )
}

/**
 * @typedef {object} PushDemo a deploy after a push, chosen with `npm start -- --demo NAME`: the
 *   deployment serves an earlier commit of `main`, and the fake GitHub holds that commit and the
 *   pushed one the run is for (GITHUB_SHA), with their files' text, so that the inputs that read
 *   commits have something to read and the config check passes: the log shows the demo's point only
 * @property {string} about one line, for the usage text and the docs' list
 * @property {Record<string, string>} inputs over the deploy demo's
 * @property {Record<string, string>} served the files of the commit the deployment serves (SERVED_COMMIT), path to text
 * @property {Record<string, string>} pushed the files the push changed, path to text
 */

/** The commit the seeded deployment serves: for `expected-commit`, the one staging tested. */
export const SERVED_COMMIT = '5e7fa1b2c3d4e5f60718293a4b5c6d7e8f901234'

/**
 * The repository of both push demos, as in examples/monorepo.yml: the support agent's config
 * beside its graph, a library it shares with the billing agent. A config the official client
 * accepts (each local dependency a package), so that the config check passes and says so.
 */
const MONOREPO = {
  'agents/support/langgraph.json': '{\n  "dependencies": [".", "../../libs/shared"],\n  "graphs": { "agent": "./graph.py:graph" }\n}\n',
  'agents/support/pyproject.toml': '[project]\nname = "support_agent"\nversion = "0.1.0"\n',
  'agents/support/graph.py': 'from langgraph.graph import StateGraph\n\ngraph = StateGraph(dict).compile()\n',
  'agents/billing/langgraph.json': '{\n  "dependencies": [".", "../../libs/shared"],\n  "graphs": { "agent": "./graph.py:graph" }\n}\n',
  'agents/billing/pyproject.toml': '[project]\nname = "billing_agent"\nversion = "0.1.0"\n',
  'agents/billing/graph.py': 'from langgraph.graph import StateGraph\n\ngraph = StateGraph(dict).compile()\n',
  'libs/shared/pyproject.toml': '[project]\nname = "shared"\nversion = "0.1.0"\n',
  'libs/shared/shared/__init__.py': '',
  'docs/guide.md': '# Guide\n'
}

/** Both demos deploy the support agent's config, as examples/monorepo.yml does. */
const SUPPORT_CONFIG = 'agents/support/langgraph.json'

/** @type {Record<string, PushDemo>} */
export const PUSH_DEMOS = {
  paths: {
    about: 'a push that changes only another agent and the docs: `paths` (agents/support/**, libs/shared/**) skips the deploy',
    // No `secrets`: the seeded deployment has none, and new secrets are a reason to deploy whatever changed.
    inputs: { paths: 'agents/support/**\nlibs/shared/**', secrets: '', 'graph-config-path': SUPPORT_CONFIG },
    served: MONOREPO,
    pushed: {
      'agents/billing/graph.py': 'from langgraph.graph import StateGraph\n\n# billing v2\ngraph = StateGraph(dict).compile()\n',
      'docs/guide.md': '# Guide\n\nHow billing answers.\n'
    }
  },
  'expected-commit': {
    about: 'promoting the commit that was tested (the one serving) after main moved on: refused before any change',
    inputs: { 'expected-commit': SERVED_COMMIT, 'graph-config-path': SUPPORT_CONFIG },
    served: MONOREPO,
    pushed: { 'agents/support/prompts.py': 'SYSTEM = "You help with support."\n' }
  }
}

/**
 * The demo's two commits on `main` in the fake GitHub: the served one since long ago (the seeded
 * revision, an hour old, was built from what `main` was then), the pushed one (`head`) from now.
 * Each commit's files are its tree, with their text, for the config check and `paths`' listing.
 * @param {PushDemo} demo
 * @param {import('../sim/github.js').FakeGitHub} github
 * @param {string} head
 * @returns {string} what was seeded, to print
 */
export function seedPush(demo, github, head) {
  github.addCommit({ sha: SERVED_COMMIT, files: Object.keys(demo.served) })
  github.setFiles(SERVED_COMMIT, demo.served)
  github.moveRef('main', SERVED_COMMIT, { at: 0 })
  github.addCommit({ sha: head, parents: [SERVED_COMMIT], files: Object.keys(demo.pushed) })
  github.setFiles(head, { ...demo.served, ...demo.pushed })
  github.moveRef('main', head)
  return `main at ${SERVED_COMMIT} (served), then ${head}, the push, changing ${Object.keys(demo.pushed).join(', ')}, in the fake GitHub`
}
