import type { RichText } from '../../core/outcome.js'
import { importString, isNodeGraph } from './graphs.js'
import { pythonInt, versionFix } from './python-values.js'
import { isObject, truthy, type ConfigProblem, type RawConfig } from './problem.js'

/*
 * The client's `validate_config` (langgraph_cli/config.py), rule by rule: what it refuses (or
 * fails on: a number where it calls a string's method) is a problem here, and nothing else is.
 * It stops at its first error; this reports them all, each once. docs/config-check.md lists
 * each rule with the function it comes from.
 */

export const MIN_PYTHON = [3, 11] as const
export const MIN_NODE = 20
const DISTROS = ['debian', 'wolfi', 'bookworm']
const PIP_INSTALLERS = ['auto', 'pip', 'uv']
const BUILD_TOOLS = ['pip', 'setuptools', 'wheel']
/** `_API_VERSION_RANGE_PATTERN` and `_API_VERSION_PATTERN`. */
const API_RANGE = /^(~=|>~=)\s*([\s\S]+)$/
const API_VERSION = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.?[A-Za-z][0-9A-Za-z]*)?$/
/** Python's `str.isdigit`, near enough: decimal digits of any script, and the super- and subscript ones. */
const PY_DIGITS = /^[\p{Nd}\u00b2\u00b3\u00b9\u2070-\u2079\u2080-\u2089]+$/u

/** Which image the client builds: `node_config_to_docker`, `python_config_to_docker`, or its uv variant. */
export type BuildKind = 'node' | 'python' | 'uv'

/** What the rest of the check needs from a validated config, with the client's defaults applied. */
export interface Validated {
  graphIds: string[]
  /** For the summary's row: the versions as written, when they are strings. */
  pythonVersion?: string
  nodeVersion?: string
  /** The versions as the client holds them after its defaults (anything JSON gave). */
  rawPython: unknown
  rawNode: unknown
  build: BuildKind
}

export function validateConfig(config: RawConfig, file: string): { problems: ConfigProblem[]; validated: Validated } {
  const problems: ConfigProblem[] = []
  const problem = (key: string, what: RichText, fix: RichText) => problems.push({ file, key, what, fix })

  const graphs = isObject(config.graphs) ? config.graphs : {}
  const specs: string[] = []
  if ('graphs' in config && !isObject(config.graphs)) {
    problem(
      'graphs',
      ['must be a mapping of graph ids to graphs.'],
      ['Write it as ', { code: '"graphs": {"agent": "./agent.py:graph"}' }, '.']
    )
  } else if (Object.keys(graphs).length === 0) {
    problem(
      'graphs',
      ['is missing or empty: there is nothing to serve.'],
      ['Add at least one graph, e.g. ', { code: '"graphs": {"agent": "./my_agent/graph.py:graph"}' }, '.']
    )
  }
  for (const [id, spec] of Object.entries(graphs)) {
    const path = importString(spec)
    if (path === undefined) {
      problem(
        `graphs.${id}`,
        ['must be a string ', { code: '"<file>:<variable>"' }, ' or an object with a ', { code: 'path' }, '.'],
        ['Write it as ', { code: '"./agent.py:graph"' }, '.']
      )
    } else specs.push(path)
  }
  const someNode = specs.some(isNodeGraph)
  const somePython = specs.some((spec) => !isNodeGraph(spec))
  const nodeVersion = 'node_version' in config ? config.node_version : someNode ? String(MIN_NODE) : undefined
  const pythonVersion = 'python_version' in config ? config.python_version : somePython ? MIN_PYTHON.join('.') : undefined
  const dependencies = 'dependencies' in config ? config.dependencies : []
  const source = config.source
  const sourceKind = isObject(source) && typeof source.kind === 'string' ? source.kind : undefined
  const build: BuildKind = truthy(nodeVersion) && !truthy(pythonVersion) ? 'node' : sourceKind === 'uv' ? 'uv' : 'python'

  if (truthy(config._INTERNAL_docker_tag) && truthy(config.api_version)) {
    problem('api_version', ['cannot be given with ', { code: '_INTERNAL_docker_tag' }, '.'], ['Remove one of them.'])
  }
  if (truthy(config.api_version) && !validApiVersion(config.api_version)) {
    problem(
      'api_version',
      ['is not a version the build takes: ', { code: JSON.stringify(config.api_version) }, '.'],
      ['Pin to a minor version, e.g. ', { code: '"api_version": "0.8"' }, '.']
    )
  }
  if (truthy(nodeVersion)) nodeVersionRules(nodeVersion, problem)
  if (truthy(config.pip_installer) && !PIP_INSTALLERS.includes(config.pip_installer as string)) {
    problem(
      'pip_installer',
      [
        'must be ',
        { code: 'auto' },
        ', ',
        { code: 'pip' },
        ' or ',
        { code: 'uv' },
        ', not ',
        { code: JSON.stringify(config.pip_installer) },
        '.'
      ],
      ['Write one of those, or remove the key (the default is ', { code: 'auto' }, ').']
    )
  }
  if (source !== undefined && source !== null) {
    if (!isObject(source))
      problem('source', ['must be an object.'], ['Write e.g. ', { code: '"source": {"kind": "uv", "root": ".."}' }, '.'])
    else if (sourceKind !== 'uv')
      problem(
        'source.kind',
        ['must be ', { code: 'uv' }, ', the only kind there is.'],
        ['Write e.g. ', { code: '"source": {"kind": "uv", "root": ".."}' }, '.']
      )
  }
  if (truthy(pythonVersion)) {
    pythonVersionRules(pythonVersion, problem)
    if (sourceKind !== 'uv' && !truthy(dependencies)) {
      problem(
        'dependencies',
        ['is missing or empty, and a Python config needs it to install the graphs.'],
        ['Add ', { code: '"dependencies": ["."]' }, " (the config's directory), or use ", { code: '"source": {"kind": "uv"}' }, '.']
      )
    }
  }
  const distro = config.image_distro
  if (truthy(distro)) {
    if (distro === 'bullseye')
      problem(
        'image_distro',
        ['Bullseye images are no longer built.'],
        ['Use ', { code: 'bookworm' }, ', ', { code: 'debian' }, ' or ', { code: 'wolfi' }, '.']
      )
    else if (!DISTROS.includes(distro as string))
      problem(
        'image_distro',
        ['must be one of ', { code: DISTROS.join(', ') }, '; this value is not.'],
        ['Write e.g. ', { code: '"image_distro": "wolfi"' }, '.']
      )
  }
  if (sourceKind === 'uv' && isObject(source)) uvShapeRules(source, pythonVersion, dependencies, problem)
  if (truthy(config.project_root) || truthy(config.package)) {
    problem(
      truthy(config.project_root) ? 'project_root' : 'package',
      ['is no longer supported at the top level.'],
      ['Use ', { code: 'source.root' }, ' and ', { code: 'source.package' }, ' instead.']
    )
  }
  for (const [section, key] of [
    ['auth', 'path'],
    ['encryption', 'path'],
    ['http', 'app']
  ] as const)
    sectionRules(config, section, key, build, problem)
  const tools = config.keep_pkg_tools
  if (truthy(tools) && tools !== true) {
    const bad = Array.isArray(tools) ? tools.filter((tool) => !BUILD_TOOLS.includes(tool as string)) : [tools]
    for (const tool of bad)
      problem(
        'keep_pkg_tools',
        ['takes ', { code: 'true' }, ' or a list of ', { code: BUILD_TOOLS.join(', ') }, ', not ', { code: JSON.stringify(tool) }, '.'],
        ['Keep only those names.']
      )
  }
  return {
    problems,
    validated: {
      graphIds: Object.keys(graphs),
      pythonVersion: truthy(pythonVersion) && typeof pythonVersion === 'string' ? pythonVersion : undefined,
      nodeVersion: truthy(nodeVersion) && typeof nodeVersion === 'string' ? nodeVersion : undefined,
      rawPython: pythonVersion,
      rawNode: nodeVersion,
      build
    }
  }
}

/** `_parse_node_version`: a string without a `.` that Python's `int()` reads; at least the minimum. */
function nodeVersionRules(value: unknown, problem: (key: string, what: RichText, fix: RichText) => void): void {
  if (typeof value !== 'string') {
    const what: RichText = typeof value === 'number' ? ['is a number; the build reads a string.'] : ['must be a string: a major version.']
    return problem('node_version', what, ['Write ', { code: `"node_version": "${versionFix(value, 'node', String(MIN_NODE))}"` }, '.'])
  }
  const major = value.includes('.') ? undefined : pythonInt(value)
  if (major === undefined)
    problem(
      'node_version',
      ['must be a major version only (no minor, patch or range).'],
      ['Write e.g. ', { code: `"node_version": "${versionFix(value, 'node', String(MIN_NODE))}"` }, '.']
    )
  else if (major < MIN_NODE)
    problem(
      'node_version',
      ['Node.js ', { code: value }, ` is not supported: the minimum is ${MIN_NODE}.`],
      ['Set ', { code: `"node_version": "${MIN_NODE}"` }, ' or higher.']
    )
}

/** `validate_config`'s `python_version` checks: a string `major.minor` (an optional `-suffix`), at least the minimum, never Bullseye. */
function pythonVersionRules(value: unknown, problem: (key: string, what: RichText, fix: RichText) => void): void {
  const minimum = MIN_PYTHON.join('.')
  if (typeof value !== 'string') {
    const what: RichText =
      typeof value === 'number' ? ['is a number; the build reads a string.'] : ['must be a string such as ', { code: '"3.12"' }, '.']
    return problem('python_version', what, ['Write ', { code: `"python_version": "${versionFix(value, 'python', minimum)}"` }, '.'])
  }
  const parts = value.split('-')[0].split('.')
  const fix: RichText = ['Write ', { code: `"python_version": "${versionFix(value, 'python', minimum)}"` }, '.']
  if ((value.match(/\./g) ?? []).length !== 1 || !parts.every((part) => PY_DIGITS.test(part))) {
    return problem('python_version', ['must be ', { code: 'major.minor' }, ' (no patch, e.g. ', { code: '3.12' }, ').'], fix)
  }
  const numbers = parts.map(pythonInt)
  if (numbers.length !== 2 || numbers.some((n) => n === undefined))
    return problem('python_version', ['must be ', { code: 'major.minor' }, ' in plain digits.'], fix)
  const [major, minor] = numbers as number[]
  if (major < MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor < MIN_PYTHON[1])) {
    return problem(
      'python_version',
      ['Python ', { code: value }, ` is not supported: the minimum is ${minimum}.`],
      ['Set ', { code: `"python_version": "${minimum}"` }, ' or higher.']
    )
  }
  if (value.includes('bullseye'))
    problem(
      'python_version',
      ['names Bullseye, whose images are no longer built.'],
      ['Use ', { code: 'bookworm' }, ' or ', { code: 'debian' }, '.']
    )
}

/**
 * `auth`, `encryption`, `http`: a mapping. The client's validation fails on a number or a string
 * holding the key's name; its Python build (`_update_auth_path`...) on anything else but a mapping.
 */
function sectionRules(
  config: RawConfig,
  section: 'auth' | 'encryption' | 'http',
  key: 'path' | 'app',
  build: BuildKind,
  problem: (key: string, what: RichText, fix: RichText) => void
): void {
  const conf = config[section]
  if (!truthy(conf)) return
  if (!isObject(conf)) {
    const failsValidation =
      typeof conf === 'number' || typeof conf === 'boolean' || ((typeof conf === 'string' || Array.isArray(conf)) && conf.includes(key))
    if (failsValidation || build === 'python')
      problem(
        section,
        ['must be a mapping.'],
        [
          'Write e.g. ',
          { code: `"${section}": {"${key}": "./src/agent/${section === 'http' ? 'webapp.py:app' : `${section}.py:${section}`}"}` },
          '.'
        ]
      )
    return
  }
  if (!(key in conf)) return
  const value = conf[key]
  if (typeof value !== 'string' || !value.includes(':')) {
    problem(
      `${section}.${key}`,
      ['must be ', { code: '"./path/to/file.py:attribute"' }, ' (a file, a ', { code: ':' }, ' and the name in it).'],
      ['Add the attribute after a ', { code: ':' }, '.']
    )
  }
}

/** The client's `source.kind = "uv"` block: a different config shape than dependency installs. */
function uvShapeRules(
  source: Record<string, unknown>,
  pythonVersion: unknown,
  dependencies: unknown,
  problem: (key: string, what: RichText, fix: RichText) => void
): void {
  if (!truthy(pythonVersion))
    problem(
      'python_version',
      ['is required with ', { code: 'source.kind' }, ' ', { code: 'uv' }, ' (a Python-only mode).'],
      ['Set ', { code: '"python_version"' }, ', or drop ', { code: 'source' }, ' for a Node.js config.']
    )
  if (truthy(dependencies))
    problem(
      'dependencies',
      [
        'must not be given with ',
        { code: 'source.kind' },
        ' ',
        { code: 'uv' },
        ': they come from ',
        { code: 'pyproject.toml' },
        ' and ',
        { code: 'uv.lock' },
        '.'
      ],
      ['Remove ', { code: 'dependencies' }, '.']
    )
  const root = 'root' in source ? source.root : '.'
  if (typeof root !== 'string') problem('source.root', ['must be a string.'], ['Write e.g. ', { code: '"root": "."' }, '.'])
  else if (root.trim() === '')
    problem('source.root', ['must not be empty.'], ['Write ', { code: '"root": "."' }, " for the config's directory."])
  const pkg = source.package
  if (pkg !== undefined && pkg !== null && (typeof pkg !== 'string' || pkg.trim() === ''))
    problem('source.package', ['must be a non-empty string.'], ['Name the package, or remove the key.'])
}

/** `_parse_api_version_parts`, on the range's version when it is one; a non-string fails as the client's regex call does. */
function validApiVersion(value: unknown): boolean {
  if (typeof value !== 'string') return false
  const range = API_RANGE.exec(value)
  const version = range ? range[2].trim() : value
  return API_VERSION.test(version.split('-')[0])
}

/**
 * `_parse_node_version` for a `package.json`'s `engines.node`: a string without a `.` that
 * Python's `int()` reads; a non-string is refused (the client fails on it). Undefined when it
 * is not a major version.
 */
export function nodeMajor(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.includes('.')) return undefined
  return pythonInt(value)
}
