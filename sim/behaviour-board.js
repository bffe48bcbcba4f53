// What a simulated deployment's server does, as a test sets it: for one deployment (by name, so it
// can be set before the deployment exists) or for all others. The health endpoint (health.js) and
// the agent server (agent-server.js) each keep one board of their own behaviours.

/** @template B */
export class BehaviourBoard {
  /**
   * @param {() => B} initial what every deployment does until a test says otherwise
   * @param {(behaviour: B) => void} check throws a TypeError on a behaviour the board cannot play
   */
  constructor(initial, check) {
    this.initial = initial
    this.check = check
    /** @type {B} */
    this.fallback = initial()
    /** @type {Map<string, B>} by deployment name */
    this.byName = new Map()
    /** @type {Map<string, number>} answers counted so far by deployment id (failures, runs refused as unready) */
    this.counts = new Map()
  }

  /**
   * @param {B} behaviour
   * @param {string} [name] one deployment (by name, before or after it exists); all others when absent
   */
  set(behaviour, name) {
    this.check(behaviour)
    if (name === undefined) {
      this.fallback = behaviour
      this.byName.clear()
    } else {
      this.byName.set(name, behaviour)
    }
    this.counts.clear()
  }

  reset() {
    this.fallback = this.initial()
    this.byName.clear()
    this.counts.clear()
  }

  /** @param {{ name: string }} deployment */
  behaviourOf(deployment) {
    return this.byName.get(deployment.name) ?? this.fallback
  }

  /** @param {string} deploymentId */
  counted(deploymentId) {
    return this.counts.get(deploymentId) ?? 0
  }

  /** @param {string} deploymentId */
  count(deploymentId) {
    this.counts.set(deploymentId, this.counted(deploymentId) + 1)
  }
}
