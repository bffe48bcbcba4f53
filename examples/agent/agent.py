"""A tiny agent for the remote-build example: one node that greets, using the shared library."""

from typing import TypedDict

from langgraph.graph import END, START, StateGraph
from shared.greeting import greet


class State(TypedDict):
    name: str
    reply: str


def answer(state: State) -> dict:
    return {"reply": greet(state["name"])}


builder = StateGraph(State)
builder.add_node("answer", answer)
builder.add_edge(START, "answer")
builder.add_edge("answer", END)
graph = builder.compile()
