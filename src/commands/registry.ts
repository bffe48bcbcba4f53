import { readInputs, runnerInputs, type InputContext, type InputGetter } from '../inputs/read.js'
import type { InputSpec } from '../inputs/spec.js'
import { deleteListenerSpec, type DeleteListenerInputs } from './delete-listener/inputs.js'
import { deleteSpec, type DeleteInputs } from './delete/inputs.js'
import { deploySpec, type DeployInputs } from './deploy/inputs.js'
import { rollbackSpec, type RollbackInputs } from './rollback/inputs.js'
import { pruneSpec, type PruneInputs } from './prune/inputs.js'
import type { CommandDefinition } from './types.js'

/**
 * A registered command: its input spec, static, since every input must be read and
 * checked before any request (and specs are small); and its definition, loaded only
 * when the command is chosen, so that a deploy never loads prune's code, nor a delete
 * the deploy's. The two are typed together, so a spec cannot be paired with another
 * command's definition.
 */
interface Registered<T> {
  spec: InputSpec<T>
  load: () => Promise<CommandDefinition<T>>
}

const registered = <T>(spec: InputSpec<T>, load: () => Promise<CommandDefinition<T>>): Registered<T> => ({ spec, load })

/**
 * THE place where commands are registered: the `command` input takes exactly these
 * names, main.ts runs whichever is chosen, and nothing else names them. To add one,
 * write src/commands/<name>/{inputs,command}.ts and add a line here (and its inputs
 * type to ActionInputs).
 */
export const COMMANDS = {
  deploy: registered(deploySpec, async () => (await import('./deploy/command.js')).deployCommand),
  delete: registered(deleteSpec, async () => (await import('./delete/command.js')).deleteCommand),
  rollback: registered(rollbackSpec, async () => (await import('./rollback/command.js')).rollbackCommand),
  'delete-listener': registered(deleteListenerSpec, async () => (await import('./delete-listener/command.js')).deleteListenerCommand),
  prune: registered(pruneSpec, async () => (await import('./prune/command.js')).pruneCommand)
} as const

export type Command = keyof typeof COMMANDS

/** The inputs of whichever command was chosen. */
export type ActionInputs = DeployInputs | DeleteInputs | DeleteListenerInputs | RollbackInputs | PruneInputs

const SPECS = Object.fromEntries(Object.entries(COMMANDS).map(([name, command]) => [name, command.spec])) as Record<
  Command,
  InputSpec<unknown>
>

/** Every input read and checked, before any request, for the command the inputs choose. */
export async function readActionInputs(get: InputGetter = runnerInputs, context: InputContext = {}): Promise<ActionInputs> {
  return (await readInputs(SPECS, get, context)) as ActionInputs
}

/** The definition of a command, loaded on first use and typed loosely: main.ts runs any of them the same way. */
export async function commandFor(name: Command): Promise<CommandDefinition<unknown>> {
  return (await COMMANDS[name].load()) as unknown as CommandDefinition<unknown>
}
