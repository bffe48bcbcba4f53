import type { OutputSink } from '../../src/report/sink.js'

/** A sink that keeps everything run() writes: log lines (warnings prefixed), outputs, failures, summaries. */
export function memorySink() {
  const lines: string[] = []
  const warnings: string[] = []
  const outputs: Record<string, string> = {}
  const failures: string[] = []
  const summaries: string[] = []
  const sink: OutputSink = {
    info: (line) => lines.push(line),
    warn: (line) => {
      warnings.push(line)
      lines.push(`warning: ${line}`)
    },
    notice: (line) => lines.push(`notice: ${line}`),
    debug: () => undefined,
    startGroup: (title) => lines.push(`group: ${title}`),
    endGroup: () => lines.push('endgroup'),
    setOutput: (name, value) => (outputs[name] = value),
    summary: async (markdown) => void summaries.push(markdown),
    fail: (message) => failures.push(message)
  }
  return { sink, lines, warnings, outputs, failures, summaries }
}
