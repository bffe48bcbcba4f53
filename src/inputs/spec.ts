import type { Connection } from '../core/connection.js'
import type { InputValue } from './formats.js'
import type { InputName } from './names.js'

/** What the workflow run says about the inputs: where the token may come from, and whether secrets can be there. */
export interface InputContext {
  env?: NodeJS.ProcessEnv
  /** A pull_request event from a fork, where GitHub passes no secrets. */
  pullRequestFromFork?: boolean
}

/** What a command's input spec reads the inputs through (inputs/read.ts); function properties, since specs take them apart (`const { value } = reader`). */
export interface InputReader {
  /** The input's text, or its default; '' when neither. */
  raw: (name: InputName) => string
  isSet: (name: InputName) => boolean
  /** The input read by its format; undefined when unset or malformed (its problem is already recorded). */
  value: <N extends InputName>(name: N) => InputValue<N> | undefined
  /** A cross-field problem: reported with every other one, and no request is made. */
  problem: (text: string) => void
  readonly context: InputContext
}

/**
 * One command's inputs: which it uses (any other set input is warned about as ignored,
 * since one step may serve several commands) and how its values and cross-field rules
 * are read. Lives with its command, in src/commands/<name>/inputs.ts.
 */
export interface InputSpec<T> {
  uses: readonly InputName[]
  read(reader: InputReader): T
}

/** What every command reads. */
export interface CommonInputs {
  connection: Connection
  dryRun: boolean
  timeoutMs: number
  /** Inputs set to a value that this command does not use. */
  ignored: InputName[]
}
