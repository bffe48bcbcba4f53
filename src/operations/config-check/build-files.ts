import type { RichText } from '../../core/outcome.js'
import { fromConfig, isWithin, type ConfigFiles } from './files.js'
import { importString, isFilePath, splitImport } from './graphs.js'
import { leftOutFix, missingSaid } from './left-out.js'
import { parsePythonJson } from './python-json.js'
import { isObject, type ConfigProblem, type RawConfig } from './problem.js'

/*
 * What the client refuses when it builds a Python config (`python_config_to_docker`): the local
 * dependencies (`_assemble_local_deps`) and the files the config names (`_update_graph_paths`,
 * `_update_auth_path`, `_update_encryption_path`, `_update_checkpointer_path`,
 * `_update_http_app_path`), checked against the files the build gets.
 */

/** `_assemble_local_deps`' reserved names: a local package may not take one (nor one another package took). */
const RESERVED = [
  'src',
  'langgraph-api',
  'langgraph_api',
  'langgraph',
  'langchain-core',
  'langchain_core',
  'pydantic',
  'orjson',
  'fastapi',
  'uvicorn',
  'psycopg',
  'httpx',
  'langsmith'
]

type Problem = (key: string, what: RichText, fix: RichText) => void

/** The local dependencies that are directories the build gets, as paths from the root; problems for the others. */
export function localDependencies(entries: unknown[], configPath: string, files: ConfigFiles, problem: Problem): string[] {
  const dirs: string[] = []
  const taken = new Set(RESERVED)
  entries.forEach((dependency, index) => {
    const key = `dependencies[${index}]`
    if (typeof dependency !== 'string') {
      problem(key, ['must be a string: a package, or a local directory such as ', { code: '"."' }, '.'], ['Fix the entry.'])
      return
    }
    if (!dependency.startsWith('.')) return
    const path = fromConfig(configPath, dependency)
    const kind = path === undefined ? 'absent' : files.kind(path)
    if (kind === 'unknown') return
    if (kind === 'absent')
      return problem(
        key,
        ['the local dependency ', ...missingSaid(files, path, dependency)],
        leftOutFix(files, path, ['Fix the path (it is relative to the config file), or remove the entry.'])
      )
    if (kind === 'file')
      return problem(
        key,
        ['the local dependency ', { code: dependency }, ' is a file; it must be a directory.'],
        ['Name the directory that holds the package.']
      )
    // A remote build's folder that ships empty (another checkout inside the workspace, files never committed) installs nothing.
    if (files.archive && !holdsAFile(files, path!))
      return problem(
        key,
        [
          'the local dependency ',
          { code: dependency },
          ' would ship empty: none of the files under it is in what the archive holds ',
          '(they are not in the commit checked out: another checkout, or never committed).'
        ],
        leftOutFix(files, path, [
          'Commit its files to this repository (a submodule counts), or name them in ',
          { code: 'archive-include' },
          '.'
        ])
      )
    dirs.push(path!)
    packageNames(path!, dependency, key, files, taken, problem)
  })
  return dirs
}

/** Whether a folder of the files holds a file at any depth (a walk that stops at the first). */
function holdsAFile(files: ConfigFiles, dir: string): boolean {
  const folders = [dir]
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const name of files.list(folder) ?? []) {
      const path = folder === '' ? name : `${folder}/${name}`
      const kind = files.kind(path)
      if (kind === 'file' || kind === 'unknown') return true
      if (kind === 'dir') folders.push(path)
    }
  }
  return false
}

/** A directory without `pyproject.toml` or `setup.py` is made a package from its name (flat layout) or its subdirectories (src layout). */
function packageNames(dir: string, written: string, key: string, files: ConfigFiles, taken: Set<string>, problem: Problem): void {
  const names = files.list(dir)
  if (!names || names.includes('pyproject.toml') || names.includes('setup.py')) return
  const reserve = (name: string) => {
    if (taken.has(name))
      problem(
        key,
        [
          'the local dependency ',
          { code: written },
          ' makes a package named ',
          { code: name },
          ', a name that is reserved or already taken.'
        ],
        ['Rename the directory.']
      )
    taken.add(name)
  }
  if (names.includes('__init__.py')) {
    // At the root, the package is named after the folder the client runs on: for a remote build, the client's
    // archive step judges it on this machine (the archive's root); a `github` build's own folder no one can read here.
    const name = dir === '' ? (files.archive ? files.rootName : undefined) : dir.slice(dir.lastIndexOf('/') + 1)
    if (name === undefined) return
    if (name.includes('-'))
      return problem(
        key,
        ['the local dependency ', { code: written }, ' is a flat-layout package whose directory name ', { code: name }, ' has a hyphen.'],
        ['Rename the directory (e.g. with ', { code: '_' }, '), or add a ', { code: 'pyproject.toml' }, '.']
      )
    return reserve(name)
  }
  for (const name of names) {
    if (name === '__pycache__' || name.startsWith('.')) continue
    const sub = dir ? `${dir}/${name}` : name
    if (files.kind(sub) !== 'dir') continue
    if ((files.list(sub) ?? []).some((file) => file.endsWith('.py'))) reserve(name)
  }
}

/** `_update_graph_paths` and `_update_http_app_path`: a file path must be a file inside a local dependency. */
export function pythonFileRules(
  config: RawConfig,
  configPath: string,
  dirs: string[] | undefined,
  files: ConfigFiles,
  problem: Problem
): void {
  const graphs = isObject(config.graphs) ? config.graphs : {}
  for (const [id, spec] of Object.entries(graphs)) {
    const path = importString(spec)
    if (path !== undefined) importRule(`graphs.${id}`, path, configPath, dirs, files, problem)
  }
  const http = config.http
  if (isObject(http) && typeof http.app === 'string' && http.app !== '') importRule('http.app', http.app, configPath, dirs, files, problem)
  for (const section of ['auth', 'encryption', 'checkpointer'] as const) {
    const conf = config[section]
    if (isObject(conf) && typeof conf.path === 'string') dottedPathRule(`${section}.path`, conf.path, configPath, dirs, files, problem)
  }
}

function importRule(key: string, spec: string, configPath: string, dirs: string[] | undefined, files: ConfigFiles, problem: Problem): void {
  const { module, attribute } = splitImport(spec)
  if (!module || !attribute)
    return problem(
      key,
      [{ code: spec }, ' must be ', { code: '"<module or file>:<variable>"' }, '.'],
      ['Add the variable after a ', { code: ':' }, ', e.g. ', { code: './agent.py:graph' }, '.']
    )
  // A module name (`agent.graphs:graph`) is imported from the installed packages: nothing to find on disk.
  if (isFilePath(module)) fileRule(key, module, configPath, dirs, files, problem)
}

/** `auth.path`, `encryption.path`, `checkpointer.path`: only a relative path with a `:` (`./auth.py:auth`) is a local file. */
function dottedPathRule(
  key: string,
  spec: string,
  configPath: string,
  dirs: string[] | undefined,
  files: ConfigFiles,
  problem: Problem
): void {
  const { module, hasColon } = splitImport(spec)
  if (!hasColon || !module.startsWith('.')) return
  const path = fileRule(key, module, configPath, dirs, files, problem)
  // The client looks for these three under a local dependency by the path as written, `..` kept
  // (`apps/agent/../shared/auth.py` is under no `apps/shared`): only a graph's path is resolved first.
  if (path === undefined || !dirs || dirs.some((dir) => isWithin(asWritten(configPath, module), dir))) return
  problem(
    key,
    [
      { code: module },
      ' goes up through ',
      { code: '..' },
      ', and the build looks for it under a local dependency by its path as written, not resolved: none of ',
      { code: 'dependencies' },
      ' holds it that way.'
    ],
    ["Move the file into a local dependency below the config's directory (or list that directory, e.g. ", { code: '"."' }, ').']
  )
}

/** `module` joined to the config's directory as Python's `pathlib` joins it: `.` and empty parts gone, `..` kept. */
function asWritten(configPath: string, module: string): string {
  const configDir = configPath.includes('/') ? configPath.slice(0, configPath.lastIndexOf('/')) : ''
  return [...configDir.split('/'), ...module.split('/')].filter((part) => part !== '' && part !== '.').join('/')
}

/**
 * A module the config names (relative to the config file): its path when it is a file; otherwise
 * undefined, with the problem said (missing, left out of what ships, a directory). Undefined and
 * nothing said when the source cannot tell (GitHub's listing cut short).
 */
export function existingFile(key: string, module: string, configPath: string, files: ConfigFiles, problem: Problem): string | undefined {
  const path = fromConfig(configPath, module)
  const kind = path === undefined ? 'absent' : files.kind(path)
  if (kind === 'unknown') return undefined
  if (kind === 'absent') {
    problem(
      key,
      ['the file ', ...missingSaid(files, path, module)],
      leftOutFix(files, path, ['Fix the path (it is relative to the config file).'])
    )
    return undefined
  }
  if (kind === 'dir') {
    problem(key, [{ code: module }, ' is a directory; it must be a file.'], ["Name the module's file."])
    return undefined
  }
  return path
}

/** `dirs` undefined: `dependencies` has a problem of its own, so whether a file is installed is not said again. */
function fileRule(
  key: string,
  module: string,
  configPath: string,
  dirs: string[] | undefined,
  files: ConfigFiles,
  problem: Problem
): string | undefined {
  const path = existingFile(key, module, configPath, files, problem)
  if (path === undefined) return undefined
  if (dirs && !dirs.some((dir) => isWithin(path, dir))) {
    problem(
      key,
      [{ code: module }, ' is not inside any local directory of ', { code: 'dependencies' }, ', so the build does not install it.'],
      ['Add its directory (e.g. ', { code: '"."' }, ') to ', { code: 'dependencies' }, '.']
    )
    return undefined
  }
  return path
}

/**
 * A Node.js config's graph files must exist: the client's `node_config_to_docker` copies the
 * config's directory and runs the server's JS build over every graph, which fails on a file
 * that is not there. Its `validate_config` does not look, so this is the one file rule of a
 * Node.js config.
 */
export function nodeFileRules(config: RawConfig, configPath: string, files: ConfigFiles, problem: Problem): void {
  const graphs = isObject(config.graphs) ? config.graphs : {}
  for (const [id, spec] of Object.entries(graphs)) {
    const path = importString(spec)
    if (path === undefined) continue
    const { module } = splitImport(path)
    if (!isFilePath(module)) continue
    const resolved = fromConfig(configPath, module)
    const kind = resolved === undefined ? 'absent' : files.kind(resolved)
    if (kind === 'absent')
      problem(
        `graphs.${id}`,
        ['the file ', ...missingSaid(files, resolved, module)],
        leftOutFix(files, resolved, ['Fix the path (it is relative to the config file).'])
      )
    else if (kind === 'dir') problem(`graphs.${id}`, [{ code: module }, ' is a directory; it must be a file.'], ["Name the module's file."])
  }
}

/** `validate_config_file`: a `package.json` beside a Node.js config may name only the `node` engine, a major version of at least 20. */
export function packageJsonRules(
  configPath: string,
  files: ConfigFiles,
  minNode: number,
  nodeMajor: (value: unknown) => number | undefined,
  push: (problem: ConfigProblem) => void
): void {
  const path = fromConfig(configPath, 'package.json')
  if (path === undefined || files.kind(path) !== 'file') return
  const text = files.read(path)
  if (text === undefined) return
  const problem = (key: string, what: RichText, fix: RichText) => push({ file: path, key, what, fix })
  let json: unknown
  try {
    json = parsePythonJson(text)
  } catch {
    return problem('(file)', ['is not valid JSON, and the build reads it beside a Node.js config.'], ['Fix the JSON.'])
  }
  if (!isObject(json) || !('engines' in json)) return
  const engines = json.engines
  if (!isObject(engines))
    return problem('engines', ['must be a mapping with only ', { code: 'node' }, '.'], ['Fix ', { code: 'engines' }, '.'])
  const others = Object.keys(engines).filter((name) => name !== 'node')
  if (others.length > 0)
    return problem(
      'engines',
      ['names engines other than ', { code: 'node' }, ': ', { code: others.join(', ') }, '.'],
      ['Keep only ', { code: 'node' }, ' in ', { code: 'engines' }, '.']
    )
  if (!('node' in engines)) return
  const major = nodeMajor(engines.node)
  if (major === undefined)
    problem(
      'engines.node',
      ['must be a major version only (no range, minor or patch): ', { code: JSON.stringify(engines.node) }, '.'],
      ['Write e.g. ', { code: `"node": "${minNode}"` }, '.']
    )
  else if (major < minNode)
    problem(
      'engines.node',
      ['Node.js ', { code: String(engines.node) }, ` is below the minimum, ${minNode}.`],
      ['Write e.g. ', { code: `"node": "${minNode}"` }, '.']
    )
}
