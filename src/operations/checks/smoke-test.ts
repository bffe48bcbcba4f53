import { formatDuration } from '../../core/clock.js'
import { ActionError } from '../../core/errors.js'
import type { CheckVerdict, RichText } from '../../core/outcome.js'
import { SMOKE_TEST_DEFAULT_TIMEOUT_MS, type SmokeTest } from '../../inputs/smoke-test.js'
import { serverEndpoint } from '../agent-server/agent-server.js'
import { runSuite } from '../evals/engine.js'
import { expectContaining } from '../../inputs/checks/registry.js'
import { quotable, quoted } from '../../core/quoted.js'
import type { Check, CheckContext, CheckResult } from './types.js'
import { RunContext } from '../../core/run-context.js'

/** What the summary shows of the answer, and what the error line quotes of it. */
const EXCERPT_CHARS = 1500
const EXCERPT_LINES = 40
const ERROR_EXCERPT_CHARS = 200
/** What the summary's row quotes of the agent's words. */
const SAID_CHARS = 80

const LABEL = 'Smoke test'

/**
 * `smoke-test`: one stateless run, `POST <url>/runs/wait`, after DEPLOYED and the checks
 * before it. A run can cost money, so it is sent again only when the server certainly did not take
 * it: a refused connection, a 502, 503 or 504 (not ready), or a 429 (after its `Retry-After`), within the smoke test's `timeout`.
 * Passes on a 2xx JSON answer without a top-level `__error__`, a final state that is not null, and
 * `expect` (when given) in the agent's output: what the run added, never the input it repeats
 * (evals/agent-output.ts). The summary quotes what the agent wrote, never `expect`.
 */
export const smokeTestCheck: Check = {
  id: 'smoke-test',
  appliesTo: (ctx) => ctx.settings.verification.smokeTest !== undefined,
  run: (ctx) => smokeTest(ctx, ctx.settings.verification.smokeTest!)
}

async function smokeTest(ctx: CheckContext, test: SmokeTest): Promise<CheckResult> {
  const { clock, log } = ctx
  const endpoint = serverEndpoint(ctx.deployment, '/runs/wait', ctx.connection)
  if ('refused' in endpoint) {
    return {
      verdict: verdict('failed', ['not sent: ', ...quoted(endpoint.refused)]),
      // Nothing is known against the revision: not a reason to roll it back.
      failure: new ActionError(
        'check-not-proven',
        `The smoke test could not be sent: ${endpoint.refused}.`,
        'The run goes only to the https:// URL the control plane reports for the deployment; without one, remove `smoke-test`.'
      )
    }
  }
  const start = clock.now()
  // The one run's phase: its `timeout` from now, or the step's deadline if that is sooner.
  const phase = RunContext.of(ctx).until(start + (test.timeoutMs ?? SMOKE_TEST_DEFAULT_TIMEOUT_MS))
  const { deadline } = phase
  log.info(`Smoke test: POST ${endpoint.url} with assistant \`${test.assistant}\`, for up to ${formatDuration(deadline - start)}…`)
  // The suite's one-case form: the same engine as `evals`, one run.
  const [judged] = await runSuite({
    cases: [
      {
        name: 'smoke test',
        assistant: test.assistant,
        input: test.input,
        // The registry's `contains`, named as the step names it.
        expect: expectContaining(test.expect === undefined ? [] : [test.expect], 'expect')
      }
    ],
    repeat: 1,
    concurrency: 1,
    timeoutMs: deadline - start,
    ...phase.stop(),
    deadlineIsTheRunsLimit: true,
    targets: [{ side: 'ours', name: ctx.deployment.name, endpoint }],
    logAttempt: (line) => log.info(line),
    labelOf: () => 'Smoke test',
    silentPasses: true
  })
  const elapsedMs = clock.now() - start
  const took = formatDuration(elapsedMs)
  const wrote = judged.output === undefined ? undefined : excerptOf(judged.output)
  const excerpt = wrote ?? (judged.shown === undefined ? undefined : excerptOf(judged.shown))
  if (judged.passed) {
    log.info(`Smoke test: assistant \`${test.assistant}\` answered HTTP ${judged.status} in ${took}: passed.`)
    // Quotes what the agent wrote, never `expect`: the summary says only what the agent said.
    const said: RichText = wrote === undefined ? [' answered, adding no text'] : [' wrote ', { code: quotable(judged.output!, SAID_CHARS) }]
    return { verdict: verdict('passed', ['assistant ', { code: test.assistant }, ...said], elapsedMs, wrote) }
  }
  const why = judged.failed[0]
  log.info(`Smoke test: assistant \`${test.assistant}\`: ${why} (after ${took}).`)
  const quote = excerpt ? ` ${wrote !== undefined ? 'It wrote' : 'It answered'}: ${oneLine(excerpt)}` : ''
  // The hint points at the excerpt only when one is shown.
  const look = excerpt ? `Look at what the agent ${wrote !== undefined ? 'wrote' : 'answered'} (shown below the facts), then fix` : 'Fix'
  const fix =
    judged.status === 404
      ? "Check `smoke-test`'s `assistant`: a graph id from the config (e.g. `agent`) or an assistant id of this deployment."
      : judged.status === undefined && /within/.test(why)
        ? 'Fix the graph if it hangs, or give `smoke-test` a longer `timeout` if the agent needs it.'
        : `${look} the graph, or \`smoke-test\` if it expects the wrong thing.`
  return {
    verdict: verdict('failed', quoted(why), elapsedMs, excerpt, wrote !== undefined),
    failure: new ActionError(
      'check-failed',
      `The smoke test failed: assistant \`${test.assistant}\` at POST ${endpoint.url}: ${why}.${quote}`,
      fix + (ctx.settings.suggestRollback ? ' With `on-failure: rollback`, the revision that served before is put back.' : '')
    )
  }
}

/** Text as people read it, cut short. Neutralised where it is shown. */
function excerptOf(text: string): string {
  const lines = text.split('\n')
  const cut = lines.length > EXCERPT_LINES ? lines.slice(0, EXCERPT_LINES).join('\n') : text
  return cut.length > EXCERPT_CHARS || cut !== text ? `${cut.slice(0, EXCERPT_CHARS)}\n… (cut short)` : cut
}

/** The excerpt on one line for the error, without backticks (it is quoted in code spans there). */
function oneLine(excerpt: string): string {
  const flat = excerpt.replace(/\s+/g, ' ').replace(/`/g, "'").trim()
  return flat.length > ERROR_EXCERPT_CHARS ? `${flat.slice(0, ERROR_EXCERPT_CHARS)}…` : flat
}

function verdict(status: CheckVerdict['status'], detail: RichText, elapsedMs?: number, excerpt?: string, agentWrote = true): CheckVerdict {
  return {
    id: 'smoke-test',
    label: LABEL,
    status,
    detail,
    ...(elapsedMs === undefined ? {} : { elapsedMs }),
    ...(excerpt === undefined
      ? {}
      : { excerpt: { title: agentWrote ? 'What the agent wrote' : 'What the server answered', text: excerpt } })
  }
}
