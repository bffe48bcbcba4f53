import { readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { InputError } from '../../core/errors.js'
import type { RichText } from '../../core/outcome.js'
import { dependencyEntries } from '../config-check/dependencies.js'
import { parsePythonJson } from '../config-check/python-json.js'
import { committedDirectories } from '../git/git-tree.js'
import type { Stop } from '../../core/stop.js'
import { isMapping } from '../../core/mapping.js'

/**
 * Where a remote build's archive comes from: the config file's directory, the local
 * dependencies the config lists and, for a uv source, `source.root` (the workspace's
 * `pyproject.toml`, `uv.lock` and members), laid out relative to their common ancestor, as
 * the platform's own command-line client lays them out, so that a relative reference in the
 * config (`../../libs/shared`) still resolves inside the archive.
 */
export interface ArchiveLayout {
  /** The workspace, absolute: nothing outside it is ever archived. */
  workspace: string
  /** The common ancestor of every included directory, absolute: archive paths are relative to it. */
  root: string
  /** The directories to archive, absolute, none inside another, sorted. */
  included: string[]
  /** The config file's path inside the archive (posix): the `graph_config_path` the patch sends. */
  configPath: string
  /**
   * What the config names that cannot be archived: a directory that is not there, or one
   * outside the workspace (`always`: nothing can ship it, so it is refused whatever
   * `config-check` says). Config problems, reported by the config check with its own.
   */
  problems: LayoutProblem[]
}

export interface LayoutProblem {
  /** The config's key, e.g. `dependencies[1]` or `source.root`. */
  key: string
  what: RichText
  fix: RichText
  always?: true
}

/**
 * The layout for `graph-config-path` (relative to the workspace), before any request. The
 * config file must be a file inside the workspace (else bad input: the step names it); what
 * the config itself says wrong is a config problem (`problems`), never bad input. A directory the
 * config names that is not on disk is asked of git (all of them in one command): a folder of the
 * commit still ships.
 */
export async function resolveLayout(workspaceDir: string, configInput: string, stop?: Stop): Promise<ArchiveLayout> {
  const workspace = realpathOr(resolve(workspaceDir))
  const fail = (problem: string): never => {
    throw new InputError([problem])
  }
  if (isAbsolute(configInput))
    fail(`\`graph-config-path\` must be relative to the workspace (\`${configInput}\` is absolute): e.g. \`apps/agent/langgraph.json\``)
  const configFile = resolve(workspace, configInput)
  if (!inside(workspace, configFile))
    fail(`\`graph-config-path\` \`${configInput}\` points outside the workspace: give the config file's path inside the checkout`)
  let text: string
  try {
    if (!statSync(configFile).isFile()) throw new Error('not a file')
    text = readFileSync(configFile, 'utf8')
  } catch {
    return fail(
      `\`graph-config-path\` \`${configInput}\` is not a file in the workspace (${workspace}): check the path, and that the job checks the repository out (actions/checkout) before this step`
    )
  }
  const realConfig = realpathOr(configFile)
  if (!inside(workspace, realConfig))
    fail(`\`graph-config-path\` \`${configInput}\` is a link to a file outside the workspace: nothing outside the checkout is archived`)
  const configDir = dirname(realConfig)
  const dirs = [configDir]
  const problems: LayoutProblem[] = []
  // A config that is not JSON is the config check's problem: the archive is then the config's directory.
  const config = readConfig(text)
  const include = (key: string, written: string, what: string) => {
    const target = resolve(configDir, written)
    if (!inside(workspace, target) || !inside(workspace, realpathOr(target))) {
      problems.push({
        key,
        what: [what, ' ', { code: written }, " leaves the job's workspace, and only what the job checked out can be archived."],
        fix: ['Move it into the repository, or check it out inside the workspace.'],
        always: true
      })
      return
    }
    if (isDirectory(target)) dirs.push(realpathOr(target))
    else if (isPresent(target))
      problems.push({
        key,
        what: [what, ' ', { code: written }, ' is a file; it must be a directory.'],
        fix: ['Fix the path (it is relative to the config file), or remove it.']
      })
    else missing.push({ key, written, what, target })
  }
  const missing: Array<{ key: string; written: string; what: string; target: string }> = []
  dependencyEntries(config.dependencies).forEach((dependency, index) => {
    // The client's rule: an entry starting with `.` is a directory; anything else (a package, `/wheels/x.whl`, a git URL) is for pip.
    if (typeof dependency === 'string' && dependency.startsWith('.')) include(`dependencies[${index}]`, dependency, 'the local dependency')
  })
  const source = config.source
  if (isMapping(source) && source.kind === 'uv') {
    const root = 'root' in source ? source.root : '.'
    if (typeof root === 'string' && root.trim() !== '') include('source.root', root, 'the uv workspace root')
  }
  // Not on disk but a folder of the commit: it still ships when a sparse checkout left it out (or a step removed it).
  const committed = await committedDirectories(
    configDir,
    missing.map((item) => relative(configDir, item.target)),
    stop
  )
  for (const item of missing) {
    if (committed.has(relative(configDir, item.target))) dirs.push(item.target)
    else
      problems.push({
        key: item.key,
        what: [item.what, ' ', { code: item.written }, ' does not exist.'],
        fix: ['Fix the path (it is relative to the config file), or remove it.']
      })
  }
  const included = outermost(dirs)
  const root = commonAncestor(included)
  return { workspace, root, included, configPath: toPosix(relative(root, realConfig)), problems }
}

function readConfig(text: string): Record<string, unknown> {
  try {
    const config = parsePythonJson(text)
    return isMapping(config) ? config : {}
  } catch {
    return {}
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

function isPresent(path: string): boolean {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}

function inside(parent: string, child: string): boolean {
  const rel = relative(parent, child)
  // `..` as a whole first segment leaves `parent`; a name that merely starts with it (`..foo`) does not.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

/** The directories, without those inside another (which the outer one's walk covers). */
function outermost(dirs: string[]): string[] {
  const unique = [...new Set(dirs)].sort()
  return unique.filter((dir) => !unique.some((other) => other !== dir && inside(other, dir)))
}

function commonAncestor(dirs: string[]): string {
  let common = dirs[0]
  for (const dir of dirs.slice(1)) {
    while (!inside(common, dir)) common = dirname(common)
  }
  return common
}

export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/')
}
