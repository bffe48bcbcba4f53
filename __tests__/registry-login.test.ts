import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { Simulator } from '../sim/index.js'
import { registryOf } from '../src/commands/registry-login/registry-url.js'
import { errorLines, visibleText } from './helpers/action.js'
import { alive, DockerStandIn } from './helpers/docker-stand-in.js'
import { deployWith, runInProcess, startSimulatorOnClock } from './helpers/in-process.js'
import { rewritingProxy } from './helpers/rewriting-proxy.js'

let sim: Simulator
const docker = new DockerStandIn()

beforeAll(async () => {
  sim = await startSimulatorOnClock()
  docker.install()
})
afterAll(async () => {
  docker.remove()
  await sim.stop()
})
beforeEach(() => {
  sim.reset()
  docker.reset()
  docker.install()
})

const REGISTRY = 'registry.sim.example:5000'

function login(inputs: Record<string, string> = {}) {
  return runInProcess({
    inputs: { 'control-plane-url': sim.url, 'api-key': sim.apiKey, command: 'registry-login', name: 'image-agent', ...inputs }
  })
}

const calls = () => sim.requests.map((r) => `${r.method} ${r.path} ${r.status}`)
const changes = () => sim.requests.filter((r) => r.method !== 'GET')
const repositoryOf = (name: string) => `${REGISTRY}/tenants/${sim.tenantId}/${name}`

describe('registry-login', () => {
  it('creates a missing deployment as internal_docker, gets a push token, and logs Docker in with the token on stdin only', async () => {
    const run = await login()

    expect(run.failures).toEqual([])
    const created = sim.deployments()[0]
    expect(sim.deployments()).toHaveLength(1)
    expect(changes().map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/v2/deployments',
        { name: 'image-agent', source: 'internal_docker', source_config: {}, source_revision_config: {}, secrets: [] }
      ],
      ['POST', `/v2/deployments/${created.id}/push-token`, undefined]
    ])
    const [token] = sim.pushTokens()
    expect(docker.calls().map(({ argv, stdin }) => ({ argv, stdin }))).toEqual([
      { argv: ['login', '-u', 'oauth2accesstoken', '--password-stdin', REGISTRY], stdin: token.token }
    ])
    expect(run.outputs).toEqual({
      'deployment-id': created.id,
      'deployment-status': created.status,
      operation: 'created',
      registry: REGISTRY,
      'image-repository': repositoryOf('image-agent')
    })
    expect(run.outcome.kind).toBe('logged-in')
    // Registered with the runner before anything could print it, and shown nowhere.
    expect(run.stdout.split('\n')[run.stdout.split('\n').findIndex((line) => line.includes(token.token))]).toBe(
      `::add-mask::${token.token}`
    )
    expect(visibleText(run)).not.toContain(token.token)
    expect(JSON.stringify(run.outcome)).not.toContain(token.token)
  })

  it('tells what it did and what comes next in its own words', async () => {
    const run = await login()
    const repository = repositoryOf('image-agent')
    expect(run.view.title).toEqual(['🔑 Logged in to the registry for ', { code: 'image-agent' }])
    expect(run.view.facts.find(([label]) => label === 'What was done')?.[1]).toEqual([
      'Created the deployment (source ',
      { code: 'internal_docker' },
      ') and logged Docker in to its registry'
    ])
    expect(run.view.facts.find(([label]) => label === 'Registry')?.[1]).toEqual([{ code: REGISTRY }])
    expect(run.view.notes).toEqual([
      [
        'Next: build and push your image to ',
        { code: repository },
        ' (for example with docker/build-push-action), then deploy it with ',
        { code: `image-uri: ${repository}@<digest>` },
        ', the digest the push printed.'
      ]
    ])
    expect(run.summary).toContain('## 🔑 Logged in to the registry for <code>image-agent</code>')
    expect(run.lines.at(-1)).toBe(
      `Outcome: logged in: deployment \`image-agent\` (${run.outputs['deployment-id']}), push to ${repository}.`
    )
  })

  it('then a deploy of the pushed image by digest ships it (the flow of examples/own-image.yml)', async () => {
    const login1 = await login()
    const digest = `sha256:${'c0ffee'.repeat(10)}abcd`
    const image = `${login1.outputs['image-repository']}@${digest}`
    const deployed = await deployWith(sim, 'image-agent', { 'graph-config-path': '', 'integration-id': '', 'image-uri': image })

    expect(deployed.failures).toEqual([])
    expect(deployed.warnings).toEqual([])
    expect(deployed.outputs).toMatchObject({
      operation: 'updated',
      'revision-status': 'DEPLOYED',
      'deployment-id': login1.outputs['deployment-id']
    })
    expect(deployed.outcome.shipped).toEqual({ kind: 'image', imageUri: image, digest })
    expect(sim.revisions(login1.outputs['deployment-id'])[0]).toMatchObject({
      source: 'internal_docker',
      source_revision_config: { image_uri: image }
    })
  })

  it('logs in for an existing internal_docker deployment without changing it (operation unchanged)', async () => {
    const seeded = sim.seedDeployment({ name: 'image-agent', source: 'internal_docker' })
    const run = await login()

    expect(run.failures).toEqual([])
    expect(changes().map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v2/deployments/${seeded.id}/push-token`])
    expect(run.outputs.operation).toBe('unchanged')
    expect(run.outputs['image-repository']).toBe(repositoryOf('image-agent'))
    expect(run.view.facts.find(([label]) => label === 'What was done')?.[1]).toEqual(["Logged Docker in to the deployment's registry"])
    expect(docker.calls().map((c) => c.stdin)).toEqual([sim.pushTokens()[0].token])
  })

  it("gives docker none of the action's inputs (INPUT_* variables), where a runner puts the API key", async () => {
    sim.seedDeployment({ name: 'image-agent', source: 'internal_docker' })
    process.env['INPUT_API-KEY'] = sim.apiKey
    try {
      const run = await login()
      expect(run.failures).toEqual([])
    } finally {
      delete process.env['INPUT_API-KEY']
    }
    expect(docker.calls().map((c) => c.inputs)).toEqual([[]])
  })

  it('finds the deployment by deployment-id alone', async () => {
    const seeded = sim.seedDeployment({ name: 'by-id-agent', source: 'internal_docker' })
    const run = await login({ name: '', 'deployment-id': seeded.id })

    expect(run.failures).toEqual([])
    expect(calls()).toEqual([`GET /v2/deployments/${seeded.id} 200`, `POST /v2/deployments/${seeded.id}/push-token 200`])
    expect(run.outputs['image-repository']).toBe(repositoryOf('by-id-agent'))
  })

  it.each(['github', 'external_docker', 'internal_source'])(
    'refuses a %s deployment the lookup found, naming its source and what to do, before asking for a push token or running docker',
    async (source) => {
      const seeded = sim.seedDeployment({ name: 'image-agent', source })
      const run = await login()

      expect(errorLines(run)).toEqual([
        `Deployment \`image-agent\` (${seeded.id}) has source \`${source}\`, and the managed registry takes images only for ` +
          `\`internal_docker\` deployments: no push token was asked for, and Docker was not logged in.\n` +
          'Set `name` (or `deployment-id`) to an `internal_docker` deployment, or choose a new `name` and `registry-login` creates one with that source; ' +
          "a deployment's source cannot change, so deploy this one with `command: deploy` as it is."
      ])
      expect(run.outcome.kind).toBe('refused')
      expect(sim.requests.map((r) => `${r.method} ${r.path}`)).not.toContainEqual(expect.stringContaining('push-token'))
      expect(changes()).toEqual([])
      expect(docker.calls()).toEqual([])
      expect(run.outputs['deployment-id']).toBe(seeded.id)
    }
  )

  it("still reports the control plane's reason when it refuses the token itself (the lookup showed no source)", async () => {
    const seeded = sim.seedDeployment({ name: 'image-agent', source: 'github' })
    // A deployment read whose source is missing: the control plane alone can say.
    const proxy = await rewritingProxy(sim.url, (body, path) =>
      path.startsWith('/v2/deployments/') && !path.includes('push-token') ? { ...(body as object), source: undefined } : body
    )
    try {
      const run = await runInProcess({
        inputs: { 'control-plane-url': proxy.url, 'api-key': sim.apiKey, command: 'registry-login', 'deployment-id': seeded.id }
      })
      expect(errorLines(run)).toEqual([
        `Get a push token for deployment ${seeded.id} failed with HTTP 400: Push tokens are only available for 'internal_docker' source deployments; deployment ${seeded.id} has source 'github'.\n` +
          'The managed registry takes images only for deployments whose source is `internal_docker`: set `name` (or `deployment-id`) to such a deployment, ' +
          'or choose a new `name` and `registry-login` creates one with that source.'
      ])
      expect(changes().map((r) => `${r.method} ${r.status}`)).toEqual(['POST 400'])
      expect(docker.calls()).toEqual([])
    } finally {
      await proxy.stop()
    }
  })

  it('refuses `source` other than internal_docker as bad input, before any request, instead of making an internal_docker deployment', async () => {
    const run = await login({ source: 'github' })
    expect(errorLines(run)).toEqual([
      'Invalid input: `source` is `github`, but `command: registry-login` logs in to the managed registry, which takes images only for `internal_docker` deployments: ' +
        'remove `source` (or set it to `internal_docker`); to deploy a `github` deployment, use `command: deploy` without `registry-login`\n' +
        "Fix the step's `with:` block; no change was sent to the control plane."
    ])
    expect(sim.requests).toEqual([])
    expect(docker.calls()).toEqual([])
  })

  it('takes `source: internal_docker`, what it makes anyway, without a warning', async () => {
    const run = await login({ source: 'internal_docker' })
    expect(run.failures).toEqual([])
    expect(run.warnings).toEqual([])
    expect(changes()[0].body).toMatchObject({ source: 'internal_docker' })
  })

  it('with create-if-missing: false, refuses a missing deployment and creates nothing', async () => {
    const run = await login({ 'create-if-missing': 'false' })
    expect(errorLines(run)).toEqual([
      'No deployment is named `image-agent`, and `create-if-missing` is false.\nCreate the deployment first, fix `name`, or set `create-if-missing: true`.'
    ])
    expect(changes()).toEqual([])
    expect(docker.calls()).toEqual([])
  })

  it('refuses, before any request, to run where there is no docker', async () => {
    docker.hide()
    const run = await login()
    expect(errorLines(run)).toEqual([
      '`command: registry-login` logs Docker in, and there is no `docker` on this runner (none on `PATH`).\n' +
        "Run this job on a runner with Docker (GitHub's hosted Ubuntu runners have it), or install Docker in an earlier step."
    ])
    expect(sim.requests).toEqual([])
    expect(run.lines.at(-1)).toBe('Outcome: refused: deployment `image-agent` (`command: registry-login`).')
  })

  it("fails when docker login fails, with docker's words neutralised and the token taken out", async () => {
    sim.seedDeployment({ name: 'image-agent', source: 'internal_docker' })
    docker.reset('fail')
    const run = await login()

    const [token] = sim.pushTokens()
    expect(docker.calls()).toHaveLength(1)
    expect(errorLines(run)).toEqual([
      `\`docker login -u oauth2accesstoken --password-stdin ${REGISTRY}\` failed (exit code 1): Error response from daemon: ` +
        `login to ${REGISTRY} with password *** refused: unauthorized ::warning::injected last line.\n` +
        `Check that Docker's daemon runs on this runner and can reach \`${REGISTRY}\`; a push token is short-lived, so re-run the job if the login came late or the registry was briefly unreachable.`
    ])
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([])
    expect(visibleText(run)).not.toContain(token.token)
    expect(run.outcome.kind).toBe('failed')
    expect(run.outputs.operation).toBe('unchanged')
    expect(run.outputs.registry).toBeUndefined()
  })

  it("stops docker (and what it started) when it overruns the step's timeout", async () => {
    sim.seedDeployment({ name: 'image-agent', source: 'internal_docker' })
    docker.reset('hang')
    const run = await login({ timeout: '1s' })

    const [call] = docker.calls()
    expect(call.argv).toEqual(['login', '-u', 'oauth2accesstoken', '--password-stdin', REGISTRY])
    expect(alive(call.pid)).toBe(false)
    expect(errorLines(run)).toEqual([
      `\`docker login -u oauth2accesstoken --password-stdin ${REGISTRY}\` did not finish within the step's \`timeout\` (1s were left); it was stopped.\n` +
        `Check that Docker's daemon runs on this runner and can reach \`${REGISTRY}\`, or raise \`timeout\`.`
    ])
  })

  it('stops docker when the workflow is cancelled', async () => {
    sim.seedDeployment({ name: 'image-agent', source: 'internal_docker' })
    docker.reset('hang')
    const controller = new AbortController()
    const running = runInProcess({
      inputs: { 'control-plane-url': sim.url, 'api-key': sim.apiKey, command: 'registry-login', name: 'image-agent' },
      signal: controller.signal
    })
    // Real time: docker is a real process. Bounded, so a run that never starts it fails below instead of hanging.
    for (let waited = 0; docker.calls().length === 0 && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20))
    controller.abort()
    const run = await running

    expect(alive(docker.calls()[0].pid)).toBe(false)
    expect(run.outcome.kind).toBe('failed')
    expect(run.failures[0]).toContain('The workflow was cancelled')
  })

  describe('dry run', () => {
    it('looks up, says what it would send and run, and sends nothing and runs no docker', async () => {
      const run = await login({ 'dry-run': 'true' })

      expect(run.failures).toEqual([])
      expect(calls()).toEqual(['GET /v2/deployments 200'])
      expect(docker.calls()).toEqual([])
      expect(run.outputs.operation).toBe('planned')
      expect(run.outcome.kind === 'planned' && run.outcome.requests).toEqual([
        {
          method: 'POST',
          path: '/v2/deployments',
          body: { name: 'image-agent', source: 'internal_docker', source_config: {}, source_revision_config: {}, secrets: [] }
        },
        { method: 'POST', path: '/v2/deployments/{id of the new deployment}/push-token' }
      ])
      expect(run.lines).toContain(
        'Dry run: would create deployment `image-agent` (source internal_docker), then ask for a push token (POST /v2/deployments/{id of the new deployment}/push-token), ' +
          'then run `docker login -u oauth2accesstoken --password-stdin <registry host>` with the token on its standard input, never as an argument. Docker was not run.'
      )
    })

    it('is refused, as the real run would be, for a deployment of another source', async () => {
      const seeded = sim.seedDeployment({ name: 'image-agent', source: 'external_docker' })
      const run = await login({ 'dry-run': 'true' })

      expect(changes()).toEqual([])
      expect(run.outcome.kind).toBe('refused')
      expect(errorLines(run)[0]).toContain(
        `Deployment \`image-agent\` (${seeded.id}) has source \`external_docker\`, and the managed registry takes images only for \`internal_docker\` deployments`
      )
      expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([])
    })

    it('runs without docker, saying a real run would stop', async () => {
      docker.hide()
      const run = await login({ 'dry-run': 'true' })
      expect(run.failures).toEqual([])
      expect(run.warnings).toEqual([
        '`command: registry-login` logs Docker in, and there is no `docker` on this runner (none on `PATH`). A real run would stop there, before any request.'
      ])
    })
  })

  it('warns about the inputs it does not use, and does not send them', async () => {
    const run = await login({ secrets: 'OPENAI_API_KEY=sk-0123456789', 'image-uri': 'registry.example/agent:1' })
    expect(run.failures).toEqual([])
    expect(run.warnings).toEqual([
      '`image-uri` and `secrets` are set but `command: registry-login` does not use them; they are ignored, and not checked.'
    ])
    expect(changes()[0].body).toEqual({
      name: 'image-agent',
      source: 'internal_docker',
      source_config: {},
      source_revision_config: {},
      secrets: []
    })
  })

  it('refuses, after the lookup and before any change, a new deployment name the control plane cannot take', async () => {
    const run = await login({ name: 'image_agent' })
    expect(errorLines(run)[0]).toContain('`name` `image_agent` matches no deployment')
    expect(changes()).toEqual([])
  })
})

describe('the registry named by a push token', () => {
  it('is the host of registry_url, scheme and path left out; the image goes under the whole URL', () => {
    expect(registryOf('registry.example.com/projects/p1', 'agent')).toEqual({
      registry: 'registry.example.com',
      imageRepository: 'registry.example.com/projects/p1/agent'
    })
    expect(registryOf('https://eu.registry.example:5000/p/q/', 'agent')).toEqual({
      registry: 'eu.registry.example:5000',
      imageRepository: 'eu.registry.example:5000/p/q/agent'
    })
    expect(registryOf('[::1]:5000/p', 'agent')).toEqual({ registry: '[::1]:5000', imageRepository: '[::1]:5000/p/agent' })
  })

  it.each([
    ['--password=x/p'],
    ['-u/p'],
    ['reg example/p'],
    ['user@registry.example/p'],
    ['registry.example/p?x=1'],
    ['registry.example/P:tag'],
    ['']
  ])('refuses `%s` instead of passing it to docker', (url) => {
    expect(() => registryOf(url, 'agent')).toThrow('is not a registry host with an image path')
  })
})

describe('the simulator: POST /v2/deployments/{id}/push-token', () => {
  const post = (path: string, headers: Record<string, string> = { 'X-Api-Key': sim.apiKey }) =>
    fetch(`${sim.url}${path}`, { method: 'POST', headers })

  it('hands an internal_docker deployment a token and its registry, a new token each time', async () => {
    const seeded = sim.seedDeployment({ name: 'image-agent', source: 'internal_docker' })
    const first = await post(`/v2/deployments/${seeded.id}/push-token`)
    const second = await post(`/v2/deployments/${seeded.id}/push-token`)
    const [a, b] = [
      (await first.json()) as { token: string; registry_url: string },
      (await second.json()) as { token: string; registry_url: string }
    ]
    expect([first.status, second.status]).toEqual([200, 200])
    expect(a.registry_url).toBe(`${REGISTRY}/tenants/${sim.tenantId}`)
    expect(a.token).not.toBe(b.token)
    expect(sim.pushTokens().map((t) => t.token)).toEqual([a.token, b.token])
  })

  it('refuses other sources (400), unknown deployments (404), ids that are not UUIDs (422) and requests without a credential (401)', async () => {
    const github = sim.seedDeployment({ name: 'gh-agent', source: 'github' })
    const refused = await post(`/v2/deployments/${github.id}/push-token`)
    expect([refused.status, ((await refused.json()) as { detail: string }).detail]).toEqual([
      400,
      `Push tokens are only available for 'internal_docker' source deployments; deployment ${github.id} has source 'github'.`
    ])
    expect((await post('/v2/deployments/0b7e4c1a-9d2f-4e63-8a15-3c6f2d9b8e41/push-token')).status).toBe(404)
    expect((await post('/v2/deployments/not-a-uuid/push-token')).status).toBe(422)
    expect((await post(`/v2/deployments/${github.id}/push-token`, {})).status).toBe(401)
    expect(sim.pushTokens()).toEqual([])
  })
})
