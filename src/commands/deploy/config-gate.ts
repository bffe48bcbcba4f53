import { FULL_SHA } from '../../core/sha.js'
import { ActionError } from '../../core/errors.js'
import { quoted, saidText } from '../../core/quoted.js'
import type { CheckVerdict, Said } from '../../core/outcome.js'
import type { LayoutProblem } from '../../operations/archive/layout.js'
import type { ArchiveSelection } from '../../operations/archive/select.js'
import { archiveFiles, workspacePrefix } from '../../operations/config-check/archive-files.js'
import { checkConfig, type ConfigReport } from '../../operations/config-check/check.js'
import { trackedDiskFiles } from '../../operations/config-check/disk-files.js'
import { readFromGitHub } from '../../operations/config-check/github-files.js'
import type { ConfigProblem } from '../../operations/config-check/problem.js'
import { readCapped } from '../../operations/config-check/read-capped.js'
import { notChecked, verdictOf, type ConfigCheckMode } from '../../operations/config-check/verdict.js'
import type { CommandDeps } from '../types.js'
import { checkoutReads } from './checkout-reads.js'
import { openCommitReads, repositoryOf } from './github-reads.js'
import type { GateContext } from './gates/types.js'

/** The most a `github` config check spends reading GitHub: a slow or hanging GitHub must not hold the deploy. */
const READ_BUDGET_MS = 15_000

/** A tenth of the step's time left, at most READ_BUDGET_MS: the deploy keeps nine tenths whatever GitHub does. */
function readBudgetMs(deps: Pick<CommandDeps, 'clock' | 'deadline'>): number {
  return Math.max(0, Math.min(READ_BUDGET_MS, (deps.deadline - deps.clock.now()) / 10))
}

/** What the config check of a `github` deploy reads (a part of the gates' context). */
export type ConfigGateContext = Pick<GateContext, 'inputs' | 'deps' | 'existing'>

/**
 * A remote build: the config and the files exactly as the archive will hold them; messages name
 * workspace paths. `layoutProblems`: what the layout could not archive (said once, before the
 * check's own); one outside the workspace refuses the deploy under every mode, since nothing can
 * ship it.
 */
export function archiveVerdict(selection: ArchiveSelection, mode: ConfigCheckMode, deps: Pick<CommandDeps, 'log'>, layoutProblems: readonly LayoutProblem[] = []): CheckVerdict {
  const prefix = workspacePrefix(selection)
  const configPath = selection.configPath
  const shown = (problem: ConfigProblem) => ({ ...problem, file: prefix + problem.file })
  const fromLayout: ConfigProblem[] = layoutProblems.map((problem) => shown({ file: configPath, ...problem }))
  const unshippable = fromLayout.filter((problem) => problem.always)
  const refusing = (problems: ConfigProblem[]) => verdictOf({ problems, warnings: [], graphs: [], runtime: '' }, prefix + configPath, 'error', deps.log, undefined)
  if (mode === 'off') return unshippable.length > 0 ? refusing(unshippable) : notChecked([{ code: 'config-check: off' }])
  const text = readCapped(`${selection.root}/${configPath}`)
  if (text === undefined) return unshippable.length > 0 ? refusing(unshippable) : notChecked(['the config file ', { code: prefix + configPath }, ' could not be read'])
  const files = archiveFiles(selection)
  const report = files.kind(configPath) === 'file' ? checkConfig(text, configPath, files) : configNotShipped(configPath, files.leftOut?.(configPath))
  // A key the layout spoke of is not spoken of again by the check (one problem, said once).
  const layoutKeys = new Set(fromLayout.map((problem) => problem.key))
  const problems = [...fromLayout, ...report.problems.filter((problem) => !layoutKeys.has(problem.key)).map(shown)]
  // With `warn`, what cannot be archived at all still refuses: the build could not have it whatever happens.
  return verdictOf({ ...report, problems, warnings: report.warnings.map(shown) }, prefix + configPath, unshippable.length > 0 ? 'error' : mode, deps.log, undefined)
}

/** The config file itself left out of the archive (untracked, ignored): the build would find no config at all. */
function configNotShipped(configPath: string, rule: string | undefined): ConfigReport {
  const what: Said = ['is not in the archive', ...(rule ? [': left out by ', { code: rule }] : []), ', so the build would find no config.']
  const fix: Said = ['Ship it: commit it, or change that rule (', { code: 'archive-include' }, ' ships an untracked file).']
  return { problems: [{ file: configPath, key: '(file)', what, fix }], warnings: [], graphs: [], runtime: '' }
}

/**
 * `github`: from the workspace when it is a checkout of the repository at the commit to be
 * built, else through GitHub's API; not checked (and the deploy goes on) when neither can be read.
 */
export async function githubVerdict({ inputs, deps, existing }: ConfigGateContext): Promise<CheckVerdict> {
  const mode = inputs.configCheck
  if (mode === 'off') return notChecked([{ code: 'config-check: off' }])
  const started = deps.clock.now()
  const { workflow, log } = deps
  const configPath = inputs.sourceRevisionConfig.graph_config_path ?? existing?.source_revision_config?.graph_config_path ?? undefined
  // A create without one is refused by the source rules; a patch without one keeps the deployment's, which it names.
  if (!configPath) return told(deps, notChecked(['no ', { code: 'graph-config-path' }, ' is known for this deployment']))
  // A path inside the repository only: `..` or a leading `/` would read another file of the
  // workspace, or (normalised by the URL) another repository with the token.
  if (configPath.startsWith('/') || configPath.split(/[\\/]/).includes('..')) {
    return told(deps, notChecked(['the config path ', { code: configPath }, ' leaves the repository']))
  }
  const repoUrl = inputs.sourceConfig.repo_url ?? existing?.source_config?.repo_url ?? workflow.repoUrl
  // With `expected-commit`, that commit is what must be built (its own gate refuses any other).
  const ref = inputs.expectedCommit ?? inputs.sourceRevisionConfig.repo_ref ?? workflow.repoRef
  if (!ref) return told(deps, notChecked(['no ', { code: 'repo-ref' }, ' to read the config at']))
  const done = (report: ConfigReport, note?: Parameters<typeof verdictOf>[5]) => verdictOf(report, configPath, mode, log, deps.clock.now() - started, note)
  const checkout = await checkoutOf(repoUrl, ref, deps)
  const tracked = checkout && (await checkoutReads(deps, checkout.workspace).tracked())
  if (checkout && tracked) {
    const files = trackedDiskFiles(checkout.workspace, tracked)
    const text = files.read(configPath)
    if (text !== undefined) {
      const report = checkConfig(text, configPath, files)
      return verdictOf(report, configPath, mode, log, undefined, ['read from the checkout of ', { code: checkout.commit.slice(0, 12) }])
    }
  }
  const reads = await openCommitReads(inputs.githubToken, repoUrl ?? undefined, deps, readBudgetMs(deps))
  if (!reads.ok) return told(deps, notChecked(['no checkout of ', { code: ref }, ' and GitHub cannot be read: ', ...quoted(reads.reason)]))
  const read = await readFromGitHub(reads.github, reads.repository, ref, configPath)
  // Not a problem: the commit may not be what the build reads in the end (a branch moves), and the control plane says so itself.
  if (!read.ok && read.missing) {
    log.warn(`Config check: \`${configPath}\` is not a file in \`${ref}\` of ${reads.repository}: the build will fail unless it is there when it builds.`)
    return notChecked(quoted(read.reason))
  }
  if (!read.ok) return told(deps, notChecked(quoted(read.reason)))
  const note: Parameters<typeof verdictOf>[5] = read.truncated
    ? ['read through GitHub; its file listing was cut short, so whether files exist was not checked']
    : ['read through GitHub (', `${read.requests} requests`, ')']
  if (read.truncated) log.warn(`Config check: GitHub's listing of \`${ref}\` was cut short (too many files), so whether the files the config names exist was not checked.`)
  return done(checkConfig(read.text, configPath, read.files), note)
}

/**
 * The workspace, when it is a checkout of the deployment's repository at the commit the build
 * will use: `repo-ref` is that commit's full SHA, or the workflow's own ref, whose commit the
 * workflow checked out. Undefined otherwise (another repository, another ref, not a checkout).
 */
async function checkoutOf(repoUrl: string | null | undefined, ref: string, deps: CommandDeps): Promise<{ workspace: string; commit: string } | undefined> {
  const { workflow } = deps
  const repository = repositoryOf(repoUrl ?? undefined, workflow)
  if (!workflow.workspace || !('repository' in repository) || repository.repository !== workflow.repository) return undefined
  const wanted = FULL_SHA.test(ref) ? ref.toLowerCase() : ref === workflow.repoRef ? workflow.triggerSha : undefined
  if (!wanted) return undefined
  const commit = await checkoutReads(deps, workflow.workspace).commit()
  return commit === wanted.toLowerCase() ? { workspace: workflow.workspace, commit } : undefined
}

function told(deps: CommandDeps, verdict: CheckVerdict): CheckVerdict {
  // Missing information never blocks, and is no warning either: the summary's row says it.
  deps.log.info(`Config check: ${saidText(verdict.detail)}; the deploy goes on.`)
  return verdict
}

/**
 * Puts the verdict on record; a failed one refuses the deploy, every problem in the error,
 * before any change (for a remote build, before any request and before anything is packed).
 * `waivable`: false when a problem is refused under every mode (nothing can archive it).
 */
export function enforceConfigVerdict(verdict: CheckVerdict | undefined, deps: Pick<CommandDeps, 'recorder'>, waivable = true): void {
  if (!verdict) return
  deps.recorder.checked(verdict)
  if (verdict.status !== 'failed') return
  const lines = (verdict.problems ?? []).map(saidText)
  throw new ActionError(
    'bad-input',
    `The config check found ${saidText(verdict.detail)}:\n${lines.map((line) => `- ${line}`).join('\n')}`,
    waivable
      ? 'Fix the config (or what leaves its files out), then re-run; nothing was changed on the control plane. `config-check: warn` deploys anyway.'
      : 'Fix the config, then re-run; nothing was changed on the control plane. What lies outside the workspace cannot be archived under any `config-check` mode.'
  )
}

/** Whether the layout left out something nothing can archive (refused under every `config-check` mode). */
export function unwaivable(layoutProblems: readonly LayoutProblem[]): boolean {
  return layoutProblems.some((problem) => problem.always)
}
