import { formatDuration } from '../../core/clock.js'
import { redact } from '../../core/masking.js'
import { ActionError } from '../../core/errors.js'
import type { CheckVerdict, Said } from '../../core/outcome.js'
import { SMOKE_TEST_DEFAULT_TIMEOUT_MS, type SmokeTest } from '../../inputs/smoke-test.js'
import { askServer, serverEndpoint, type ServerAnswer } from '../agent-server.js'
import { MAX_ASKS, waitAfter, waitToAskAgain } from './back-off.js'
import { quoted } from '../../core/quoted.js'
import type { Check, CheckContext, CheckResult } from './types.js'

/** A run's final state may be large (a conversation); more than this is not read. */
const ANSWER_MAX_BYTES = 1024 * 1024
/** What the summary shows of the answer, and what the error line quotes of it. */
const EXCERPT_CHARS = 1500
const EXCERPT_LINES = 40
const ERROR_EXCERPT_CHARS = 200

const LABEL = 'Smoke test'

/**
 * `smoke-test` (v1.3): one stateless run, `POST <url>/runs/wait`, after DEPLOYED and the checks
 * before it. A run can cost money, so it is sent again only when the server certainly did not take
 * it: a refused connection, or a 502, 503 or 504 (not ready), within the smoke test's `timeout`.
 * Passes on a 2xx JSON answer without a top-level `__error__` that contains `expect` (when given).
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
      failure: new ActionError('check-not-proven', `The smoke test could not be sent: ${endpoint.refused}.`, 'The run goes only to the https:// URL the control plane reports for the deployment; without one, remove `smoke-test`.')
    }
  }
  const start = clock.now()
  const deadline = Math.min(ctx.deadline, start + (test.timeoutMs ?? SMOKE_TEST_DEFAULT_TIMEOUT_MS))
  log.info(`Smoke test: POST ${endpoint.url} with assistant \`${test.assistant}\`, for up to ${formatDuration(deadline - start)}…`)
  let answer: ServerAnswer = { answered: false, what: 'no time was left before the deadline to send it', refused: false }
  let sent = 0
  while (sent < MAX_ASKS && clock.now() < deadline) {
    sent++
    answer = await askServer(endpoint, {
      method: 'POST',
      json: { assistant_id: test.assistant, input: test.input },
      limitMs: deadline - clock.now(),
      signal: ctx.signal,
      maxBytes: ANSWER_MAX_BYTES
    })
    if (!notTaken(answer)) break
    const why = answer.answered ? `HTTP ${answer.status}` : answer.what
    if (!(await waitToAskAgain(clock, sent, deadline, ctx.signal))) {
      log.info(`Smoke test attempt ${sent}: ${why} (the server did not take the run); no time left for another.`)
      break
    }
    log.info(`Smoke test attempt ${sent}: ${why} (the server did not take the run); sent again after ${formatDuration(waitAfter(sent))}.`)
  }
  const elapsedMs = clock.now() - start
  const judged = judge(answer, test)
  const took = formatDuration(elapsedMs)
  if (judged.passed) {
    log.info(`Smoke test: assistant \`${test.assistant}\` answered HTTP ${(answer as { status: number }).status} in ${took}: passed.`)
    return { verdict: verdict('passed', ['assistant ', { code: test.assistant }, ' answered', ...(test.expect ? [' with ', { code: test.expect }] : [])], elapsedMs, judged.excerpt) }
  }
  log.info(`Smoke test: assistant \`${test.assistant}\`: ${judged.why} (after ${took}).`)
  const quote = judged.excerpt ? ` It answered: ${oneLine(judged.excerpt)}` : ''
  return {
    verdict: verdict('failed', quoted(judged.why), elapsedMs, judged.excerpt),
    failure: new ActionError(
      'check-failed',
      `The smoke test failed: assistant \`${test.assistant}\` at POST ${endpoint.url}: ${judged.why}.${quote}`,
      'Look at what the agent answered (shown below the facts), then fix the graph, or `smoke-test` if it expects the wrong thing.' +
        (ctx.settings.suggestRollback ? ' With `on-failure: rollback`, the revision that served before is put back.' : '')
    )
  }
}

/** The server certainly did not take the run: a refused connection, or not ready. */
function notTaken(answer: ServerAnswer): boolean {
  return answer.answered ? [502, 503, 504].includes(answer.status) : answer.refused
}

type Judgement = { passed: true; excerpt?: string } | { passed: false; why: string; excerpt?: string }

function judge(answer: ServerAnswer, test: SmokeTest): Judgement {
  if (!answer.answered) return { passed: false, why: `no answer: ${answer.what}` }
  const excerpt = answer.body === undefined ? undefined : excerptOf(answer.body)
  if (answer.status < 200 || answer.status > 299) return { passed: false, why: `the server answered HTTP ${answer.status}`, excerpt }
  if (answer.body === undefined) return { passed: false, why: answer.bodyProblem ?? 'the answer had no body' }
  let value: unknown
  try {
    value = JSON.parse(answer.body)
  } catch {
    return { passed: false, why: 'the answer is not JSON', excerpt }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && '__error__' in value) {
    return { passed: false, why: `the run failed (\`__error__\` in the answer)${runError(value.__error__)}`, excerpt }
  }
  if (test.expect !== undefined && !contains(value, answer.body, test.expect)) {
    return { passed: false, why: `the answer does not contain \`${test.expect.replace(/`/g, "'")}\` (\`expect\`)`, excerpt }
  }
  return { passed: true, excerpt }
}

/** `: <error>: <message>` from the server's `__error__`, shortened, for our sentence (as code: it is the server's text). */
function runError(error: unknown): string {
  const part = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? redact(v).replace(/`/g, "'").replace(/\s+/g, ' ').slice(0, 120) : undefined)
  const said = [part((error as { error?: unknown } | null)?.error), part((error as { message?: unknown } | null)?.message)].filter(Boolean).join(': ')
  return said ? `: \`${said}\`` : ''
}

/** In the answer's text as sent, or in any of its strings (where JSON escaping would hide it from the raw text). */
function contains(value: unknown, raw: string, expected: string): boolean {
  if (raw.includes(expected)) return true
  const strings = (v: unknown): boolean =>
    typeof v === 'string' ? v.includes(expected) : typeof v === 'object' && v !== null ? Object.values(v).some(strings) : false
  return strings(value)
}

/** The answer as people read it (indented JSON when it is JSON), cut short. Neutralised where it is shown. */
function excerptOf(body: string): string {
  let text: string
  try {
    text = JSON.stringify(redactStrings(JSON.parse(body)), null, 2)
  } catch {
    // Not JSON (or nested past what can be walked): shown as sent, its secrets redacted.
    text = redact(body)
  }
  const lines = text.split('\n')
  const cut = lines.length > EXCERPT_LINES ? lines.slice(0, EXCERPT_LINES).join('\n') : text
  return cut.length > EXCERPT_CHARS || cut !== text ? `${cut.slice(0, EXCERPT_CHARS)}\n… (cut short)` : cut
}

/**
 * Every string of a parsed answer (keys too) with the run's secrets replaced, before it is
 * re-serialised and cut: JSON escaping (`"` and `\\` in a secret) or a cut through a secret
 * would otherwise hide it from redaction.
 */
function redactStrings(value: unknown): unknown {
  if (typeof value === 'string') return redact(value)
  if (Array.isArray(value)) return value.map(redactStrings)
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, v]) => [redact(key), redactStrings(v)]))
  return value
}

/** The excerpt on one line for the error, without backticks (it is quoted in code spans there). */
function oneLine(excerpt: string): string {
  const flat = excerpt.replace(/\s+/g, ' ').replace(/`/g, "'").trim()
  return flat.length > ERROR_EXCERPT_CHARS ? `${flat.slice(0, ERROR_EXCERPT_CHARS)}…` : flat
}

function verdict(status: CheckVerdict['status'], detail: Said, elapsedMs?: number, excerpt?: string): CheckVerdict {
  return {
    id: 'smoke-test',
    label: LABEL,
    status,
    detail,
    ...(elapsedMs === undefined ? {} : { elapsedMs }),
    ...(excerpt === undefined ? {} : { excerpt: { title: 'What the agent answered', text: excerpt } })
  }
}
