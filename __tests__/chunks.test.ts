import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../scripts/run-action.js'
import { requireBundle } from './helpers/action.js'

/**
 * Start-up loads only what the chosen command needs: the registry imports each command
 * with `import()`, main.ts imports GitHub reporting only when it is on, and YAML, zod
 * and Octokit are loaded by the code that needs them. This holds only if the bundler
 * made separate chunks of them, which a static import anywhere would silently undo.
 */
const DIST = join(ROOT, 'dist')

/** Text that only the code in question contains. */
const LAZY = {
  'the prune command': 'match${candidates.length === 1 ? ',
  'the delete-listener command': 'Deleting listener',
  'GitHub reporting': 'class GitHubReporter',
  Octokit: 'getOctokit',
  YAML: 'class YAMLParseError',
  zod: 'ZodError'
}

describe('the bundle loads lazily', () => {
  requireBundle()
  const entry = readFileSync(join(DIST, 'index.js'), 'utf8')
  const chunks = readdirSync(DIST).filter((file) => /^\d+\.index\.js$/.test(file))

  it.each(Object.entries(LAZY))('keeps %s out of dist/index.js, in a chunk of its own', (_what, marker) => {
    expect(entry).not.toContain(marker)
    expect(chunks.filter((file) => readFileSync(join(DIST, file), 'utf8').includes(marker)).length).toBeGreaterThan(0)
  })

  it('still has what every run needs in dist/index.js (the check can fail)', () => {
    expect(entry).toContain('class ControlPlaneClient')
  })
})
