import type { RichText } from '../../core/outcome.js'
import { localDependencies, nodeFileRules, packageJsonRules, pythonFileRules } from './build-files.js'
import { fromConfig, type ConfigFiles } from './files.js'
import { importString, isFilePath, isNodeGraph, splitImport } from './graphs.js'
import { isObject, truthy, type ConfigProblem, type RawConfig } from './problem.js'
import { definesName } from './static-read.js'
import { unknownKeys } from './unknown-keys.js'
import { MIN_NODE, nodeMajor, validateConfig } from './validate.js'
import { checkpointerPath, dependenciesShape, dockerfileLines, pipConfigFile, pipInstallerPresent } from './build-rules.js'
import { dependencyEntries } from './dependencies.js'
import { graphModuleRules } from './graph-modules.js'
import { imageRules } from './image-tag.js'
import { parsePythonJson } from './python-json.js'
import { isUtf8 } from './text.js'
import { uvSourceRules } from './uv-source.js'

/** The check's findings: problems (what the client refuses) and warnings (ours, never a refusal). */
export interface ConfigReport {
  problems: ConfigProblem[]
  warnings: ConfigProblem[]
  /** The graph ids, in the config's order. */
  graphs: string[]
  /** `Python 3.12`, `Node.js 20`, or both, as the build will use them (the client's defaults applied). */
  runtime: string
}

/**
 * Checks the config file at `configPath` (its text) against the official client's rules
 * and the files the build will get. Pure: everything it sees comes through `files`.
 */
export function checkConfig(text: string, configPath: string, files: ConfigFiles): ConfigReport {
  if (!isUtf8(text))
    return refusedWhole(
      configPath,
      ['is not UTF-8 text, and the build reads it as UTF-8 (it fails with ', { code: 'UnicodeDecodeError' }, ').'],
      ['Save the file as UTF-8.']
    )
  let config: unknown
  try {
    config = parsePythonJson(text)
  } catch (error) {
    return refusedWhole(configPath, ['is not valid JSON (', { code: (error as Error).message }, ').'], ['Fix the JSON.'])
  }
  if (!isObject(config))
    return refusedWhole(configPath, ['is not a JSON object.'], ['Write the config as ', { code: '{"graphs": {...}}' }, '.'])
  const { problems, validated } = validateConfig(config, configPath)
  const problem = (key: string, what: RichText, fix: RichText) => problems.push({ file: configPath, key, what, fix })
  const taken = () => new Set(problems.map((p) => p.key))
  const early: ConfigProblem[] = []
  const warn = (key: string, what: RichText, fix: RichText) => early.push({ file: configPath, key, what, fix })
  if (truthy(validated.rawNode)) packageJsonRules(configPath, files, MIN_NODE, nodeMajor, (p) => problems.push(p))
  // The archive step (every config of a remote build) and a Python image iterate `dependencies` and check its local directories.
  let dirs: string[] = []
  if (files.archive || validated.build === 'python') {
    dependenciesShape(config, taken(), problem)
    dirs = localDependencies(dependencyEntries(config.dependencies), configPath, files, problem)
  }
  // Then the image the client builds: Node.js (a Node.js version and no Python one), uv, or Python.
  if (validated.build === 'node') nodeFileRules(config, configPath, files, problem)
  else if (validated.build === 'uv') uvSourceRules(config, configPath, files, problem)
  else {
    pipInstallerPresent(config, problem)
    checkpointerPath(config, problem)
    // One missing key does not cascade: with `dependencies` refused, no file is said to lie outside it.
    pythonFileRules(config, configPath, taken().has('dependencies') ? undefined : dirs, files, problem)
    // Beyond the build: a graph module its own package ships without (the server's import fails).
    if (!taken().has('dependencies')) graphModuleRules(config, dirs, files, problem, warn)
  }
  if (validated.build !== 'node') pipConfigFile(config, configPath, files, problem)
  dockerfileLines(config, problem)
  imageRules(config, validated, taken(), problem)
  return {
    problems: onceEach(problems),
    warnings: [...early, ...warningsOf(config, configPath, files)],
    graphs: validated.graphIds,
    runtime: [validated.pythonVersion && `Python ${validated.pythonVersion}`, validated.nodeVersion && `Node.js ${validated.nodeVersion}`]
      .filter(Boolean)
      .join(', ')
  }
}

/** One problem is said once: the same key and words, from two rules, are one line. */
export function onceEach(problems: ConfigProblem[]): ConfigProblem[] {
  const seen = new Set<string>()
  return problems.filter((problem) => {
    const id = JSON.stringify([problem.file, problem.key, problem.what])
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}

function refusedWhole(file: string, what: RichText, fix: RichText): ConfigReport {
  return { problems: [{ file, key: '(file)', what, fix }], warnings: [], graphs: [], runtime: '' }
}

/** Beyond the client, warnings only: unknown keys, a graph variable not found, an env file that will not ship. */
function warningsOf(config: RawConfig, configPath: string, files: ConfigFiles): ConfigProblem[] {
  const warnings: ConfigProblem[] = []
  const warn = (key: string, what: RichText, fix: RichText) => warnings.push({ file: configPath, key, what, fix })
  for (const { key, nearest } of unknownKeys(Object.keys(config))) {
    warn(
      key,
      ['is not a key the build knows; it is ignored.'],
      nearest ? ['Did you mean ', { code: nearest }, '?'] : ['Remove it if it is a typo.']
    )
  }
  const graphs = isObject(config.graphs) ? config.graphs : {}
  for (const [id, spec] of Object.entries(graphs)) {
    const path = importString(spec)
    if (path === undefined) continue
    const { module, attribute } = splitImport(path)
    if (!attribute || !isFilePath(module)) continue
    const file = fromConfig(configPath, module)
    const text = file === undefined || files.kind(file) !== 'file' || files.leftOut?.(file) ? undefined : files.read(file)
    if (text === undefined) continue
    if (definesName(text, attribute, isNodeGraph(path) ? 'node' : 'python') === false) {
      warn(
        `graphs.${id}`,
        [
          { code: module },
          ' has no top-level ',
          { code: attribute },
          isNodeGraph(path) ? ' export' : ' (assignment, def, class or import)',
          ' that a plain read finds.'
        ],
        ["Check the variable's name; ignore this if the module makes it another way."]
      )
    }
  }
  if (typeof config.env === 'string' && config.env !== '') {
    const file = fromConfig(configPath, config.env)
    const ships = file !== undefined && files.kind(file) === 'file' && !files.leftOut?.(file)
    if (!ships) {
      warn(
        'env',
        ['names the file ', { code: config.env }, ', which is not shipped with the build (env files are never uploaded or committed).'],
        ['Pass secrets through the ', { code: 'secrets' }, ' input, or write plain settings as an ', { code: 'env' }, ' mapping.']
      )
    }
  }
  return warnings
}
