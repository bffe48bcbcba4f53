import type { Said } from '../../core/outcome.js'
import { importString, isNodeGraph } from './graphs.js'
import { isObject, truthy, type ConfigProblem, type RawConfig } from './problem.js'

/*
 * The client's `validate_config` (langgraph_cli/config.py), rule by rule: what it refuses is a
 * problem here, and nothing else is. It stops at its first error; this reports them all.
 * docs/config-check.md lists each rule with the function it comes from.
 */

export const MIN_PYTHON = [3, 11] as const
export const MIN_NODE = 20
const DISTROS = ['debian', 'wolfi', 'bookworm']
const PIP_INSTALLERS = ['auto', 'pip', 'uv']
const BUILD_TOOLS = ['pip', 'setuptools', 'wheel']
/** `_API_VERSION_RANGE_PATTERN` and `_API_VERSION_PATTERN`. */
const API_RANGE = /^(~=|>~=)\s*([\s\S]+)$/
const API_VERSION = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.?[A-Za-z][0-9A-Za-z]*)?$/

/** What the rest of the check needs from a validated config, with the client's defaults applied. */
export interface Validated {
  graphIds: string[]
  pythonVersion?: string
  nodeVersion?: string
  dependencies: unknown[]
  sourceKind?: string
}

export function validateConfig(config: RawConfig, file: string): { problems: ConfigProblem[]; validated: Validated } {
  const problems: ConfigProblem[] = []
  const problem = (key: string, what: Said, fix: Said) => problems.push({ file, key, what, fix })

  const graphs = isObject(config.graphs) ? config.graphs : {}
  if (config.graphs !== undefined && config.graphs !== null && !isObject(config.graphs)) {
    problem('graphs', ['must be a mapping of graph ids to graphs.'], ['Write it as ', { code: '"graphs": {"agent": "./agent.py:graph"}' }, '.'])
  }
  const specs: string[] = []
  for (const [id, spec] of Object.entries(graphs)) {
    const path = importString(spec)
    if (path === undefined) {
      problem(`graphs.${id}`, ['must be a string ', { code: '"<file>:<variable>"' }, ' or an object with a ', { code: 'path' }, '.'], ['Write it as ', { code: '"./agent.py:graph"' }, '.'])
    } else specs.push(path)
  }
  const someNode = specs.some(isNodeGraph)
  const somePython = specs.some((spec) => !isNodeGraph(spec))
  const nodeVersion = 'node_version' in config ? config.node_version : someNode ? String(MIN_NODE) : undefined
  const pythonVersion = 'python_version' in config ? config.python_version : somePython ? MIN_PYTHON.join('.') : undefined
  const dependencies = config.dependencies ?? []
  const source = config.source
  const sourceKind = isObject(source) && typeof source.kind === 'string' ? source.kind : undefined

  if (truthy(config._INTERNAL_docker_tag) && truthy(config.api_version)) {
    problem('api_version', ['cannot be given with ', { code: '_INTERNAL_docker_tag' }, '.'], ['Remove one of them.'])
  }
  if (truthy(config.api_version) && !validApiVersion(config.api_version)) {
    problem('api_version', ['is not a version: ', { code: JSON.stringify(config.api_version) }, '.'], ['Pin to a minor version, e.g. ', { code: '"api_version": "0.8"' }, '.'])
  }
  if (truthy(nodeVersion)) {
    const major = nodeMajor(nodeVersion)
    if (major === undefined) problem('node_version', ['must be a major version only: ', { code: JSON.stringify(nodeVersion) }, '.'], ['Write e.g. ', { code: `"node_version": "${MIN_NODE}"` }, '.'])
    else if (major < MIN_NODE) problem('node_version', ['Node.js ', { code: String(nodeVersion) }, ` is not supported: the minimum is ${MIN_NODE}.`], ['Set ', { code: `"node_version": "${MIN_NODE}"` }, ' or higher.'])
  }
  if (truthy(config.pip_installer) && !PIP_INSTALLERS.includes(config.pip_installer as string)) {
    problem('pip_installer', ['must be ', { code: 'auto' }, ', ', { code: 'pip' }, ' or ', { code: 'uv' }, ', not ', { code: JSON.stringify(config.pip_installer) }, '.'], ['Fix the value, or remove the key.'])
  }
  if (source !== undefined && source !== null) {
    if (!isObject(source)) problem('source', ['must be an object.'], ['Write e.g. ', { code: '"source": {"kind": "uv", "root": ".."}' }, '.'])
    else if (sourceKind !== 'uv') problem('source.kind', ["must be `uv`, the only kind there is."], ['Write e.g. ', { code: '"source": {"kind": "uv", "root": ".."}' }, '.'])
  }
  if (truthy(pythonVersion)) {
    const version = typeof pythonVersion === 'string' ? pythonVersion : undefined
    const parts = version?.split('-')[0].split('.')
    if (!version || (version.match(/\./g) ?? []).length !== 1 || !parts!.every((part) => /^\d+$/.test(part))) {
      const fix = parts && parts.length >= 2 ? `${parts[0]}.${parts[1]}` : MIN_PYTHON.join('.')
      problem('python_version', ['must be ', { code: 'major.minor' }, ' (no patch): ', { code: JSON.stringify(pythonVersion) }, '.'], ['Write ', { code: `"python_version": "${fix}"` }, '.'])
    } else {
      const [major, minor] = parts!.map(Number)
      if (major < MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor < MIN_PYTHON[1])) {
        problem('python_version', ['Python ', { code: version }, ` is not supported: the minimum is ${MIN_PYTHON.join('.')}.`], ['Set ', { code: `"python_version": "${MIN_PYTHON.join('.')}"` }, ' or higher.'])
      }
      if (version.includes('bullseye')) problem('python_version', ['names Bullseye, whose images are no longer built.'], ['Use ', { code: 'bookworm' }, ' or ', { code: 'debian' }, '.'])
    }
    if (sourceKind !== 'uv' && !truthy(dependencies)) {
      problem('dependencies', ['is missing or empty, and a Python config needs it to install the graphs.'], ['Add ', { code: '"dependencies": ["."]' }, ' (the config\'s directory), or use ', { code: '"source": {"kind": "uv"}' }, '.'])
    }
  }
  if (!truthy(config.graphs)) {
    problem('graphs', ['is missing or empty: there is nothing to serve.'], ['Add at least one graph, e.g. ', { code: '"graphs": {"agent": "./my_agent/graph.py:graph"}' }, '.'])
  }
  const distro = config.image_distro
  if (truthy(distro)) {
    if (distro === 'bullseye') problem('image_distro', ['Bullseye images are no longer built.'], ['Use ', { code: 'bookworm' }, ', ', { code: 'debian' }, ' or ', { code: 'wolfi' }, '.'])
    else if (!DISTROS.includes(distro as string)) problem('image_distro', ['must be one of ', { code: DISTROS.join(', ') }, ', not ', { code: JSON.stringify(distro) }, '.'], ['Write e.g. ', { code: '"image_distro": "wolfi"' }, '.'])
  }
  if (sourceKind === 'uv' && isObject(source)) uvRules(source, pythonVersion, dependencies, problem)
  if (truthy(config.project_root) || truthy(config.package)) {
    problem(truthy(config.project_root) ? 'project_root' : 'package', ['is no longer supported at the top level.'], ['Use ', { code: 'source.root' }, ' and ', { code: 'source.package' }, ' instead.'])
  }
  for (const [section, key] of [['auth', 'path'], ['encryption', 'path'], ['http', 'app']] as const) {
    const conf = config[section]
    if (!truthy(conf) || !isObject(conf) || !(key in conf)) continue
    const value = conf[key]
    if (typeof value !== 'string' || !value.includes(':')) {
      problem(`${section}.${key}`, ['must be ', { code: '"./path/to/file.py:attribute"' }, ', not ', { code: JSON.stringify(value) }, '.'], ['Add the attribute after a ', { code: ':' }, '.'])
    }
  }
  const tools = config.keep_pkg_tools
  if (truthy(tools) && tools !== true) {
    const bad = Array.isArray(tools) ? tools.filter((tool) => !BUILD_TOOLS.includes(tool as string)) : [tools]
    for (const tool of bad) problem('keep_pkg_tools', ['takes ', { code: 'true' }, ' or a list of ', { code: BUILD_TOOLS.join(', ') }, ', not ', { code: JSON.stringify(tool) }, '.'], ['Fix the value.'])
  }
  return {
    problems,
    validated: {
      graphIds: Object.keys(graphs),
      pythonVersion: truthy(pythonVersion) && typeof pythonVersion === 'string' ? pythonVersion : undefined,
      nodeVersion: truthy(nodeVersion) ? String(nodeVersion) : undefined,
      dependencies: Array.isArray(dependencies) ? dependencies : [],
      sourceKind
    }
  }
}

/** The client's `source.kind = "uv"` block: a different config shape than dependency installs. */
function uvRules(source: Record<string, unknown>, pythonVersion: unknown, dependencies: unknown, problem: (key: string, what: Said, fix: Said) => void): void {
  if (!truthy(pythonVersion)) problem('python_version', ['is required with ', { code: 'source.kind' }, ' ', { code: 'uv' }, ' (a Python-only mode).'], ['Set ', { code: '"python_version"' }, ', or drop ', { code: 'source' }, ' for a Node.js config.'])
  if (truthy(dependencies)) problem('dependencies', ['must not be given with ', { code: 'source.kind' }, ' ', { code: 'uv' }, ': they come from ', { code: 'pyproject.toml' }, ' and ', { code: 'uv.lock' }, '.'], ['Remove ', { code: 'dependencies' }, '.'])
  const root = 'root' in source ? source.root : '.'
  if (typeof root !== 'string') problem('source.root', ['must be a string.'], ['Write e.g. ', { code: '"root": "."' }, '.'])
  else if (root.trim() === '') problem('source.root', ['must not be empty.'], ['Write ', { code: '"root": "."' }, '.'])
  const pkg = source.package
  if (pkg !== undefined && pkg !== null && (typeof pkg !== 'string' || pkg.trim() === '')) problem('source.package', ['must be a non-empty string.'], ['Name the package, or remove the key.'])
}

/** `_parse_api_version_parts`, on the range's version when it is one; a non-string fails as the client's regex call does. */
function validApiVersion(value: unknown): boolean {
  if (typeof value !== 'string') return false
  const range = API_RANGE.exec(value)
  const version = range ? range[2].trim() : value
  return API_VERSION.test(version.split('-')[0])
}

/**
 * `_parse_node_version`: Python's `int()` of a string without a `.`; a non-string is
 * refused (the client fails on it). Undefined when it is not a major version.
 */
export function nodeMajor(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.includes('.')) return undefined
  const match = /^\s*([+-]?\d+(?:_\d+)*)\s*$/.exec(value)
  return match ? Number(match[1].replace(/_/g, '')) : undefined
}
