import { readInputs, runnerInputs, type InputContext, type InputGetter } from '../inputs/read.js'
import { Recorder } from '../core/recorder.js'
import { INPUT_DEFAULTS } from '../inputs/names.js'
import type { InputSpec } from '../inputs/spec.js'
import { deleteListenerCommand } from './delete-listener/command.js'
import type { DeleteListenerInputs } from './delete-listener/inputs.js'
import { deleteCommand } from './delete/command.js'
import type { DeleteInputs } from './delete/inputs.js'
import { deployCommand } from './deploy/command.js'
import type { DeployInputs } from './deploy/inputs.js'
import { rollbackCommand } from './rollback/command.js'
import type { RollbackInputs } from './rollback/inputs.js'
import { pruneCommand } from './prune/command.js'
import type { PruneInputs } from './prune/inputs.js'
import { registryLoginCommand } from './registry-login/command.js'
import type { RegistryLoginInputs } from './registry-login/inputs.js'
import type { CommandDefinition } from './types.js'

/**
 * THE place where commands are registered: the `command` input takes exactly these
 * names, main.ts runs whichever is chosen, and nothing else names them. To add one,
 * write src/commands/<name>/{inputs,command}.ts (its definition carries its `words`, how
 * the reports speak of it, and its `target`, which inputs name what it acts on) and add a
 * line here (and its inputs type to ActionInputs); the reports need nothing else.
 */
export const COMMANDS = {
  deploy: deployCommand,
  delete: deleteCommand,
  rollback: rollbackCommand,
  'delete-listener': deleteListenerCommand,
  prune: pruneCommand,
  'registry-login': registryLoginCommand
} as const

export type Command = keyof typeof COMMANDS

/** The inputs of whichever command was chosen. */
export type ActionInputs = DeployInputs | DeleteInputs | DeleteListenerInputs | RollbackInputs | PruneInputs | RegistryLoginInputs

const SPECS = Object.fromEntries(Object.entries(COMMANDS).map(([name, command]) => [name, command.spec])) as Record<
  Command,
  InputSpec<unknown>
>

/** Every input read and checked, before any request, for the command the inputs choose. */
export async function readActionInputs(get: InputGetter = runnerInputs, context: InputContext = {}): Promise<ActionInputs> {
  return (await readInputs(SPECS, get, context)) as ActionInputs
}

/**
 * The recorder of a run, made before any input is checked: for the command the `command`
 * input names (its default when unset) and the target its inputs name, so that a refusal
 * of the inputs is told as that command's, of that target. An unknown `command` value is
 * told as a refusal of no command in particular.
 */
export function recorderFor(get: InputGetter = runnerInputs): Recorder {
  const given = get('command') || INPUT_DEFAULTS.command
  if (!Object.hasOwn(COMMANDS, given)) return new Recorder('')
  const definition = commandFor(given as Command)
  const target = definition.target ?? { kind: 'deployment', inputs: ['name', 'deployment-id'] }
  const name = target.inputs.map((input) => get(input)).find((value) => value !== '')
  return new Recorder(given, { kind: target.kind, ...(name !== undefined ? { name } : {}) }, definition.words)
}

/** The definition of a command, typed loosely: main.ts runs any of them the same way. */
export function commandFor(name: Command): CommandDefinition<unknown> {
  return COMMANDS[name] as unknown as CommandDefinition<unknown>
}
