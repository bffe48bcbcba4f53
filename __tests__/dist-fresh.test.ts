// dist/ freshness by content (scripts/dist-fresh.js): file times must not matter, contents must.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { distFreshness, sourceHash, writeFingerprint } from '../scripts/dist-fresh.js'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dist-fresh-'))
  await mkdir(join(root, 'src', 'inputs'), { recursive: true })
  await mkdir(join(root, 'dist'))
  await writeFile(join(root, 'src', 'index.ts'), 'export {}\n')
  await writeFile(join(root, 'src', 'inputs', 'read.ts'), 'export const a = 1\n')
  await writeFile(join(root, 'package-lock.json'), '{}\n')
  await writeFile(join(root, 'tsconfig.json'), '{}\n')
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('dist freshness', () => {
  it('is fresh after writing the fingerprint, even when the sources get a newer time', async () => {
    writeFingerprint(root)
    const future = new Date(Date.now() + 3600_000)
    await utimes(join(root, 'src', 'index.ts'), future, future)
    expect(distFreshness(root).fresh).toBe(true)
  })

  it.each([
    ['a source file changes', 'src/inputs/read.ts', 'export const a = 2\n'],
    ['a source file is added', 'src/new.ts', 'export {}\n'],
    ['the lockfile changes', 'package-lock.json', '{"lockfileVersion":3}\n'],
    ['tsconfig.json changes', 'tsconfig.json', '{"strict":true}\n']
  ])('is stale when %s', async (_, file, content) => {
    writeFingerprint(root)
    await writeFile(join(root, file), content)
    expect(distFreshness(root).fresh).toBe(false)
  })

  it('is stale without a fingerprint', () => {
    expect(distFreshness(root)).toMatchObject({ fresh: false, recorded: undefined })
  })

  it('depends on paths as well as contents, and on nothing else', async () => {
    const first = sourceHash(root)
    expect(sourceHash(root)).toBe(first)
    await rm(join(root, 'src', 'inputs', 'read.ts'))
    await writeFile(join(root, 'src', 'inputs', 'renamed.ts'), 'export const a = 1\n')
    expect(sourceHash(root)).not.toBe(first)
  })
})
