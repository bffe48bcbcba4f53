// A deterministic messages graph for the real agent server: no model, no network.
// Its answer depends only on the last user message, so a test can ask for each
// behaviour the checks after DEPLOYED must judge:
//   "Say pong."          -> "pong"
//   "Say <word>."        -> "<word>"
//   "Sleep <n>ms"        -> waits n ms (at most 30 s), then "slept <n>ms"
//   "Throw"              -> the node throws (the server reports the run's error)
//   "Echo"               -> adds nothing (the final state is the input only)
//   anything else        -> "Sorry, I cannot help with that."
import { MessagesAnnotation, StateGraph, START, END } from "@langchain/langgraph";
import { AIMessage } from "@langchain/core/messages";

function lastText(messages) {
  const last = messages[messages.length - 1];
  if (!last) return "";
  const content = last.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part === "string" ? part : (part?.text ?? ""))).join("");
  }
  return "";
}

async function answer(state) {
  const text = lastText(state.messages).trim();
  const say = /^Say (\S+?)\.?$/i.exec(text);
  if (say) return { messages: [new AIMessage(say[1].toLowerCase())] };
  const sleep = /^Sleep (\d+)\s*ms$/i.exec(text);
  if (sleep) {
    const ms = Math.min(Number(sleep[1]), 30_000);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { messages: [new AIMessage(`slept ${ms}ms`)] };
  }
  if (/^Throw$/i.test(text)) throw new Error("the agent failed on purpose");
  if (/^Echo$/i.test(text)) return {};
  return { messages: [new AIMessage("Sorry, I cannot help with that.")] };
}

export const graph = new StateGraph(MessagesAnnotation)
  .addNode("answer", answer)
  .addEdge(START, "answer")
  .addEdge("answer", END)
  .compile();
