import type { CheckVerdict, RichText } from '../../../core/outcome.js'
import type { LayoutProblem } from '../../../operations/archive/layout.js'
import type { ArchiveSelection } from '../../../operations/archive/select.js'
import { archiveFiles, workspacePrefix } from '../../../operations/config-check/archive-files.js'
import type { ConfigReport } from '../../../operations/config-check/check.js'
import { checkConfigFromCommit, commitReads, readNow } from '../../../operations/config-check/commit-reads.js'
import { openBlobReads } from '../../../operations/git/blob-stream.js'
import type { ConfigProblem } from '../../../operations/config-check/problem.js'
import { readCapped } from '../../../operations/config-check/read-capped.js'
import { enforceConfigVerdict, notChecked, verdictOf, type ConfigCheckMode } from '../../../operations/config-check/verdict.js'
import type { CommandDeps } from '../../types.js'
import type { ArchiveGate } from './types.js'
import type { Stop } from '../../../core/stop.js'

/**
 * The config check (`config-check`) of a remote build, on the files its archive will hold, before
 * they are packed: a problem with `error`, or one nothing can archive under any mode, refuses here
 * (every problem in the error), before any request when the inputs name a remote build.
 */
export const archiveConfigCheckGate: ArchiveGate = {
  id: 'archive-config-check',
  stage: 'archive',
  appliesTo: () => true,
  async run({ inputs, deps, layout, selection }) {
    const verdict = await archiveVerdict(selection, inputs.configCheck, { log: deps.log, ...deps.run?.stop() }, layout.problems)
    // Recorded before it throws: the refusal's reports list the problems.
    if (verdict.status === 'failed') enforceConfigVerdict(verdict, deps, !unwaivable(layout.problems))
    return { verdict }
  }
}

/**
 * A remote build: the config and the files exactly as the archive will hold them; messages name
 * workspace paths. `layoutProblems`: what the layout could not archive (said once, before the
 * check's own); one outside the workspace refuses the deploy under every mode, since nothing can
 * ship it. Committed files are read from git through one process per repository, ended with the
 * check (or by a cancel, or the deadline: `deps` without a deadline has none).
 */
export async function archiveVerdict(
  selection: ArchiveSelection,
  mode: ConfigCheckMode,
  deps: Pick<CommandDeps, 'log'> & Partial<Stop>,
  layoutProblems: readonly LayoutProblem[] = []
): Promise<CheckVerdict> {
  const prefix = workspacePrefix(selection)
  const configPath = selection.configPath
  const shown = (problem: ConfigProblem) => ({ ...problem, file: prefix + problem.file })
  const fromLayout: ConfigProblem[] = layoutProblems.map((problem) => shown({ file: configPath, ...problem }))
  const unshippable = fromLayout.filter((problem) => problem.always)
  const refusing = (problems: ConfigProblem[]) =>
    verdictOf({ problems, warnings: [], graphs: [], runtime: '' }, prefix + configPath, 'error', deps.log, undefined)
  if (mode === 'off') return unshippable.length > 0 ? refusing(unshippable) : notChecked([{ code: 'config-check: off' }])
  const blobs = openBlobReads(
    deps.clock && deps.deadline !== undefined ? { signal: deps.signal, clock: deps.clock, deadline: deps.deadline } : undefined
  )
  try {
    const files = archiveFiles(selection, commitReads(blobs))
    // As the archive holds it (the commit's version, in a checkout); one left out is read from the disk, to say so.
    const shipped = files.kind(configPath) === 'file'
    const text = shipped ? await readNow(files, configPath) : readCapped(`${selection.root}/${configPath}`)
    if (text === undefined)
      return unshippable.length > 0
        ? refusing(unshippable)
        : notChecked(['the config file ', { code: prefix + configPath }, ' could not be read'])
    const report = shipped
      ? await checkConfigFromCommit(text, configPath, files)
      : configNotShipped(configPath, files.leftOut?.(configPath))
    // A key the layout spoke of is not spoken of again by the check (one problem, said once).
    const layoutKeys = new Set(fromLayout.map((problem) => problem.key))
    const problems = [...fromLayout, ...report.problems.filter((problem) => !layoutKeys.has(problem.key)).map(shown)]
    // With `warn`, what cannot be archived at all still refuses: the build could not have it whatever happens.
    return verdictOf(
      { ...report, problems, warnings: report.warnings.map(shown) },
      prefix + configPath,
      unshippable.length > 0 ? 'error' : mode,
      deps.log,
      undefined
    )
  } finally {
    blobs.close()
  }
}

/** The config file itself left out of the archive (untracked, ignored): the build would find no config at all. */
function configNotShipped(configPath: string, rule: string | undefined): ConfigReport {
  const what: RichText = [
    'is not in the archive',
    ...(rule ? [': left out by ', { code: rule }] : []),
    ', so the build would find no config.'
  ]
  const fix: RichText = ['Ship it: commit it, or change that rule (', { code: 'archive-include' }, ' ships an untracked file).']
  return { problems: [{ file: configPath, key: '(file)', what, fix }], warnings: [], graphs: [], runtime: '' }
}

/** Whether the layout left out something nothing can archive (refused under every `config-check` mode). */
export function unwaivable(layoutProblems: readonly LayoutProblem[]): boolean {
  return layoutProblems.some((problem) => problem.always)
}
