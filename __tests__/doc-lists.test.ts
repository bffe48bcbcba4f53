// The lists of names in the docs are the code's: the `--scenario` and `--demo` lists are written
// from sim/scenarios.js and scripts/local-demos.js (`npm run docs`), and the table of the
// commands' demos in docs/local-running.md and `npm start -- --help` name exactly the commands
// scripts/local-demos.js has a demo for, which are the action's. CI runs
// `node scripts/readme-tables.js --check` too.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { COMMAND_DEMOS, PUSH_DEMOS } from '../scripts/local-demos.js'
import { ROOT } from '../scripts/run-action.js'
import { LIST_FILES, renderLists } from '../scripts/scenario-lists.js'
import { SCENARIOS } from '../sim/scenarios.js'
import { COMMANDS } from '../src/commands/registry.js'
import { localRunInProcess } from './helpers/local-run.js'

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8')

/** The names in the first cell of each row between a list's markers. */
function listed(text: string, marker: string): string[] {
  const start = text.indexOf(`<!-- ${marker}:start -->`)
  const end = text.indexOf(`<!-- ${marker}:end -->`)
  return text
    .slice(start, end)
    .split('\n')
    .slice(3)
    .map((row) => /^\| `([^`]+)` \|/.exec(row)?.[1])
    .filter((name): name is string => name !== undefined)
}

describe('the generated lists of names', () => {
  it.each(Object.keys(LIST_FILES))('%s is as `npm run docs` writes it', (file) => {
    const text = read(file)
    expect(renderLists(text, file)).toBe(text)
  })

  it('name every scenario and demo, in the tables’ order', () => {
    for (const [file, lists] of Object.entries(LIST_FILES)) {
      const text = read(file)
      if (lists.includes('scenarios')) expect([file, listed(text, 'scenarios')]).toEqual([file, Object.keys(SCENARIOS)])
      if (lists.includes('demos')) expect([file, listed(text, 'demos')]).toEqual([file, Object.keys(PUSH_DEMOS)])
    }
  })

  it('are stale, and rewritten, when a list lost a row', () => {
    const file = 'sim/README.md'
    const text = read(file)
    const stale = text.replace(/^\| `timeout` \|.*\n/m, '')
    expect(stale).not.toBe(text)
    expect(renderLists(stale, file)).toBe(text)
  })

  it('refuse a doc without the markers, naming it', () => {
    expect(() => renderLists('no markers here', 'sim/README.md')).toThrow('sim/README.md lacks the <!-- scenarios:start -->')
  })
})

describe("the commands' demos, written by hand, checked against the code", () => {
  it('every command of the action has a demo', () => {
    expect(Object.keys(COMMAND_DEMOS).sort()).toEqual(Object.keys(COMMANDS).sort())
  })

  it("docs/local-running.md's table names exactly the commands that have a demo", () => {
    const text = read('docs/local-running.md')
    const rows = text.split('\n').filter((line) => line.startsWith('| `npm start'))
    const commands = rows.map((row) => /command=([a-z-]+)/.exec(row)?.[1] ?? /\(`([a-z-]+)`\)/.exec(row)?.[1])
    expect(commands.sort()).toEqual(Object.keys(COMMAND_DEMOS).sort())
  })

  it('`npm start -- --help` names exactly the commands that have a demo', async () => {
    const help = (await localRunInProcess(['--help'])).stdout
    const named = [...help.matchAll(/^ {2}--input command=([a-z-]+) /gm)].map((match) => match[1])
    expect(named.sort()).toEqual(Object.keys(COMMAND_DEMOS).sort())
  })
})
