import { describe, expect, it, jest } from '@jest/globals'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { EXPRESSION_DEFAULTS, INPUT_DEFAULTS, INPUT_NAMES, OUTPUT_NAMES, type InputName } from '../src/inputs/names.js'
import { readActionInputs as readInputs } from '../src/commands/registry.js'
import { viewOf } from '../src/report/view.js'
import { ACTION_NAME, ACTION_VERSION } from '../src/core/version.js'
import { INPUTS_PAGE, renderInputsPage, renderReadme } from '../scripts/readme-tables.js'
import { ROOT } from '../scripts/run-action.js'
import { BASE_INPUTS } from './helpers/inputs.js'

const actionYaml = readFileSync(join(ROOT, 'action.yml'), 'utf8')
const action = parse(actionYaml)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : []
  })
}

describe('action.yml and the code agree', () => {
  it('declares exactly the inputs the code knows', () => {
    expect(Object.keys(action.inputs).sort()).toEqual([...INPUT_NAMES].sort())
  })

  it('declares exactly the outputs the code sets', () => {
    expect(Object.keys(action.outputs).sort()).toEqual([...OUTPUT_NAMES].sort())
  })

  const declaredDefaults = Object.entries(action.inputs as Record<string, { default?: string }>)
    .filter(([, spec]) => spec.default !== undefined)
    .map(([name, spec]) => [name, String(spec.default)] as const)
  const isExpression = (value: string) => value.includes('${{')

  it('has the same defaults as the code applies', () => {
    expect(Object.fromEntries(declaredDefaults.filter(([, value]) => !isExpression(value)))).toEqual(INPUT_DEFAULTS)
  })

  it('declares as expressions exactly the defaults the code reads from their environment variables', () => {
    const expressions = Object.fromEntries(declaredDefaults.filter(([, value]) => isExpression(value)))
    expect(expressions).toEqual(Object.fromEntries(Object.entries(EXPRESSION_DEFAULTS).map(([name, d]) => [name, d.expression])))
  })

  it('falls back to GITHUB_TOKEN when github-token arrives empty, and masks it', async () => {
    const stdout: string[] = []
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stdout.push(String(chunk))
      return true
    })
    const inputs = await readInputs((name) => ({ ...BASE_INPUTS, 'pr-comment': 'true' })[name] ?? '', {
      env: { GITHUB_TOKEN: 'ghs_from_env_123' }
    })
    expect(inputs.command === 'deploy' && inputs.github.token).toBe('ghs_from_env_123')
    expect(stdout.join('')).toContain('::add-mask::ghs_from_env_123')
  })

  it('reads every declared input', async () => {
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const asked = new Set<InputName>()
    await readInputs((name) => {
      asked.add(name)
      return BASE_INPUTS[name] ?? ''
    })
    expect([...asked].sort()).toEqual([...INPUT_NAMES].sort())
  })

  it('can set every declared output', () => {
    const { outputs } = viewOf({
      startedAt: 0,
      finishedAt: 0,
      outcome: {
        kind: 'deployed',
        noNewRevision: false,
        command: 'deploy',
        subject: { kind: 'deployment', name: 'n' },
        operation: 'created',
        revisionId: 'r1',
        previousRevisionId: 'r0',
        deployment: { id: 'd1', name: 'n', status: 'READY', latest_revision_id: 'r1', url: 'https://x' },
        revision: { id: 'r1', status: 'DEPLOYED', source_revision_config: { repo_commit_sha: 'abc' } },
        // Only prune sets `pruned`.
        prune: { rows: [], pruned: ['agent-pr-2'], gone: [], githubRequests: 1 },
        // Only a remote build sets `archive-sha256`, only registry-login `registry` and `image-repository`.
        shipped: { kind: 'archive', sha256: 'a'.repeat(64), bytes: 10, files: 1 },
        registry: { registry: 'registry.example', imageRepository: 'registry.example/p/n' },
        servingRevisionId: 'r1',
        // Only `evals` sets the eval outputs; `eval-regressions` only with `compare-with`.
        evals: {
          ours: 'n',
          compare: { name: 'prod', compared: true },
          rows: [],
          repeat: 1,
          passRate: 1,
          requiredPassRate: 1,
          regressions: 0,
          maxRegressions: 0,
          times: {},
          runsSent: 0,
          runsNotRun: 0,
          resultsFile: '/tmp/eval-results.json',
          gate: 'passed'
        }
      }
    })
    expect(Object.keys(outputs).sort()).toEqual([...OUTPUT_NAMES].sort())
  })

  it('touches inputs and outputs only through the typed readers', () => {
    const offenders = sourceFiles(join(ROOT, 'src')).filter((file) => {
      const text = readFileSync(file, 'utf8')
      const readsInput = /\bgetInput\(|getBooleanInput\(|getMultilineInput\(|process\.env\.INPUT_/.test(text)
      const setsOutput = /\bsetOutput\(/.test(text)
      return (readsInput && !file.endsWith('inputs/read.ts')) || (setsOutput && !file.endsWith('report/sink.ts'))
    })
    expect(offenders).toEqual([])
  })

  it('runs on node24 with branding', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js', post: 'dist/index.js', 'post-if': 'always()' })
    expect(action.branding).toEqual({ icon: expect.any(String), color: expect.any(String) })
  })

  it('describes every input and output in its own sentences', () => {
    const described = [...Object.entries(action.inputs), ...Object.entries(action.outputs)] as Array<[string, { description?: unknown }]>
    // Every name the code knows, so an empty or partial list cannot pass.
    expect(described.map(([name]) => name).sort()).toEqual([...INPUT_NAMES, ...OUTPUT_NAMES].sort())
    const poor = described
      .map(([name, spec]) => [name, typeof spec.description === 'string' ? spec.description.trim() : ''] as const)
      .filter(([, text]) => !/^[A-Z`(].*[.)]$/s.test(text) || text.split(/\s+/).length < 2)
      .map(([name]) => name)
    expect(poor).toEqual([])
    const texts = described.map(([, spec]) => spec.description)
    expect(new Set(texts).size).toBe(texts.length)
  })
})

describe('README and package metadata agree', () => {
  it('has an index of the inputs and outputs generated from action.yml, each linked to its row of docs/inputs.md', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    expect(renderReadme(readme, actionYaml)).toBe(readme)
    const page = readFileSync(join(ROOT, INPUTS_PAGE), 'utf8')
    expect(renderInputsPage(page, actionYaml)).toBe(page)
    const declared = parse(actionYaml) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> }
    for (const name of Object.keys(declared.inputs)) {
      expect(readme).toContain(`(${INPUTS_PAGE}#${name})`)
      expect(page).toContain(`<a id="${name}"></a>`)
    }
    for (const name of Object.keys(declared.outputs)) expect(readme).toContain(`(${INPUTS_PAGE}#output-${name})`)
  })

  it('sends the package version in the User-Agent', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    expect(`${ACTION_NAME}@${ACTION_VERSION}`).toBe(`${pkg.name}@${pkg.version}`)
  })
})
