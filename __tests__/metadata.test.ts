// action.yml and package.json as the Marketplace, npm and the runner read them.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { ROOT } from '../scripts/run-action.js'

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { description: string; runs: { using: string } }
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string }
  scripts: Record<string, string>
}
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[] }>
}

/** The lowest Node major a range admits: `>=22`, `^20.17.0 || >=22.9.0` → 20, `*` → 0. */
function minimumMajor(range: string): number {
  return Math.min(...range.split('||').map((part) => Number(/(\d+)/.exec(part)?.[1] ?? 0)))
}

describe('action.yml', () => {
  it('has a description the Marketplace accepts (at most 125 characters)', () => {
    expect(action.description.length).toBeGreaterThan(0)
    expect(action.description.length).toBeLessThanOrEqual(125)
  })
})

describe('Node versions', () => {
  const runtime = Number(/^node(\d+)$/.exec(action.runs.using)?.[1])

  it('engines names the runtime action.yml runs on', () => {
    expect(runtime).toBeGreaterThanOrEqual(20)
    expect(minimumMajor(pkg.engines.node)).toBe(runtime)
  })

  it('no dependency of the bundle needs a newer Node than engines admits', () => {
    const production = Object.entries(lock.packages).filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev)
    expect(production.length).toBeGreaterThan(0)
    const tooNew = production
      .filter(([, entry]) => !Array.isArray(entry.engines) && typeof entry.engines?.node === 'string')
      .filter(([, entry]) => minimumMajor((entry.engines as { node: string }).node) > minimumMajor(pkg.engines.node))
      .map(([path, entry]) => `${path} needs node ${(entry.engines as { node: string }).node}`)
    expect(tooNew).toEqual([])
  })
})

describe('package.json scripts', () => {
  it('records the source fingerprint on build and checks it before the tests', () => {
    expect(pkg.scripts.build).toMatch(/&& node scripts\/dist-fresh\.js --write$/)
    expect(pkg.scripts.pretest).toBe('node scripts/dist-fresh.js --check')
  })
})

describe('releases', () => {
  it('take their notes from the CHANGELOG section of the tagged version, and only that section', async () => {
    const { changelogSection } = await import('../scripts/changelog-section.js')
    const changelog = '# Changelog\n\n## [Unreleased]\n- next\n\n## [1.2.3] - 2026-01-02\n### Fixed\n- a bug\n\n## [1.2.2]\n- older\n'
    expect(changelogSection(changelog, '1.2.3')).toBe('### Fixed\n- a bug\n')
    expect(changelogSection(changelog, '1.2')).toBeUndefined()
    expect(changelogSection(changelog, '1.2.4')).toBeUndefined()
    expect(changelogSection(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'), '1.0.0')).toContain('command: deploy')
    // The version package.json is at has its section, so tagging it has release notes.
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    expect(changelogSection(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'), version)).toContain('rollback')
  })

  it('run on version tags, check dist/, and move the major tag', () => {
    const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8')) as {
      on: { push: { tags: string[] } }
      jobs: { release: { steps: Array<{ run?: string }> } }
    }
    expect(workflow.on.push.tags).toEqual(['v[0-9]+.[0-9]+.[0-9]+'])
    const script = workflow.jobs.release.steps.map((step) => step.run ?? '').join('\n')
    expect(script).toContain('git status --porcelain -- dist')
    expect(script).toContain('scripts/changelog-section.js')
    expect(script).toContain('gh release create')
    // The tag must be the version the action reports in its User-Agent.
    expect(script).toContain(`require('./package.json').version`)
    expect(script).toMatch(/git push --force origin "refs\/tags\/\$major"/)
  })
})
