import { describe, expect, it } from '@jest/globals'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { CHECK_KINDS, EXPECT_KEYS, parseExpect } from '../src/inputs/checks/registry.js'
import { ROOT } from '../scripts/run-action.js'

/**
 * The check kinds of `expect` are a registry (src/inputs/checks/): one module per kind with both
 * halves, its `parse` (the suite parser's) and its `judge` (the judge's), and one line in
 * registry.ts. A kind that lacks a half, or a module left out of the registry, fails here.
 */
describe('check kinds', () => {
  const seen = { text: 'pong', state: { structured_response: { intent: 'greet' } }, durationMs: 10, timeLeftMs: 5_000 }

  it.each(CHECK_KINDS.map((kind) => [kind.name, kind] as const))(
    '`%s` has its name, a parse and a judge that read its example',
    async (_, kind) => {
      expect(kind.name).toMatch(/^[a-z][a-z-]*$/)
      expect(typeof kind.parse).toBe('function')
      expect(typeof kind.judge).toBe('function')
      const problems: string[] = []
      const items = kind.parse(kind.example, `expect.${kind.name}`, (p) => problems.push(p))
      expect(problems).toEqual([])
      expect(items?.length).toBeGreaterThan(0)
      const judged = await kind.judge(items![0], seen)
      expect('holds' in judged || 'cannot' in judged).toBe(true)
    }
  )

  it('every kind module is in the registry, and every negatable kind is a `not-` check with no code of its own', () => {
    const modules = readdirSync(join(ROOT, 'src', 'inputs', 'checks'))
      .filter((f) => !['kind.ts', 'registry.ts', 'pattern-test.ts'].includes(f))
      .map((f) => f.replace(/\.ts$/, ''))
    expect(modules.sort()).toEqual(CHECK_KINDS.map((k) => k.name).sort())
    expect(EXPECT_KEYS).toEqual(['contains', 'not-contains', 'matches', 'not-matches', 'value', 'not-value', 'max-duration'])
  })

  it("`expect: pong` (the smoke test's way) suggests `{contains: pong}`", () => {
    const problems: string[] = []
    expect(parseExpect('pong', 'cases[0].expect', (p) => problems.push(p))).toBeUndefined()
    expect(problems).toEqual([expect.stringContaining("for text in the agent's output, write `expect: {contains: pong}`")])
  })
})
