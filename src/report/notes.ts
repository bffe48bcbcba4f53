import { failsStep, type Outcome, type RichText } from '../core/outcome.js'
import { stillServing } from './serving.js'
import type { FinishedRun } from './view-types.js'
import { theRun, wordsOf } from './words.js'

/** Where the deploy stands, beyond the cause: what goes on, what still serves, the command's own notes, what comes next. */
export function notesOf(outcome: Outcome, run: FinishedRun): RichText[] {
  const notes: RichText[] = []
  const revision = outcome.revisionId
  const deployment = outcome.deployment
  const serving = stillServing(outcome)
  // The in-progress report says what it waits for in its heading; notes are for how a run ended.
  if (outcome.kind === 'still-deploying' && outcome.cause === 'watching') return []
  // A time-out, a cancel or lost contact says where to follow the deploy in its error's
  // "what to do"; not waiting at all (`wait: false`) has no error, so it is said here.
  if (outcome.kind === 'still-deploying' && !outcome.problem?.todo && !outcome.cancelled && revision && deployment) {
    const status = outcome.revision?.status
    notes.push([
      `${theRun(outcome)} goes on on the control plane; nothing was cancelled there. Follow revision `,
      { code: revision },
      ' of deployment ',
      { code: deployment.name },
      ' (',
      { code: deployment.id },
      ') on the control plane',
      status ? ` (last seen ` : '',
      ...(status ? [{ code: status }, ')'] : []),
      outcome.cause === 'not-waiting' ? '.' : ', or re-run this job to wait for it.'
    ])
  }
  if ((outcome.kind === 'failed' || outcome.kind === 'superseded' || outcome.kind === 'still-deploying') && revision && serving) {
    const status = deployment?.status
    // A skipped revision was replaced by something this run has not looked at: say only what was seen.
    const serves: RichText = outcome.kind === 'superseded' ? [' was last seen serving revision '] : [' still serves the previous revision ']
    notes.push([
      'The deployment',
      ...(status ? [' (status ', { code: status }, ')'] : []),
      ...serves,
      { code: serving },
      outcome.kind === 'still-deploying' ? ' until this one is deployed.' : "; this run's revision is not serving."
    ])
  }
  if (!failsStep(outcome)) notes.push(...(wordsOf(outcome).notes?.(outcome) ?? []))
  if (outcome.paths?.skip && !failsStep(outcome)) notes.push(skipped(outcome))
  if ((outcome.kind === 'deleted' || (outcome.kind === 'nothing-to-do' && outcome.reason === 'already-gone')) && run.githubEnvironment) {
    notes.push([
      'The GitHub deployments of environment ',
      { code: run.githubEnvironment },
      ' are marked inactive; the environment itself stays listed in the repository settings.'
    ])
  }
  return notes
}

/** `paths` skipped the deploy: what serves, since which commit, and how many changed files fell outside. */
function skipped(outcome: Outcome): RichText {
  const paths = outcome.paths!
  const serving = paths.servingRevisionId ?? outcome.revisionId
  const since: RichText = paths.baseCommit ? [' since commit ', { code: paths.baseCommit.slice(0, 12) }] : []
  const changed = paths.changedFiles
  const outside: RichText =
    changed === undefined
      ? []
      : changed === 0
        ? [' No file changed.']
        : [
            ` ${paths.outsidePaths ?? changed} of the ${changed} changed file${changed === 1 ? '' : 's'} fell outside `,
            { code: 'paths' },
            '.'
          ]
  return [
    'Nothing was sent: no file under ',
    { code: 'paths' },
    ' changed',
    ...since,
    ...(serving ? [', so revision ', { code: serving }, ' goes on serving.'] : ['.']),
    ...outside
  ]
}
