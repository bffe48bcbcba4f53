import { codeOrEmpty, parseDuration } from './parsers.js'
import { isMapping } from '../core/mapping.js'

/** `smoke-test`: one stateless run sent to the deployed agent after DEPLOYED (operations/checks/smoke-test.ts). */
export interface SmokeTest {
  /** A graph id from the config, or an assistant id: the run's `assistant_id`. */
  assistant: string
  /** The graph's input: the run's `input`, sent as given. */
  input: Record<string, unknown>
  /** Text the answer must contain. */
  expect?: string
  /** How long the run may take, attempts and waits included, when given; else the default (2m), within the step's deadline. */
  timeoutMs?: number
}

export const SMOKE_TEST_DEFAULT_TIMEOUT_MS = 2 * 60_000

const KEYS = ['assistant', 'input', 'expect', 'timeout']
const EXAMPLE = 'e.g. `{"assistant": "agent", "input": {"messages": [{"role": "user", "content": "ping"}]}, "expect": "pong"}`'

/**
 * The `smoke-test` input: a YAML or JSON mapping. Problems name the key and the fix; values are
 * not repeated (an input may be built from secrets).
 */
export async function parseSmokeTest(raw: string): Promise<{ data?: SmokeTest; problems: string[] }> {
  const { parseYaml } = await import('./structured.js')
  let value: unknown
  try {
    value = parseYaml(raw).value
  } catch (error) {
    return { problems: [`${(error as Error).message}; write a mapping, ${EXAMPLE}`] }
  }
  if (!isMapping(value)) return { problems: [`must be a YAML or JSON mapping with \`assistant\` and \`input\`, ${EXAMPLE}`] }
  const problems: string[] = []
  for (const key of Object.keys(value)) {
    if (!KEYS.includes(key))
      problems.push(`${codeOrEmpty(key, 'an empty key')} is not a known key (known: ${KEYS.map((k) => `\`${k}\``).join(', ')})`)
  }
  const { assistant, input, expect } = value
  if (assistant === undefined || assistant === null)
    problems.push('`assistant` is required: a graph id from the config (e.g. `agent`) or an assistant id')
  else if (typeof assistant !== 'string' || assistant.trim() === '' || /[\r\n]/.test(assistant))
    problems.push('`assistant` must be one line of text: a graph id from the config or an assistant id')
  if (input === undefined || input === null)
    problems.push('`input` is required: a mapping, the graph\'s input (e.g. `{"messages": [...]}`)')
  else if (!isMapping(input))
    problems.push('`input` must be a mapping (the graph\'s input, e.g. `{"messages": [...]}`), not a list or a single value')
  if (expect !== undefined && (typeof expect !== 'string' || expect === ''))
    problems.push('`expect` must be text the answer must contain; quote it if it looks like a number')
  let timeoutMs: number | undefined
  const timeout = value.timeout
  if (timeout !== undefined) {
    try {
      // A bare number is seconds, as `timeout` itself reads it.
      if (typeof timeout !== 'string' && typeof timeout !== 'number') throw new Error('must be a duration such as `90s` or `2m`')
      timeoutMs = parseDuration(String(timeout))
    } catch (error) {
      problems.push(`\`timeout\` ${(error as Error).message.replace(/, got .*$/, '')}`)
    }
  }
  if (problems.length > 0) return { problems }
  return {
    data: {
      assistant: assistant as string,
      input: input as Record<string, unknown>,
      ...(expect !== undefined ? { expect: expect as string } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {})
    },
    problems
  }
}
