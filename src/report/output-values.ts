import { forOutput } from '../core/neutralise.js'
import type { Outcome } from '../core/outcome.js'
import type { OutputName } from '../inputs/names.js'

/** The outputs of the interface page, one line each; a URL only if it is one we may use. Unknown ones stay unset. */
export function outputsOf(outcome: Outcome, url: string | undefined): Partial<Record<OutputName, string>> {
  const { revision, deployment } = outcome
  const values: Partial<Record<OutputName, string | null | undefined>> = {
    'deployment-id': deployment?.id,
    'revision-id': outcome.revisionId,
    'revision-status': revision?.status,
    'deployment-status': deployment?.status,
    operation: outcome.operation,
    'deployment-url': url,
    'commit-sha': revision?.source_revision_config?.repo_commit_sha,
    'previous-revision-id': outcome.previousRevisionId,
    pruned: outcome.prune && JSON.stringify(outcome.prune.pruned),
    'archive-sha256': outcome.shipped?.kind === 'archive' ? outcome.shipped.sha256 : undefined,
    registry: outcome.registry?.registry,
    'image-repository': outcome.registry?.imageRepository,
    // After `on-failure: rollback` another revision serves, which the server was not asked about.
    'serving-revision-id': outcome.restoredRevisionId ? undefined : outcome.servingRevisionId,
    'eval-pass-rate': outcome.evals && String(Math.round(outcome.evals.passRate * 10_000) / 10_000),
    'eval-regressions': outcome.evals?.regressions === undefined ? undefined : String(outcome.evals.regressions),
    'eval-results': outcome.evals?.resultsFile ?? outcome.evalsNotRun?.resultsFile
  }
  const set = Object.entries(values).filter(([, v]) => v != null && v !== '') as Array<[OutputName, string]>
  return Object.fromEntries(set.map(([name, value]) => [name, forOutput(value)]))
}
