import { readInputs, runnerInputs, type InputContext, type InputGetter } from '../inputs/read.js'
import { Recorder } from '../core/recorder.js'
import { INPUT_DEFAULTS } from '../inputs/names.js'
import type { InputSpec } from '../inputs/spec.js'
import { deleteListenerAbout } from './delete-listener/about.js'
import { deleteListenerSpec, type DeleteListenerInputs } from './delete-listener/inputs.js'
import { deleteAbout } from './delete/about.js'
import { deleteSpec, type DeleteInputs } from './delete/inputs.js'
import { deployAbout } from './deploy/about.js'
import { deploySpec, type DeployInputs } from './deploy/inputs.js'
import { rollbackAbout } from './rollback/about.js'
import { rollbackSpec, type RollbackInputs } from './rollback/inputs.js'
import { pruneAbout } from './prune/about.js'
import { pruneSpec, type PruneInputs } from './prune/inputs.js'
import { registryLoginAbout } from './registry-login/about.js'
import { registryLoginSpec, type RegistryLoginInputs } from './registry-login/inputs.js'
import type { CommandAbout, CommandDefinition } from './types.js'

/**
 * A registered command: its input spec and what the reports call it, static, since every
 * input must be read and checked before any request and a refusal must still be told as
 * that command's (both are small); and its definition, loaded only when the command is
 * chosen, so that a deploy never loads prune's code, nor a delete the deploy's. They are
 * typed together, so a spec cannot be paired with another command's definition.
 */
interface Registered<T> {
  spec: InputSpec<T>
  about: CommandAbout
  load: () => Promise<CommandDefinition<T>>
}

const registered = <T>(spec: InputSpec<T>, about: CommandAbout, load: () => Promise<CommandDefinition<T>>): Registered<T> => ({
  spec,
  about,
  load
})

/**
 * THE place where commands are registered: the `command` input takes exactly these
 * names, main.ts runs whichever is chosen, and nothing else names them. To add one,
 * write src/commands/<name>/{inputs,about,command}.ts (`about` holds its `words`, how the
 * reports speak of it, and its `target`, which inputs name what it acts on) and add a line
 * here (and its inputs type to ActionInputs); the reports need nothing else.
 */
export const COMMANDS = {
  deploy: registered(deploySpec, deployAbout, async () => (await import('./deploy/command.js')).deployCommand),
  delete: registered(deleteSpec, deleteAbout, async () => (await import('./delete/command.js')).deleteCommand),
  rollback: registered(rollbackSpec, rollbackAbout, async () => (await import('./rollback/command.js')).rollbackCommand),
  'delete-listener': registered(
    deleteListenerSpec,
    deleteListenerAbout,
    async () => (await import('./delete-listener/command.js')).deleteListenerCommand
  ),
  prune: registered(pruneSpec, pruneAbout, async () => (await import('./prune/command.js')).pruneCommand),
  'registry-login': registered(
    registryLoginSpec,
    registryLoginAbout,
    async () => (await import('./registry-login/command.js')).registryLoginCommand
  )
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
  const { about } = COMMANDS[given as Command]
  const target = about.target ?? { kind: 'deployment', inputs: ['name', 'deployment-id'] }
  const name = target.inputs.map((input) => get(input)).find((value) => value !== '')
  return new Recorder(given, { kind: target.kind, ...(name !== undefined ? { name } : {}) }, about.words)
}

/** What the reports call a command (static: see CommandAbout). */
export function aboutOf(name: Command): CommandAbout {
  return COMMANDS[name].about
}

/** The definition of a command, loaded on first use and typed loosely: main.ts runs any of them the same way. */
export async function commandFor(name: Command): Promise<CommandDefinition<unknown>> {
  return (await COMMANDS[name].load()) as unknown as CommandDefinition<unknown>
}
