import type { RichText } from '../../core/outcome.js'
import type { ConfigFiles } from './files.js'
import { importString, isFilePath, splitImport } from './graphs.js'
import { leftOutFix } from './left-out.js'
import { isObject, type RawConfig } from './problem.js'

/*
 * A Python graph named by module (`agent.graph:graph`) is not looked for by the client or its
 * build: the build passes, and the server's `importlib.import_module` fails when it starts, after
 * a build of many minutes. Which installed package a module comes from cannot be told in general
 * (a requirement from PyPI may provide any name), but one case is certain: the module's top-level
 * package is a directory that ships inside a local dependency (`src/agent/`, `agent/`, or the
 * dependency itself when named so), and the module's file is not in it. That package is the one
 * the build installs and the server imports, so the module cannot be found. Unless
 * `dockerfile_lines` may make the file (they run in the image before the server starts): then a
 * warning.
 */

type Problem = (key: string, what: RichText, fix: RichText) => void

/** The places a local dependency's top-level package may sit: flat (`<dep>/agent`) or src (`<dep>/src/agent`) layout. */
const LAYOUTS = ['', 'src']

const join = (...parts: string[]) => parts.filter((part) => part !== '').join('/')

/** A Python module path: dotted identifiers. */
const MODULE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$/

/**
 * Graphs by module name whose package ships without the module. `dirs`: the local dependencies
 * that ship (paths from the root); `warn` takes the problem instead when `dockerfile_lines` may
 * make the file.
 */
export function graphModuleRules(config: RawConfig, dirs: readonly string[], files: ConfigFiles, problem: Problem, warn: Problem): void {
  const graphs = isObject(config.graphs) ? config.graphs : {}
  const lines = config.dockerfile_lines
  const mayMake = Array.isArray(lines) ? lines.length > 0 : typeof lines === 'string' && lines !== ''
  for (const [id, spec] of Object.entries(graphs)) {
    const path = importString(spec)
    if (path === undefined) continue
    const { module, attribute } = splitImport(path)
    if (!attribute || isFilePath(module) || !MODULE.test(module)) continue
    const [top, ...rest] = module.split('.')
    const packages = packageDirs(top, dirs, files)
    // No local package of that name ships: it may come from PyPI, or the build installs nothing of it. Not ours to say.
    if (packages === undefined || packages.length === 0) continue
    if (packages.some((dir) => holdsModule(dir, rest, files))) continue
    const expected = join(packages[0], ...rest)
    const said: RichText = [
      'the module ',
      { code: module },
      ' is not in what ships: the package ',
      { code: top },
      ' ships (',
      { code: `${packages[0]}/` },
      ') without ',
      { code: `${expected}.py` },
      ...(files.leftOut?.(`${expected}.py`) ? [' (left out by ', { code: files.leftOut(`${expected}.py`)! }, ')'] : []),
      ', so the server cannot import it when it starts (the build does not look).'
    ]
    const fix = leftOutFix(files, `${expected}.py`, ['Fix the module path, or ship ', { code: `${expected}.py` }, '.'])
    if (mayMake)
      warn(
        `graphs.${id}`,
        [...said, ' ', { code: 'dockerfile_lines' }, ' may make it in the image; if they do not, the deploy fails when the server starts.'],
        fix
      )
    else problem(`graphs.${id}`, said, fix)
  }
}

/** The directories named `top` that ship as a package in a local dependency; undefined when the source cannot tell. */
function packageDirs(top: string, dirs: readonly string[], files: ConfigFiles): string[] | undefined {
  const found: string[] = []
  for (const dep of dirs) {
    // The dependency itself as the package: a flat layout the build names after its folder (`./agent` holding
    // `__init__.py` and no `pyproject.toml` or `setup.py`; see build-files.ts). At the root its name is the build's own.
    const names = files.list(dep)
    const flat = names?.includes('__init__.py') && !names.includes('pyproject.toml') && !names.includes('setup.py')
    if (flat && dep !== '' && dep.slice(dep.lastIndexOf('/') + 1) === top) found.push(dep)
    for (const layout of LAYOUTS) {
      const dir = join(dep, layout, top)
      const kind = files.kind(dir)
      if (kind === 'unknown') return undefined
      if (kind === 'dir') found.push(dir)
    }
  }
  return [...new Set(found)]
}

/** Whether `dir` (a package) holds the module `rest` (`graph` or `graphs.agent`): a `.py` (or compiled) file, or a package folder. */
function holdsModule(dir: string, rest: readonly string[], files: ConfigFiles): boolean {
  const parent = join(dir, ...rest.slice(0, -1))
  const name = rest[rest.length - 1]
  if (files.kind(join(parent, name)) === 'dir') return true
  const names = files.list(parent)
  // A folder that cannot be listed (or may be there) is not said to lack anything; one that is not there lacks it.
  if (names === undefined) {
    const kind = files.kind(parent)
    return kind === 'dir' || kind === 'unknown'
  }
  return names.some((file) => file === `${name}.py` || (file.startsWith(`${name}.`) && /\.(so|pyd|pyc)$/.test(file)))
}
