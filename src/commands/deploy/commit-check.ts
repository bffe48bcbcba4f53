import type { Revision } from '../../api/schemas.js'
import type { Log } from '../../core/log.js'
import type { Recorder } from '../../core/recorder.js'
import type { WorkflowContext } from '../../inputs/workflow-context.js'

/** A commit sha as git writes it; anything else from the server is not shown (server text is hostile). */
const SHA = /^[0-9a-f]{7,64}$/i

/**
 * After DEPLOYED: the control plane builds the head of `repo_ref` when the revision is
 * made, which may be a later commit than the one this workflow ran for (a push landed
 * meanwhile). The deployment then serves code this run did not build or test, which the
 * user should know. Checked only when the revision was built from the ref the workflow
 * ran on; a `repo-ref` set to another branch is expected to be at another commit.
 */
export function commitMovedOn(revision: Pick<Revision, 'id' | 'source_revision_config'>, workflow: WorkflowContext): string | undefined {
  const built = revision.source_revision_config?.repo_commit_sha
  const ref = revision.source_revision_config?.repo_ref
  const tested = workflow.triggerSha
  if (!built || !tested || !ref || ref !== workflow.repoRef) return undefined
  if (!SHA.test(built) || !SHA.test(tested)) return undefined
  // Either may be abbreviated.
  const [a, b] = [built.toLowerCase(), tested.toLowerCase()]
  if (a.startsWith(b) || b.startsWith(a)) return undefined
  return (
    `Revision ${revision.id} was built from commit ${built}, but this workflow ran for commit ${tested}: ` +
    `\`${ref}\` moved on in between, so the deployment serves code this run did not test.`
  )
}

/** The warning goes to the log and to the recorder, whose reports show it near their top, not only in the log. */
export function warnIfCommitMoved(
  revision: Pick<Revision, 'id' | 'source_revision_config'>,
  workflow: WorkflowContext,
  log: Pick<Log, 'warn'>,
  recorder: Pick<Recorder, 'commitWarning'>
): void {
  const warning = commitMovedOn(revision, workflow)
  if (!warning) return
  log.warn(warning)
  recorder.commitWarning(`${warning} Pass the tested commit as \`expected-commit\` to refuse such a deploy.`)
}
