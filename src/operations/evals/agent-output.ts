import { isMapping } from '../../core/mapping.js'

/**
 * The agent's output: what a run added to its input, never the input itself. A final state
 * repeats the input (an agent server returns the whole state, the user's messages included),
 * so text searched in the whole state would find the question, a JSON key or the input's own
 * words, and a check could not fail. The one rule, used by `smoke-test`'s `expect` and every
 * `evals` check:
 * - a final state with a `messages` list: the messages after the ones the input sent, their
 *   text content (a string, or the `text` of its parts);
 * - any other state: the keys whose values differ from the input's, their values' text (the
 *   strings, numbers and booleans in them; never a key).
 */
export interface AgentOutput {
  /** The output's text, one message or changed key a line: what `contains`, `not-contains` and `matches` read. */
  text: string
  /** How many messages (or changed keys) the run added: 0 is an output with nothing new. */
  added: number
}

export function agentOutput(input: Record<string, unknown>, state: unknown): AgentOutput {
  if (isMapping(state) && Array.isArray(state.messages)) {
    // A bare message (a string, or one mapping) is taken by the server as one message.
    const sent = Array.isArray(input.messages) ? input.messages.length : input.messages === undefined || input.messages === null ? 0 : 1
    const added = state.messages.slice(sent)
    return {
      text: added
        .map(messageText)
        .filter((t) => t !== '')
        .join('\n'),
      added: added.length
    }
  }
  if (isMapping(state)) {
    const changed = Object.keys(state).filter((key) => !sameJson(state[key], input[key]))
    return {
      text: changed
        .map((key) => valueText(state[key]))
        .filter((t) => t !== '')
        .join('\n'),
      added: changed.length
    }
  }
  // A state that is not a mapping (a graph may return a bare value): new unless it is the input.
  if (sameJson(state, input)) return { text: '', added: 0 }
  return { text: valueText(state), added: 1 }
}

/** A message's text content: `content` as a string, or the text of its parts (`{"type": "text", "text": ...}` or strings). */
function messageText(message: unknown): string {
  if (typeof message === 'string') return message
  if (!isMapping(message)) return ''
  const { content } = message
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    return content
      .map((part) => (typeof part === 'string' ? part : isMapping(part) && typeof part.text === 'string' ? part.text : ''))
      .filter((t) => t !== '')
      .join('\n')
  }
  return ''
}

/** The text in a value: its strings, numbers and booleans, one a line; never a key. */
export function valueText(value: unknown): string {
  const out: string[] = []
  const walk = (v: unknown, depth: number) => {
    if (depth > 64) return
    if (typeof v === 'string') out.push(v)
    else if (typeof v === 'number' || typeof v === 'boolean') out.push(String(v))
    else if (Array.isArray(v)) v.forEach((item) => walk(item, depth + 1))
    else if (isMapping(v)) Object.values(v).forEach((item) => walk(item, depth + 1))
  }
  walk(value, 0)
  return out.join('\n')
}

/** Equal as JSON (key order aside): how the input's value and the state's are compared. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]))
  if (isMapping(a) && isMapping(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined)
    const other = Object.keys(b).filter((k) => b[k] !== undefined)
    return keys.length === other.length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]))
  }
  return false
}
