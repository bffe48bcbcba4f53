import { ApiError } from './errors.js'
import { revisionState } from './lifecycle.js'

/**
 * @typedef {import('./store.js').RevisionRecord} RevisionRecord
 * @typedef {'build' | 'deploy'} LogType
 * @typedef {{ timestamp: string, level: string, message: string }} LogEntry
 * @typedef {{ at: number, level: string, message: string }} TimedLine
 */

/** @type {Record<string, { type: LogType, messages: (revision: RevisionRecord) => string[] }>} */
const PHASE_LINES = {
  AWAITING_BUILD: { type: 'build', messages: () => ['Waiting for a build worker.'] },
  BUILDING: {
    type: 'build',
    messages: ({ id, config }) => [
      `Building revision ${id} from ${describeSource(config)}.`,
      `Reading graph configuration ${config.graph_config_path ?? '(none)'}.`,
      'Installing dependencies.',
      'Building image.',
      'Pushing image to the registry.'
    ]
  },
  AWAITING_DEPLOY: { type: 'deploy', messages: () => ['Waiting for deployment capacity.'] },
  DEPLOYING: {
    type: 'deploy',
    messages: ({ id }) => [`Rolling out revision ${id}.`, 'Starting replicas.', 'Waiting for health checks to pass.']
  }
}

/** @type {Record<string, { type: LogType, level: string, message?: (revision: RevisionRecord) => string }>} */
const OUTCOME_LINES = {
  BUILD_FAILED: { type: 'build', level: 'ERROR' },
  DEPLOY_FAILED: { type: 'deploy', level: 'ERROR' },
  DEPLOYED: { type: 'deploy', level: 'INFO', message: ({ id }) => `Revision ${id} is serving traffic.` }
}

// Lines of a phase that never ends are spaced by this much so they still appear one by one.
const ENDLESS_PHASE_LINE_MS = 1000

/** @param {import('./store.js').JsonObject} config */
function describeSource(config) {
  if (config.repo_ref) return `${config.repo_ref} (${String(config.repo_commit_sha).slice(0, 7)})`
  return config.image_uri ?? config.source_tarball_path ?? 'source'
}

/**
 * Lines are a pure function of the revision and the clock, spread over the phases they belong
 * to, so a client polling with a cursor sees them arrive over time.
 * @param {RevisionRecord} revision
 * @param {LogType} type
 * @param {number} now
 * @returns {{ lines: LogEntry[], finished: boolean }}
 */
function revisionLogLines(revision, type, now) {
  const { phases, outcome, statusMessage } = revision.lifecycle
  /** @type {TimedLine[]} */
  const lines = []
  let start = revision.createdAt
  let lastPhaseOfType = -1
  for (const [index, phase] of phases.entries()) {
    const spec = PHASE_LINES[phase.status]
    if (spec?.type === type) {
      lastPhaseOfType = index
      const messages = spec.messages(revision)
      const step = Number.isFinite(phase.ms) ? phase.ms / messages.length : ENDLESS_PHASE_LINE_MS
      messages.forEach((message, i) => lines.push({ at: start + Math.floor(i * step), level: 'INFO', message }))
    }
    start += phase.ms
  }
  const closing = OUTCOME_LINES[outcome]
  if (closing?.type === type) {
    lines.push({ at: start, level: closing.level, message: closing.message?.(revision) ?? statusMessage ?? outcome })
  }

  const state = revisionState(revision, now)
  const cutoff = Math.min(now, (revision.supersededAt ?? Infinity) - 1)
  return {
    lines: lines
      .filter((line) => line.at <= cutoff)
      .map(({ at, level, message }) => ({ timestamp: new Date(at).toISOString(), level, message })),
    finished: state.final || (lastPhaseOfType >= 0 && state.phaseIndex > lastPhaseOfType)
  }
}

/**
 * @param {LogType} type
 * @param {string} order
 * @param {number} index
 */
function encodeCursor(type, order, index) {
  return Buffer.from(JSON.stringify([type, order, index])).toString('base64url')
}

/**
 * @param {string} cursor
 * @param {LogType} type
 * @param {string} order
 * @returns {number}
 */
function decodeCursor(cursor, type, order) {
  try {
    const [cursorType, cursorOrder, index] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (cursorType === type && cursorOrder === order && Number.isInteger(index) && index >= 0) return index
  } catch {
    // Falls through to the refusal below, as for a well-formed cursor of another query.
  }
  throw new ApiError(422, [
    {
      type: 'value_error',
      loc: ['query', 'offset'],
      msg: 'Value error, offset is not a cursor returned for this log type and order',
      input: cursor
    }
  ])
}

/**
 * In ascending order the cursor points past the last line returned, and stays non-null while the
 * phase runs so a client can tail it. In descending order it walks back towards the first line.
 * @param {RevisionRecord} revision
 * @param {{ type: LogType, order: string, limit: number, offset?: string }} query
 * @param {number} now
 * @returns {{ logs: LogEntry[], next_offset: string | null }}
 */
export function revisionLogsPage(revision, { type, order, limit, offset }, now) {
  const { lines, finished } = revisionLogLines(revision, type, now)
  if (order === 'asc') {
    const from = offset ? decodeCursor(offset, type, order) : 0
    const logs = lines.slice(from, from + limit)
    const next = from + logs.length
    return { logs, next_offset: finished && next >= lines.length ? null : encodeCursor(type, order, next) }
  }
  const end = offset ? decodeCursor(offset, type, order) : lines.length
  const from = Math.max(0, end - limit)
  return {
    logs: lines.slice(from, end).reverse(),
    next_offset: from > 0 ? encodeCursor(type, order, from) : null
  }
}
