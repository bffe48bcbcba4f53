import { describe, expect, it } from '@jest/globals'
import { SOURCE_CONFIG_FIELDS, sourceConfigDifferences } from '../src/commands/deploy/settings-differ.js'
import { errorLines } from './helpers/action.js'
import { runInProcess } from './helpers/in-process.js'
import { simulatorWithGitHub } from './helpers/with-github.js'

/**
 * The plan (what a deploy sends) and `paths` (whether a deploy may be skipped) compare the
 * step's settings with the deployment's one way: a value the plan finds unchanged never makes
 * `paths` deploy.
 */
const REPOSITORY = 'octo-org/support-agent'
const REPO_URL = `https://github.com/${REPOSITORY}`
const NAME = 'support-agent'

const world = simulatorWithGitHub('settings-compare-test-')

/** A deployment of type `Prod` serving `main`, then a commit outside `paths`. */
function prodDeploymentThenDocsChange() {
  world.github.commitOn('main', ['agents/support/graph.py'])
  world.sim.seedDeployment({
    name: NAME,
    source_config: { repo_url: REPO_URL, deployment_type: 'Prod' },
    source_revision_config: { repo_ref: 'main' },
    // No document lists `Prod`: a server that reports the type in another case, on purpose.
    invalidOnPurpose: { why: 'a type in another case', errors: [{ at: '/source_config/deployment_type', keyword: 'enum' }] }
  })
  world.github.commitOn('main', ['docs/guide.md'])
}

function deploy(inputs: Record<string, string>) {
  return runInProcess({
    inputs: {
      'control-plane-url': world.sim.url,
      'api-key': world.sim.apiKey,
      name: NAME,
      'github-token': world.github.token,
      'poll-interval': '50ms',
      ...inputs
    },
    env: { GITHUB_API_URL: world.github.url, GITHUB_REPOSITORY: REPOSITORY, GITHUB_SHA: world.github.refHead('main') ?? '' }
  })
}

describe('`deployment-type: prod` against a deployment that reports `Prod`', () => {
  it('is no change to the plan: nothing is refused, and the field is not sent', async () => {
    prodDeploymentThenDocsChange()
    const run = await deploy({ 'deployment-type': 'prod' })
    expect(errorLines(run)).toEqual([])
    const patches = world.sim.requests.filter((r) => r.method === 'PATCH')
    expect(patches).toHaveLength(1)
    expect(JSON.stringify(patches[0]?.body)).not.toContain('deployment_type')
  })

  it('is no change to `paths` either: the deploy is skipped', async () => {
    prodDeploymentThenDocsChange()
    const run = await deploy({ 'deployment-type': 'prod', paths: 'agents/support/**' })
    expect(errorLines(run)).toEqual([])
    expect(run.outcome).toMatchObject({ kind: 'nothing-to-do', paths: { skip: true } })
    expect(world.sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })
})

describe('the one comparison', () => {
  it('takes a `resource_spec` map (labels) that lacks a key the deployment has for a change: the map is sent whole', () => {
    const current = { resource_spec: { labels: { team: 'a', cost: 'x' }, min_scale: 1 } }
    expect(sourceConfigDifferences({ resource_spec: { labels: { team: 'a' } } }, current)).not.toEqual([])
    expect(sourceConfigDifferences({ resource_spec: { labels: { team: 'a', cost: 'x' } } }, current)).toEqual([])
  })

  it('finds a create-only setting that differs only in case the same, as the plan does', () => {
    const createOnly = SOURCE_CONFIG_FIELDS.filter((field) => field.createOnly).map((field) => field.input)
    expect(createOnly).toEqual(['integration-id', 'repo-url', 'deployment-type', 'listener-id', 'k8s-namespace'])
    const current = {
      deployment_type: 'Prod',
      listener_id: 'ABC',
      listener_config: { k8s_namespace: 'Agents' },
      repo_url: `${REPO_URL}.git/`
    }
    expect(
      sourceConfigDifferences(
        { deployment_type: 'prod', listener_id: 'abc', listener_config: { k8s_namespace: 'agents' }, repo_url: REPO_URL },
        current
      )
    ).toEqual([])
    expect(sourceConfigDifferences({ deployment_type: 'dev', listener_config: { k8s_namespace: 'other' } }, current)).toEqual([
      'deployment-type',
      'k8s-namespace'
    ])
  })

  it('still tells commands apart by case: they run as written', () => {
    expect(sourceConfigDifferences({ install_command: 'pip install .' }, { install_command: 'PIP install .' })).toEqual(['install-command'])
  })
})
