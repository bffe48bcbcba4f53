import { formatDuration } from '../../core/clock.js'
import { CancelledError } from '../../core/cancel.js'
import { ActionError } from '../../core/errors.js'
import type { CheckVerdict, RichText } from '../../core/outcome.js'
import { askServer, serverEndpoint, type ServerAnswer } from '../agent-server/agent-server.js'
import { MAX_ASKS, waitAfter, waitToAskAgain } from '../../core/back-off.js'
import { quotable, quoted } from '../../core/quoted.js'
import type { Check, CheckContext, CheckResult } from './types.js'
import { RunContext } from '../../core/run-context.js'

/** An `/info` answer is a few hundred bytes; anything near this is not one. */
const INFO_MAX_BYTES = 64 * 1024
/** One ask's limit: a server that takes longer to say its revision is not answering. */
const ASK_LIMIT_MS = 10_000
/** The most revisions read to place an id (one page, newest first): older ones cannot be serving a new deploy. */
const REVISIONS_READ = 100
/** An id the server reports is shown up to this length: a hostile one could be a page long. */
const SHOWN_ID = 80

/** Not `Serving revision`: after `on-failure: rollback` another revision serves, and the row is about the proof. */
const LABEL = 'Revision proof'

/** What one `/info` answer says: the revision it names, or why it says nothing (and whether asking again may help). */
type Reading = { names: string } | { unsaid: string; transient: boolean }

/**
 * `verify-revision`: after DEPLOYED (and the health check), the deployment's server is
 * asked which revision it runs (`GET <url>/info`, `host.host_revision_id`: never `host.revision_id`,
 * the server software's own build). Ours passes. Another revision of this deployment is evidence:
 * asked again with back-off while the switch may be rolling out, until `health-check-timeout`
 * (within the step's deadline), then the check fails (and `on-failure: rollback` applies). An
 * answer that proves nothing passes under `auto` with a note, and fails under `required`.
 */
export const servingRevisionCheck: Check = {
  id: 'verify-revision',
  appliesTo: (ctx) => ctx.settings.verification.verifyRevision !== 'off',
  run: proveServingRevision
}

async function proveServingRevision(ctx: CheckContext): Promise<CheckResult> {
  const { clock, log, recorder, revision } = ctx
  const ours = revision.id
  const endpoint = serverEndpoint(ctx.deployment, '/info', ctx.connection)
  if ('refused' in endpoint) return notProven(ctx, endpoint.refused)
  const start = clock.now()
  // The proof's own phase: it ends at `health-check-timeout` from now, or at the step's deadline if that is sooner.
  const phase = RunContext.of(ctx).until(start + ctx.settings.verification.proofTimeoutMs)
  const { deadline } = phase
  log.info(`Asking the deployment which revision it serves: GET ${endpoint.url}, expecting revision ${ours}…`)
  let known: Set<string> | null | undefined
  let reading: Reading = { unsaid: 'no time was left before the deadline to ask', transient: false }
  let asked = 0
  /** Another revision of this deployment the server named: evidence that a later answer saying nothing does not undo. */
  let other: string | undefined
  while (asked < MAX_ASKS && clock.now() < deadline) {
    asked++
    const answer = await askServer(endpoint, {
      method: 'GET',
      limitMs: Math.min(ASK_LIMIT_MS, deadline - clock.now()),
      signal: ctx.signal,
      maxBytes: INFO_MAX_BYTES
    })
    reading = readInfo(answer)
    if ('names' in reading) {
      if (reading.names === ours) {
        recorder.servingReported(ours)
        log.info(`${endpoint.url} names revision ${ours}, this run's: proven.`)
        return { verdict: verdict('passed', ['the server named ', { code: ours }, ", this run's revision"], clock.now() - start) }
      }
      if (reading.names !== recorder.factsNow.previousRevisionId && !(known ??= await revisionIdsOf(ctx))?.has(reading.names)) {
        const why = known
          ? `the server names \`${quotable(reading.names, SHOWN_ID)}\`, which is no revision of this deployment, so it cannot be compared`
          : `the server names \`${quotable(reading.names, SHOWN_ID)}\`, and this deployment's revisions could not be listed to place it`
        return notProven(ctx, why, start)
      }
      other = reading.names
      log.info(
        `Ask ${asked}: ${endpoint.url} names revision ${reading.names}, not ${ours}: the switch may still be rolling out; asking again in ${formatDuration(waitAfter(asked))}.`
      )
    } else if (reading.transient || other) {
      log.info(`Ask ${asked}: ${endpoint.url}: ${reading.unsaid}; asking again in ${formatDuration(waitAfter(asked))}.`)
    } else {
      return notProven(ctx, reading.unsaid, start)
    }
    if (!(await waitToAskAgain(phase, asked))) break
  }
  if (other === undefined) return notProven(ctx, 'unsaid' in reading ? reading.unsaid : 'no answer', start)
  recorder.servingReported(other)
  const over = formatDuration(clock.now() - start)
  const limit = ctx.deadline < start + ctx.settings.verification.proofTimeoutMs ? "the step's `timeout`" : '`health-check-timeout`'
  return {
    verdict: verdict('failed', ['the server still named ', { code: other }, ", not this run's ", { code: ours }], clock.now() - start),
    failure: new ActionError(
      'check-failed',
      `The deployment's URL still serves revision ${other}, not this run's revision ${ours}: GET ${endpoint.url} named it ` +
        `in ${asked} ask${asked === 1 ? '' : 's'} over ${over}, and ${limit} allowed no more.`,
      'Look at the deployment on the control plane: the new revision reached DEPLOYED but does not serve. ' +
        (ctx.settings.suggestRollback
          ? 'With `on-failure: rollback`, the revision that served before is put back.'
          : 'A switch that takes longer needs a longer `health-check-timeout`.')
    )
  }
}

/**
 * The ids of this deployment's revisions, newest first, one page: read once, and only when the
 * server names a revision other than ours and the one that served before this run (the usual
 * answer during a switch, known without a request).
 */
async function revisionIdsOf(ctx: CheckContext): Promise<Set<string> | null> {
  try {
    const page = await ctx.client.listRevisions(ctx.deployment.id, { limit: REVISIONS_READ, offset: 0 })
    return new Set(page.resources.map((r) => r.id))
  } catch (error) {
    // Without the list an id cannot be placed, and only evidence fails a deploy: not proven.
    if (error instanceof CancelledError) throw error
    ctx.log.info(
      `This deployment's revisions could not be listed to place the id the server named: ${error instanceof Error ? error.message : String(error)}`
    )
    return null
  }
}

/** What an `/info` answer says, if anything. A refused connection or a 502/503/504 is a server not yet ready. */
function readInfo(answer: ServerAnswer): Reading {
  if (!answer.answered) return { unsaid: `\`/info\` gave ${answer.what}`, transient: answer.refused }
  if (answer.status < 200 || answer.status > 299)
    return { unsaid: `\`/info\` answered HTTP ${answer.status}`, transient: [502, 503, 504].includes(answer.status) }
  if (answer.body === undefined) return { unsaid: `\`/info\`: ${answer.bodyProblem ?? 'no answer body'}`, transient: false }
  let info: unknown
  try {
    info = JSON.parse(answer.body)
  } catch {
    return { unsaid: '`/info` did not answer JSON', transient: false }
  }
  const host = (info as { host?: unknown } | null)?.host
  if (typeof host !== 'object' || host === null)
    return {
      unsaid:
        '`/info` has no `host`: this server does not report its revision (a server run locally or self-hosted says nothing of a deployment)',
      transient: false
    }
  const id = (host as { host_revision_id?: unknown }).host_revision_id
  if (id === null) return { unsaid: '`/info` reports `host.host_revision_id` as null, as a self-hosted server does', transient: false }
  if (typeof id !== 'string' || id === '') return { unsaid: '`/info` has no `host.host_revision_id`', transient: false }
  return { names: id }
}

/** Not proven: noted under `auto` (the step passes), a failure under `required` (nothing was found against the revision: no rollback). */
function notProven(ctx: CheckContext, why: string, start?: number): CheckResult {
  const elapsedMs = start === undefined ? undefined : ctx.clock.now() - start
  const required = ctx.settings.verification.verifyRevision === 'required'
  ctx.log.info(
    `The revision the deployment serves is not proven: ${why}.${required ? '' : ' (`verify-revision: auto`: the deploy goes on.)'}`
  )
  const detail: RichText = ['not proven, because ', ...quoted(why)]
  if (!required) return { verdict: verdict('not-proven', detail, elapsedMs) }
  return {
    verdict: verdict('failed', detail, elapsedMs),
    failure: new ActionError(
      'check-not-proven',
      `The revision the deployment serves could not be proven (\`verify-revision: required\`): ${why}.`,
      "A server that does not report its revision (self-hosted, or run locally) cannot prove it: use `verify-revision: auto` for it. Otherwise check the deployment's URL and its `/info`."
    )
  }
}

function verdict(status: CheckVerdict['status'], detail: RichText, elapsedMs: number | undefined): CheckVerdict {
  return { id: 'verify-revision', label: LABEL, status, detail, ...(elapsedMs === undefined ? {} : { elapsedMs }) }
}
