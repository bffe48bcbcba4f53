import { posix } from 'node:path'
import picomatch from 'picomatch'
import { parse as parseToml } from 'smol-toml'
import type { RichText } from '../../core/outcome.js'
import { fromConfig, isWithin, type ConfigFiles } from './files.js'
import { importString, isFilePath, splitImport } from './graphs.js'
import { leftOutFix } from './left-out.js'
import { existingFile } from './build-files.js'
import { isObject, type RawConfig } from './problem.js'

/*
 * What the build of a uv source (`source.kind: uv`) fails on, from the client's
 * `python_config_to_docker_uv_lock` and its workspace planning (langgraph_cli/uv_lock.py), on
 * the files the build gets: `uv.lock` and `pyproject.toml` at `source.root`, the workspace's
 * members and their names, the package to deploy, its workspace dependencies, and every file the
 * config names inside what is copied into the image (the package and its workspace dependencies).
 */

type Problem = (key: string, what: RichText, fix: RichText) => void

interface Member {
  name: string
  normalized: string
  root: string
  /** Its `pyproject.toml` as messages show it (from the config's directory). */
  pyproject: string
  data: Record<string, unknown>
}

const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name)
const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')
const normalizeName = (name: string) => name.replace(/[-_.]+/g, '-').toLowerCase()
const table = (value: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), value)

/** The uv rules; nothing when a file they need cannot be read from this source (GitHub's API does not read them). */
export function uvSourceRules(config: RawConfig, configPath: string, files: ConfigFiles, problem: Problem): void {
  const source = config.source as Record<string, unknown>
  const written = 'root' in source ? source.root : '.'
  if (typeof written !== 'string' || written.trim() === '') return // validate.ts says so
  const root = fromConfig(configPath, written)
  if (root === undefined)
    return problem(
      'source.root',
      [{ code: written }, ' is outside what is shipped, so the build has no ', { code: 'uv.lock' }, '.'],
      ['Point it at the uv workspace inside the repository.']
    )
  const rootKind = files.kind(root)
  if (rootKind === 'unknown') return
  if (rootKind !== 'dir')
    return problem(
      'source.root',
      [{ code: written }, ' is not a directory that ships.'],
      ['Point it at the directory where you run ', { code: 'uv lock' }, '.']
    )
  for (const name of ['uv.lock', 'pyproject.toml']) {
    const path = join(root, name)
    const kind = files.kind(path)
    if (kind === 'unknown') return
    if (kind !== 'file') {
      const left = files.leftOut?.(path)
      const what: RichText = [
        { code: written },
        ' has no ',
        { code: name },
        ...(left ? [' that ships: left out by ', { code: left }, '.'] : ['.'])
      ]
      return problem(
        'source.root',
        what,
        leftOutFix(files, path, [
          'Point ',
          { code: 'source.root' },
          ' at the directory where you run ',
          { code: 'uv lock' },
          ' (it holds ',
          { code: 'pyproject.toml' },
          ' and ',
          { code: 'uv.lock' },
          ').'
        ])
      )
    }
  }
  const configDir = parentOf(configPath)
  // Paths in messages are from the config's directory, as the config's own paths are.
  const shown = (path: string) => {
    const relative = posix.relative(configDir, path)
    return relative.startsWith('..') ? relative : `./${relative}`
  }
  const rootData = readToml(files, join(root, 'pyproject.toml'), shown, problem)
  if (!rootData) return
  const members = workspaceMembers(root, rootData, files, shown, problem)
  if (!members) return
  const target = targetPackage(source, members, root, configDir, problem)
  if (!target) return
  const closure = installClosure(target, members, shown(join(root, 'pyproject.toml')), root, rootData, problem)
  if (!closure) return
  const copied = new Set(closure.map((member) => member.root))
  const all = new Set(members.map((member) => member.root))
  const inside = (path: string) => containedIn(path, copied, all)
  const names: RichText = closure.flatMap((member, index) => [...(index > 0 ? [', '] : []), { code: member.name }])
  const fileRule = (key: string, module: string) => {
    const path = existingFile(key, module, configPath, files, problem)
    if (path === undefined) return
    if (!inside(path)) {
      problem(
        key,
        [
          { code: module },
          ' is not inside the package ',
          { code: target.name },
          ' or its workspace dependencies, the only directories copied into the image (',
          ...names,
          ').'
        ],
        [
          'Move it there, or make its package a dependency of ',
          { code: target.name },
          ' with ',
          { code: '{ workspace = true }' },
          ' in ',
          { code: '[tool.uv.sources]' },
          '.'
        ]
      )
    }
  }
  const importRule = (key: string, spec: string) => {
    const { module, attribute } = splitImport(spec)
    if (!module || !attribute)
      return problem(
        key,
        [{ code: spec }, ' must be ', { code: '"<module or file>:<variable>"' }, '.'],
        ['Add the variable after a ', { code: ':' }, ', e.g. ', { code: './src/agent/graph.py:graph' }, '.']
      )
    if (isFilePath(module)) fileRule(key, module)
  }
  const graphs = isObject(config.graphs) ? config.graphs : {}
  for (const [id, spec] of Object.entries(graphs)) {
    const path = importString(spec)
    if (path !== undefined) importRule(`graphs.${id}`, path)
  }
  for (const [section, key] of [
    ['auth', 'path'],
    ['encryption', 'path'],
    ['checkpointer', 'path'],
    ['http', 'app']
  ] as const) {
    const conf = config[section]
    if (isObject(conf) && typeof conf[key] === 'string') importRule(`${section}.${key}`, conf[key])
  }
  if (isObject(config.ui)) {
    for (const [name, path] of Object.entries(config.ui)) if (typeof path === 'string') fileRule(`ui.${name}`, path)
  }
}

function readToml(
  files: ConfigFiles,
  path: string,
  shown: (path: string) => string,
  problem: Problem
): Record<string, unknown> | undefined {
  const text = files.read(path)
  if (text === undefined) return undefined
  try {
    return parseToml(text)
  } catch (error) {
    problem(
      'source.root',
      [{ code: shown(path) }, ' is not valid TOML (', { code: String((error as Error).message).split('\n')[0] }, ').'],
      ['Fix the file.']
    )
    return undefined
  }
}

/** `_discover_uv_lock_workspace_packages`: the root (when it names a project) and each member matched by `[tool.uv.workspace].members`. */
function workspaceMembers(
  root: string,
  rootData: Record<string, unknown>,
  files: ConfigFiles,
  shown: (path: string) => string,
  problem: Problem
): Member[] | undefined {
  const rootPyproject = shown(join(root, 'pyproject.toml'))
  const patterns = table(rootData, 'tool', 'uv', 'workspace', 'members') ?? []
  if (!Array.isArray(patterns)) {
    if (patterns)
      problem(
        'source.root',
        [{ code: rootPyproject }, ': ', { code: '[tool.uv.workspace].members' }, ' must be a list.'],
        ['Write it as a list of glob patterns, e.g. ', { code: 'members = ["apps/*", "libs/*"]' }, '.']
      )
    if (patterns) return undefined
  }
  const roots: string[] = []
  if (typeof table(rootData, 'project', 'name') === 'string') roots.push(root)
  for (const pattern of Array.isArray(patterns) ? patterns : []) {
    if (typeof pattern !== 'string') {
      problem(
        'source.root',
        [{ code: rootPyproject }, ': every ', { code: '[tool.uv.workspace].members' }, ' entry must be a string.'],
        ['Fix the entry.']
      )
      return undefined
    }
    for (const match of globUnder(files, root, pattern)) {
      const memberRoot = files.kind(match) === 'dir' ? match : parentOf(match)
      if (files.kind(join(memberRoot, 'pyproject.toml')) === 'file') roots.push(memberRoot)
    }
  }
  // Every member's `pyproject.toml` asked for before any is judged: a source that reads in batches (a commit's, from git) reads them together.
  for (const memberRoot of roots) if (memberRoot !== root) files.read(join(memberRoot, 'pyproject.toml'))
  const members: Member[] = []
  for (const memberRoot of [...new Set(roots)]) {
    const pyproject = shown(join(memberRoot, 'pyproject.toml'))
    const data = memberRoot === root ? rootData : readToml(files, join(memberRoot, 'pyproject.toml'), shown, problem)
    if (!data) return undefined
    const name = table(data, 'project', 'name')
    if (typeof name !== 'string' || name.trim() === '') {
      problem(
        'source.root',
        ['the workspace member ', { code: pyproject }, ' has no ', { code: '[project].name' }, '.'],
        ['Name the package in its ', { code: 'pyproject.toml' }, '.']
      )
      return undefined
    }
    const twin = members.find((member) => member.normalized === normalizeName(name))
    if (twin) {
      problem(
        'source.root',
        [{ code: twin.pyproject }, ' and ', { code: pyproject }, ' both name the package ', { code: name }, '.'],
        ['Give each workspace member its own name.']
      )
      return undefined
    }
    members.push({ name, normalized: normalizeName(name), root: memberRoot, pyproject, data })
  }
  return members
}

/** Python's `Path.glob` under `root`, over the files that ship: `*`, `?`, `[...]` within a name, `**` across directories. */
function globUnder(files: ConfigFiles, root: string, pattern: string): string[] {
  const segments = pattern.split('/').filter((segment) => segment !== '' && segment !== '.')
  let current = [root]
  for (const segment of segments) {
    const next: string[] = []
    if (segment === '**') {
      const stack = [...current]
      while (stack.length > 0) {
        const dir = stack.pop()!
        next.push(dir)
        for (const name of files.list(dir) ?? []) if (files.kind(join(dir, name)) === 'dir') stack.push(join(dir, name))
      }
    } else {
      const matches = picomatch(segment, { dot: true })
      for (const dir of current) for (const name of files.list(dir) ?? []) if (matches(name)) next.push(join(dir, name))
    }
    current = [...new Set(next)]
  }
  return current.sort()
}

/** `_infer_uv_lock_target_package`: `source.package`, else the member holding the config, else the only member. */
function targetPackage(
  source: Record<string, unknown>,
  members: Member[],
  root: string,
  configDir: string,
  problem: Problem
): Member | undefined {
  const available =
    members
      .map((member) => member.name)
      .sort()
      .join(', ') || '(none)'
  const wanted = source.package
  if (wanted !== undefined && wanted !== null) {
    if (typeof wanted !== 'string' || wanted.trim() === '') return undefined // validate.ts says so
    const target = members.find((member) => member.normalized === normalizeName(wanted))
    if (!target)
      problem(
        'source.package',
        ['names no package of the uv workspace at ', { code: 'source.root' }, ' (its packages: ', { code: available }, ').'],
        ['Set it to one of those names (a ', { code: '[project].name' }, ').']
      )
    return target
  }
  const containing = members.filter((member) => isWithin(configDir, member.root)).sort((a, b) => b.root.length - a.root.length)
  const deepest = containing[0]
  if (deepest && (deepest.root !== root || members.length === 1 || configDir === root)) return deepest
  if (members.length === 1) return members[0]
  problem(
    'source.package',
    ['is needed: the uv workspace has several packages (', { code: available }, ') and none holds the config file.'],
    ['Set ', { code: 'source.package' }, ' to the package to deploy, or move the config into it.']
  )
  return undefined
}

/** The package and its workspace dependencies, each checked as `_validate_uv_lock_package` does; undefined after a problem. */
function installClosure(
  target: Member,
  members: Member[],
  rootPyproject: string,
  root: string,
  rootData: Record<string, unknown>,
  problem: Problem
): Member[] | undefined {
  const byName = new Map(members.map((member) => [member.normalized, member]))
  const byRoot = new Map(members.map((member) => [member.root, member]))
  const rootSources = table(rootData, 'tool', 'uv', 'sources') ?? {}
  const order: Member[] = []
  const seen = new Set<string>()
  const visit = (member: Member): boolean => {
    if (seen.has(member.normalized)) return true
    seen.add(member.normalized)
    const dependencies = workspaceDependencies(member, { root, rootSources, rootPyproject, byName, byRoot }, problem)
    if (!dependencies) return false
    const deployable = enabled(member, problem)
    if (deployable === undefined) return false
    if (member === target && !deployable) {
      problem(
        'source.package',
        [
          { code: target.name },
          ' sets ',
          { code: 'tool.uv.package = false' },
          ' in ',
          { code: target.pyproject },
          ', so it cannot be deployed.'
        ],
        ['Remove that setting, or deploy another member.']
      )
      return false
    }
    for (const name of dependencies) {
      const dependency = byName.get(name)
      if (dependency && !visit(dependency)) return false
    }
    order.push(member)
    return true
  }
  return visit(target) ? order : undefined
}

/** `[tool.uv].package`: true unless set; undefined after a problem (not a boolean, `[tool.uv]` not a table). */
function enabled(member: Member, problem: Problem): boolean | undefined {
  const uv = table(member.data, 'tool', 'uv')
  if (uv && !isObject(uv)) {
    problem('source.root', [{ code: member.pyproject }, ': ', { code: '[tool.uv]' }, ' must be a table.'], ['Fix the file.'])
    return undefined
  }
  const value = isObject(uv) && 'package' in uv ? uv.package : true
  if (typeof value !== 'boolean') {
    problem('source.root', [{ code: member.pyproject }, ': ', { code: '[tool.uv].package' }, ' must be a boolean.'], ['Fix the file.'])
    return undefined
  }
  return value
}

interface Workspace {
  root: string
  rootSources: unknown
  rootPyproject: string
  byName: Map<string, Member>
  byRoot: Map<string, Member>
}

/** The member's dependencies that its (or the root's) `[tool.uv.sources]` take from the workspace; undefined after a problem. */
function workspaceDependencies(member: Member, workspace: Workspace, problem: Problem): string[] | undefined {
  const specs = table(member.data, 'project', 'dependencies') ?? []
  if (!Array.isArray(specs) || !specs.every((spec) => typeof spec === 'string')) {
    problem(
      'source.root',
      [{ code: member.pyproject }, ': ', { code: '[project].dependencies' }, ' must be a list of strings.'],
      ['Fix the file.']
    )
    return undefined
  }
  const names: string[] = []
  for (const spec of specs) {
    const match = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(spec)
    if (!match) {
      problem(
        'source.root',
        [{ code: member.pyproject }, ': the dependency ', { code: spec }, ' has no package name that a uv source can be matched to.'],
        ['Write it as a PEP 508 requirement, e.g. ', { code: 'httpx>=0.27' }, '.']
      )
      return undefined
    }
    names.push(normalizeName(match[1]))
  }
  if (!isObject(workspace.rootSources)) {
    problem('source.root', [{ code: workspace.rootPyproject }, ': ', { code: '[tool.uv.sources]' }, ' must be a table.'], ['Fix the file.'])
    return undefined
  }
  const uv = table(member.data, 'tool', 'uv')
  const own = isObject(uv) ? (uv.sources ?? {}) : {}
  if (!isObject(own)) {
    problem('source.root', [{ code: member.pyproject }, ': ', { code: '[tool.uv.sources]' }, ' must be a table.'], ['Fix the file.'])
    return undefined
  }
  const entries = new Map<string, { value: unknown; declaredIn: string; pyproject: string }>()
  for (const [name, value] of Object.entries(workspace.rootSources))
    entries.set(name, { value, declaredIn: workspace.root, pyproject: workspace.rootPyproject })
  for (const [name, value] of Object.entries(own)) entries.set(name, { value, declaredIn: member.root, pyproject: member.pyproject })
  const fromWorkspace = new Set<string>()
  for (const [name, entry] of entries) {
    if (!names.includes(normalizeName(name))) continue
    if (!sourceEntry(name, entry.value, entry.declaredIn, entry.pyproject, workspace, fromWorkspace, problem)) return undefined
  }
  return names.filter((name) => fromWorkspace.has(name))
}

/** `_validate_uv_lock_source_entry`: `{ workspace = true }` and `{ path = ... }` must name buildable members of this workspace. */
function sourceEntry(
  name: string,
  value: unknown,
  declaredIn: string,
  pyproject: string,
  workspace: Workspace,
  found: Set<string>,
  problem: Problem
): boolean {
  if (Array.isArray(value)) return value.every((item) => sourceEntry(name, item, declaredIn, pyproject, workspace, found, problem))
  if (!isObject(value)) return true
  const disabled = (member: Member) => {
    problem(
      'source.root',
      [
        { code: pyproject },
        ': ',
        { code: name },
        ' is the workspace package ',
        { code: member.name },
        ', which sets ',
        { code: 'tool.uv.package = false' },
        '.'
      ],
      ['A workspace dependency must be a buildable package: remove that setting.']
    )
    return false
  }
  if (value.workspace === true) {
    const member = workspace.byName.get(normalizeName(name))
    if (!member) {
      problem(
        'source.root',
        [
          { code: pyproject },
          ': ',
          { code: name },
          ' is ',
          { code: '{ workspace = true }' },
          ', but no workspace member that ships has that name.'
        ],
        ['Add its directory to ', { code: '[tool.uv.workspace].members' }, ' (and ship it).']
      )
      return false
    }
    if (enabled(member, problem) === false) return disabled(member)
    found.add(member.normalized)
  }
  if (typeof value.path === 'string') {
    const path = value.path
    if (path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path)) {
      problem(
        'source.root',
        [{ code: pyproject }, ': ', { code: name }, ' uses an absolute path.'],
        ['Use a path relative to the file, or ', { code: '{ workspace = true }' }, '.']
      )
      return false
    }
    const resolved = normalizeFrom(declaredIn, path)
    if (resolved === undefined || !isWithin(resolved, workspace.root)) {
      problem(
        'source.root',
        [{ code: pyproject }, ': the path source of ', { code: name }, ' leaves the uv workspace at ', { code: 'source.root' }, '.'],
        ['Keep workspace packages under ', { code: 'source.root' }, '.']
      )
      return false
    }
    const member = workspace.byRoot.get(resolved)
    if (!member) {
      problem(
        'source.root',
        [{ code: pyproject }, ': the path source of ', { code: name }, ' is not a workspace member.'],
        ['Add its directory to ', { code: '[tool.uv.workspace].members' }, '.']
      )
      return false
    }
    if (member.normalized !== normalizeName(name)) {
      problem(
        'source.root',
        [
          { code: pyproject },
          ': the path source of ',
          { code: name },
          ' is the package ',
          { code: member.name },
          '; the names must match.'
        ],
        ['Name the dependency as its package is named.']
      )
      return false
    }
    if (enabled(member, problem) === false) return disabled(member)
    found.add(member.normalized)
  }
  return Object.entries(value).every(
    ([key, nested]) => key === 'workspace' || key === 'path' || sourceEntry(name, nested, declaredIn, pyproject, workspace, found, problem)
  )
}

function normalizeFrom(dir: string, relative: string): string | undefined {
  const parts = dir ? dir.split('/') : []
  for (const part of relative.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (parts.length === 0) return undefined
      parts.pop()
    } else parts.push(part)
  }
  return parts.join('/')
}

/** `_resolve_uv_lock_container_path`: inside a copied member, and not inside a member that is not copied. */
function containedIn(path: string, copied: Set<string>, all: Set<string>): boolean {
  const holders = [...copied].filter((root) => isWithin(path, root)).sort((a, b) => b.length - a.length)
  return holders.some(
    (holder) => ![...all].some((other) => other !== holder && !isWithin(holder, other) && isWithin(path, other) && !copied.has(other))
  )
}
