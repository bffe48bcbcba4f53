import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { lifecycles, type Simulator } from '../sim/index.js'
import { INTEGRATION_ID, visibleText } from './helpers/action.js'
import { runInProcess, startSimulatorOnClock } from './helpers/in-process.js'

/**
 * What a deploy does to the deployment's environment (commands/deploy/environment.ts). The
 * simulator keeps one environment per deployment, as the control plane's owners read it: a
 * `secrets` list on an update replaces it whole, an empty one leaves it, GET returns the values.
 * The secrets seeded here stand for ones a team set in the UI, by a CLI or by Terraform.
 */
let sim: Simulator
beforeAll(async () => {
  sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(100) })
})
afterAll(() => sim.stop())
beforeEach(() => sim.reset())

const NAME = 'support-agent'
const A = { name: 'A', value: 'value-of-a-1' }
const B = { name: 'B', value: 'value-of-b-2' }
const NEW_A = 'value-of-a-9'

function seed(options: { secrets?: Array<{ name: string; value: string }>; hideSecretValues?: boolean } = {}) {
  const seeded = sim.seedDeployment({
    name: NAME,
    source_config: { integration_id: INTEGRATION_ID },
    secrets: options.secrets ?? [A, B],
    hideSecretValues: options.hideSecretValues
  })
  return String(seeded.id)
}

function deploy(inputs: Record<string, string>) {
  return runInProcess({
    inputs: { 'control-plane-url': sim.url, 'api-key': sim.apiKey, name: NAME, 'poll-interval': '50ms', ...inputs }
  })
}

const environmentOf = (id: string) => sim.deployments().find((d) => d.id === id)?.secrets
const patches = () => sim.requests.filter((r) => r.method === 'PATCH')
const changes = () => sim.requests.filter((r) => r.method !== 'GET')

describe('secrets-update: merge (the default)', () => {
  it('keeps every secret set elsewhere: `A` given, `B` kept with its value', async () => {
    const id = seed()
    const run = await deploy({ secrets: `A=${NEW_A}` })

    expect(run.exitCode).toBe(0)
    expect(environmentOf(id)).toEqual([{ name: 'A', value: NEW_A }, B])
    expect(patches()[0].body).toMatchObject({ secrets: [{ name: 'A', value: NEW_A }, B] })
    expect(run.outcome.environment).toEqual({
      mode: 'merge',
      secrets: { kept: ['B'], set: ['A'], added: [], removed: [], sent: true }
    })
    expect(run.lines).toContain('`secrets`: sets `A`; keeps `B`.')
    expect(run.summary).toContain('Secrets</th><td>set <code>A</code>; kept <code>B</code></td>')
  })

  it('sends no `secrets` when the merged environment is the one the deployment has', async () => {
    const id = seed()
    const run = await deploy({ secrets: `A=${A.value}` })

    expect(run.exitCode).toBe(0)
    expect(patches()).toHaveLength(1)
    expect(patches()[0].body).not.toHaveProperty('secrets')
    expect(environmentOf(id)).toEqual([A, B])
    expect(run.outcome.environment?.secrets).toMatchObject({ kept: ['A', 'B'], sent: false })
  })

  it('sends no `secrets: []` for an empty `secrets`, which must not be read as "clear everything"', async () => {
    const id = seed()
    const run = await deploy({ secrets: '{}' })

    expect(run.exitCode).toBe(0)
    expect(patches()).toHaveLength(1)
    expect(patches()[0].body).not.toHaveProperty('secrets')
    expect(environmentOf(id)).toEqual([A, B])
  })

  it('registers the values it reads for masking before anything else is printed, and never shows one', async () => {
    seed()
    const run = await deploy({ secrets: `A=${NEW_A}` })

    const stdout = run.stdout
    const masked = stdout.indexOf(`::add-mask::${B.value}`)
    expect(masked).toBeGreaterThanOrEqual(0)
    expect(masked).toBeLessThan(stdout.indexOf('Found deployment'))
    expect(visibleText(run)).not.toContain(B.value)
    expect(visibleText(run)).not.toContain(A.value)
  })

  it('refuses before any change when the deployment names a secret without its value, naming it and the two ways out', async () => {
    seed({ hideSecretValues: true })
    const run = await deploy({ secrets: `A=${NEW_A}` })

    expect(run.exitCode).toBe(1)
    expect(changes()).toEqual([])
    expect(run.failures[0]).toContain('whose value the control plane did not return: `B`')
    expect(run.failures[0]).toContain('list it in `secrets`')
    expect(run.failures[0]).toContain('`secrets-update: replace`')
  })

  it('merges when every secret without a value is given', async () => {
    const id = seed({ hideSecretValues: true })
    const run = await deploy({ secrets: `A=${NEW_A}\nB=${B.value}` })

    expect(run.exitCode).toBe(0)
    expect(patches()[0].body).toMatchObject({
      secrets: [
        { name: 'A', value: NEW_A },
        { name: 'B', value: B.value }
      ]
    })
    expect(environmentOf(id)).toEqual([{ name: 'A' }, { name: 'B' }])
  })

  it('sends the input as given on a create', async () => {
    const run = await deploy({ secrets: `A=${NEW_A}`, 'graph-config-path': 'graph.json', 'integration-id': INTEGRATION_ID })

    expect(run.exitCode).toBe(0)
    expect(sim.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ secrets: [{ name: 'A', value: NEW_A }] })
    expect(run.outcome.environment?.secrets).toMatchObject({ added: ['A'], sent: true })
  })
})

describe('secrets-update: replace', () => {
  it('makes `secrets` the whole environment, and names every secret it removes in the log, the summary and the outcome', async () => {
    const id = seed()
    const run = await deploy({ secrets: `A=${NEW_A}`, 'secrets-update': 'replace' })

    expect(run.exitCode).toBe(0)
    expect(environmentOf(id)).toEqual([{ name: 'A', value: NEW_A }])
    expect(run.warnings).toContain('`secrets`: sets `A`; removes `B`.')
    expect(run.outcome.environment?.secrets).toMatchObject({ set: ['A'], removed: ['B'] })
    expect(run.summary).toContain('Secrets</th><td>set <code>A</code>; removed <code>B</code></td>')
  })

  it('names what it would remove in a dry run, and sends nothing', async () => {
    seed()
    const run = await deploy({ secrets: `A=${NEW_A}`, 'secrets-update': 'replace', 'dry-run': 'true' })

    expect(run.outcome.kind).toBe('planned')
    expect(changes()).toEqual([])
    expect(run.warnings).toContain('`secrets`: sets `A`; removes `B`.')
    expect(run.summary).toContain('removed <code>B</code>')
    expect(visibleText(run)).not.toContain(NEW_A)
  })

  it.each(['{}', '# all commented out', ''])('refuses an empty `secrets` (%j) before any request', async (secrets) => {
    seed()
    const run = await deploy({ secrets, 'secrets-update': 'replace' })

    expect(run.exitCode).toBe(1)
    expect(sim.requests).toEqual([])
    expect(run.failures[0]).toContain('`secrets` is empty, and `secrets-update` is `replace`')
  })

  it('replaces even when the deployment hides values (nothing to keep)', async () => {
    const id = seed({ hideSecretValues: true })
    const run = await deploy({ secrets: `A=${NEW_A}`, 'secrets-update': 'replace' })

    expect(run.exitCode).toBe(0)
    expect(patches()[0].body).toMatchObject({ secrets: [{ name: 'A', value: NEW_A }] })
    expect(environmentOf(id)).toEqual([{ name: 'A' }])
  })
})

describe('resource-spec on an update: merged field by field over the deployment’s', () => {
  const SPEC = {
    min_scale: 2,
    max_scale: 3,
    cpu: 2,
    memory_mb: 4096,
    labels: { team: 'support' },
    // A field the action's own schema does not model: kept all the same.
    orchestrator_cpu: 1
  }

  it('keeps every field a partial spec leaves out, as the deployment has it', async () => {
    const seeded = sim.seedDeployment({ name: 'image-agent', source: 'external_docker', source_config: { resource_spec: SPEC } })
    const run = await deploy({
      name: 'image-agent',
      'image-uri': `registry.example/agent@sha256:${'e'.repeat(64)}`,
      'resource-spec': '{"max_scale": 6}'
    })

    expect(run.exitCode).toBe(0)
    const merged = { ...SPEC, max_scale: 6 }
    expect(patches()[0].body).toMatchObject({ source_config: { resource_spec: merged } })
    const now = sim.deployments().find((d) => d.id === seeded.id)
    expect(now?.source_config.resource_spec).toEqual(merged)
  })

  it('keeps a field written with no value (null), and replaces a map such as `labels` whole', async () => {
    const seeded = sim.seedDeployment({ name: 'image-agent', source: 'external_docker', source_config: { resource_spec: SPEC } })
    const run = await deploy({
      name: 'image-agent',
      'image-uri': `registry.example/agent@sha256:${'e'.repeat(64)}`,
      'resource-spec': 'min_scale: 1\nmax_scale:\nlabels: {team: billing}'
    })

    expect(run.exitCode).toBe(0)
    const merged = { ...SPEC, min_scale: 1, labels: { team: 'billing' } }
    expect(sim.deployments().find((d) => d.id === seeded.id)?.source_config.resource_spec).toEqual(merged)
  })

  it('shows the merged object in a dry run', async () => {
    sim.seedDeployment({ name: 'image-agent', source: 'external_docker', source_config: { resource_spec: SPEC } })
    const run = await deploy({
      name: 'image-agent',
      'image-uri': `registry.example/agent@sha256:${'e'.repeat(64)}`,
      'resource-spec': 'max_scale: 6',
      'dry-run': 'true'
    })

    expect(run.outcome.kind).toBe('planned')
    expect(changes()).toEqual([])
    expect(run.lines.join('\n')).toContain('"orchestrator_cpu": 1')
    expect(run.lines.join('\n')).toContain('"max_scale": 6')
    expect(run.lines.join('\n')).toContain('"memory_mb": 4096')
  })
})

describe('after a lost answer, the environment sent is the one merged from the deployment as first read', () => {
  const PATCH = { method: 'PATCH', path: /^\/v2\/deployments\/[^/]+$/ } as const
  const lost502 = { status: 502, body: '<html>502 Bad Gateway</html>', headers: { 'content-type': 'text/html' } }
  const merged = [{ name: 'A', value: NEW_A }, B]

  it('adopts the update that took effect, sending nothing again', async () => {
    const id = seed()
    sim.addFault({ ...PATCH, applyThen: 'reset' })
    const run = await deploy({ secrets: `A=${NEW_A}` })

    expect(run.exitCode).toBe(0)
    expect(patches()).toHaveLength(1)
    expect(environmentOf(id)).toEqual(merged)
  })

  it('sends the same merged list again when the update did not take effect', async () => {
    const id = seed()
    sim.addFault({ ...PATCH, respond: lost502 })
    const run = await deploy({ secrets: `A=${NEW_A}` })

    expect(run.exitCode).toBe(0)
    const [first, again] = patches()
    expect(first.body).toMatchObject({ secrets: merged })
    expect(again.body).toEqual(first.body)
    expect(environmentOf(id)).toEqual(merged)
  })

  it("does not take another run's change of only secrets for its own, and does not send again over it", async () => {
    const id = seed()
    const theirs = [{ name: 'A', value: 'value-of-a-other-run' }, B]
    sim.addFault({
      ...PATCH,
      respond: lost502,
      meanwhile: (other) => void other.send('PATCH', `/v2/deployments/${id}`, { secrets: theirs })
    })
    const run = await deploy({ secrets: `A=${NEW_A}` })

    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain(`Another deploy changed deployment \`${NAME}\` meanwhile`)
    expect(patches()).toHaveLength(1)
    expect(environmentOf(id)).toEqual(theirs)
  })
})

describe('a change to the environment between the lookup and the patch', () => {
  const C = { name: 'C', value: 'value-of-c-3' }
  /** The deployment's GET the lookup reads, answered as it was; then "the UI" sets `C` before the action goes on. */
  const setMeanwhile = (id: string, secrets: unknown[]) =>
    sim.addFault({
      method: 'GET',
      path: new RegExp(`^/v2/deployments/${id}$`),
      delayMs: 1,
      times: 1,
      meanwhile: (other) => void other.send('PATCH', `/v2/deployments/${id}`, { secrets })
    })

  it('keeps a secret set meanwhile: the merge is made again from the deployment as it is just before the patch', async () => {
    const id = seed()
    setMeanwhile(id, [A, B, C])
    const run = await deploy({ secrets: `A=${NEW_A}` })

    expect(run.exitCode).toBe(0)
    expect(environmentOf(id)).toEqual([{ name: 'A', value: NEW_A }, B, C])
    expect(patches().at(-1)?.body).toMatchObject({ secrets: [{ name: 'A', value: NEW_A }, B, C] })
    expect(
      run.lines.some((line) => line.includes('`secrets` changed while this deploy ran') && line.includes('merged again from it'))
    ).toBe(true)
    expect(run.outcome.environment?.secrets).toMatchObject({ kept: ['B', 'C'], set: ['A'], added: [], removed: [] })
  })

  it('keeps a `resource_spec` field changed meanwhile that the step does not give', async () => {
    const spec = { min_scale: 2, max_scale: 3, cpu: 2 }
    const seeded = sim.seedDeployment({ name: 'image-agent', source: 'external_docker', source_config: { resource_spec: spec } })
    sim.addFault({
      method: 'GET',
      path: new RegExp(`^/v2/deployments/${String(seeded.id)}$`),
      delayMs: 1,
      times: 1,
      meanwhile: (other) =>
        void other.send('PATCH', `/v2/deployments/${String(seeded.id)}`, { source_config: { resource_spec: { ...spec, cpu: 4 } } })
    })
    const run = await deploy({
      name: 'image-agent',
      'image-uri': `registry.example/agent@sha256:${'e'.repeat(64)}`,
      'resource-spec': '{"max_scale": 6}'
    })

    expect(run.exitCode).toBe(0)
    expect(patches().at(-1)?.body).toMatchObject({ source_config: { resource_spec: { min_scale: 2, max_scale: 6, cpu: 4 } } })
    expect(sim.deployments().find((d) => d.id === seeded.id)?.source_config.resource_spec).toEqual({ min_scale: 2, max_scale: 6, cpu: 4 })
  })

  it('leaves a `replace` list as planned when only `resource-spec` is merged again: a secret set meanwhile is not removed', async () => {
    const seeded = sim.seedDeployment({
      name: NAME,
      source_config: { integration_id: INTEGRATION_ID, resource_spec: { min_scale: 1, max_scale: 2 } },
      secrets: [A]
    })
    const id = String(seeded.id)
    sim.addFault({
      method: 'GET',
      path: new RegExp(`^/v2/deployments/${id}$`),
      delayMs: 1,
      times: 1,
      meanwhile: (other) =>
        void other.send('PATCH', `/v2/deployments/${id}`, {
          secrets: [A, C],
          source_config: { resource_spec: { min_scale: 2, max_scale: 2 } }
        })
    })
    const run = await deploy({ secrets: `A=${A.value}`, 'secrets-update': 'replace', 'resource-spec': 'max_scale: 4' })

    expect(run.exitCode).toBe(0)
    const body = patches().at(-1)?.body as Record<string, unknown>
    expect(body.secrets).toBeUndefined()
    expect(body).toMatchObject({ source_config: { resource_spec: { min_scale: 2, max_scale: 4 } } })
    expect(environmentOf(id)).toEqual([A, C])
    expect(run.lines.some((line) => line.includes('`resource_spec` changed while this deploy ran'))).toBe(true)
  })

  it('starts the patch from the deployment read again: a lost answer after a change meanwhile is sent again, not taken for another run', async () => {
    const id = seed()
    setMeanwhile(id, [A, B, C])
    sim.addFault({
      method: 'PATCH',
      path: /^\/v2\/deployments\/[^/]+$/,
      times: 1,
      respond: { status: 502, body: '<html>502 Bad Gateway</html>', headers: { 'content-type': 'text/html' } }
    })
    const run = await deploy({ secrets: `A=${NEW_A}` })

    expect(run.exitCode).toBe(0)
    const ours = patches().filter((patch) => (patch.body as { secrets?: unknown }).secrets !== undefined && patch.fault !== undefined)
    expect(ours).toHaveLength(1)
    expect(environmentOf(id)).toEqual([{ name: 'A', value: NEW_A }, B, C])
  })

  it('sends no `secrets` when the deployment came to have meanwhile what the merge would set', async () => {
    const id = seed()
    setMeanwhile(id, [{ name: 'A', value: NEW_A }, B])
    const run = await deploy({ secrets: `A=${NEW_A}` })

    expect(run.exitCode).toBe(0)
    const sent = patches().filter((patch) => patch.fault === undefined)
    expect(sent).toHaveLength(1)
    expect((sent[0].body as Record<string, unknown>).secrets).toBeUndefined()
    expect(environmentOf(id)).toEqual([{ name: 'A', value: NEW_A }, B])
    expect(run.outcome.environment?.secrets).toMatchObject({ kept: ['A', 'B'], set: [], sent: false })
  })

  it('reads the deployment once more only when the patch merges into it, and sends the plan as it was when nothing changed', async () => {
    const id = seed()
    const run = await deploy({ secrets: `A=${NEW_A}` })
    expect(run.exitCode).toBe(0)
    const reads = sim.requests.filter((r) => r.method === 'GET' && r.path === `/v2/deployments/${id}`).length
    expect(run.lines.some((line) => line.includes('changed while this deploy ran'))).toBe(false)

    sim.reset()
    const other = seed()
    const replaced = await deploy({ secrets: `A=${NEW_A}`, 'secrets-update': 'replace' })
    expect(replaced.exitCode).toBe(0)
    // `replace` merges nothing: one read fewer before its patch.
    expect(sim.requests.filter((r) => r.method === 'GET' && r.path === `/v2/deployments/${other}`).length).toBe(reads - 1)
  })
})

describe('values and references read from the deployment', () => {
  it('does not register a value too short to mask (a setting such as `DEBUG=1`), and keeps it', async () => {
    const id = seed({ secrets: [{ name: 'DEBUG', value: '1' }, B] })
    const run = await deploy({ secrets: `A=${NEW_A}` })

    expect(run.exitCode).toBe(0)
    expect(run.stdout).not.toContain('::add-mask::1\n')
    expect(run.warnings.filter((line) => line.includes('too short to mask'))).toEqual([])
    expect(environmentOf(id)).toEqual([{ name: 'DEBUG', value: '1' }, B, { name: 'A', value: NEW_A }])
  })

  const X = { name: 'X', secret_name: 'k8s-x', secret_key: 'x' }
  const Y = { name: 'Y', secret_name: 'k8s-y', secret_key: 'y' }
  const imageInputs = { name: 'image-agent', 'image-uri': `registry.example/agent@sha256:${'f'.repeat(64)}` }
  const seedImage = () => String(sim.seedDeployment({ name: 'image-agent', source: 'external_docker', secret_references: [X, Y] }).id)
  const referencesOf = (id: string) => sim.deployments().find((d) => d.id === id)?.secret_references

  it('merges `secret-references` by name, keeping the others', async () => {
    const id = seedImage()
    const run = await deploy({ ...imageInputs, 'secret-references': '[{name: X, secret_name: k8s-x2, secret_key: x}]' })

    expect(run.exitCode).toBe(0)
    expect(referencesOf(id)).toEqual([{ ...X, secret_name: 'k8s-x2' }, Y])
    expect(run.outcome.environment?.references).toMatchObject({ set: ['X'], kept: ['Y'], sent: true })
  })

  it('replaces `secret-references` with `replace`, naming what it removes', async () => {
    const id = seedImage()
    const run = await deploy({
      ...imageInputs,
      'secret-references': '[{name: X, secret_name: k8s-x, secret_key: x}]',
      'secrets-update': 'replace'
    })

    expect(run.exitCode).toBe(0)
    expect(referencesOf(id)).toEqual([X])
    expect(run.warnings).toContain('`secret-references`: removes `Y`; keeps `X`.')
  })

  it('refuses `secret-references` that name one variable twice, before any request', async () => {
    seedImage()
    const run = await deploy({
      ...imageInputs,
      'secret-references': '[{name: X, secret_name: k8s-x, secret_key: a}, {name: X, secret_name: k8s-x, secret_key: b}]'
    })

    expect(run.exitCode).toBe(1)
    expect(run.failures[0]).toContain('`secret-references` names `X` more than once')
    expect(sim.requests).toEqual([])
  })
})
