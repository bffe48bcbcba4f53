import { quotable } from '../core/quoted.js'
import type { Outcome, RichText } from '../core/outcome.js'
import type { FullWords } from './words.js'

/** What a GitHub deployment status becomes. `retire` marks every deployment of the environment inactive. */
export type EnvironmentState = 'success' | 'failure' | 'in_progress' | 'inactive' | 'retire'

export interface KindContext {
  outcome: Outcome
  failed: boolean
  words: FullWords
  /** The target as a heading names it, or undefined when no name is known (input that could not be read). */
  subject?: RichText
}

/**
 * One entry per outcome: its word, its heading, what the GitHub deployment becomes, and
 * what the PR comment does. A new outcome is one entry here (the type makes it required);
 * everything else in the reports is shared. Headings name the command by its own words
 * (`words.noun`), never by its name.
 */
interface KindView {
  label(c: KindContext): string
  title(c: KindContext): RichText
  environment(c: KindContext): EnvironmentState | undefined
  /** `undefined`: the comment is left alone. */
  comment(c: KindContext): { createIfMissing: boolean } | undefined
}

const DEPLOY_COMMENT = () => ({ createIfMissing: true })

/** `Deploy of `agent``, `Delete of listener `l1``; `Delete` alone when no name is known; the name alone when no command is. */
function runOf({ words, subject }: KindContext): RichText {
  if (!words.noun) return subject ?? ['The step']
  return subject ? [`${words.noun} of `, ...subject] : [words.noun]
}

const STOPPED: Record<Exclude<Extract<Outcome, { kind: 'still-deploying' }>['cause'], 'watching'>, string> = {
  'not-waiting': ' (this run does not wait for it)',
  'timed-out': ': this run stopped waiting at its timeout',
  cancelled: ': this run was cancelled while waiting',
  'lost-contact': ': this run lost contact with the control plane'
}

/**
 * A revision that is DEPLOYED and serves, whose evals gate failed without a rollback: the step
 * fails, but "failed" would tell a reviewer the preview is down. The title says it is live, and
 * the gate's verdict beside it.
 */
function liveButGated({ outcome, subject = [] }: KindContext): RichText | undefined {
  const evals = outcome.evals
  if (outcome.kind !== 'failed' || !evals || evals.gate !== 'failed' || outcome.revision?.status !== 'DEPLOYED') return undefined
  if (!outcome.checks?.some((check) => check.id === 'evals' && check.status === 'failed')) return undefined
  return ['🟡 ', ...subject, ' is live; its evals gate failed: ', ...gateReason(evals)]
}

/** ` · evals: not worse than `prod`` beside a deploy's title, when a comparison was made. */
function evalsVerdict(outcome: Outcome): RichText {
  const evals = outcome.evals
  if (!evals?.compare?.compared || evals.verdict === undefined) return []
  return [' · evals: ', ...gateReason(evals)]
}

/** The comparison's verdict in a few words, else the pass count against `pass-rate`. */
function gateReason(evals: NonNullable<Outcome['evals']>): RichText {
  const passed = evals.rows.filter((row) => row.ours.passed).length
  const compared = evals.compare?.compared ? quotable(evals.compare.name, 80) : undefined
  const cases = (n: number) => `${n} case${n === 1 ? '' : 's'}`
  if (compared && evals.verdict === 'worse') return ['worse than ', { code: compared }, ` on ${cases(evals.regressions ?? 0)}`]
  if (compared && evals.verdict === 'undecided' && (evals.gate === 'passed' || evals.undecidedFails))
    return ['undecided against ', { code: compared }, ` on ${cases(evals.undecided ?? 0)}`]
  const rate = `${passed} of ${evals.rows.length} passed`
  if (compared && evals.passRate >= evals.requiredPassRate) return ['not worse than ', { code: compared }, ` (${rate})`]
  return [`${rate}${evals.passRate < evals.requiredPassRate ? ', under pass-rate' : ''}`]
}

export const KINDS: { [K in Outcome['kind']]: KindView } = {
  deployed: {
    label: () => 'deployed',
    title: ({ outcome, subject = [] }) => {
      // "Deployed" claims only what was checked: a server that did not say which revision it runs (`verify-revision: auto`) is said so.
      const unproven =
        outcome.kind === 'deployed' && outcome.checks?.some((check) => check.id === 'verify-revision' && check.status === 'not-proven')
          ? [', revision not proven']
          : []
      return outcome.kind === 'deployed' && outcome.noNewRevision
        ? ['✅ ', ...subject, ' is deployed (no new revision was needed)', ...unproven, ...evalsVerdict(outcome)]
        : ['✅ Deployed ', ...subject, ...unproven, ...evalsVerdict(outcome)]
    },
    environment: () => 'success',
    comment: DEPLOY_COMMENT
  },
  failed: {
    label: () => 'failed',
    title: (c) => liveButGated(c) ?? ['❌ ', ...runOf(c), ' failed'],
    environment: () => 'failure',
    comment: DEPLOY_COMMENT
  },
  'still-deploying': {
    label: ({ outcome }) => (outcome.kind === 'still-deploying' && outcome.cause === 'watching' ? 'in progress' : 'still deploying'),
    title: ({ outcome, words, subject = [] }) => {
      const cause = outcome.kind === 'still-deploying' ? outcome.cause : 'not-waiting'
      // The run is still waiting (the in-progress report): say what it does, not how it ended.
      if (cause === 'watching') return [`🚀 ${words.doing} `, ...subject, '…']
      return [cause === 'not-waiting' ? '🚀 ' : '⏳ ', ...subject, ` is still ${words.doing.toLowerCase()}${STOPPED[cause]}`]
    },
    // Nothing failed on the control plane: the GitHub deployment stays in progress.
    environment: () => 'in_progress',
    comment: DEPLOY_COMMENT
  },
  superseded: {
    label: () => 'failed (revision skipped)',
    // The step fails (exit 1), so the heading says so; what serves instead is not known without looking.
    title: (c) => ['❌ ', ...runOf(c), ' failed: the control plane skipped its revision'],
    // Skipped, not broken: GitHub's own convention for a deployment another replaced.
    environment: () => 'inactive',
    comment: DEPLOY_COMMENT
  },
  'rolled-back': {
    label: () => 'rolled back',
    title: (c) => (c.failed ? ['⏪ ', ...runOf(c), ' failed and was rolled back'] : ['⏪ Rolled back ', ...(c.subject ?? [])]),
    environment: ({ failed }) => (failed ? 'failure' : 'success'),
    comment: DEPLOY_COMMENT
  },
  deleted: {
    label: () => 'deleted',
    title: ({ failed, subject = [] }) => (failed ? ['🗑️ Deleted ', ...subject, ', but it was not seen gone'] : ['🗑️ Deleted ', ...subject]),
    // A delete the control plane accepted retires the environment even if waiting for it then failed.
    environment: () => 'retire',
    comment: () => ({ createIfMissing: false })
  },
  'logged-in': {
    label: () => 'logged in',
    title: ({ subject = [] }) => ['🔑 Logged in to the registry for ', ...subject],
    // A login changes nothing that a GitHub deployment or a PR comment tracks.
    environment: () => undefined,
    comment: () => undefined
  },
  'nothing-to-do': {
    label: ({ outcome }) =>
      outcome.kind === 'nothing-to-do' && outcome.reason === 'no-change-under-paths' ? 'nothing to deploy' : 'nothing to do',
    title: ({ outcome, words, subject = [] }) => {
      const reason = outcome.kind === 'nothing-to-do' ? outcome.reason : 'no-change'
      if (reason === 'already-gone') return ['✅ ', ...subject, ' was already gone: nothing to delete']
      if (reason === 'no-change-under-paths') return ['✅ ', ...subject, ': nothing to deploy (no change under ', { code: 'paths' }, ')']
      return ['✅ ', ...subject, `: ${words.nothing}`]
    },
    // A `paths` skip sent nothing: the serving revision stays the environment's deployment, so no new one is recorded.
    environment: ({ outcome }) => {
      const reason = outcome.kind === 'nothing-to-do' ? outcome.reason : undefined
      return reason === 'already-gone' ? 'retire' : reason === 'no-change-under-paths' ? undefined : 'success'
    },
    comment: ({ outcome }) => ({ createIfMissing: !(outcome.kind === 'nothing-to-do' && outcome.reason === 'already-gone') })
  },
  planned: {
    label: () => 'planned (dry run)',
    title: ({ words, subject }) => [
      '📝 Dry run',
      ...(words.noun ? [` of ${words.noun.toLowerCase()}`] : []),
      ...(subject ? [' for ', ...subject] : []),
      ': nothing was changed'
    ],
    environment: () => undefined,
    comment: () => undefined
  },
  refused: {
    label: () => 'refused',
    title: (c) =>
      c.outcome.kind === 'refused' && c.outcome.inDoubt
        ? ['⚠️ ', ...(c.subject ?? runOf(c)), `: the ${c.outcome.inDoubt} may or may not have taken effect`]
        : c.words.noun
          ? ['❌ ', ...runOf(c), ' refused']
          : ['❌ Refused before running any command'],
    // Marked failed only if this run had started a GitHub deployment (see GitHubEnvironment).
    environment: () => 'failure',
    comment: DEPLOY_COMMENT
  }
}
