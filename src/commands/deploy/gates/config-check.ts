import { FULL_SHA } from '../../../core/sha.js'
import { quoted, plainText } from '../../../core/quoted.js'
import type { CheckVerdict } from '../../../core/outcome.js'
import { checkConfig, type ConfigReport } from '../../../operations/config-check/check.js'
import { commitFiles } from '../../../operations/config-check/commit-files.js'
import { checkConfigFromCommit, commitReads, readNow } from '../../../operations/config-check/commit-reads.js'
import { openBlobReads } from '../../../operations/git/blob-stream.js'
import { readFromGitHub } from '../../../operations/config-check/github-files.js'
import { enforceConfigVerdict, notChecked, verdictOf } from '../../../operations/config-check/verdict.js'
import type { CommandDeps } from '../../types.js'
import { checkoutReads } from '../checkout-reads.js'
import { openCommitReads, repositoryOf } from '../github-reads.js'
import type { ChangeGate, GateContext } from './types.js'

/**
 * The config check (`config-check`) of a `github` revision: the config at the commit to be
 * built. A problem with `error` refuses here (every problem in the error). Only the `github`
 * source has this gate (source.ts); a remote build's is archive-config-check.ts.
 */
export const configCheckGate: ChangeGate = {
  id: 'config-check',
  stage: 'change',
  appliesTo: () => true,
  async run({ inputs, deps, existing }) {
    const verdict = await githubVerdict({ inputs, deps, existing })
    // Recorded before it throws: the refusal's reports list the problems.
    if (verdict.status === 'failed') enforceConfigVerdict(verdict, deps)
    return { go: true, verdict }
  }
}

/** The most a `github` config check spends reading GitHub: a slow or hanging GitHub must not hold the deploy. */
const READ_BUDGET_MS = 15_000

/** A tenth of the step's time left, at most READ_BUDGET_MS: the deploy keeps nine tenths whatever GitHub does. */
function readBudgetMs(deps: Pick<CommandDeps, 'run'>): number {
  return Math.max(0, Math.min(READ_BUDGET_MS, (deps.run.deadline - deps.run.now()) / 10))
}

/**
 * `github`: from the workspace when it is a checkout of the repository at the commit to be
 * built, else through GitHub's API; not checked (and the deploy goes on) when neither can be read.
 */
async function githubVerdict({ inputs, deps, existing }: Pick<GateContext, 'inputs' | 'deps' | 'existing'>): Promise<CheckVerdict> {
  const mode = inputs.configCheck
  if (mode === 'off') return notChecked([{ code: 'config-check: off' }])
  const started = deps.run.now()
  const { workflow, log } = deps
  const configPath = inputs.sourceRevisionConfig.graph_config_path ?? existing?.source_revision_config?.graph_config_path ?? undefined
  // A create without one is refused by the source rules; a patch without one keeps the deployment's, which it names.
  if (!configPath) return logNotChecked(deps, notChecked(['no ', { code: 'graph-config-path' }, ' is known for this deployment']))
  // A path inside the repository only: `..` or a leading `/` would read another file of the
  // workspace, or (normalised by the URL) another repository with the token.
  if (configPath.startsWith('/') || configPath.split(/[\\/]/).includes('..')) {
    return logNotChecked(deps, notChecked(['the config path ', { code: configPath }, ' leaves the repository']))
  }
  const repoUrl = inputs.sourceConfig.repo_url ?? existing?.source_config?.repo_url ?? workflow.repoUrl
  // With `expected-commit`, that commit is what must be built (its own gate refuses any other).
  const ref = inputs.expectedCommit ?? inputs.sourceRevisionConfig.repo_ref ?? workflow.repoRef
  if (!ref) return logNotChecked(deps, notChecked(['no ', { code: 'repo-ref' }, ' to read the config at']))
  const done = (report: ConfigReport, note?: Parameters<typeof verdictOf>[5]) =>
    verdictOf(report, configPath, mode, log, deps.run.now() - started, note)
  const checkout = await checkoutOf(repoUrl, ref, deps)
  const reads = checkout && checkoutReads(deps, checkout.workspace)
  const [top, tree] = reads ? await Promise.all([reads.checkout(), reads.tree()]) : []
  if (checkout && top && tree) {
    // The commit itself, from git's objects: a sparse checkout or a file a step removed is seen as the build sees it.
    // Its files through one `git cat-file --batch`, ended with the check, a cancel or the deadline.
    const blobs = openBlobReads(deps.run.stop())
    try {
      const files = commitFiles(top.top, tree, commitReads(blobs))
      const text = await readNow(files, configPath)
      if (text !== undefined) {
        const report = await checkConfigFromCommit(text, configPath, files)
        return verdictOf(report, configPath, mode, log, undefined, ['read from the checkout of ', { code: checkout.commit.slice(0, 12) }])
      }
    } finally {
      blobs.close()
    }
  }
  const github = await openCommitReads(inputs.githubToken, repoUrl ?? undefined, deps, readBudgetMs(deps))
  if (!github.ok)
    return logNotChecked(deps, notChecked(['no checkout of ', { code: ref }, ' and GitHub cannot be read: ', ...quoted(github.reason)]))
  const read = await readFromGitHub(github.github, github.repository, ref, configPath)
  // Not a problem: the commit may not be what the build reads in the end (a branch moves), and the control plane says so itself.
  if (!read.ok && read.missing) {
    log.warn(
      `Config check: \`${configPath}\` is not a file in \`${ref}\` of ${github.repository}: the build will fail unless it is there when it builds.`
    )
    return notChecked(quoted(read.reason))
  }
  if (!read.ok) return logNotChecked(deps, notChecked(quoted(read.reason)))
  const note: Parameters<typeof verdictOf>[5] = read.truncated
    ? ['read through GitHub; its file listing was cut short, so whether files exist was not checked']
    : ['read through GitHub (', `${read.requests} requests`, ')']
  if (read.truncated)
    log.warn(
      `Config check: GitHub's listing of \`${ref}\` was cut short (too many files), so whether the files the config names exist was not checked.`
    )
  return done(checkConfig(read.text, configPath, read.files), note)
}

/**
 * The workspace, when it is a checkout of the deployment's repository at the commit the build
 * will use: `repo-ref` is that commit's full SHA, or the workflow's own ref, whose commit the
 * workflow checked out. Undefined otherwise (another repository, another ref, not a checkout).
 */
async function checkoutOf(
  repoUrl: string | null | undefined,
  ref: string,
  deps: CommandDeps
): Promise<{ workspace: string; commit: string } | undefined> {
  const { workflow } = deps
  const repository = repositoryOf(repoUrl ?? undefined, workflow)
  if (!workflow.workspace || !('repository' in repository) || repository.repository !== workflow.repository) return undefined
  const wanted = FULL_SHA.test(ref) ? ref.toLowerCase() : ref === workflow.repoRef ? workflow.triggerSha : undefined
  if (!wanted) return undefined
  const commit = await checkoutReads(deps, workflow.workspace).commit()
  return commit === wanted.toLowerCase() ? { workspace: workflow.workspace, commit } : undefined
}

function logNotChecked(deps: CommandDeps, verdict: CheckVerdict): CheckVerdict {
  // Missing information never blocks, and is no warning either: the summary's row says it.
  deps.log.info(`Config check: ${plainText(verdict.detail)}; the deploy goes on.`)
  return verdict
}
