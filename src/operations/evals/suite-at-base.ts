import { InputError } from '../../core/errors.js'
import type { Log } from '../../core/log.js'
import { parseSuiteText, type SuiteAtBase } from '../../inputs/evals.js'
import { suiteAgainstStep, type VerificationInputs } from '../../inputs/verification.js'
import type { RunContext } from '../../core/run-context.js'
import { isStop } from '../../core/stop.js'
import { checkoutOf, runGit } from '../git/git-tree.js'
import { gitHubReader, type GitHubGet } from '../github/github-requests.js'
import { readContents } from '../config-check/github-files.js'

/** A suite file is at most this (as one read from the checkout). */
const MAX_SUITE_BYTES = 1024 * 1024
/** git answers a blob read at once; one that does not must not hold the step. */
const GIT_READ_MS = 10_000

/** What the read needs of a command's deps. */
export interface AtBaseDeps {
  /** The run's time and cancellation: git's reads and GitHub's keep to it. */
  run: RunContext
  log: Log
  /** The workflow's repository (`owner/name`), for the GitHub read. */
  workflow: { repository?: string }
  openGitHub?: (token: string) => Promise<GitHubGet>
}

/**
 * `evals-from: base`: the suite file as the pull request's base commit has it, so a pull request
 * cannot loosen the suite that gates it (lower `pass-rate`, drop a case, change an `expect`).
 * Read from the checkout's git objects when they hold the base commit, else from the GitHub API
 * (a shallow checkout, `actions/checkout`'s default, holds only the merge commit); parsed and
 * checked as a suite from the workspace is, before any request to the control plane. A suite
 * that cannot be read or is malformed is bad input, naming the file and the commit.
 */
export async function withSuiteAtBase(
  verification: VerificationInputs,
  step: { timeoutMs?: number; name?: string },
  deps: AtBaseDeps
): Promise<VerificationInputs> {
  const at = verification.evalsAtBase
  if (!at) return verification
  const label = `${at.path}@${at.sha.slice(0, 7)}`
  const text = (await fromGit(at, deps)) ?? (await fromGitHub(at, at.githubToken, deps))
  if ('reason' in text) {
    throw new InputError(
      [
        `\`evals\`: the file \`${at.path}\` could not be read from the pull request's base commit (${at.sha.slice(0, 7)}): ${text.reason}; ` +
          '`evals-from: base` reads the suite as the base branch has it: merge the suite there first, or set `evals-from: checkout`'
      ],
      { files: [at.path], alsoStep: true }
    )
  }
  const parsed = await parseSuiteText(text.text, label)
  const problems = parsed.data ? suiteAgainstStep(parsed.data, step) : parsed.problems
  if (problems.length > 0 || !parsed.data)
    throw new InputError(
      problems.map((p) => `\`evals\`: ${p}`),
      { files: [label], alsoStep: false }
    )
  deps.log.info(`Evals: the suite \`${at.path}\` as the pull request's base commit (${at.sha.slice(0, 7)}) has it, read ${text.via}.`)
  const { evalsAtBase: _read, ...rest } = verification
  return { ...rest, evals: parsed.data }
}

type Read = { text: string; via: string } | { reason: string }

/** The blob from the checkout's objects; undefined when the checkout does not hold the base commit (then GitHub is asked). */
async function fromGit(at: SuiteAtBase['atBase'], deps: AtBaseDeps): Promise<Read | undefined> {
  const stop = deps.run.stop()
  try {
    const checkout = await checkoutOf(at.workspace, stop)
    if (!checkout) return undefined
    try {
      await runGit(at.workspace, ['cat-file', '-e', `${at.sha}^{commit}`], { stop, capMs: GIT_READ_MS })
    } catch (error) {
      if (isStop(error)) throw error
      return undefined
    }
    // `<commit>:./<path>`: the path from the workspace, wherever the checkout's top is.
    const text = await runGit(at.workspace, ['cat-file', 'blob', `${at.sha}:./${at.path}`], {
      stop,
      capMs: GIT_READ_MS,
      maxBuffer: MAX_SUITE_BYTES
    }).catch((error: unknown) => {
      if (isStop(error)) throw error
      return { reason: `it is not a file in that commit, or is larger than 1 MiB (${(error as Error).message})` }
    })
    return typeof text === 'string' ? { text, via: "from the checkout's git objects" } : text
  } catch (error) {
    if (isStop(error)) throw error
    return undefined
  }
}

/** `GET /repos/{repo}/contents/{path}?ref={sha}` through the one rate-limited reader, bounded by the step's deadline. */
async function fromGitHub(at: SuiteAtBase['atBase'], token: string | undefined, deps: AtBaseDeps): Promise<Read> {
  const repository = deps.workflow.repository
  if (!repository) return { reason: "the checkout does not hold that commit, and the workflow's repository is not known" }
  if (!token)
    return { reason: "the checkout does not hold that commit, and `github-token` is empty (leave it unset to use the workflow's token)" }
  if (!deps.openGitHub) return { reason: 'the checkout does not hold that commit, and GitHub cannot be read in this run' }
  const github = gitHubReader(await deps.openGitHub(token), deps.run, { warn: deps.log.warn })
  // The config check's reader of a file at a commit: the same cap, checks and decoding (a BOM, UTF-16).
  const read = await readContents(github, repository, at.sha, at.path)
  return typeof read === 'string' ? { text: read, via: 'from the GitHub API' } : read
}
