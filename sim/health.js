/**
 * The agent servers behind the simulated deployments: each deployment answers `GET <url>/ok` on
 * loopback (its `healthUrl`, `<simulator url>/deployments/<id>`) the way the scenario under test
 * needs, so a client's health check is tested end to end.
 *
 * @typedef {{ kind: 'healthy' }
 *   | { kind: 'coldStart', failures?: number, forMs?: number, status?: number }
 *   | { kind: 'failing', status?: number }
 *   | { kind: 'slow', delayMs: number }} HealthBehaviour
 *   coldStart: the first `failures` requests fail, and so does every request within `forMs` of the moment
 *   the deployment's serving revision reached DEPLOYED (the simulator's clock); then 200. failing: always
 *   `status` (503 by default). slow: 200 after `delayMs` of real time.
 *
 * @typedef {object} HealthRequest
 * @property {string} deploymentId
 * @property {string} method
 * @property {string} path the path below the deployment's URL, e.g. /ok
 * @property {Record<string, string>} headers lower-cased names, as received (credentials included, for tests to check)
 * @property {number} status what was answered (0 until a slow answer is sent)
 * @property {number} at the simulator's clock on arrival
 *
 * @typedef {{ status: number, body: unknown, delayMs?: number }} HealthAnswer
 */
import { BehaviourBoard } from './behaviour-board.js'

const BEHAVIOURS = ['healthy', 'coldStart', 'failing', 'slow']

/** @param {HealthBehaviour} behaviour */
function checkBehaviour(behaviour) {
  if (typeof behaviour !== 'object' || behaviour === null || !BEHAVIOURS.includes(behaviour.kind)) {
    throw new TypeError(`health behaviour needs kind ${BEHAVIOURS.join(', ')}`)
  }
  if (behaviour.kind === 'slow' && !(Number.isFinite(behaviour.delayMs) && behaviour.delayMs >= 0)) {
    throw new TypeError('health behaviour slow needs delayMs, 0 or more')
  }
  if (behaviour.kind === 'coldStart' && behaviour.failures === undefined && behaviour.forMs === undefined) {
    throw new TypeError('health behaviour coldStart needs failures or forMs')
  }
}

/** @extends {BehaviourBoard<HealthBehaviour>} */
export class HealthBoard extends BehaviourBoard {
  constructor() {
    super(() => ({ kind: 'healthy' }), checkBehaviour)
    /** @type {HealthRequest[]} */
    this.requests = []
  }

  reset() {
    super.reset()
    this.requests.length = 0
  }

  /**
   * @param {{ id: string, name: string }} deployment
   * @param {number | undefined} servingSince when its serving revision reached DEPLOYED; undefined if none serves
   * @param {number} now
   * @returns {HealthAnswer}
   */
  answer(deployment, servingSince, now) {
    if (servingSince === undefined) return { status: 503, body: { detail: 'No revision is serving yet.' } }
    const behaviour = this.behaviourOf(deployment)
    const fail = (/** @type {number} */ status) => {
      this.count(deployment.id)
      return { status, body: { detail: 'Service Unavailable' } }
    }
    switch (behaviour.kind) {
      case 'healthy':
        return { status: 200, body: { ok: true } }
      case 'failing':
        return fail(behaviour.status ?? 503)
      case 'slow':
        return { status: 200, body: { ok: true }, delayMs: behaviour.delayMs }
      case 'coldStart': {
        const countLeft = this.counted(deployment.id) < (behaviour.failures ?? 0)
        const warming = behaviour.forMs !== undefined && now < servingSince + behaviour.forMs
        return countLeft || warming ? fail(behaviour.status ?? 503) : { status: 200, body: { ok: true } }
      }
    }
  }
}
