// What a local run against a real control plane deploys: the repository, branch and commit
// of the git checkout it runs in. A deployment's `repo-url` cannot be changed once it is
// created, so a made-up one would leave a deployment that can never build; without a
// checkout to read, the runner refuses and says which inputs to pass instead.
import { spawnSync } from 'node:child_process'

/**
 * @typedef {object} GitContext
 * @property {string} [repoUrl] https URL of `origin`, without credentials or `.git`
 * @property {string} [branch] undefined on a detached HEAD
 * @property {string} [sha]
 * @property {string[]} problems why repoUrl or branch could not be read
 */

/**
 * @param {string} cwd
 * @returns {GitContext}
 */
export function readGitContext(cwd) {
  /** @param {string[]} args */
  const git = (...args) => {
    const result = spawnSync('git', args, { cwd, encoding: 'utf8', timeout: 10_000 })
    if (result.error) return { ok: false, text: result.error.message }
    return { ok: result.status === 0, text: (result.status === 0 ? result.stdout : result.stderr).trim() }
  }
  /** @type {string[]} */
  const problems = []
  const inside = git('rev-parse', '--is-inside-work-tree')
  if (!inside.ok) return { problems: [`${cwd} is not a git checkout (git: ${firstLine(inside.text)})`] }

  let repoUrl
  const remote = git('remote', 'get-url', 'origin')
  if (!remote.ok) problems.push(`the checkout has no remote \`origin\` (git: ${firstLine(remote.text)})`)
  else {
    repoUrl = httpsRepoUrl(remote.text)
    if (!repoUrl)
      problems.push(`the remote \`origin\` is not a URL this runner can turn into an https one: ${stripCredentials(remote.text)}`)
  }
  let branch
  const head = git('rev-parse', '--abbrev-ref', 'HEAD')
  if (head.ok && head.text !== 'HEAD') branch = head.text
  else problems.push('HEAD is not on a branch (a detached checkout, or no commit yet)')
  const sha = git('rev-parse', 'HEAD')
  return { repoUrl, branch, sha: sha.ok ? sha.text : undefined, problems }
}

/**
 * `git@github.com:owner/repo.git`, `ssh://git@host/owner/repo`, `https://user:token@host/owner/repo.git`
 * → `https://host/owner/repo`. Credentials are dropped: the URL is sent to the control plane.
 * @param {string} remote
 * @returns {string | undefined}
 */
export function httpsRepoUrl(remote) {
  const trimmed = remote.trim()
  let host
  let path
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(trimmed)
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    ;[, host, path] = scp
  } else {
    let url
    try {
      url = new URL(trimmed)
    } catch {
      return undefined
    }
    if (!['https:', 'http:', 'ssh:', 'git:'].includes(url.protocol) || !url.hostname) return undefined
    host = url.hostname
    path = url.pathname
  }
  const clean = path
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
  if (!clean) return undefined
  return `https://${host}/${clean}`
}

/** @param {string} text */
function stripCredentials(text) {
  return text.replace(/\/\/[^@/\s]+@/, '//')
}

/** @param {string} text */
function firstLine(text) {
  return text.split('\n')[0]
}
