import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../scripts/run-action.js'

/**
 * A reader never meets a 200-character line: Prettier wraps the code at 140 columns but leaves long string and
 * template literals whole, so those are split by hand (`'...' +` parts, or a named const) and this keeps them so.
 */
const LIMIT = 200
const files = execFileSync('git', ['ls-files', 'src', '__tests__', 'sim', 'scripts', 'bench'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|js|mjs)$/.test(file) && !file.split('/').includes('fixtures'))

describe('line length', () => {
  it('checks the tracked sources, tests, simulator, scripts and bench', () => {
    expect(files.length).toBeGreaterThan(0)
    expect(files).toContain('__tests__/line-length.test.ts')
  })

  it(`has no line over ${LIMIT} characters`, () => {
    const long: string[] = []
    for (const file of files) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (line.length > LIMIT) long.push(`${file}:${index + 1} (${line.length} characters)`)
        })
    }
    expect(long).toEqual([])
  })
})
