import { beforeEach, describe, expect, it, jest } from '@jest/globals'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Deployment } from '../src/api/schemas.js'
import { planDeploy as planWith } from '../src/commands/deploy/plan.js'
import { decideSource } from '../src/commands/deploy/source.js'
import { InputError } from '../src/core/errors.js'
import type { InputName } from '../src/inputs/names.js'
import { readWorkflowContext, type WorkflowContext } from '../src/inputs/workflow-context.js'
import type { DeployInputs } from '../src/commands/deploy/inputs.js'
import { BASE_INPUTS, readDeployInputs, VALID_UUID } from './helpers/inputs.js'

beforeEach(() => {
  jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

const workflow = { repoUrl: 'https://github.com/octo/agent', repoRef: 'main' }
const inputs = (overrides: Partial<Record<InputName, string>> = {}) => readDeployInputs({ ...BASE_INPUTS, ...overrides })

/** The plan as the deploy makes it: after the source decision. */
const planDeploy = (given: DeployInputs, found: Deployment | undefined, context: WorkflowContext) =>
  planWith(given, found, decideSource(given, found), context)

const existing: Deployment = {
  id: 'dep-1',
  name: 'support-agent',
  source: 'github',
  status: 'READY',
  latest_revision_id: 'rev-1',
  source_config: { integration_id: VALID_UUID, repo_url: 'https://github.com/octo/agent', deployment_type: 'dev' },
  secrets: []
}

describe('planDeploy: create', () => {
  it('creates a github deployment with workflow defaults for repo-url and repo-ref', async () => {
    const plan = planDeploy(await inputs({ 'integration-id': VALID_UUID, secrets: 'A=1' }), undefined, workflow)
    expect(plan).toMatchObject({
      action: 'create',
      body: {
        name: 'support-agent',
        source: 'github',
        source_config: { integration_id: VALID_UUID, repo_url: 'https://github.com/octo/agent' },
        source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
        secrets: [{ name: 'A', value: '1' }]
      }
    })
  })

  it('sends an empty secrets array when none are given', async () => {
    const plan = planDeploy(await inputs(), undefined, workflow)
    expect(plan.action === 'create' && plan.body.secrets).toEqual([])
  })

  it('does not apply github defaults to a docker source', async () => {
    const plan = planDeploy(
      await inputs({
        source: 'external_docker',
        'graph-config-path': '',
        'image-uri': 'registry/agent:1',
        'secret-references': '[{name: A, secret_name: s, secret_key: k}]'
      }),
      undefined,
      workflow
    )
    expect(plan).toMatchObject({
      action: 'create',
      body: {
        source: 'external_docker',
        source_config: {},
        source_revision_config: { image_uri: 'registry/agent:1' },
        secret_references: [{ name: 'A', secret_name: 's', secret_key: 'k' }]
      }
    })
  })

  it('requires graph-config-path to create a buildable deployment', async () => {
    await expect((async () => planDeploy(await inputs({ 'graph-config-path': '' }), undefined, workflow))()).rejects.toThrow(
      '`graph-config-path` is required to create a `github` deployment'
    )
  })

  it('refuses to create a source the API cannot create', async () => {
    await expect(
      (async () => planDeploy(await inputs({ source: 'internal_template', 'graph-config-path': '' }), undefined, workflow))()
    ).rejects.toThrow('`source` `internal_template` cannot be created through the API')
  })

  it('requires repo-url outside a workflow', async () => {
    await expect((async () => planDeploy(await inputs(), undefined, {}))()).rejects.toThrow(
      '`repo-url` is required to create a `github` deployment'
    )
  })
})

describe('planDeploy: patch', () => {
  it('sends the new revision config and leaves create-only fields out', async () => {
    const plan = planDeploy(
      await inputs({ 'integration-id': VALID_UUID, 'deployment-type': 'dev', 'build-on-push': 'true', secrets: 'A=2' }),
      existing,
      workflow
    )
    expect(plan).toMatchObject({
      action: 'patch',
      deployment: existing,
      body: {
        source_config: { build_on_push: true },
        source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
        secrets: [{ name: 'A', value: '2' }]
      },
      warnings: []
    })
    // Whole: a create-only field (`integration_id`, `deployment_type`) in the body would be refused by the control plane.
    expect(plan.action === 'patch' && plan.body).toEqual({
      source_config: { build_on_push: true },
      source_revision_config: { repo_ref: 'main', graph_config_path: 'graph.json' },
      secrets: [{ name: 'A', value: '2' }]
    })
  })

  it('warns that a create-only value the deployment lacks is not sent', async () => {
    const plan = planDeploy(await inputs({ 'listener-id': '', 'integration-id': VALID_UUID }), { ...existing, source_config: {} }, workflow)
    expect(plan).toMatchObject({
      action: 'patch',
      warnings: ['`integration-id` was not sent: it is fixed when a deployment is created, and deployment `support-agent` reports none.']
    })
    expect(plan.action === 'patch' && plan.body.source_config).toBeUndefined()
  })

  it('compares create-only values regardless of UUID case and trailing `/` or `.git`', async () => {
    const deployment = {
      ...existing,
      source_config: { ...existing.source_config, integration_id: VALID_UUID.toUpperCase(), repo_url: 'https://github.com/octo/agent.git' }
    }
    expect(
      planDeploy(await inputs({ 'integration-id': VALID_UUID, 'repo-url': 'https://github.com/octo/agent/' }), deployment, workflow).action
    ).toBe('patch')
  })

  it('does not need graph-config-path to update', async () => {
    const plan = planDeploy(await inputs({ 'graph-config-path': '' }), existing, workflow)
    expect(plan).toMatchObject({ action: 'patch', body: { source_revision_config: { repo_ref: 'main' } } })
  })

  async function problems(overrides: Partial<Record<InputName, string>>): Promise<readonly string[]> {
    try {
      planDeploy(await inputs(overrides), existing, workflow)
    } catch (error) {
      if (error instanceof InputError) return error.problems
      throw error
    }
    throw new Error('expected an InputError')
  }

  it('refuses a different source', async () => {
    expect(await problems({ source: 'internal_source' })).toEqual([
      '`source` is `internal_source` but deployment `support-agent` was created with `github`, which cannot change: remove `source` or deploy under another `name`'
    ])
  })

  it('refuses changed create-only fields, all at once', async () => {
    expect(await problems({ 'deployment-type': 'prod', 'integration-id': VALID_UUID.replace('123', '999') })).toEqual([
      `\`integration-id\` is \`${VALID_UUID.replace('123', '999')}\` but deployment \`support-agent\` has \`${VALID_UUID}\`, ` +
        `which cannot change after creation: remove \`integration-id\` or deploy under another \`name\``,
      '`deployment-type` is `prod` but deployment `support-agent` has `dev`, which cannot change after creation: remove `deployment-type` or deploy under another `name`'
    ])
  })

  it('refuses a different repo-url, and accepts the same one without sending it', async () => {
    expect(await problems({ 'repo-url': 'https://github.com/octo/other' })).toEqual([
      '`repo-url` is `https://github.com/octo/other` but deployment `support-agent` has `https://github.com/octo/agent`, ' +
        'which cannot change after creation: remove `repo-url` or deploy under another `name`'
    ])
    const plan = planDeploy(await inputs({ 'repo-url': 'https://github.com/octo/agent' }), existing, workflow)
    expect(plan.action === 'patch' && plan.body.source_config).toBeUndefined()
  })

  it('follows revision-source for revision fields', async () => {
    const plan = planDeploy(
      await inputs({ 'graph-config-path': '', 'revision-source': 'internal_docker', 'image-uri': 'img:2' }),
      existing,
      workflow
    )
    expect(plan).toMatchObject({
      action: 'patch',
      body: { revision_source: 'internal_docker', source_revision_config: { image_uri: 'img:2' } }
    })
  })

  it('sends nothing when there is nothing to change', async () => {
    const docker: Deployment = { ...existing, source: 'external_docker', source_config: {} }
    expect(planDeploy(await inputs({ 'graph-config-path': '' }), docker, workflow)).toEqual({ action: 'none', deployment: docker })
  })
})

describe('readWorkflowContext', () => {
  it.each([
    [{ GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/heads/feature/x' }, 'feature/x'],
    [{ GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/tags/v1.2.0' }, 'refs/tags/v1.2.0'],
    [{ GITHUB_EVENT_NAME: 'pull_request', GITHUB_REF: 'refs/pull/7/merge', GITHUB_HEAD_REF: 'fix-bug' }, 'fix-bug'],
    [{ GITHUB_EVENT_NAME: 'pull_request_target', GITHUB_REF: 'refs/heads/main', GITHUB_HEAD_REF: 'fork-branch' }, 'fork-branch'],
    [{ GITHUB_EVENT_NAME: 'workflow_dispatch', GITHUB_REF: 'refs/heads/main', GITHUB_HEAD_REF: '' }, 'main']
  ])('derives repo-ref from %o', (env, expected) => {
    expect(readWorkflowContext({ GITHUB_REPOSITORY: 'octo/agent', ...env }).repoRef).toBe(expected)
  })

  it.each([
    ['pull_request', true],
    ['pull_request_review', true],
    ['pull_request_target', false],
    ['push', false]
  ])('knows that a fork pull request on %s runs without secrets: %s', (event, withheld) => {
    const path = join(mkdtempSync(join(tmpdir(), 'event-')), 'event.json')
    writeFileSync(
      path,
      JSON.stringify({
        pull_request: { number: 3, head: { sha: 'abc', repo: { full_name: 'fork/agent' } }, base: { repo: { full_name: 'octo/agent' } } }
      })
    )
    expect(
      readWorkflowContext({ GITHUB_REPOSITORY: 'octo/agent', GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: path }).secretsWithheld
    ).toBe(withheld)
  })

  it('derives the repository URL from the server and repository', async () => {
    expect(readWorkflowContext({ GITHUB_SERVER_URL: 'https://ghe.example.com/', GITHUB_REPOSITORY: 'octo/agent' }).repoUrl).toBe(
      'https://ghe.example.com/octo/agent'
    )
  })
})

describe('planDeploy: the environment of an update (environment.ts)', () => {
  const reporting = (secrets: unknown[] | undefined): Deployment => ({ ...existing, secrets })

  it('refuses to merge into a deployment that reports no environment, and sends the input with `replace`', async () => {
    await expect((async () => planDeploy(await inputs({ secrets: 'A=value-a' }), reporting(undefined), workflow))()).rejects.toThrow(
      'does not report its environment'
    )
    const plan = planDeploy(await inputs({ secrets: 'A=value-a', 'secrets-update': 'replace' }), reporting(undefined), workflow)
    expect(plan).toMatchObject({ action: 'patch', body: { secrets: [{ name: 'A', value: 'value-a' }] } })
    expect(plan.environment?.secrets).toMatchObject({ names: { added: ['A'] }, removedUnknown: true })
  })

  it('keeps the order the deployment has, sets the given names in place and adds new ones last', async () => {
    const current = [
      { name: 'Z', value: 'value-z' },
      { name: 'A', value: 'value-a' }
    ]
    const plan = planDeploy(await inputs({ secrets: 'N=value-n\nA=value-a2' }), reporting(current), workflow)
    expect(plan).toMatchObject({
      body: {
        secrets: [
          { name: 'Z', value: 'value-z' },
          { name: 'A', value: 'value-a2' },
          { name: 'N', value: 'value-n' }
        ]
      },
      environment: { mode: 'merge', secrets: { names: { kept: ['Z'], set: ['A'], added: ['N'], removed: [] } } }
    })
  })
})
