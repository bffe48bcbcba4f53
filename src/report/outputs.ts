import type { OutputName } from '../inputs/names.js'
import type { RunView } from './view-types.js'

/** The step's outputs, from the view: sent through the sink, which redacts them. */
export function setOutputs(view: RunView, write: (name: OutputName, value: string) => void): void {
  for (const [name, value] of Object.entries(view.outputs)) write(name as OutputName, value)
}
