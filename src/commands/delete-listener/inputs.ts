import type { CommonInputs, InputSpec } from '../../inputs/spec.js'

export interface DeleteListenerSpecific {
  listenerId: string
  ignoreMissing: boolean
}

export type DeleteListenerInputs = CommonInputs & { command: 'delete-listener' } & DeleteListenerSpecific

export const deleteListenerSpec: InputSpec<DeleteListenerSpecific> = {
  uses: ['listener-id', 'ignore-missing'],
  read(reader) {
    if (!reader.isSet('listener-id')) {
      reader.problem('`listener-id` is required by `command: delete-listener`: set it to the UUID of the listener to delete')
    }
    return { listenerId: reader.value('listener-id') as string, ignoreMissing: reader.value('ignore-missing') as boolean }
  }
}
