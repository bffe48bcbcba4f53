// A deterministic messages graph for the real agent server: no model, no network.
// Its answer depends only on the last user message, so a test can ask for each
// behaviour the checks after DEPLOYED must judge:
//   "Say pong."          -> "pong"
//   "Say <word>."        -> "<word>"
//   "Sleep <n>ms"        -> waits n ms (at most 30 s), then "slept <n>ms"
//   "Throw"              -> the node throws (the server reports the run's error)
//   "Echo"               -> adds nothing (the final state is the input only)
//   anything else        -> "Sorry, I cannot help with that."
// `classifier` is a graph of another state, `{text, intent}`: "hello ..." -> intent "greet", else
// "other" (its input key `text` comes back in the final state unchanged).
// With AGENT_VARIANT=regressed in the server's environment, "Say ping." gets the "Sorry" answer
// too: a second server started that way is a revision worse than the first, on one case.
import { Annotation, MessagesAnnotation, StateGraph, START, END } from '@langchain/langgraph'
import { AIMessage } from '@langchain/core/messages'

const SORRY = 'Sorry, I cannot help with that.'

function lastText(messages) {
  const content = messages.at(-1)?.content
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? part : (part?.text ?? ''))).join('')
  return ''
}

async function answer(state) {
  const text = lastText(state.messages).trim()
  const say = /^Say (\S+?)\.?$/i.exec(text)
  if (say) {
    const word = say[1].toLowerCase()
    const regressed = process.env.AGENT_VARIANT === 'regressed' && word === 'ping'
    return { messages: [new AIMessage(regressed ? SORRY : word)] }
  }
  const sleep = /^Sleep (\d+)\s*ms$/i.exec(text)
  if (sleep) {
    const ms = Math.min(Number(sleep[1]), 30_000)
    await new Promise((resolve) => setTimeout(resolve, ms))
    return { messages: [new AIMessage(`slept ${ms}ms`)] }
  }
  if (/^Throw$/i.test(text)) throw new Error('the agent failed on purpose')
  if (/^Echo$/i.test(text)) return {}
  return { messages: [new AIMessage(SORRY)] }
}

export const graph = new StateGraph(MessagesAnnotation).addNode('answer', answer).addEdge(START, 'answer').addEdge('answer', END).compile()

const ClassifierState = Annotation.Root({ text: Annotation(), intent: Annotation() })

export const classifier = new StateGraph(ClassifierState)
  .addNode('classify', (state) => ({ intent: /^hello\b/i.test(String(state.text ?? '')) ? 'greet' : 'other' }))
  .addEdge(START, 'classify')
  .addEdge('classify', END)
  .compile()
