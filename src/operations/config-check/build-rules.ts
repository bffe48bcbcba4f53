import type { RichText } from '../../core/outcome.js'
import { iterableDependencies } from './dependencies.js'
import { fromConfig, isWithin, type ConfigFiles } from './files.js'
import { leftOutFix, missingSaid } from './left-out.js'
import { isObject, truthy, type RawConfig } from './problem.js'

/*
 * What the client's Dockerfile generation and the build fail on beyond its validation (measured
 * case by case: docs/config-check.md): a key present but of a shape its code cannot use.
 */

type Problem = (key: string, what: RichText, fix: RichText) => void

/** The keywords a Dockerfile instruction starts with. */
const INSTRUCTIONS = new Set([
  'FROM',
  'RUN',
  'CMD',
  'LABEL',
  'MAINTAINER',
  'EXPOSE',
  'ENV',
  'ADD',
  'COPY',
  'ENTRYPOINT',
  'VOLUME',
  'USER',
  'WORKDIR',
  'ARG',
  'ONBUILD',
  'STOPSIGNAL',
  'HEALTHCHECK',
  'SHELL'
])

/** `_assemble_local_deps` iterates `dependencies` (the archive does, for every config): null, a number or a boolean cannot be. */
export function dependenciesShape(config: RawConfig, taken: Set<string>, problem: Problem): void {
  if (taken.has('dependencies') || iterableDependencies(config.dependencies)) return
  problem(
    'dependencies',
    ['must be a list (of packages and local directories such as ', { code: '"."' }, ').'],
    ['Write e.g. ', { code: '"dependencies": ["."]' }, '.']
  )
}

/** `python_config_to_docker`: `pip_installer` given but empty takes none of `auto`, `pip`, `uv`. */
export function pipInstallerPresent(config: RawConfig, problem: Problem): void {
  if ('pip_installer' in config && !truthy(config.pip_installer)) {
    problem(
      'pip_installer',
      ['is empty, and the build takes only ', { code: 'auto' }, ', ', { code: 'pip' }, ' or ', { code: 'uv' }, '.'],
      ['Remove the key (the default is ', { code: 'auto' }, '), or write one of those.']
    )
  }
}

/** `_update_checkpointer_path`: a `path` must be a string. */
export function checkpointerPath(config: RawConfig, problem: Problem): void {
  const conf = config.checkpointer
  if (isObject(conf) && truthy(conf.path) && typeof conf.path !== 'string') {
    problem(
      'checkpointer.path',
      ['must be a string ', { code: '"./path/to/file.py:name"' }, '.'],
      ['Write the file and the name in it, or remove the key.']
    )
  }
}

/**
 * `pip_config_file` becomes `ADD <file> /pipconfig.txt`, from the build's context (the config's
 * directory): a file there that ships.
 */
export function pipConfigFile(config: RawConfig, configPath: string, files: ConfigFiles, problem: Problem): void {
  const value = config.pip_config_file
  if (!truthy(value)) return
  if (typeof value !== 'string')
    return problem(
      'pip_config_file',
      ['must be a path to a file beside the config.'],
      ['Write e.g. ', { code: '"pip_config_file": "./pip.conf"' }, '.']
    )
  const path = fromConfig(configPath, value)
  const configDir = configPath.includes('/') ? configPath.slice(0, configPath.lastIndexOf('/')) : ''
  if (path === undefined || !isWithin(path, configDir)) {
    return problem(
      'pip_config_file',
      [{ code: value }, " is outside the config's directory, the only place the build's Dockerfile adds files from."],
      ["Move the file into the config's directory."]
    )
  }
  const kind = files.kind(path)
  if (kind === 'absent' || kind === 'dir')
    problem(
      'pip_config_file',
      ['the file ', ...(kind === 'dir' ? [{ code: value }, ' is a directory.'] : missingSaid(files, path, value))],
      leftOutFix(files, path, ['Fix the path (it is relative to the config file).'])
    )
}

/**
 * `dockerfile_lines` are joined into the Dockerfile: a list of strings, each instruction
 * starting with a keyword (a string is read one character per line; null or a number fails).
 */
export function dockerfileLines(config: RawConfig, problem: Problem): void {
  if (!('dockerfile_lines' in config)) return
  const lines = config.dockerfile_lines
  if (lines === null || typeof lines === 'number' || typeof lines === 'boolean') {
    return problem(
      'dockerfile_lines',
      ['must be a list of Dockerfile lines.'],
      ['Write e.g. ', { code: '"dockerfile_lines": ["RUN apt-get update"]' }, ', or remove the key.']
    )
  }
  if (typeof lines === 'string') {
    if (lines !== '')
      problem(
        'dockerfile_lines',
        ['is a string; the build reads it as a list, one character per line.'],
        ['Write it as a list of lines: ', { code: '["RUN ..."]' }, '.']
      )
    return
  }
  const entries = Array.isArray(lines) ? lines : Object.keys(lines as object)
  const notText = entries.findIndex((line) => typeof line !== 'string')
  if (notText >= 0) return problem(`dockerfile_lines[${notText}]`, ['must be a string (a Dockerfile line).'], ['Write the line as text.'])
  let continued = false
  // A heredoc's body (`RUN <<EOF` ... `EOF`) is not instructions.
  let heredoc: string | undefined
  entries.forEach((entry, index) => {
    for (const line of (entry as string).split(/\r?\n/)) {
      const text = line.trim()
      if (heredoc !== undefined) {
        if (text === heredoc) heredoc = undefined
        continue
      }
      if (!continued && (text === '' || text.startsWith('#'))) continue
      if (!continued && !INSTRUCTIONS.has(text.split(/\s+/)[0].toUpperCase())) {
        problem(
          `dockerfile_lines[${index}]`,
          [
            'does not start with a Dockerfile instruction (',
            { code: 'RUN' },
            ', ',
            { code: 'ENV' },
            ', ',
            { code: 'COPY' },
            ', ...), so the image does not build.'
          ],
          ['Start it with an instruction, or end the line before it with ', { code: '\\' }, '.']
        )
        continued = false
        return
      }
      heredoc = /<<-?\s*["']?([A-Za-z_][A-Za-z0-9_]*)["']?/.exec(text)?.[1]
      continued = heredoc === undefined && text.endsWith('\\')
    }
  })
}
