import { isMapping } from '../../core/mapping.js'
import { sameJson, valueText } from '../../core/json-values.js'

/**
 * The agent's output: what a run added to its input, never the input itself. A final state
 * repeats the input (an agent server returns the whole state, the user's messages included),
 * so text searched in the whole state would find the question, a JSON key or the input's own
 * words, and a check could not fail. The one rule, used by `smoke-test`'s `expect` and every
 * `evals` check:
 * - a final state with a `messages` list: its messages that are not the input's, wherever they
 *   stand, their text content (a string, or the `text` of its parts). A message is the input's
 *   when it has the `id` of one the input sent, or else that one's role and text (each input
 *   message stands for one message of the state). Not by position: a graph whose state replaces
 *   `messages` returns only its reply, and a server that merges the input's messages by `id`
 *   returns fewer than were sent; either way, counting from the input's length would skip the
 *   agent's words;
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
    const added = notSent(sentMessages(input.messages), state.messages)
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

/** The text of the last message the input sends (the question, in a conversation); '' when it sends none with text. */
export function lastSentText(input: Record<string, unknown>): string {
  return messageText(sentMessages(input.messages).at(-1))
}

/** The input's messages: a list, or a bare message (a string, or one mapping), which the server takes as one. */
function sentMessages(messages: unknown): unknown[] {
  if (Array.isArray(messages)) return messages
  return messages === undefined || messages === null ? [] : [messages]
}

/** The state's messages that none of the input's stands for: each input message is matched once, by `id`, else by role and text. */
function notSent(sent: readonly unknown[], state: readonly unknown[]): unknown[] {
  const unmatched = sent.map((message) => ({ id: idOf(message), role: roleOf(message), text: messageText(message) }))
  const take = (found: number) => {
    if (found < 0) return false
    unmatched.splice(found, 1)
    return true
  }
  return state.filter((message) => {
    const id = idOf(message)
    if (id !== undefined && take(unmatched.findIndex((m) => m.id === id))) return false
    const role = roleOf(message)
    const text = messageText(message)
    return !take(unmatched.findIndex((m) => m.role === role && m.text === text))
  })
}

function idOf(message: unknown): string | undefined {
  return isMapping(message) && typeof message.id === 'string' && message.id !== '' ? message.id : undefined
}

/** A LangChain message's role as the server stores it (`type`), whichever way it was written (`role: user` is `human`). */
const ROLES: Record<string, string> = { user: 'human', human: 'human', assistant: 'ai', ai: 'ai', system: 'system', tool: 'tool' }

function roleOf(message: unknown): string {
  // `["user", "Say pong."]`: a message as a (role, content) pair, which LangChain takes too.
  if (isPair(message)) return ROLES[message[0]] ?? message[0]
  if (!isMapping(message)) return 'human'
  const said = typeof message.type === 'string' ? message.type : typeof message.role === 'string' ? message.role : 'human'
  return ROLES[said] ?? said
}

function isPair(message: unknown): message is [string, unknown] {
  return Array.isArray(message) && message.length === 2 && typeof message[0] === 'string'
}

/** A message's text content: `content` as a string, or the text of its parts (`{"type": "text", "text": ...}` or strings). */
function messageText(message: unknown): string {
  if (typeof message === 'string') return message
  if (isPair(message)) return messageText({ content: message[1] })
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
