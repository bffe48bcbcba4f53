import { beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { DEPLOY_GATES } from '../src/commands/deploy/gates/index.js'
import { decideSource, type SourceInputs } from '../src/commands/deploy/source.js'
import { errorLines } from './helpers/action.js'
import { commitCheckout } from './helpers/git-checkout.js'
import { runInProcess } from './helpers/in-process.js'
import { simulatorWithGitHub } from './helpers/with-github.js'

const GATES_DIR = resolve('src/commands/deploy/gates')

/** The modules a source file imports, resolved to `.ts` paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((m) => resolve(dirname(file), m[1]).replace(/\.js$/, '.ts'))
}

describe('the gate list', () => {
  const stages = DEPLOY_GATES.map((gate) => gate.stage)

  it('runs every `archive` gate before every `change` gate: a remote build is refused before the lookup, so before any request', () => {
    expect(stages).toEqual([...stages].sort((a, b) => (a === b ? 0 : a === 'archive' ? -1 : 1)))
    expect(stages).toContain('archive')
    // Its commit first: a checkout of another commit is refused whatever its config says.
    expect(DEPLOY_GATES.map((gate) => gate.id).slice(0, 2)).toEqual(['checkout-commit', 'archive-config-check'])
  })

  it("holds every gate a source names, once; the `archive` gates are a remote build's and no other source's", () => {
    const ids = DEPLOY_GATES.map((gate) => gate.id)
    expect(new Set(ids).size).toBe(ids.length)
    const archiveIds = DEPLOY_GATES.filter((gate) => gate.stage === 'archive').map((gate) => gate.id)
    const inputs = (source: string, tarball?: string): SourceInputs => ({
      source,
      sourceRevisionConfig: tarball ? { source_tarball_path: tarball } : {},
      createIfMissing: true
    })
    for (const [source, tarball] of [
      ['github'],
      ['internal_source'],
      ['internal_source', 'x.tgz'],
      ['internal_docker'],
      ['external_docker']
    ] as const) {
      const decision = decideSource(inputs(source, tarball), undefined)
      for (const id of decision.gates) expect(ids).toContain(id)
      const archiveGates = decision.gates.filter((id) => archiveIds.includes(id))
      expect(archiveGates).toEqual(decision.archivesCheckout ? archiveIds : [])
    }
  })

  it('has each gate in one module, which imports nothing that imports a gate back', () => {
    const gateFiles = readdirSync(GATES_DIR).map((name) => join(GATES_DIR, name))
    for (const file of gateFiles) {
      for (const imported of importsOf(file)) {
        if (imported.startsWith(GATES_DIR)) continue
        const back = importsOf(imported).filter((path) => path.startsWith(GATES_DIR))
        expect({ file: relative('.', file), imports: relative('.', imported), back }).toEqual({
          file: relative('.', file),
          imports: relative('.', imported),
          back: []
        })
      }
    }
  })
})

describe("a remote build's gates, on its archive", () => {
  const world = simulatorWithGitHub('gates-')
  const CONFIG = 'apps/agent/langgraph.json'
  let workspace: string
  let head: string
  let runnerTemp: string

  beforeAll(() => {
    workspace = mkdtempSync(join(world.dir, 'checkout-'))
    runnerTemp = mkdtempSync(join(world.dir, 'runner-temp-'))
    // Committed: a config naming a graph file the commit does not hold (the build would fail on it).
    head = commitCheckout(workspace, {
      [CONFIG]: JSON.stringify({ dependencies: ['.'], graphs: { agent: './missing.py:graph' } }),
      'apps/agent/agent.py': 'graph = None\n'
    })
    // The working tree fixed, not committed: the archive ships the commit, so the check must read the commit.
    writeFileSync(join(workspace, CONFIG), JSON.stringify({ dependencies: ['.'], graphs: { agent: './agent.py:graph' } }))
  })

  function deploy(inputs: Record<string, string>) {
    return runInProcess({
      inputs: {
        'control-plane-url': world.sim.url,
        'api-key': world.sim.apiKey,
        name: 'remote-agent',
        source: 'internal_source',
        'graph-config-path': CONFIG,
        ...inputs
      },
      env: { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp }
    })
  }

  it('refuses a checkout of another commit first, with no request at all (not even the lookup)', async () => {
    const run = await deploy({ 'expected-commit': 'f'.repeat(40) })
    expect(run.outcome.kind).toBe('refused')
    expect(errorLines(run)[0]).toContain(`The checkout has commit ${head} checked out, not \`expected-commit\` ${'f'.repeat(40)}`)
    expect(world.sim.requests).toEqual([])
  })

  it('checks the config as the archive holds it (the commit, not the working tree), with no request at all', async () => {
    const run = await deploy({ 'expected-commit': head })
    expect(run.outcome.kind).toBe('refused')
    expect(errorLines(run)[0]).toMatch(/The config check found 1 problem/)
    expect(errorLines(run).join('\n')).toContain('missing.py')
    expect(run.outcome.checks).toContainEqual(expect.objectContaining({ id: 'config-check', status: 'failed' }))
    expect(world.sim.requests).toEqual([])
  })
})
