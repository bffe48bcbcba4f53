import { pollIntervalProblem } from './parsers.js'
import type { InputReader } from './spec.js'

/** `poll-interval`, with its floor checked against the control plane it will poll (see parsers.ts). */
export function readPollInterval(reader: InputReader): number | undefined {
  const intervalMs = reader.value('poll-interval')
  const baseUrl = reader.value('control-plane-url')
  if (intervalMs !== undefined && baseUrl !== undefined) {
    const problem = pollIntervalProblem(intervalMs, baseUrl)
    if (problem) reader.problem(problem)
  }
  return intervalMs
}
