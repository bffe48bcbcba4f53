import { afterAll, beforeAll, beforeEach } from '@jest/globals'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeGitHub, type FakeGitHub } from '../../sim/github.js'
import { lifecycles, type Simulator } from '../../sim/index.js'
import { clock, startSimulatorOnClock } from './in-process.js'

/** What a test file that deploys `github` sources against GitHub's API works with. */
export interface SimulatorWithGitHub {
  sim: Simulator
  github: FakeGitHub
  /** A temporary folder of the file's own (checkouts, event files), removed after its tests. */
  dir: string
}

/**
 * Registers the hooks of such a file: a simulator on the shared clock whose builds read the fake
 * GitHub (revisions deployed in 30 ms a phase), started before its tests, both reset before each
 * (GitHub refusing nothing) and stopped after. The fields are set once the tests run.
 */
export function simulatorWithGitHub(tempPrefix: string): SimulatorWithGitHub {
  const world = {} as SimulatorWithGitHub
  beforeAll(async () => {
    world.sim = await startSimulatorOnClock({ scenario: lifecycles.deployed(30) })
    world.github = await startFakeGitHub({ now: clock.now })
    world.sim.connectGitHub(world.github)
    world.dir = await mkdtemp(join(tmpdir(), tempPrefix))
  })
  afterAll(async () => {
    await Promise.all([world.sim.stop(), world.github.stop(), rm(world.dir, { recursive: true, force: true })])
  })
  beforeEach(() => {
    world.sim.reset()
    world.sim.setScenario(lifecycles.deployed(30))
    world.github.reset()
    world.github.configure({ forbid: [] })
  })
  return world
}
