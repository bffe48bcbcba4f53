// Every refusal of the input parsers (src/inputs/) is built from the value the user gave: it
// never shows an empty code span (which renders as two backticks, or as nothing: "has the tag
// ``"), and its advice never invents a value the user did not write and could paste as theirs
// (`registry.example.com/team/agent@...` for an image in ghcr.io). Run over the bad-input
// catalog and over edge values (empty parts, lone separators) of every input each command reads.
import { describe, expect, it } from '@jest/globals'
import { COMMANDS, readActionInputs, type Command } from '../src/commands/registry.js'
import { InputError } from '../src/core/errors.js'
import type { InputName } from '../src/inputs/names.js'
import { BAD_INPUT_CASES } from './helpers/bad-inputs.js'
import { BASE_INPUTS, inputsFrom } from './helpers/inputs.js'

/** Values whose parts are empty or lone separators: where a message quotes an empty part. */
const EDGE_VALUES = [
  '-',
  ':',
  '@',
  '/',
  '//',
  '=',
  '.',
  'a:',
  'a@',
  '/a',
  'a/',
  'a//b',
  ':a',
  '@a',
  'a=',
  '=a',
  '{}',
  '[]',
  '`',
  '""',
  '!',
  '#',
  '*',
  '0',
  'A B',
  'a:b:c',
  'a@b@c'
]

/** The problems the inputs are refused with, none when they are taken. */
async function problemsOf(values: Partial<Record<InputName, string>>, env: Record<string, string> = {}): Promise<string[]> {
  try {
    await readActionInputs(inputsFrom(values), { env })
    return []
  } catch (error) {
    if (error instanceof InputError) return [...error.problems]
    throw error
  }
}

/** What is wrong with a problem's text, given the value it is about. */
function faults(problem: string, given: string): string[] {
  const found: string[] = []
  if (/(^|[^`])``([^`]|$)/.test(problem)) found.push('an empty code span')
  // Advice to write something: what it says to write comes from the value given (placeholders
  // such as `<64 hex digits>` aside), unless it holds no name at all (`[,]`).
  for (const match of problem.matchAll(/\bwrite (?:it )?(?:as )?`([^`]+)`/g)) {
    const words = match[1].replace(/<[^>]*>/g, '').match(/[A-Za-z0-9][A-Za-z0-9._-]{2,}/g) ?? []
    if (!words.every((word) => word === 'sha256' || given.toLowerCase().includes(word.toLowerCase())))
      found.push(`advice not from the value: \`${match[1]}\``)
  }
  // A made-up name shows only as an example, said to be one, or as advice from the value (above).
  for (const match of problem.matchAll(/`([^`]*example[^`]*)`/g)) {
    if (given.includes(match[1]) || /\bwrite (?:it )?(?:as )?$/.test(problem.slice(0, match.index))) continue
    const before = problem.slice(Math.max(0, (match.index ?? 0) - 12), match.index)
    if (!/(e\.g\.|such as|for example)[ ,]*$/.test(before)) found.push(`an invented value: \`${match[1]}\``)
  }
  return found
}

describe('refusals of the inputs', () => {
  it.each(BAD_INPUT_CASES)('the catalog: %s', async (_case, overrides, _problem, env) => {
    const values = { ...BASE_INPUTS, 'integration-id': '', ...overrides }
    const problems = await problemsOf(values, env)
    expect(problems.length).toBeGreaterThan(0)
    const given = Object.values(overrides).join('\n')
    expect(problems.flatMap((problem) => faults(problem, given).map((fault) => `${fault} in: ${problem}`))).toEqual([])
  })

  const commands = Object.keys(COMMANDS) as Command[]
  it.each(commands)('edge values of every input `command: %s` reads', async (command) => {
    const base = { ...BASE_INPUTS, command, 'name-pattern': 'agent-pr-{pr}', 'listener-id': '123e4567-e89b-12d3-a456-426614174000' }
    const found: string[] = []
    let refused = 0
    for (const input of COMMANDS[command].spec.uses.filter((name) => name !== 'command')) {
      for (const value of EDGE_VALUES) {
        for (const problem of await problemsOf({ ...base, [input]: value })) {
          refused++
          found.push(...faults(problem, value).map((fault) => `${input}=${JSON.stringify(value)}: ${fault} in: ${problem}`))
        }
      }
    }
    expect(refused).toBeGreaterThan(20)
    expect(found).toEqual([])
  })

  it('say an empty tag, digest or path part in words, and advise from the image given', async () => {
    const [tag] = await problemsOf({
      ...BASE_INPUTS,
      'graph-config-path': '',
      source: 'internal_docker',
      'image-uri': 'ghcr.io/acme/agent:'
    })
    expect(tag).toBe(
      "`image-uri` has an empty tag (nothing after the `:`); write it as `ghcr.io/acme/agent@sha256:<64 hex digits>` (docker/build-push-action's `digest` output)"
    )
    const [part] = await problemsOf({
      ...BASE_INPUTS,
      'graph-config-path': '',
      source: 'internal_docker',
      'image-uri': 'ghcr.io/acme//agent'
    })
    expect(part).toBe('`image-uri` has the repository path `acme//agent`, with an empty part (a `/` at its start or end, or `//`)')
  })
})
