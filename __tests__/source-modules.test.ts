import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { SOURCES } from '../src/api/constants.js'
import { DEPLOY_GATES } from '../src/commands/deploy/gates/index.js'
import { otherSource } from '../src/commands/deploy/sources/other.js'
import { SOURCE_MODULES, sourceModuleFor } from '../src/commands/deploy/sources/registry.js'
import { SOURCE_FIELDS } from '../src/commands/deploy/sources/fields.js'
import type { PlanShare, SourceModule } from '../src/commands/deploy/sources/types.js'
import { INPUT_NAMES } from '../src/inputs/names.js'

/**
 * A new source is one module and one line in sources/registry.ts. These tests hold every module
 * to the interface (a part missing is a test failing, not a deploy that quietly skips a step), and
 * keep the rest of the deploy from telling sources apart by their names again.
 */

/** Every part a module must have, by what it is; `prepare` is optional by design (only a source that prepares has it). */
const PARTS: Record<Exclude<keyof SourceModule, 'prepare'>, 'string' | 'function' | 'object'> = {
  kind: 'string',
  sources: 'object',
  claims: 'function',
  gates: 'object',
  proof: 'object',
  plan: 'object',
  ship: 'function'
}
const PLAN_PARTS: Record<keyof PlanShare, 'boolean' | 'function'> = { fromWorkflow: 'boolean', revisionSource: 'function' }

/** What a module lacks or gets wrong, in words; empty when it is whole. */
function problemsOf(module: SourceModule): string[] {
  const problems: string[] = []
  const record = module as unknown as Record<string, unknown>
  for (const [part, type] of Object.entries(PARTS)) {
    if (typeof record[part] !== type || record[part] === null) problems.push(`lacks \`${part}\` (a ${type})`)
  }
  const plan = record.plan as Record<string, unknown> | undefined
  for (const [part, type] of Object.entries(PLAN_PARTS)) {
    if (typeof plan?.[part] !== type) problems.push(`lacks \`plan.${part}\` (a ${type})`)
  }
  if (!Array.isArray(module.proof?.before)) problems.push('lacks `proof.before` (the gates that hold its commit before the change)')
  if (problems.length > 0) return problems
  const ids = DEPLOY_GATES.map((gate) => gate.id)
  for (const id of module.gates) if (!ids.includes(id)) problems.push(`lists \`${id}\`, which is no gate`)
  for (const id of module.proof.before) if (!module.gates.includes(id)) problems.push(`proves its commit by \`${id}\`, not among its gates`)
  // `expected-commit` and the checkout's commit are listed only where they decide: as the module's proof.
  for (const id of ['expected-commit', 'checkout-commit'] as const) {
    if (module.gates.includes(id) && !module.proof.before.includes(id)) problems.push(`lists \`${id}\` but does not prove its commit by it`)
  }
  // `paths` compares the commits revisions report: only where the revision reports the one it was built from.
  if (module.gates.includes('paths') && !module.proof.afterBuild) problems.push('lists `paths`, but its revisions report no commit')
  return problems
}

describe('the source modules', () => {
  const modules = [...SOURCE_MODULES, otherSource]

  it.each(modules.map((module) => [module.kind, module] as const))('`%s` has every part of the interface', (_kind, module) => {
    expect(problemsOf(module)).toEqual([])
  })

  it('finds a module that lacks a part, or lists a gate where it cannot decide (the check can fail)', () => {
    const { ship: _ship, ...noShip } = otherSource
    expect(problemsOf(noShip as SourceModule)).toEqual(['lacks `ship` (a function)'])
    const { plan: _plan, ...noPlan } = otherSource
    expect(problemsOf(noPlan as SourceModule)).toContain('lacks `plan` (a object)')
    expect(problemsOf({ ...otherSource, gates: ['paths'] })).toEqual(['lists `paths`, but its revisions report no commit'])
    expect(problemsOf({ ...otherSource, gates: ['expected-commit'] })).toEqual([
      'lists `expected-commit` but does not prove its commit by it'
    ])
  })

  it('has each kind once, and one module for each source the control plane names (the fallback for none but the unknown)', () => {
    const kinds = modules.map((module) => module.kind)
    expect(new Set(kinds).size).toBe(kinds.length)
    for (const source of SOURCES) {
      for (const tarball of [undefined, 'uploads/agent.tar.gz']) {
        const inputs = { sourceRevisionConfig: tarball ? { source_tarball_path: tarball } : {}, createIfMissing: true }
        const claiming = SOURCE_MODULES.filter((module) => module.claims(source, inputs)).map((module) => module.kind)
        // At most one: the registry's order must never be what decides.
        expect({ source, tarball, claiming: claiming.slice(0, 1) }).toEqual({ source, tarball, claiming })
        const module = sourceModuleFor(source, inputs)
        // Exactly one for each source the control plane names but the template (no module of its own): none would fall back to `other` unnoticed.
        if (source === 'internal_template') {
          expect(claiming).toEqual([])
          expect(module).toBe(otherSource)
        } else {
          expect(claiming).toHaveLength(1)
          expect(module).not.toBe(otherSource)
          expect(module.sources).toContain(source)
        }
      }
    }
    // A source no module claims (the reference names `internal_template`) is the fallback's: sent as given, nothing proved.
    expect(sourceModuleFor('internal_template', { sourceRevisionConfig: {}, createIfMissing: true })).toBe(otherSource)
  })
})

describe('the one table of fields', () => {
  it('names each input and each request key once, every input a declared one', () => {
    const inputs = SOURCE_FIELDS.map((field) => field.input)
    const keys = SOURCE_FIELDS.map((field) => `${field.in}.${field.key}`)
    expect(new Set(inputs).size).toBe(inputs.length)
    expect(new Set(keys).size).toBe(keys.length)
    for (const input of inputs) expect(INPUT_NAMES).toContain(input)
    // Only the deployment's settings are fixed at creation.
    expect(SOURCE_FIELDS.filter((field) => field.createOnly && field.in !== 'source_config')).toEqual([])
  })
})

/**
 * The deploy outside sources/ asks the decision's module; it never tells sources apart by their
 * names (source.ts, the decision itself, compares the source the inputs name with the
 * deployment's, never with a name). Checked on the text, as __tests__/layering.test.ts checks imports.
 */
const DEPLOY = resolve('src/commands/deploy')
const SOURCE_NAME = `(?:${SOURCES.join('|')})`
const FORBIDDEN: Array<[RegExp, string]> = [
  [new RegExp(`(?:===|!==|==|!=)\\s*['"\`]${SOURCE_NAME}['"\`]`), 'compares with a source name'],
  [new RegExp(`['"\`]${SOURCE_NAME}['"\`]\\s*(?:===|!==|==|!=)`), 'compares with a source name'],
  [new RegExp(`case\\s+['"\`]${SOURCE_NAME}['"\`]`), 'switches on a source name'],
  [/(?:===|!==|==|!=)\s*(?:DEFAULT_SOURCE|REMOTE_BUILD)\b/, 'compares with a source constant'],
  [/\.(?:fromGitHub|archivesCheckout)\b/, "reads a source boolean: ask the decision's module"]
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : []
  })
}

/** What a file's text does that only a source module may, line by line. */
function sourceNameReads(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      FORBIDDEN.filter(([pattern]) => pattern.test(line)).map(([, what]) => `line ${index + 1}: ${what}: ${line.trim()}`)
    )
}

describe('no source names outside the source modules', () => {
  it('finds a comparison with a source name, a switch on one and a source boolean read (the check can fail)', () => {
    expect(sourceNameReads("if (builds === 'internal_source') archive()")).toHaveLength(1)
    expect(sourceNameReads("  case 'github':")).toHaveLength(1)
    expect(sourceNameReads('if (source.fromGitHub) check()')).toHaveLength(1)
    expect(sourceNameReads('log.warn(`this deploy ships \\`${source.builds}\\``)')).toEqual([])
  })

  it('the deploy pipeline, its gates, plan and checks name no source to tell them apart', () => {
    const files = filesUnder(DEPLOY).filter((file) => !file.startsWith(join(DEPLOY, 'sources')))
    expect(files).toContain(join(DEPLOY, 'command.ts'))
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      return sourceNameReads(text).map((read) => `${relative('.', file)} ${read}`)
    })
    expect(found).toEqual([])
  })
})
