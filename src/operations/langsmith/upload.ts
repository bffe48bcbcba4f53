import type { OutgoingHttpHeaders } from 'node:http'
import { ask, type Answer } from '../../api/ask.js'
import { waitAfter, waitToAskAgain } from '../../core/back-off.js'
import { formatDuration } from '../../core/clock.js'
import { isMapping } from '../../core/mapping.js'
import { quotable } from '../../core/quoted.js'
import type { Stop } from '../../core/stop.js'

/** What LangSmith's answer says, as far as we read it: the ids of the dataset and the experiment, all UUIDs. */
export interface Uploaded {
  tenantId: string
  datasetId: string
  experimentId: string
}

/**
 * An experiment LangSmith has, whose answer was lost: a try's connection failed after the whole
 * body was sent, and the next try was refused because the experiment exists (409).
 */
export interface LandedUnseen {
  landedUnseen: true
}

/** The answer (a dataset and an experiment, a few KiB) is read up to this; more is not an answer of this API. */
export const ANSWER_MAX_BYTES = 1024 * 1024
/** Tries of one upload: the first, and at most two more after a 5xx or a connection that failed before an answer. */
export const MAX_TRIES = 3

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** No try is made after its deadline, and none runs past it. */
export interface UploadOptions extends Stop {
  /** One try's limit. */
  requestLimitMs: number
  /** A line for a try that is made again. */
  log?: (line: string) => void
}

/**
 * One experiment, `POST <endpoint>/api/v1/datasets/upload-experiment`, through the action's one
 * requester (api/ask.ts: @actions/http-client with the runner's proxy, no redirect followed, the
 * body read capped, every try bounded and aborted when given up on). Made again only when LangSmith answered 5xx or the connection failed before
 * any answer: a try that ran out of time may have landed, and is not repeated. Never throws but on
 * cancellation; a problem comes back as our sentence, with the server's words quoted. A 409 on a try after the first is
 * that earlier try's experiment: recorded, its ids unknown (`landedUnseen`).
 */
export async function uploadExperiment(
  to: { url: string; headers: OutgoingHttpHeaders },
  experiment: unknown,
  options: UploadOptions
): Promise<Uploaded | LandedUnseen | { problem: string }> {
  const { clock } = options
  let problem = 'no time was left before the deadline to send it'
  for (let tries = 1; tries <= MAX_TRIES && clock.now() < options.deadline; tries++) {
    const began = clock.now()
    const limitMs = Math.min(options.requestLimitMs, options.deadline - began)
    const answer = await ask(to, {
      method: 'POST',
      json: experiment,
      limitMs,
      clock,
      signal: options.signal,
      maxBytes: ANSWER_MAX_BYTES
    })
    // Tried again, and the name is taken: by the try before, whose answer never came (LangSmith takes a name once).
    if (tries > 1 && answer.answered && answer.status === 409) return { landedUnseen: true }
    const read = readAnswer(answer)
    if ('uploaded' in read) return read.uploaded
    problem = read.problem
    const again = answer.answered ? answer.status >= 500 : !answer.timedOut
    if (!again || tries === MAX_TRIES) break
    if (!(await waitToAskAgain(options, tries))) {
      problem += '; no time was left to try again'
      break
    }
    options.log?.(`LangSmith: try ${tries}: ${problem}; tried again after ${formatDuration(waitAfter(tries))}.`)
  }
  return { problem }
}

/** The ids the answer names, or what was wrong with it. */
function readAnswer(answer: Answer): { uploaded: Uploaded } | { problem: string } {
  if (!answer.answered) return { problem: answer.what }
  const { status } = answer
  if (status < 200 || status > 299) return { problem: `HTTP ${status}${meaning(status)}${detailOf(answer.body)}` }
  if (answer.body === undefined) return { problem: `HTTP ${status}, but ${answer.bodyProblem ?? 'the answer had no body'}` }
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.body)
  } catch {
    return { problem: `HTTP ${status}, but the answer is not JSON` }
  }
  const dataset = isMapping(parsed) ? parsed.dataset : undefined
  const experiment = isMapping(parsed) ? parsed.experiment : undefined
  const datasetId = uuidAt(dataset, 'id')
  const tenantId = uuidAt(dataset, 'tenant_id') ?? uuidAt(experiment, 'tenant_id')
  const experimentId = uuidAt(experiment, 'id')
  if (!datasetId || !tenantId || !experimentId)
    return { problem: `HTTP ${status}, but the answer does not name the dataset and the experiment (their \`id\` and \`tenant_id\`)` }
  return { uploaded: { tenantId, datasetId, experimentId } }
}

function uuidAt(value: unknown, key: string): string | undefined {
  const found = isMapping(value) ? value[key] : undefined
  return typeof found === 'string' && UUID.test(found) ? found.toLowerCase() : undefined
}

function meaning(status: number): string {
  if (status === 401 || status === 403)
    return ' (the key was refused: check `langsmith-api-key`, and `langsmith-workspace-id` for a key of several workspaces)'
  if (status === 404) return ' (no such API at `langsmith-endpoint`)'
  if (status === 409) return ' (an experiment of that name exists already)'
  if (status === 422) return ' (LangSmith refused the experiment as sent)'
  return ''
}

/** `: `<the server's words>``, from a FastAPI `detail` (text, or a list of `{loc, msg}`), one line and short. */
function detailOf(body: string | undefined): string {
  if (body === undefined || body.trim() === '') return ''
  let detail: unknown
  try {
    detail = (JSON.parse(body) as { detail?: unknown } | null)?.detail
  } catch {
    return ''
  }
  const first = Array.isArray(detail) ? (detail[0] as unknown) : detail
  const text =
    typeof first === 'string'
      ? first
      : isMapping(first) && typeof first.msg === 'string'
        ? `${Array.isArray(first.loc) ? `${first.loc.map(String).join('.')}: ` : ''}${first.msg}`
        : undefined
  return text ? `: \`${quotable(text, 200)}\`` : ''
}
