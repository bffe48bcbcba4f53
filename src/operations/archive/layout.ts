import { readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { firstLine, InputError } from '../../core/errors.js'
import { isCommittedDirectory } from '../git-tree.js'

/**
 * Where a remote build's archive comes from: the config file's directory and the local
 * dependencies the config lists, laid out relative to their common ancestor, as the
 * platform's own command-line client lays them out, so that a relative reference in the
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
}

/** What the config file says that the layout needs. */
interface GraphConfig {
  dependencies?: unknown
}

/**
 * The layout for `graph-config-path` (relative to the workspace). Everything is checked
 * here, before any request: the config file exists and is JSON, each local dependency
 * exists and lies inside the workspace (also once symbolic links are resolved).
 */
export function resolveLayout(workspaceDir: string, configInput: string): ArchiveLayout {
  const workspace = realpathOr(resolve(workspaceDir))
  const fail = (problem: string): never => {
    throw new InputError([problem])
  }
  if (isAbsolute(configInput)) fail(`\`graph-config-path\` must be relative to the workspace (\`${configInput}\` is absolute): e.g. \`apps/agent/langgraph.json\``)
  const configFile = resolve(workspace, configInput)
  if (!inside(workspace, configFile)) fail(`\`graph-config-path\` \`${configInput}\` points outside the workspace: give the config file's path inside the checkout`)
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
  if (!inside(workspace, realConfig)) fail(`\`graph-config-path\` \`${configInput}\` is a link to a file outside the workspace: nothing outside the checkout is archived`)
  let config: GraphConfig
  try {
    config = JSON.parse(text) as GraphConfig
  } catch (error) {
    return fail(`\`graph-config-path\` \`${configInput}\` is not valid JSON (${firstLine(error)})`)
  }
  const configDir = dirname(realConfig)
  const dependencies = Array.isArray(config?.dependencies) ? config.dependencies : []
  const dirs = [configDir]
  const problems: string[] = []
  for (const dependency of dependencies) {
    if (typeof dependency !== 'string' || !isLocalPath(dependency)) continue
    const target = resolve(configDir, dependency)
    if (!inside(workspace, target) || !inside(workspace, realpathOr(target))) {
      problems.push(
        `\`graph-config-path\` \`${configInput}\` lists the dependency \`${dependency}\`, which is outside the workspace: only what the job checked out is archived; move it into the repository or check it out inside the workspace`
      )
      continue
    }
    let isDir = false
    try {
      isDir = statSync(target).isDirectory()
    } catch {
      // Not on disk: a folder of the commit still ships when a sparse checkout left it out (or a step removed it).
      isDir = isCommittedDirectory(configDir, relative(configDir, target))
    }
    if (!isDir) {
      problems.push(`\`graph-config-path\` \`${configInput}\` lists the dependency \`${dependency}\`, which is not a directory in the workspace: fix the config's \`dependencies\``)
      continue
    }
    dirs.push(realpathOr(target))
  }
  if (problems.length > 0) throw new InputError(problems)
  const included = outermost(dirs)
  const root = commonAncestor(included)
  return { workspace, root, included, configPath: toPosix(relative(root, realConfig)) }
}

/** A `dependencies` entry that names a directory rather than a package: `.`, `./x`, `../x`, `/x`. */
function isLocalPath(entry: string): boolean {
  return entry === '.' || entry === '..' || entry.startsWith('./') || entry.startsWith('../') || entry.startsWith('/')
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

